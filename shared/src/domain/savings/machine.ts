/**
 * The savings checker opened for one machine (docs/product-rules.md "The checker for one
 * machine"): `/discover-print-savings?machine=<modelId>` puts that machine as Copytech's side, its
 * rental per month (where a lease is offered) and its own service prices per page. Without a
 * machine, Copytech's side is the terms' "from" prices, its lowest for office machines, worded the
 * same on the page, the results and the e-mailed report (`copytechRatesWords`). Pure.
 */
import { formatPence, leaseOffer, productPath, startingFromPence } from '../catalogue';
import type { Product, ServicePerPage } from '../product';
import { servicePerPageOf } from '../runningCosts';
import { penceWords, pricePerPageWords, type CommercialTerms } from '../terms';

/** modelIds as the catalogue makes them (letters, digits, + _ ( )), bounded: anything else is no machine. */
export const CHECKER_MACHINE_ID_PATTERN = /^[a-z0-9+_()]{1,120}$/;

/** A modelId from the query string or a request body, normalised; null when it cannot be one. */
export function readCheckerMachineId(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const id = value.trim().toLowerCase();
  return CHECKER_MACHINE_ID_PATTERN.test(id) ? id : null;
}

/** The machine Copytech's side is priced with. */
export interface CheckerMachine {
  modelId: string;
  brand: string;
  model: string;
  /** Its product page. */
  path: string;
  /** Its own service prices per A4 page, pence ex VAT (`colour` null: a mono machine). */
  rates: ServicePerPage;
  /** Its rental per month, whole pence ex VAT; null when it is sold outright only. */
  rentalPence: number | null;
  /** Its outright price (whole pence ex VAT) when no lease is offered; else null. */
  purchasePence: number | null;
}

/** Why a machine asked for cannot be Copytech's side (then the "from" prices are used). */
export type CheckerMachineProblem = 'unknown' | 'inactive' | 'prints-nothing';

export type CheckerMachineLookup = { machine: CheckerMachine; problem: null } | { machine: null; problem: CheckerMachineProblem };

function isActive(product: Pick<Product, 'isActive'>): boolean {
  return product.isActive === true || product.isActive === 1;
}

/** The machine for the checker from a product as the API gives it (null: not found). */
export function checkerMachineOf(product: Product | null | undefined, terms: CommercialTerms): CheckerMachineLookup {
  if (!product || typeof product.modelId !== 'string') return { machine: null, problem: 'unknown' };
  if (!isActive(product)) return { machine: null, problem: 'inactive' };
  const rates = servicePerPageOf(product);
  if (!rates) return { machine: null, problem: 'prints-nothing' };
  const offer = leaseOffer(product, terms.lease);
  return {
    machine: {
      modelId: product.modelId,
      brand: product.brand,
      model: product.model,
      path: productPath(product),
      rates,
      rentalPence: offer ? offer.perMonthPence : null,
      purchasePence: offer ? null : startingFromPence(product),
    },
    problem: null,
  };
}

/** What the page says when the machine asked for cannot be used. */
export const CHECKER_MACHINE_PROBLEMS: Readonly<Record<CheckerMachineProblem, string>> = {
  unknown: 'We could not find that machine, so the figures use a machine that fits what you print.',
  inactive: 'That machine is no longer offered, so the figures use a machine that fits what you print.',
  'prints-nothing': 'That machine prints nothing, so it has no prices per page: the figures use a machine that fits what you print.',
};

const money = (pence: number) => formatPence(pence) ?? '£0.00';

/** `0.52p / 4p a page` (mono / colour) or `0.52p a page, mono only`. */
export function machineRatesShortWords(rates: ServicePerPage): string {
  return rates.colour === null
    ? `${penceWords(rates.mono)} a page, mono only`
    : `${penceWords(rates.mono)} / ${penceWords(rates.colour)} a page`;
}

/** The machine's own side in words: `Canon imageRUNNER C3326i, rental £105.00 a month and 0.52p / 4p a page (A4, ex VAT)`. */
export function checkerMachineWords(machine: CheckerMachine): string {
  const name = `${machine.brand} ${machine.model}`;
  const equipment =
    machine.rentalPence !== null
      ? `rental ${money(machine.rentalPence)} a month`
      : `sold outright${machine.purchasePence !== null ? ` at ${money(machine.purchasePence)}` : ''} (no lease)`;
  return `${name}, ${equipment} and ${machineRatesShortWords(machine.rates)} (A4, ex VAT)`;
}

/**
 * Copytech's side of the checker in one sentence, the same on the page, the results and the
 * report: the machine's own prices (never "from"), or the terms' "from" prices, the lowest for
 * office machines.
 */
export function copytechRatesWords(terms: CommercialTerms, machine: CheckerMachine | null): string {
  if (machine) return `Copytech's side is the ${checkerMachineWords(machine)}.`;
  return `Copytech's side uses its lowest prices per page, which only its fastest office machines have: ${pricePerPageWords(terms)}.`;
}

/** What the machine changes in how the figures are worked out, for the assumptions. */
export function machineAssumptions(machine: CheckerMachine, billPath: boolean): string[] {
  const name = `${machine.brand} ${machine.model}`;
  const list: string[] = [];
  if (machine.rentalPence !== null) {
    list.push(
      billPath
        ? `Copytech's column includes the ${name}'s rental of ${money(machine.rentalPence)} a month, while your bill leaves out what you pay for your own machine: add that to today's figures to compare like with like.`
        : `Copytech's column has the ${name}'s rental of ${money(machine.rentalPence)} a month in place of your equipment costs.`,
    );
  } else {
    list.push(
      `The ${name} is sold outright${machine.purchasePence !== null ? ` at ${money(machine.purchasePence)} ex VAT` : ''}, not leased: that price is on top of Copytech's column, which has no equipment cost.`,
    );
  }
  if (machine.rates.colour === null) {
    list.push(`The ${name} prints in mono only: your colour pages are counted as mono pages at its mono price.`);
  }
  return list;
}
