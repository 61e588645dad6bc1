/**
 * Similar products (docs/product-rules.md "Similar products"): like with like. A printer's are
 * printers of its type (multifunctionals, print-only, production or plotters), a scanner's are
 * scanners of its class, each ranked by colour and paper class first, then nearest in speed and
 * price. A finisher's are only finishers that fit the same machines: their "Compatible with"
 * series overlap (so never another brand's unless it is compatible), the same finishing first,
 * then nearest in price. A finisher that names no compatible machines has none.
 */
import { compatibleSeriesOf, type Product } from '@copytech/shared/domain';
import type { ProductRow } from '../../db/schema';
import { productFromRow } from './productRecord';

/** The columns the ranking reads, of the product and of each candidate. */
export type SimilarRow = Pick<
  ProductRow,
  | 'model_id'
  | 'kind'
  | 'category'
  | 'specification'
  | 'printer_type'
  | 'scanner_class'
  | 'is_colour'
  | 'paper_class'
  | 'speed_ppm'
  | 'price_from'
  | 'data'
  | 'is_active'
>;

export const SIMILAR_COLUMNS = [
  'model_id',
  'kind',
  'category',
  'specification',
  'printer_type',
  'scanner_class',
  'is_colour',
  'paper_class',
  'speed_ppm',
  'price_from',
  'data',
  'is_active',
] as const;

/** Which candidates a product's similar products are drawn from: one column equal to the product's. */
export function similarPool(target: SimilarRow): { column: 'printer_type' | 'scanner_class' | 'kind' | 'category'; value: string } {
  if (target.kind === 'printer' && target.printer_type) return { column: 'printer_type', value: target.printer_type };
  if (target.kind === 'scanner' && target.scanner_class) return { column: 'scanner_class', value: target.scanner_class };
  if (target.kind === 'finisher') return { column: 'kind', value: 'finisher' };
  return { column: 'category', value: target.category };
}

/** The spread of the known values (1 when there is none), so a difference is a share of it. */
function spread(values: Array<number | null>): number {
  const known = values.filter((v): v is number => v !== null);
  return known.length ? Math.max(...known) - Math.min(...known) || 1 : 1;
}

/** 0 when equal, 1 when different or unknown on one side only; nothing when the product has no value. */
function mismatch<T>(a: T | null, b: T | null): number {
  return a === null ? 0 : a === b ? 0 : 1;
}

/** Up to `limit` of the candidates (active, not the product itself), most similar first. */
export function rankSimilar(target: SimilarRow, candidates: SimilarRow[], limit: number): Product[] {
  let pool = candidates.filter((c) => c.is_active && c.model_id !== target.model_id);
  if (target.kind === 'finisher') {
    const fits = new Set(compatibleSeriesOf(productFromRow(target)));
    pool = pool.filter((c) => c.kind === 'finisher' && compatibleSeriesOf(productFromRow(c)).some((series) => fits.has(series)));
  }
  const speedSpread = spread([target.speed_ppm, ...pool.map((c) => c.speed_ppm)]);
  const priceSpread = spread([target.price_from, ...pool.map((c) => c.price_from)]);
  const near = (a: number | null, b: number | null, scale: number) => (a === null ? 0 : b === null ? 1 : Math.abs(a - b) / scale);
  // A different class (colour, paper size, finishing) weighs as much as the whole speed or price spread.
  const distance = (c: SimilarRow) =>
    target.kind === 'finisher'
      ? mismatch(target.specification, c.specification) + near(target.price_from, c.price_from, priceSpread)
      : mismatch(target.is_colour, c.is_colour) +
        mismatch(target.paper_class, c.paper_class) +
        near(target.speed_ppm, c.speed_ppm, speedSpread) +
        near(target.price_from, c.price_from, priceSpread);
  return pool
    .map((c) => ({ c, d: distance(c) }))
    .sort((a, b) => a.d - b.d || a.c.model_id.localeCompare(b.c.model_id))
    .slice(0, limit)
    .map(({ c }) => productFromRow(c));
}
