/**
 * The machine the general checker compares with (docs/product-rules.md "The machine the checker
 * compares with"): the catalogue list of the machines that fit the answers' pages, and the typical
 * one of it once the page has loaded that list. None when a machine was chosen (`?machine=`).
 */
import {
  fittingListPath,
  machineFit,
  machineNeedsOf,
  pagesPerMonth,
  type CheckerMachine,
  type CommercialTerms,
  type MachineFit,
  type Product,
  type SavingsAnswers,
} from '@copytech/shared/domain';

/** A list as the page loaded it: `products` null when it could not load (then the "from" prices, said as such). */
export interface FitList {
  url: string;
  products: Product[] | null;
}

/** The list of the machines that fit these answers; null with a machine chosen, or before there are pages. */
export function fitUrlOf(answers: SavingsAnswers, machine: CheckerMachine | null): string | null {
  if (machine) return null;
  const needs = machineNeedsOf(answers, pagesPerMonth);
  return needs ? fittingListPath(needs) : null;
}

/** The machine that fits, once the list for `url` is in; else null. */
export function fitOf(list: FitList | null, url: string | null, answers: SavingsAnswers, terms: CommercialTerms | null): MachineFit | null {
  if (!url || !terms || list?.url !== url) return null;
  return machineFit(list.products, answers, terms, pagesPerMonth);
}

/** Whether the results can be shown: the list of the machines that fit is in (or failed, or is not needed). */
export function resultReady(store: { answers: SavingsAnswers; machine: CheckerMachine | null; fitList: FitList | null }): boolean {
  const url = fitUrlOf(store.answers, store.machine);
  return url === null || store.fitList?.url === url;
}
