/**
 * A product between its seed file, its database row and the API. The row's extra columns
 * (printer type, scanner class, paper class, speed, colour…) are derived here once, with the
 * shared catalogue rules, so list queries are plain equality and range filters.
 */
import { createHash } from 'node:crypto';
import {
  PRINTER_TYPES,
  SCANNER_CLASSES,
  SCANNER_CLASS_CATEGORIES,
  categoryAllowedForType,
  isColourProduct,
  modelIdOf,
  paperClassOf,
  productKindOf,
  slugify,
  type Product,
} from '@copytech/shared/domain';
import type { NewProductRow, ProductRow } from '../../db/schema';
import { SeedDataError } from '../../db/seed';

/** What a catalogue file holds: a Product without modelId (derived), plus whether it is featured. */
export type SeedProduct = Omit<Product, 'modelId'> & { modelId?: string; featured?: boolean };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function optionalPence(value: unknown, where: string): number | null {
  if (value === null || value === undefined) return null;
  if (!Number.isInteger(value) || (value as number) < 0)
    throw new SeedDataError(`${where}: prices are whole pence, got ${JSON.stringify(value)}`);
  return value as number;
}
function optionalSpeed(value: unknown, where: string): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1000)
    throw new SeedDataError(`${where}: bad speed ${JSON.stringify(value)}`);
  return Math.round(value);
}

const PER_PAGE_MAX = 20;
function pencePerPage(value: unknown, where: string): number {
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    value <= 0 ||
    value > PER_PAGE_MAX ||
    Math.abs(Math.round(value * 100) - value * 100) > 1e-9
  )
    throw new SeedDataError(
      `${where}: a price per page is pence above 0 and at most ${PER_PAGE_MAX}, to 0.01p, got ${JSON.stringify(value)}`,
    );
  return value;
}
/** Prices per page: every printing machine has them (colour null on a mono one); scanners and finishers have none. */
function checkServicePerPage(value: unknown, product: Record<string, unknown>, where: string): void {
  const prints = product.colourPrinting === 'colour' || product.colourPrinting === 'mono';
  if (!prints) {
    if (value !== undefined && value !== null)
      throw new SeedDataError(`${where}: a machine that prints nothing has no price.servicePerPage`);
    return;
  }
  if (!isObject(value)) throw new SeedDataError(`${where}: price.servicePerPage { mono, colour } is required for a printing machine`);
  pencePerPage(value.mono, `${where} price.servicePerPage.mono`);
  if (product.colourPrinting === 'colour') pencePerPage(value.colour, `${where} price.servicePerPage.colour`);
  else if (value.colour !== null) throw new SeedDataError(`${where}: price.servicePerPage.colour is null on a mono machine`);
}

/** Checks one entry of a catalogue file; throws SeedDataError naming the file and entry. */
export function checkSeedProduct(value: unknown, where: string): SeedProduct {
  if (!isObject(value)) throw new SeedDataError(`${where}: not an object`);
  for (const field of ['brand', 'model', 'productCategory'] as const) {
    if (typeof value[field] !== 'string' || !(value[field] as string).trim()) throw new SeedDataError(`${where}: ${field} is required`);
  }
  if (value.isActive !== 0 && value.isActive !== 1 && value.isActive !== true && value.isActive !== false) {
    throw new SeedDataError(`${where}: isActive must be 1 or 0`);
  }
  if (value.images !== undefined && value.images !== null && !Array.isArray(value.images))
    throw new SeedDataError(`${where}: images must be a list`);
  if (value.price !== undefined && value.price !== null) {
    if (!isObject(value.price)) throw new SeedDataError(`${where}: price must be an object`);
    optionalPence(value.price.startingFrom, `${where} price.startingFrom`);
    optionalPence(value.price['60MonthLeasePrice'], `${where} price.60MonthLeasePrice`);
    checkServicePerPage(value.price.servicePerPage, value, where);
  }
  const product = value as unknown as SeedProduct;
  const derived = modelIdOf(product.brand, product.model);
  if (product.modelId !== undefined && product.modelId !== derived)
    throw new SeedDataError(`${where}: modelId ${product.modelId} should be ${derived}`);
  return product;
}

export function printerTypeOf(category: string, specification: string | null | undefined): string | null {
  return PRINTER_TYPES.find((type) => categoryAllowedForType(type, category, specification)) ?? null;
}

export function scannerClassOf(category: string): string | null {
  return SCANNER_CLASSES.find((cls) => SCANNER_CLASS_CATEGORIES[cls].includes(category)) ?? null;
}

/** The API's Product (without isActive, which lives in its own column). */
function apiProduct(seed: SeedProduct, modelId: string): Omit<Product, 'isActive'> {
  return {
    modelId,
    brand: seed.brand,
    model: seed.model,
    productCategory: seed.productCategory,
    productSpecification: seed.productSpecification ?? null,
    colourPrinting: seed.colourPrinting ?? null,
    paperSize: seed.paperSize ?? null,
    images: (seed.images ?? []).map((image) => (typeof image === 'string' ? { filename: image } : { filename: image.filename })),
    productFeatures: seed.productFeatures ?? [],
    price: {
      startingFrom: seed.price?.startingFrom ?? null,
      '60MonthLeasePrice': seed.price?.['60MonthLeasePrice'] ?? null,
      ...(seed.price?.servicePerPage
        ? { servicePerPage: { mono: seed.price.servicePerPage.mono, colour: seed.price.servicePerPage.colour ?? null } }
        : {}),
    },
    productAttributes: seed.productAttributes ?? {},
    description: seed.description ?? null,
  };
}

/** The database row for a seed product (updated_at left for the caller). */
export function productRowOf(seed: SeedProduct): Omit<NewProductRow, 'updated_at'> {
  const modelId = modelIdOf(seed.brand, seed.model);
  const category = String(seed.productCategory);
  const specification = seed.productSpecification ?? null;
  const printerType = printerTypeOf(category, specification);
  const scannerClass = scannerClassOf(category);
  const kind = productKindOf(category, specification) ?? 'other';
  const colour = isColourProduct(seed);
  const attributes = seed.productAttributes ?? {};
  const speed = kind === 'scanner' ? attributes.scanSpeedPpm : attributes.printSpeedPpm;
  const maxPaperSize = attributes.maxPaperSize ?? seed.paperSize ?? null;
  const data = apiProduct(seed, modelId);
  const row = {
    model_id: modelId,
    brand: seed.brand,
    model: seed.model,
    brand_slug: slugify(seed.brand),
    model_slug: slugify(seed.model),
    category,
    specification,
    printer_type: printerType,
    scanner_class: scannerClass,
    kind,
    is_colour: colour === null ? null : colour ? 1 : 0,
    paper_size: seed.paperSize ?? null,
    paper_class: paperClassOf(seed.paperSize),
    max_paper_size: maxPaperSize ? maxPaperSize.toUpperCase() : null,
    speed_ppm: optionalSpeed(speed, modelId),
    price_from: optionalPence(seed.price?.startingFrom, modelId),
    lease_60: optionalPence(seed.price?.['60MonthLeasePrice'], modelId),
    is_active: seed.isActive === 1 || seed.isActive === true ? 1 : 0,
    featured: seed.featured ? 1 : 0,
    search_text: `${seed.brand} ${seed.model} ${modelId}`.toLowerCase(),
    data: JSON.stringify(data),
    in_source: 1,
  };
  return { ...row, source_hash: createHash('sha256').update(JSON.stringify(row)).digest('hex') };
}

/** The API's Product from a row: the stored document with isActive 1 or 0 from its column. */
export function productFromRow(row: Pick<ProductRow, 'data' | 'is_active'>): Product {
  const data = JSON.parse(row.data) as Omit<Product, 'isActive'>;
  return { ...data, isActive: row.is_active ? 1 : 0 };
}
