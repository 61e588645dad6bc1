/**
 * The basket's comparison (docs/product-rules.md "Comparison"), like with like: the items grouped
 * by kind (printers, scanners, finishers), each group with only the rows that apply to its kind,
 * one column per product, the rows whose values differ marked, and the best value of a row marked
 * within its group only. Pure: built from the basket items and whatever product details have
 * arrived.
 */
import { type BasketItem } from '@copytech/shared';
import {
  COMPATIBLE_WITH_FEATURE,
  formatPence,
  isColourProduct,
  leaseOffer,
  startingFromPence,
  type LeaseTerms,
  type Product,
} from '@copytech/shared/domain';
import type { ProductDetails } from '../products/productDetails';
import { BASKET_KIND_ORDER, basketKindOf, type BasketKind } from './basketWords';
import { runningCostRules, type RunningCostRowId, type RunningCostSetting } from './runningCostRows';

export type ComparisonRowId =
  | 'printSpeed'
  | 'scanSpeed'
  | 'paperSize'
  | 'documentSize'
  | 'colour'
  | 'technology'
  | 'finishing'
  | 'compatibleWith'
  | 'startingPrice'
  | 'rentalPerMonth'
  | RunningCostRowId;

export interface ComparisonCell {
  /**
   * 'loading' while the details are on their way; 'unknown' when the product has no value (or its
   * details failed); 'notRated' when the row's measure does not apply to this product (a plotter's
   * speed in pages per minute).
   */
  state: 'loading' | 'unknown' | 'notRated' | 'value';
  text: string;
  best: boolean;
}

export interface ComparisonRow {
  id: ComparisonRowId;
  label: string;
  cells: ComparisonCell[];
  /** At least two known values that are not all the same. */
  differs: boolean;
  /** What "best" means in this row, for the legend and screen readers ('fastest', 'lowest'). */
  bestMeans: string | null;
}

export interface ComparisonGroup {
  kind: BasketKind;
  items: BasketItem[];
  rows: ComparisonRow[];
}

interface RowRule {
  id: ComparisonRowId;
  label: string;
  /** The kinds of product the row applies to: a group of another kind has no such row. */
  kinds: readonly BasketKind[];
  /** Kinds for which the row is shown only when at least one product has a value (scan speed for printers). */
  optionalFor?: readonly BasketKind[];
  text: (product: Product) => string | null;
  /** Why a product has no value because the row's measure does not apply to it, shown in its place. */
  notRated?: (product: Product) => string | null;
  /** For rows with a best value: the number compared, and whether higher is better. */
  number?: (product: Product) => number | null;
  higherIsBetter?: boolean;
  bestMeans?: string;
}

function positive(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

function featureOf(product: Product, name: string): string | null {
  const feature = (product.productFeatures ?? []).find((f) => f.featureName?.trim().toLowerCase() === name.toLowerCase());
  return feature?.featureValue?.trim() || null;
}

const ppm = (value: number | null | undefined) => {
  const speed = positive(value);
  return speed === null ? null : `${speed} ppm`;
};
const sizeOf = (p: Product) => (p.productAttributes?.maxPaperSize || p.paperSize || '').trim() || null;

export const COMPARISON_ROWS: readonly RowRule[] = [
  {
    id: 'printSpeed',
    label: 'Print speed',
    kinds: ['printer'],
    number: (p) => positive(p.productAttributes?.printSpeedPpm),
    text: (p) => ppm(p.productAttributes?.printSpeedPpm),
    // Large-format plotters are not rated in A4 pages per minute.
    notRated: (p) => (p.productCategory === 'plotter' ? 'Not rated in ppm' : null),
    higherIsBetter: true,
    bestMeans: 'fastest',
  },
  {
    id: 'scanSpeed',
    label: 'Scan speed',
    kinds: ['printer', 'scanner'],
    optionalFor: ['printer'],
    number: (p) => positive(p.productAttributes?.scanSpeedPpm),
    text: (p) => ppm(p.productAttributes?.scanSpeedPpm),
    higherIsBetter: true,
    bestMeans: 'fastest',
  },
  { id: 'paperSize', label: 'Paper size', kinds: ['printer'], text: sizeOf },
  { id: 'documentSize', label: 'Document size', kinds: ['scanner'], text: sizeOf },
  {
    id: 'colour',
    label: 'Colour',
    kinds: ['printer'],
    text: (p) => {
      const colour = isColourProduct(p);
      return colour === null ? null : colour ? 'Colour' : 'Mono';
    },
  },
  { id: 'technology', label: 'Technology', kinds: ['printer', 'scanner'], text: (p) => featureOf(p, 'Technology') },
  {
    id: 'finishing',
    label: 'Type',
    kinds: ['finisher'],
    text: (p) =>
      featureOf(p, 'Type') ?? (p.productSpecification ? `${p.productSpecification.replace(/^\w/, (c) => c.toUpperCase())} finisher` : null),
  },
  { id: 'compatibleWith', label: COMPATIBLE_WITH_FEATURE, kinds: ['finisher'], text: (p) => featureOf(p, COMPATIBLE_WITH_FEATURE) },
  {
    id: 'startingPrice',
    label: 'Starting price (ex VAT)',
    kinds: BASKET_KIND_ORDER,
    number: (p) => startingFromPence(p),
    text: (p) => formatPence(startingFromPence(p)),
    higherIsBetter: false,
    bestMeans: 'lowest',
  },
];

/**
 * The rental row: a machine's rental per month where a lease is offered (`leaseOffer`), and
 * `Purchase only` for a priced machine below the lease minimum (never a best value). Without the
 * terms (not yet loaded) nothing is known.
 */
function rentalRow(lease: LeaseTerms | null): RowRule {
  return {
    id: 'rentalPerMonth',
    label: 'Rental per month (ex VAT)',
    kinds: BASKET_KIND_ORDER,
    number: (p) => (lease ? (leaseOffer(p, lease)?.perMonthPence ?? null) : null),
    text: (p) => {
      if (!lease) return null;
      const offer = leaseOffer(p, lease);
      if (offer) return formatPence(offer.perMonthPence);
      return startingFromPence(p) === null ? null : 'Purchase only';
    },
    higherIsBetter: false,
    bestMeans: 'lowest',
  };
}

/** One row of one group; null when the row is optional for the group's kind and nobody has a value. */
function buildRow(rule: RowRule, kind: BasketKind, details: ReadonlyArray<ProductDetails | undefined>): ComparisonRow | null {
  const products = details.map((entry) => (entry?.status === 'loaded' ? entry.product : null));
  const values = products.map((product) => (product ? rule.text(product) : null));
  const numbers = products.map((product) => (product && rule.number ? rule.number(product) : null));
  if (rule.optionalFor?.includes(kind) && values.every((value) => value === null)) return null;

  const known = values.filter((value): value is string => value !== null);
  const differs = known.length >= 2 && new Set(known.map((value) => value.toLowerCase())).size > 1;

  // Best only between at least two products of the group that differ: a group of one has none.
  let best: number | null = null;
  const knownNumbers = numbers.filter((n): n is number => n !== null);
  if (rule.number && knownNumbers.length >= 2 && new Set(knownNumbers).size > 1) {
    best = rule.higherIsBetter ? Math.max(...knownNumbers) : Math.min(...knownNumbers);
  }

  return {
    id: rule.id,
    label: rule.label,
    differs,
    bestMeans: rule.bestMeans ?? null,
    cells: details.map((entry, index): ComparisonCell => {
      const text = values[index] ?? null;
      if (text !== null) return { state: 'value', text, best: best !== null && numbers[index] === best };
      if (!entry || entry.status === 'loading') return { state: 'loading', text: 'Loading', best: false };
      const notRated = products[index] && rule.notRated ? rule.notRated(products[index]) : null;
      if (notRated) return { state: 'notRated', text: notRated, best: false };
      return { state: 'unknown', text: 'Not known', best: false };
    }),
  };
}

/**
 * The rows of one kind for these items, in the basket's order. `running` is the volume the
 * running-cost estimate is at, with the terms (null: the rows without an estimate say nothing yet).
 */
export function buildComparison(
  items: readonly BasketItem[],
  detailsOf: (modelId: string) => ProductDetails | undefined,
  lease: LeaseTerms | null,
  kind: BasketKind = 'printer',
  running: RunningCostSetting | null = null,
): ComparisonRow[] {
  const details = items.map((item) => detailsOf(item.modelId));
  const products = details.map((entry) => (entry?.status === 'loaded' ? entry.product : null));
  return [...COMPARISON_ROWS, rentalRow(lease), ...runningCostRules(running, products)]
    .filter((rule) => rule.kinds.includes(kind))
    .map((rule) => buildRow(rule, kind, details))
    .filter((row): row is ComparisonRow => row !== null);
}

/** The basket's items grouped by kind (printers, scanners, finishers, then anything else), each compared on its own. */
export function buildComparisonGroups(
  items: readonly BasketItem[],
  detailsOf: (modelId: string) => ProductDetails | undefined,
  lease: LeaseTerms | null,
  running: RunningCostSetting | null = null,
): ComparisonGroup[] {
  return BASKET_KIND_ORDER.map((kind) => {
    const members = items.filter((item) => basketKindOf(item) === kind);
    return { kind, items: members, rows: buildComparison(members, detailsOf, lease, kind, running) };
  }).filter((group) => group.items.length > 0);
}
