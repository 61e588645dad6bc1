/**
 * The kind of a product (docs/product-rules.md "Product kinds"): a printer (every printing
 * machine: multifunctionals, print-only printers, production printers and plotters), a scanner or
 * a finisher. Like is compared with like by kind: the basket groups its comparison by kind, and
 * the server stores each product's kind for its lists and similar products.
 */
import { PRINTER_TYPES, categoryAllowedForType, isScannerCategory } from './catalogue';

export const PRODUCT_KINDS = ['printer', 'scanner', 'finisher'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** The kind of a product of this category and specification, or null for a category the site does not know. */
export function productKindOf(category: string | null | undefined, specification?: string | null): ProductKind | null {
  const value = String(category ?? '');
  if (PRINTER_TYPES.some((type) => categoryAllowedForType(type, value, specification))) return 'printer';
  if (isScannerCategory(value)) return 'scanner';
  if (value === 'finisher') return 'finisher';
  return null;
}

/** The feature of a finisher that names the machines it fits (e.g. `Konica Minolta bizhub A3 multifunctionals`). */
export const COMPATIBLE_WITH_FEATURE = 'Compatible with';

/**
 * The machine series a finisher fits, from its `Compatible with` feature: one or more series
 * separated by semicolons, compared without regard to case or spacing. Empty when it says none.
 */
export function compatibleSeriesOf(product: { productFeatures?: Array<{ featureName: string; featureValue: string }> | null }): string[] {
  const feature = (product.productFeatures ?? []).find(
    (f) => f?.featureName?.trim().toLowerCase() === COMPATIBLE_WITH_FEATURE.toLowerCase(),
  );
  return [
    ...new Set(
      (feature?.featureValue ?? '')
        .split(';')
        .map((series) => series.trim().replace(/\s+/g, ' ').toLowerCase())
        .filter(Boolean),
    ),
  ];
}
