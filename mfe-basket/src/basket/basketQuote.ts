/**
 * The basket's quote as the e-mail will say it (docs/product-rules.md "A quote's figures"): every
 * machine at the one volume set above the comparison, and the totals, ex VAT and with VAT, from
 * the shared `quoteFigures`, the rule the server works the e-mail out by. Null until every
 * machine's details and the terms are in (a total of some machines would mislead).
 */
import type { BasketItem } from '@copytech/shared';
import { quoteFigures, type CommercialTerms, type MonthlyPages, type Product, type QuoteFigures } from '@copytech/shared/domain';
import { productDetailsOf } from '../products/productDetails';
import { basketPages } from './comparisonVolume';

export interface BasketQuote {
  pages: MonthlyPages;
  figures: QuoteFigures<Product>;
}

/** The loaded products of these items, null for any not loaded (yet, or at all). */
export function loadedProducts(items: readonly Pick<BasketItem, 'modelId'>[]): Array<Product | null> {
  return items.map((item) => {
    const details = productDetailsOf(item.modelId);
    return details?.status === 'loaded' ? details.product : null;
  });
}

export function basketQuote(items: readonly Pick<BasketItem, 'modelId'>[], terms: CommercialTerms | null): BasketQuote | null {
  const products = loadedProducts(items);
  if (!terms || products.length === 0 || products.some((product) => product === null)) return null;
  const pages = basketPages(products);
  return { pages, figures: quoteFigures(products as Product[], pages, terms) };
}
