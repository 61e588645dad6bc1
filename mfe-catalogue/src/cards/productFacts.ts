/** The key facts a card or product page shows, worded for people. */
import { isColourProduct, type Product } from '@copytech/shared/domain';

const SCANNER_CATEGORY = /scanner/;

export function isScanner(product: Pick<Product, 'productCategory'>): boolean {
  return SCANNER_CATEGORY.test(String(product.productCategory));
}

/** '40 ppm' for a printer, '60 ppm scanning' for a scanner; null when unknown. */
export function speedText(product: Pick<Product, 'productCategory' | 'productAttributes'>): string | null {
  const attributes = product.productAttributes;
  const print = attributes?.printSpeedPpm;
  const scan = attributes?.scanSpeedPpm;
  if (!isScanner(product) && typeof print === 'number' && print > 0) return `${print} ppm`;
  if (typeof scan === 'number' && scan > 0) return `${scan} ppm scanning`;
  if (typeof print === 'number' && print > 0) return `${print} ppm`;
  return null;
}

export function paperText(product: Pick<Product, 'paperSize' | 'productAttributes'>): string | null {
  const max = product.productAttributes?.maxPaperSize || product.paperSize;
  return max ? `Up to ${max}` : null;
}

/** 'colour', 'mono' or null (scanners and finishers print nothing). */
export function printingOf(product: Pick<Product, 'colourPrinting' | 'productAttributes' | 'productCategory'>): 'colour' | 'mono' | null {
  if (isScanner(product) || product.productCategory === 'finisher') return null;
  const colour = isColourProduct(product);
  return colour === null ? null : colour ? 'colour' : 'mono';
}

/** 'Booklet' from 'booklet', 'Light production' from 'light-production'. */
export function specificationText(spec: string | null | undefined): string | null {
  if (!spec) return null;
  const text = spec.replace(/-/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function productName(product: Pick<Product, 'brand' | 'model'>): string {
  return `${product.brand ?? ''} ${product.model ?? ''}`.trim();
}
