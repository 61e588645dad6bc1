/**
 * Catalogue domain rules (docs/product-rules.md "Catalogue" and "Routes"), used by every room and
 * the server: product detail paths, slugs, image URLs, money, rental per month, titles and
 * descriptions, the product types and the categories each allows.
 */
import type { Product } from './product';

// ---------------------------------------------------------------------------------------------
// Slugs and paths

/**
 * Brand and model become lower-case hyphen slugs. Characters that modelId keeps (+, _, brackets)
 * survive, so modelIdFromSlugs() can recover the modelId from a product URL.
 */
export function slugify(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9+_()]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The modelId a product URL points at: its brand and model slugs without the hyphens. */
export function modelIdFromSlugs(brandSlug: string, modelSlug: string): string {
  return `${brandSlug}${modelSlug}`.toLowerCase().replace(/[^a-z0-9+_()]/g, '');
}

export const PRODUCTION_SPECIFICATIONS = ['heavy-production', 'mid-production', 'light-production', 'production'] as const;
export const PRODUCTION_CATEGORIES = [
  'production-printer',
  'light-production',
  'light-production-printer',
  'mid-production',
  'mid-production-printer',
  'heavy-production',
  'heavy-production-printer',
] as const;
export const SCANNER_CATEGORIES = [
  'production-scanners',
  'departmental-scanners',
  'desktop-workgroup-scanners',
  'personal-scanners',
  'scanner',
  'production-scanner',
] as const;

/**
 * The finisher categories of /finishers/{category}: the productSpecification values of finishers.
 * The server lists each as a sub-category (/api/products/category/finishers/{category}).
 */
export const FINISHER_CATEGORIES = ['stapling', 'booklet', 'punch', 'folding', 'inner'] as const;
export type FinisherCategory = (typeof FINISHER_CATEGORIES)[number];

export function isFinisherCategory(value: string): value is FinisherCategory {
  return (FINISHER_CATEGORIES as readonly string[]).includes(value);
}

type PathProduct = Pick<Product, 'brand' | 'model' | 'productCategory'> & Partial<Pick<Product, 'productSpecification'>>;

function isProductionSpec(spec: string | null | undefined): boolean {
  return !!spec && (PRODUCTION_SPECIFICATIONS as readonly string[]).includes(spec);
}

/** A machine's instant quote, the server's own page, which works without JavaScript (the cards, the product page, the checker's results). */
export function instantQuotePath(modelId: string): string {
  return `/instant-quote/${encodeURIComponent(modelId)}`;
}

/**
 * The product detail path rules (docs/product-rules.md "Product page paths"). Missing product data
 * gives '#'.
 */
export function productPath(product: Partial<PathProduct> | null | undefined): string {
  if (!product || !product.brand || !product.model || !product.productCategory) return '#';
  const brand = slugify(product.brand);
  const model = slugify(product.model);
  if (!brand || !model) return '#';
  const category = String(product.productCategory);
  const tail = `${brand}/${model}`;
  if ((PRODUCTION_CATEGORIES as readonly string[]).includes(category)) return `/printers/production/${tail}`;
  if (category === 'multifunctional-printer') {
    return isProductionSpec(product.productSpecification) ? `/printers/production/${tail}` : `/printers/multifunctionals/${tail}`;
  }
  if (category === 'office-printer' || category === 'printer') return `/printers/print-only/${tail}`;
  if (category === 'plotter') return `/printers/plotters/${tail}`;
  if ((SCANNER_CATEGORIES as readonly string[]).includes(category)) return `/scanners/${tail}`;
  return `/${category}s/${tail}`;
}

// ---------------------------------------------------------------------------------------------
// Product types and the categories each allows (docs/product-rules.md "Which product a product page shows")

export const PRINTER_TYPES = ['multifunctionals', 'print-only', 'production', 'plotters'] as const;
export type PrinterType = (typeof PRINTER_TYPES)[number];
export const SCANNER_TYPES = ['production', 'production-scanner', 'departmental', 'desktop-workgroup', 'personal'] as const;

export function isPrinterType(value: string): value is PrinterType {
  return (PRINTER_TYPES as readonly string[]).includes(value);
}

/** Whether a product of this category and specification belongs on pages of this printer type. */
export function categoryAllowedForType(type: PrinterType, category: string, specification?: string | null): boolean {
  switch (type) {
    case 'multifunctionals':
      return category === 'multifunctional-printer' && !isProductionSpec(specification);
    case 'print-only':
      return category === 'office-printer' || category === 'printer';
    case 'production':
      return (
        (PRODUCTION_CATEGORIES as readonly string[]).includes(category) ||
        (category === 'multifunctional-printer' && isProductionSpec(specification))
      );
    case 'plotters':
      return category === 'plotter';
  }
}

export function allowedCategoriesFor(type: PrinterType): string[] {
  switch (type) {
    case 'multifunctionals':
      return ['multifunctional-printer'];
    case 'print-only':
      return ['office-printer', 'printer'];
    case 'production':
      return [...PRODUCTION_CATEGORIES, 'multifunctional-printer (production specification)'];
    case 'plotters':
      return ['plotter'];
  }
}

export function isScannerCategory(category: string): boolean {
  return (SCANNER_CATEGORIES as readonly string[]).includes(category);
}

/** Speed filter bounds in ppm (docs/product-rules.md "Lists: filters, sorting and paging"). */
export const SPEED_BOUNDS = {
  office: { min: 0, max: 150 },
  production: { min: 0, max: 500 },
} as const;
export type SpeedBoundsKey = keyof typeof SPEED_BOUNDS;

// ---------------------------------------------------------------------------------------------
// Images

export const IMAGE_SIZES = { thumb: 'x135', small: 'x270', medium: 'x540', large: 'x810' } as const;
export type ImageSize = (typeof IMAGE_SIZES)[keyof typeof IMAGE_SIZES];
export const IMAGE_HEIGHTS: Record<ImageSize, number> = { x135: 135, x270: 270, x540: 540, x810: 810 };
export const ASSETS_BASE = '/assets';

/** The no-image placeholder at a size. */
export function placeholderImageUrl(size: ImageSize): string {
  return `${ASSETS_BASE}/${size}/placeholder.png`;
}

export function imageFilenames(product: Pick<Product, 'images'> | null | undefined): string[] {
  return (product?.images ?? [])
    .map((image) => (typeof image === 'string' ? image : image?.filename))
    .filter((name): name is string => typeof name === 'string' && /^[A-Za-z0-9._-]+$/.test(name));
}

/** {assets host}/{size}/{brand}/{model}/{filename}; the placeholder when anything is missing. */
export function productImageUrl(
  product: Partial<Pick<Product, 'brand' | 'model' | 'images'>> | null | undefined,
  size: ImageSize,
  index = 0,
): string {
  const filename = imageFilenames(product as Pick<Product, 'images'>)[index];
  if (!product?.brand || !product.model || !filename) return placeholderImageUrl(size);
  return `${ASSETS_BASE}/${size}/${slugify(product.brand)}/${slugify(product.model)}/${filename}`;
}

// ---------------------------------------------------------------------------------------------
// Money (docs/product-rules.md "Prices and monthly rental"): pence until shown; GBP, en-GB, two decimals

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatPence(pence: number | null | undefined, options: { stripCommas?: boolean } = {}): string | null {
  if (pence === null || pence === undefined || !Number.isFinite(pence)) return null;
  const text = gbp.format(pence / 100);
  return options.stripCommas ? text.replace(/,/g, '') : text;
}

// ---------------------------------------------------------------------------------------------
// Lease and rental. `price.60MonthLeasePrice` is the QUARTERLY payment of a 60-month lease (UK
// leases are billed quarterly), in pence ex VAT; the site shows it as a rental per month, one third
// of it, only where a lease is offered. Every monthly figure (cards, product page, comparison, meta
// description, e-mails) comes from leaseOffer and is worded with rentalNote (both in ./terms).

export const LEASE_TERM_MONTHS = 60;
/** Months covered by one lease payment: `60MonthLeasePrice` is billed quarterly. */
export const LEASE_PAYMENT_MONTHS = 3;

/** The quarterly payment of the 60-month lease, in pence ex VAT, or null when there is none. */
export function leaseQuarterlyPence(product: Pick<Product, 'price'> | null | undefined): number | null {
  const lease = product?.price?.['60MonthLeasePrice'];
  return lease === null || lease === undefined || !Number.isFinite(lease) || lease <= 0 ? null : lease;
}

export function startingFromPence(product: Pick<Product, 'price'> | null | undefined): number | null {
  const value = product?.price?.startingFrom;
  return value === null || value === undefined || !Number.isFinite(value) || value <= 0 ? null : value;
}

// ---------------------------------------------------------------------------------------------
// Leases offered (docs/product-rules.md "Prices and monthly rental")

export interface LeaseOffer {
  /** The term the figures are for (the longest offered, 60 months). */
  termMonths: number;
  /** One payment, billed every `billedEveryMonths` months, pence ex VAT. */
  paymentPence: number;
  billedEveryMonths: number;
  /** Rental per month = the quarterly payment / 3, whole pence ex VAT. */
  perMonthPence: number;
}

/** The lease part of the commercial terms (terms.ts, server/data/terms.json): what a lease offer is worked out with. */
export interface LeaseTerms {
  /** Every lease term offered, in months (billed quarterly). */
  termsOfferedMonths: number[];
  /** The term of every lease price the site shows: the data's `60MonthLeasePrice`. */
  pricesShownForMonths: number;
  /** Months one lease payment covers (a quarter). */
  billedEveryMonths: number;
  /** A lease is offered only from this starting price (pence ex VAT); below it, purchase only. */
  minimumStartingPricePence: number;
  covers: string[];
  doesNotCover: string[];
}

/**
 * The lease the site shows for a product, or null when none is offered: no lease price, no
 * starting price, or a starting price below the lease minimum (such a machine is sold outright
 * only). Every room and the server ask this, so a price, a rental and its words agree everywhere.
 */
export function leaseOffer(product: Pick<Product, 'price'> | null | undefined, lease: LeaseTerms): LeaseOffer | null {
  const start = startingFromPence(product);
  const payment = leaseQuarterlyPence(product);
  if (start === null || payment === null || start < lease.minimumStartingPricePence) return null;
  return {
    termMonths: lease.pricesShownForMonths,
    paymentPence: payment,
    billedEveryMonths: lease.billedEveryMonths,
    perMonthPence: Math.round(payment / lease.billedEveryMonths),
  };
}

// ---------------------------------------------------------------------------------------------
// Titles and descriptions (docs/product-rules.md "Product titles and descriptions")

const CATEGORY_LABELS: Record<string, string> = {
  'multifunctional-printer': 'Multifunctional Printer',
  'office-printer': 'Office Printer',
  printer: 'Printer',
  'production-printer': 'Production Printer',
  'light-production': 'Light Production Printer',
  'light-production-printer': 'Light Production Printer',
  'mid-production': 'Mid Production Printer',
  'mid-production-printer': 'Mid Production Printer',
  'heavy-production': 'Heavy Production Printer',
  'heavy-production-printer': 'Heavy Production Printer',
  plotter: 'Plotter',
  'production-scanners': 'Production Scanner',
  'production-scanner': 'Production Scanner',
  'departmental-scanners': 'Departmental Scanner',
  'desktop-workgroup-scanners': 'Desktop Workgroup Scanner',
  'personal-scanners': 'Personal Scanner',
  scanner: 'Scanner',
  finisher: 'Finisher',
};

export function categoryLabel(category: string | null | undefined): string {
  if (!category) return 'Product';
  return (
    (Object.hasOwn(CATEGORY_LABELS, category) ? CATEGORY_LABELS[category] : undefined) ??
    category.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase())
  );
}

export function isColourProduct(product: Pick<Product, 'colourPrinting' | 'productAttributes'>): boolean | null {
  if (product.colourPrinting === 'colour') return true;
  if (product.colourPrinting === 'mono') return false;
  return product.productAttributes?.isColour ?? null;
}

/** The words of a name, lower case, split at anything but letters and digits (`Finisher-AC1` is `finisher`, `ac1`). */
export const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * `text` after `before`, leaving out what `before` already says: nothing when the category's noun
 * (its last word: `Finisher` after `Booklet Finisher SR3270`) or every word of it is already
 * there, otherwise its words not already said. A title never says a word twice.
 */
function notRepeated(before: string, text: string): string {
  const said = new Set(wordsOf(before));
  const words = text.split(/\s+/).filter(Boolean);
  const noun = words[words.length - 1];
  if (!noun || wordsOf(noun).some((word) => said.has(word))) return '';
  return words.filter((word) => !wordsOf(word).some((part) => said.has(part))).join(' ');
}

/**
 * Page title from brand, model, colour or mono, paper size and category (before the '%s -
 * Copytech' template); a word the model already says is not said again (`Ricoh Booklet Finisher
 * SR3270`, not `… SR3270 Finisher`).
 */
export function productPageTitle(
  product: Pick<Product, 'brand' | 'model' | 'productCategory' | 'colourPrinting' | 'paperSize' | 'productAttributes'>,
): string {
  const colour = isColourProduct(product);
  let title = `${product.brand} ${product.model}`;
  for (const part of [
    colour === null ? null : colour ? 'Colour' : 'Mono',
    product.paperSize || null,
    categoryLabel(String(product.productCategory)),
  ]) {
    const added = part ? notRepeated(title, part) : '';
    if (added) title = `${title} ${added}`;
  }
  return title;
}

/**
 * A product page's head: its title (before the template), description, canonical path, Open Graph
 * type and image, card. The page sets it in the browser and the server sends it in the first answer.
 */
export function productDocumentMeta(
  product: Product,
  lease: LeaseTerms | null,
): {
  title: string;
  description: string;
  canonicalPath: string | null;
  ogType: 'product';
  image: string;
  card: 'summary_large_image';
} {
  const canonical = productPath(product);
  return {
    title: productPageTitle(product),
    description: productMetaDescription(product, lease),
    canonicalPath: canonical === '#' ? null : canonical,
    ogType: 'product',
    image: productImageUrl(product, 'x540'),
    card: 'summary_large_image',
  };
}

/**
 * Meta description quoting the 'starting at' price and, where a lease is offered (`leaseOffer`),
 * the rental per month (no lease is mentioned while the terms are not known: null).
 */
export function productMetaDescription(
  product: Pick<Product, 'brand' | 'model' | 'price' | 'productCategory'>,
  lease: LeaseTerms | null,
): string {
  const from = formatPence(startingFromPence(product));
  const offer = lease ? leaseOffer(product, lease) : null;
  const name = `${product.brand} ${product.model}`;
  const category = notRepeated(name, categoryLabel(String(product.productCategory)).toLowerCase());
  const parts = [category ? `${name} ${category}` : name];
  if (from) parts.push(`starting at ${from} ex VAT`);
  if (offer) parts.push(`or rent from ${formatPence(offer.perMonthPence)} per month on a ${offer.termMonths}-month lease`);
  return `${parts.join(', ')}. Compare up to five machines and get an instant quote by e-mail from Copytech.`;
}
