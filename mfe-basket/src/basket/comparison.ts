/**
 * The side-by-side comparison of the basket (docs/product-rules.md "Comparison"): one row per
 * specification, one column per printer, with the rows whose values differ and the best value of a
 * row marked, so differences are easy to see. Pure: built from the basket items and whatever
 * product details have arrived.
 */
import { type BasketItem } from '@copytech/shared';
import { formatPence, isColourProduct, leaseOffer, startingFromPence, type LeaseTerms, type Product } from '@copytech/shared/domain';
import type { ProductDetails } from '../products/productDetails';

export type ComparisonRowId = 'printSpeed' | 'scanSpeed' | 'paperSize' | 'colour' | 'technology' | 'startingPrice' | 'rentalPerMonth';

export interface ComparisonCell {
  /** 'loading' while the details are on their way; 'unknown' when the product has no value (or failed). */
  state: 'loading' | 'unknown' | 'value';
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

interface RowRule {
  id: ComparisonRowId;
  label: string;
  /** Shown only when at least one product has a value (scan speed for printers, say). */
  optional?: boolean;
  text: (product: Product) => string | null;
  /** For rows with a best value: the number compared, and whether higher is better. */
  number?: (product: Product) => number | null;
  higherIsBetter?: boolean;
  bestMeans?: string;
}

function positive(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

function technologyOf(product: Product): string | null {
  const feature = (product.productFeatures ?? []).find((f) => f.featureName?.toLowerCase() === 'technology');
  return feature?.featureValue?.trim() || null;
}

export const COMPARISON_ROWS: readonly RowRule[] = [
  {
    id: 'printSpeed',
    label: 'Print speed',
    number: (p) => positive(p.productAttributes?.printSpeedPpm),
    text: (p) => {
      const ppm = positive(p.productAttributes?.printSpeedPpm);
      return ppm === null ? null : `${ppm} ppm`;
    },
    higherIsBetter: true,
    bestMeans: 'fastest',
  },
  {
    id: 'scanSpeed',
    label: 'Scan speed',
    optional: true,
    number: (p) => positive(p.productAttributes?.scanSpeedPpm),
    text: (p) => {
      const ppm = positive(p.productAttributes?.scanSpeedPpm);
      return ppm === null ? null : `${ppm} ppm`;
    },
    higherIsBetter: true,
    bestMeans: 'fastest',
  },
  {
    id: 'paperSize',
    label: 'Paper size',
    text: (p) => (p.productAttributes?.maxPaperSize || p.paperSize || '').trim() || null,
  },
  {
    id: 'colour',
    label: 'Colour',
    text: (p) => {
      const colour = isColourProduct(p);
      return colour === null ? null : colour ? 'Colour' : 'Mono';
    },
  },
  { id: 'technology', label: 'Technology', text: technologyOf },
  {
    id: 'startingPrice',
    label: 'Starting price (ex VAT)',
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

export function buildComparison(
  items: readonly BasketItem[],
  detailsOf: (modelId: string) => ProductDetails | undefined,
  lease: LeaseTerms | null,
): ComparisonRow[] {
  const details = items.map((item) => detailsOf(item.modelId));
  const rows: ComparisonRow[] = [];
  for (const rule of [...COMPARISON_ROWS, rentalRow(lease)]) {
    const values = details.map((entry) => (entry?.status === 'loaded' ? rule.text(entry.product) : null));
    const numbers = details.map((entry) => (entry?.status === 'loaded' && rule.number ? rule.number(entry.product) : null));
    if (rule.optional && values.every((value) => value === null)) continue;

    const known = values.filter((value): value is string => value !== null);
    const differs = known.length >= 2 && new Set(known.map((value) => value.toLowerCase())).size > 1;

    let best: number | null = null;
    const knownNumbers = numbers.filter((n): n is number => n !== null);
    if (rule.number && knownNumbers.length >= 2 && new Set(knownNumbers).size > 1) {
      best = rule.higherIsBetter ? Math.max(...knownNumbers) : Math.min(...knownNumbers);
    }

    rows.push({
      id: rule.id,
      label: rule.label,
      differs,
      bestMeans: rule.bestMeans ?? null,
      cells: details.map((entry, index) => {
        const text = values[index] ?? null;
        if (text !== null) return { state: 'value', text, best: best !== null && numbers[index] === best };
        if (!entry || entry.status === 'loading') return { state: 'loading', text: 'Loading', best: false };
        return { state: 'unknown', text: 'Not known', best: false };
      }),
    });
  }
  return rows;
}
