/**
 * The basket's words follow what is in it (docs/product-rules.md "Comparison"): "printers" for
 * printers only, "scanner" for one scanner, "machines" for printers and scanners together, "items"
 * once a finisher (an accessory, not a machine) is with anything else. The limit stays five of
 * anything (MAX_BASKET_ITEMS).
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

/** What these items are called together, for `count` of them (their number by default). */
export function itemsNoun(items: readonly Kinded[], count: number = items.length): string {
  const kinds = new Set(items.map(basketKindOf));
  const singular = count === 1;
  if (kinds.size === 1) return kindNoun([...kinds][0]!, count);
  if (kinds.size === 2 && kinds.has('printer') && kinds.has('scanner')) return singular ? 'machine' : 'machines';
  return singular ? 'item' : 'items';
}

/** "one printer", "3 machines", "2 items". */
export function countedItems(items: readonly Kinded[], count: number = items.length): string {
  return `${count === 1 ? 'one' : count} ${itemsNoun(items, count)}`;
}

/** "this printer", "these 3 machines". */
export function theseItems(items: readonly Kinded[]): string {
  return items.length === 1 ? `this ${itemsNoun(items)}` : `these ${items.length} ${itemsNoun(items)}`;
}
