/**
 * The basket's words (docs/product-rules.md "Comparison"): whatever is in it, the basket counts
 * machines, in that one word everywhere it counts (the count, the full and cleared notices, the
 * quote's summary and confirmation), so a screen never says "items", "machines" and "printers" of
 * the same things. A group of the comparison is named by its kind (printers, scanners, finishers).
 * The limit stays five of anything (MAX_BASKET_ITEMS).
 */
import { productKindOf, type ProductKind } from '@copytech/shared/domain';

/** A product's kind in the basket; 'other' for a category the site does not know (stale storage). */
export type BasketKind = ProductKind | 'other';
export const BASKET_KIND_ORDER: readonly BasketKind[] = ['printer', 'scanner', 'finisher', 'other'];

interface Kinded {
  productCategory: string;
  productSpecification?: string | null;
}

export function basketKindOf(item: Kinded): BasketKind {
  return productKindOf(item.productCategory, item.productSpecification) ?? 'other';
}

const NOUNS: Record<BasketKind, readonly [string, string]> = {
  printer: ['printer', 'printers'],
  scanner: ['scanner', 'scanners'],
  finisher: ['finisher', 'finishers'],
  other: ['product', 'products'],
};

export function kindNoun(kind: BasketKind, count: number): string {
  return NOUNS[kind][count === 1 ? 0 : 1];
}

/** What the basket's contents are called, for `count` of them (their number by default): always machines. */
export function itemsNoun(items: readonly Kinded[], count: number = items.length): string {
  return count === 1 ? 'machine' : 'machines';
}

/** "one machine", "3 machines". */
export function countedItems(items: readonly Kinded[], count: number = items.length): string {
  return `${count === 1 ? 'one' : count} ${itemsNoun(items, count)}`;
}

/** "this machine", "these 3 machines". */
export function theseItems(items: readonly Kinded[]): string {
  return items.length === 1 ? `this ${itemsNoun(items)}` : `these ${items.length} ${itemsNoun(items)}`;
}
