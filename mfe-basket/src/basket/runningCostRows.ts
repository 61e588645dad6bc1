/**
 * The comparison's running-cost rows (docs/product-rules.md "Comparison"): each machine's service
 * prices per page, and what it costs a month at the ONE volume the visitor sets above the
 * comparison, ex VAT and with VAT (`quoteLine`, the shared rule of a quote's figures that the
 * product page and the quote e-mail use too: rental plus pages at its own prices, at least the
 * minimum charge, a mono machine printing every page in mono). Pure.
 *
 * Like with like, as the rental row: a machine sold outright only has its pages alone in its
 * estimate, so it is never "Best" against a rental; a mono machine prints every page in mono, so
 * when colour pages are asked for and a colour machine is in the group, it is not "Best" either.
 */
import {
  formatPence,
  penceWords,
  quoteLine,
  servicePerPageOf,
  withVatPence,
  type CommercialTerms,
  type MonthlyPages,
  type Product,
} from '@copytech/shared/domain';
import type { BasketKind } from './basketWords';

export type RunningCostRowId = 'serviceMono' | 'serviceColour' | 'monthlyEstimate' | 'monthlyEstimateVat';

/** The volume the estimate is at, and the terms its minimum charge and rentals come from. */
export interface RunningCostSetting {
  terms: CommercialTerms;
  pages: MonthlyPages;
}

/** A row rule as comparison.ts takes it (kept structural so the two files do not import each other). */
export interface RunningCostRowRule {
  id: RunningCostRowId;
  label: string;
  kinds: readonly BasketKind[];
  text: (product: Product) => string | null;
  number?: (product: Product) => number | null;
  higherIsBetter?: boolean;
  bestMeans?: string;
}

/** A scanner's or finisher's price per page: it prints nothing, so it has none, and its servicing is priced apart. */
export const PRINTS_NOTHING = 'No page charges: servicing priced separately';
export const MONO_ONLY = 'Mono only';

const SERVICE_KINDS: readonly BasketKind[] = ['printer', 'scanner', 'finisher'];

/** The two price-per-page rows; scanners and finishers say they print nothing. */
function serviceRows(): RunningCostRowRule[] {
  return [
    {
      id: 'serviceMono',
      label: 'Service, mono page (ex VAT)',
      kinds: SERVICE_KINDS,
      number: (p) => servicePerPageOf(p)?.mono ?? null,
      text: (p) => {
        const rates = servicePerPageOf(p);
        return rates ? penceWords(rates.mono) : PRINTS_NOTHING;
      },
      higherIsBetter: false,
      bestMeans: 'lowest',
    },
    {
      id: 'serviceColour',
      label: 'Service, colour page (ex VAT)',
      kinds: SERVICE_KINDS,
      number: (p) => servicePerPageOf(p)?.colour ?? null,
      text: (p) => {
        const rates = servicePerPageOf(p);
        if (!rates) return PRINTS_NOTHING;
        return rates.colour === null ? MONO_ONLY : penceWords(rates.colour);
      },
      higherIsBetter: false,
      bestMeans: 'lowest',
    },
  ];
}

/**
 * The estimate row, for printers: each machine's `totalPence` at the visitor's volume. `products`
 * are the group's loaded products, to know whether a colour machine is among them.
 */
function estimateRow(setting: RunningCostSetting | null, products: ReadonlyArray<Product | null>): RunningCostRowRule {
  const colourInGroup = products.some((p) => (p ? servicePerPageOf(p)?.colour != null : false));
  const estimate = (p: Product) => (setting ? quoteLine(p, setting.pages, setting.terms).estimate : null);
  return {
    id: 'monthlyEstimate',
    label: 'Estimated cost a month (ex VAT)',
    kinds: ['printer'],
    number: (p) => {
      const cost = estimate(p);
      if (!cost || !setting || cost.rentalPence === null) return null;
      const monoOnly = servicePerPageOf(p)?.colour === null;
      return monoOnly && setting.pages.colour > 0 && colourInGroup ? null : cost.totalPence;
    },
    text: (p) => {
      if (!setting) return null;
      const cost = estimate(p);
      if (!cost) return servicePerPageOf(p) ? null : PRINTS_NOTHING;
      const notes = [
        cost.rentalPence === null ? 'pages only, bought outright' : null,
        cost.minimumApplies ? 'minimum charge' : null,
        cost.rates.colour === null && setting.pages.colour > 0 ? 'all pages in mono' : null,
      ].filter(Boolean);
      return `${formatPence(cost.totalPence) ?? ''}${notes.length ? ` (${notes.join('; ')})` : ''}`;
    },
    higherIsBetter: false,
    bestMeans: 'lowest',
  };
}

/** The estimate with VAT, under the estimate row (the same figure, `withVatPence`); no Best of its own. */
function estimateVatRow(setting: RunningCostSetting | null): RunningCostRowRule {
  return {
    id: 'monthlyEstimateVat',
    label: 'Estimated cost a month (with VAT)',
    kinds: ['printer'],
    text: (p) => {
      if (!setting) return null;
      const cost = quoteLine(p, setting.pages, setting.terms).estimate;
      return cost ? formatPence(withVatPence(cost.totalPence)) : null;
    },
  };
}

/** The running-cost rules for a group, in the order they follow the rental row. */
export function runningCostRules(setting: RunningCostSetting | null, products: ReadonlyArray<Product | null>): RunningCostRowRule[] {
  return [...serviceRows(), estimateRow(setting, products), estimateVatRow(setting)];
}
