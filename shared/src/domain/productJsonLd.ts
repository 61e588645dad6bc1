/**
 * schema.org Product data with its Offer, for search engines (price in GBP from 'starting at', ex
 * VAT). The product page renders it, and the server puts it in the head of the page's first answer.
 */
import { categoryLabel, imageFilenames, productImageUrl, productPath, startingFromPence } from './catalogue';
import type { Product } from './product';
import { isActiveProduct } from './siteRoutes';

const productName = (product: Pick<Product, 'brand' | 'model'>) => `${product.brand ?? ''} ${product.model ?? ''}`.trim();

function absolute(path: string, origin: string): string {
  return new URL(path, origin).href;
}

export function productJsonLd(product: Product, origin: string): Record<string, unknown> {
  const images = imageFilenames(product).map((_, index) => absolute(productImageUrl(product, 'x810', index), origin));
  const from = startingFromPence(product);
  const url = absolute(productPath(product), origin);
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: productName(product),
    brand: { '@type': 'Brand', name: product.brand },
    model: product.model,
    sku: product.modelId,
    category: categoryLabel(String(product.productCategory)),
    url,
  };
  if (images.length) data.image = images;
  if (product.description) data.description = product.description;
  if (from !== null) {
    data.offers = {
      '@type': 'Offer',
      price: (from / 100).toFixed(2),
      priceCurrency: 'GBP',
      // Site prices are ex VAT; saying so keeps a search result from showing them as VAT-inclusive.
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: (from / 100).toFixed(2),
        priceCurrency: 'GBP',
        valueAddedTaxIncluded: false,
      },
      availability: isActiveProduct(product) ? 'https://schema.org/InStock' : 'https://schema.org/Discontinued',
      url,
      seller: { '@type': 'Organization', name: 'Copytech' },
    };
  }
  return data;
}
