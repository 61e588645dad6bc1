/** The Product entity (docs/product-rules.md "Products"), as the API returns it. Money is in pence. */
export type ProductCategory =
  | 'multifunctional-printer'
  | 'office-printer'
  | 'printer'
  | 'production-printer'
  | 'light-production'
  | 'light-production-printer'
  | 'mid-production'
  | 'mid-production-printer'
  | 'heavy-production'
  | 'heavy-production-printer'
  | 'plotter'
  | 'production-scanners'
  | 'departmental-scanners'
  | 'desktop-workgroup-scanners'
  | 'personal-scanners'
  | 'scanner'
  | 'production-scanner'
  | 'finisher';

export interface ProductImage {
  filename: string;
}
export interface ProductFeature {
  featureName: string;
  featureValue: string;
}
export interface ProductPrice {
  /** outright price, pence ex VAT */
  startingFrom: number | null;
  /** the QUARTERLY payment of a 60-month lease, pence ex VAT (rental per month is a third of it) */
  '60MonthLeasePrice': number | null;
  /**
   * The service agreement's price per A4 page, pence ex VAT (fractions allowed, e.g. 0.45):
   * `colour` null on a mono machine. Absent for scanners and finishers, which print nothing
   * (docs/product-rules.md "Running costs").
   */
  servicePerPage?: ServicePerPage;
}
export interface ServicePerPage {
  mono: number;
  colour: number | null;
}
export interface ProductAttributes {
  printSpeedPpm?: number | null;
  scanSpeedPpm?: number | null;
  maxPaperSize?: string | null;
  isColour?: boolean | null;
}
export interface Product {
  modelId: string;
  brand: string;
  model: string;
  productCategory: ProductCategory | string;
  productSpecification?: string | null;
  colourPrinting?: 'colour' | 'mono' | string | null;
  paperSize?: string | null;
  images?: Array<ProductImage | string> | null;
  isActive: number | boolean;
  productFeatures?: ProductFeature[] | null;
  price?: ProductPrice | null;
  productAttributes?: ProductAttributes | null;
  description?: string | null;
}

export interface ProductList {
  count: number;
  results: Product[];
}

/**
 * modelId (docs/product-rules.md "Products"): brand plus model, with every character except letters, digits,
 * +, _ and parentheses removed, lower-cased.
 */
export function modelIdOf(brand: string, model: string): string {
  return `${brand}${model}`.replace(/[^A-Za-z0-9+_()]/g, '').toLowerCase();
}

/** What the basket keeps of a product, and what a quote starts from (the server adds prices and a path). */
export interface BasketItem {
  modelId: string;
  brand: string;
  model: string;
  productCategory: string;
  productSpecification: string | null;
}

export function basketItemOf(
  product: Pick<Product, 'modelId' | 'brand' | 'model' | 'productCategory' | 'productSpecification'>,
): BasketItem {
  return {
    modelId: product.modelId,
    brand: product.brand,
    model: product.model,
    productCategory: String(product.productCategory),
    productSpecification: product.productSpecification ?? null,
  };
}
