/**
 * Catalogue reads: lists with filters, sort, paging and facets; single products; similar and
 * featured products. Query-builder only (no dialect-specific SQL).
 */
import type { Expression, ExpressionBuilder, Kysely, SelectQueryBuilder, SqlBool } from 'kysely';
import {
  PAPER_SIZE_ORDER,
  paperSizesMatching,
  type Product,
  type ProductFacets,
  type ProductListResponse,
  type ProductSort,
} from '@copytech/shared/domain';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { ListScope } from './listScopes';
import { productFromRow } from './productRecord';
import { SIMILAR_COLUMNS, rankSimilar, similarPool } from './similar';

/**
 * Whether a key from a request can match a row. PostgreSQL's text cannot hold the NUL character
 * (a query comparing with one fails), and no row holds one: such a key finds nothing, as on SQLite.
 */
function canMatch(key: string): boolean {
  return !key.includes('\u0000');
}

/**
 * The products of these model ids, active or not, by model id. A function of its own so that a
 * write reads them in its transaction (the quote checks its products and stores them in one).
 */
export async function productsByModelIds(db: Kysely<Database>, modelIds: string[]): Promise<Map<string, Product>> {
  const keys = modelIds.filter(canMatch);
  if (!keys.length) return new Map();
  const rows = await db.selectFrom('products').where('model_id', 'in', keys).select(['data', 'is_active']).execute();
  return new Map(rows.map((row) => productFromRow(row)).map((product) => [product.modelId, product]));
}

export interface ListFilters {
  limit: number;
  offset: number;
  minSpeed?: number;
  maxSpeed?: number;
  /** brand slugs */
  brands: string[];
  /** upper-case paper sizes */
  maxPaperSizes: string[];
  colour?: 'colour' | 'mono';
  /** lower-case search words; every one must match */
  terms: string[];
  sort: ProductSort;
}

type Eb = ExpressionBuilder<Database, 'products'>;
type Condition = (eb: Eb) => Expression<SqlBool>;
type ProductPageQuery = SelectQueryBuilder<Database, 'products', { data: string; is_active: number }>;

function scopeConditions(scope: ListScope): Condition[] {
  const conditions: Condition[] = [(eb) => eb('is_active', '=', 1)];
  if (scope.printerTypes) conditions.push((eb) => eb('printer_type', 'in', scope.printerTypes!));
  if (scope.scannerClasses) conditions.push((eb) => eb('scanner_class', 'in', scope.scannerClasses!));
  if (scope.categories) conditions.push((eb) => eb('category', 'in', scope.categories!));
  if (scope.kinds) conditions.push((eb) => eb('kind', 'in', scope.kinds!));
  if (scope.specifications) conditions.push((eb) => eb('specification', 'in', scope.specifications!));
  if (scope.paperClass) conditions.push((eb) => eb('paper_class', '=', scope.paperClass!));
  if (scope.colour) conditions.push((eb) => eb('is_colour', '=', scope.colour === 'colour' ? 1 : 0));
  return conditions;
}

function filterConditions(filters: ListFilters): Condition[] {
  const conditions: Condition[] = [];
  if (filters.minSpeed !== undefined) conditions.push((eb) => eb('speed_ppm', '>=', filters.minSpeed!));
  if (filters.maxSpeed !== undefined) conditions.push((eb) => eb('speed_ppm', '<=', filters.maxSpeed!));
  if (filters.brands.length) conditions.push((eb) => eb('brand_slug', 'in', filters.brands));
  // A3 stands for the A3 class, SRA3 machines too (paperSizesMatching): what its count says it holds.
  if (filters.maxPaperSizes.length) {
    const sizes = Array.from(new Set(filters.maxPaperSizes.flatMap(paperSizesMatching)));
    conditions.push((eb) => eb('max_paper_size', 'in', sizes));
  }
  if (filters.colour) conditions.push((eb) => eb('is_colour', '=', filters.colour === 'colour' ? 1 : 0));
  // The words are validated to letters, digits and a few separators: no LIKE wildcards reach here.
  for (const term of filters.terms) conditions.push((eb) => eb('search_text', 'like', `%${term}%`));
  return conditions;
}

/** A paper-size option's count from the counts of each maximum paper size: every size the option stands for. */
function paperOptionCount(sizes: Array<{ key: string; count: number }>, option: string): number {
  const matching = paperSizesMatching(option);
  return sizes.filter((row) => matching.includes(row.key)).reduce((sum, row) => sum + row.count, 0);
}

const all = (conditions: Condition[]) => (eb: Eb) => eb.and(conditions.map((condition) => condition(eb)));

const FACETS_TTL_MS = 60_000;

export class CatalogueRepository {
  private readonly facetsCache = new Map<string, { at: number; facets: ProductFacets }>();
  private catalogueVersion = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Bumped whenever products are written after the repository was made (the seed runs before it,
   * at start): answers cached by the version are then computed afresh. Whatever writes products
   * while the app runs (tests, a future admin) calls changed().
   */
  get version(): number {
    return this.catalogueVersion;
  }

  changed(): void {
    this.catalogueVersion++;
    this.facetsCache.clear();
  }

  /**
   * How a product read for the site is finished before it is answered (lists, single products,
   * similar and featured): the app sets the images it shows (server/src/features/catalogue/images/shownImages.ts),
   * which depend on the photos on disk, not on the database. As stored until then.
   */
  presentWith(present: (product: Product) => Promise<Product>): void {
    this.present = present;
  }

  private present: (product: Product) => Promise<Product> = async (product) => product;

  private presentAll(products: Product[]): Promise<Product[]> {
    return Promise.all(products.map((product) => this.present(product)));
  }

  async list(scope: ListScope, filters: ListFilters): Promise<ProductListResponse> {
    const where = all([...scopeConditions(scope), ...filterConditions(filters)]);
    const [countRow, rows, facets] = await Promise.all([
      this.db
        .selectFrom('products')
        .where(where)
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirst(),
      this.sorted(this.db.selectFrom('products').where(where).select(['data', 'is_active']), filters.sort)
        .limit(filters.limit)
        .offset(filters.offset)
        .execute(),
      this.facets(scope, filters),
    ]);
    const results = await this.presentAll(rows.map(productFromRow));
    return { count: Number(countRow?.count ?? 0), results, limit: filters.limit, offset: filters.offset, facets };
  }

  private sorted(query: ProductPageQuery, sort: ProductSort): ProductPageQuery {
    let ordered = query;
    switch (sort) {
      case 'price-asc':
        ordered = query.orderBy('price_from', (ob) => ob.asc().nullsLast());
        break;
      case 'price-desc':
        ordered = query.orderBy('price_from', (ob) => ob.desc().nullsLast());
        break;
      case 'speed-asc':
        ordered = query.orderBy('speed_ppm', (ob) => ob.asc().nullsLast());
        break;
      case 'speed-desc':
        ordered = query.orderBy('speed_ppm', (ob) => ob.desc().nullsLast());
        break;
      case 'colour':
        ordered = query.orderBy('is_colour', (ob) => ob.desc().nullsLast());
        break;
      case 'name-asc':
        break;
    }
    // Every order ends with brand, model and modelId, so paging through it is stable.
    return ordered.orderBy('brand_slug').orderBy('model_slug').orderBy('model_id');
  }

  /**
   * Facets as a faceted search counts them: the options are every value of the whole scope (so a
   * choice never vanishes), and each facet's counts apply every filter of the query except that
   * facet's own (brands are counted with the paper size, colour, speed and search chosen, not the
   * brands). An option that would give nothing counts 0, and the filter form shows it as such.
   */
  async facets(scope: ListScope, filters?: ListFilters): Promise<ProductFacets> {
    const whole = await this.scopeFacets(scope);
    if (!filters || filterConditions(filters).length === 0) return whole;
    const without = (own: Partial<ListFilters>) => all([...scopeConditions(scope), ...filterConditions({ ...filters, ...own })]);
    const [brands, sizes, colours, speed] = await Promise.all([
      this.brandCounts(without({ brands: [] })),
      this.paperSizeCounts(without({ maxPaperSizes: [] })),
      this.colourCounts(without({ colour: undefined })),
      this.speedRange(without({ minSpeed: undefined, maxSpeed: undefined })),
    ]);
    const countOf = <T>(rows: Array<{ key: T; count: number }>, key: T) => rows.find((row) => row.key === key)?.count ?? 0;
    return {
      brands: whole.brands.map(({ brand }) => ({ brand, count: countOf(brands, brand) })),
      paperSizes: whole.paperSizes.map(({ paperSize }) => ({ paperSize, count: paperOptionCount(sizes, paperSize) })),
      colours: whole.colours.map(({ colour }) => ({ colour, count: countOf(colours, colour) })),
      speed,
      speedField: scope.speedField,
    };
  }

  /** The facets of the whole scope, before any filter: every option the list has. Cached for a minute per scope. */
  private async scopeFacets(scope: ListScope): Promise<ProductFacets> {
    const cached = this.facetsCache.get(scope.key);
    if (cached && this.now() - cached.at < FACETS_TTL_MS) return cached.facets;
    const where = all(scopeConditions(scope));
    const [brands, sizes, colours, speed] = await Promise.all([
      this.brandCounts(where),
      this.paperSizeCounts(where),
      this.colourCounts(where),
      this.speedRange(where),
    ]);
    const rank = (size: string) => {
      const index = (PAPER_SIZE_ORDER as readonly string[]).indexOf(size);
      return index === -1 ? PAPER_SIZE_ORDER.length : index;
    };
    const facets: ProductFacets = {
      brands: brands.map((r) => ({ brand: r.key, count: r.count })),
      paperSizes: sizes
        .map((r) => ({ paperSize: r.key, count: paperOptionCount(sizes, r.key) }))
        .sort((a, b) => rank(a.paperSize) - rank(b.paperSize) || a.paperSize.localeCompare(b.paperSize)),
      colours: colours
        .map((r) => ({ colour: r.key, count: r.count }))
        .sort((a, b) => (a.colour === 'colour' ? -1 : 1) - (b.colour === 'colour' ? -1 : 1)),
      speed,
      speedField: scope.speedField,
    };
    this.facetsCache.set(scope.key, { at: this.now(), facets });
    return facets;
  }

  private async brandCounts(where: Condition): Promise<Array<{ key: string; count: number }>> {
    const rows = await this.db
      .selectFrom('products')
      .where(where)
      .select((eb) => ['brand', eb.fn.countAll().as('count')])
      .groupBy('brand')
      .orderBy('brand')
      .execute();
    return rows.map((r) => ({ key: r.brand, count: Number(r.count) }));
  }

  private async paperSizeCounts(where: Condition): Promise<Array<{ key: string; count: number }>> {
    const rows = await this.db
      .selectFrom('products')
      .where(where)
      .where('max_paper_size', 'is not', null)
      .select((eb) => ['max_paper_size', eb.fn.countAll().as('count')])
      .groupBy('max_paper_size')
      .execute();
    return rows.map((r) => ({ key: r.max_paper_size as string, count: Number(r.count) }));
  }

  private async colourCounts(where: Condition): Promise<Array<{ key: 'colour' | 'mono'; count: number }>> {
    const rows = await this.db
      .selectFrom('products')
      .where(where)
      .where('is_colour', 'is not', null)
      .select((eb) => ['is_colour', eb.fn.countAll().as('count')])
      .groupBy('is_colour')
      .execute();
    return rows.map((r) => ({ key: r.is_colour ? ('colour' as const) : ('mono' as const), count: Number(r.count) }));
  }

  private async speedRange(where: Condition): Promise<ProductFacets['speed']> {
    const row = await this.db
      .selectFrom('products')
      .where(where)
      .select((eb) => [eb.fn.min('speed_ppm').as('min'), eb.fn.max('speed_ppm').as('max')])
      .executeTakeFirst();
    return row?.min === null || row?.min === undefined ? null : { min: Number(row.min), max: Number(row.max) };
  }

  async byModelId(modelId: string): Promise<Product | null> {
    if (!canMatch(modelId)) return null;
    const row = await this.db.selectFrom('products').where('model_id', '=', modelId).select(['data', 'is_active']).executeTakeFirst();
    return row ? this.present(productFromRow(row)) : null;
  }

  /** The product an image URL names (brand and model slugs), for its kind illustration. */
  async kindBySlugs(brandSlug: string, modelSlug: string): Promise<{ category: string; paperSize: string | null } | null> {
    if (!canMatch(brandSlug) || !canMatch(modelSlug)) return null;
    const row = await this.db
      .selectFrom('products')
      .where('brand_slug', '=', brandSlug)
      .where('model_slug', '=', modelSlug)
      .select(['category', 'paper_size'])
      .executeTakeFirst();
    return row ? { category: row.category, paperSize: row.paper_size } : null;
  }

  /** The products with these ids (active or not), keyed by modelId. */
  async byModelIds(modelIds: string[]): Promise<Map<string, Product>> {
    return productsByModelIds(this.db, modelIds);
  }

  /** The active products with these ids, as the site shows them (presentWith), keyed by modelId: site search's results. */
  async presentedByModelIds(modelIds: string[]): Promise<Map<string, Product>> {
    const found = [...(await productsByModelIds(this.db, modelIds)).values()].filter((product) => product.isActive === 1);
    const presented = await this.presentAll(found);
    return new Map(presented.map((product) => [product.modelId, product]));
  }

  /** Every active product as stored (not presented), by model id, with the time its row last changed: the sitemap's rows. */
  async sitemapProducts(): Promise<Array<{ product: Product; updatedAt: string }>> {
    const rows = await this.db
      .selectFrom('products')
      .where('is_active', '=', 1)
      .select(['data', 'is_active', 'updated_at'])
      .orderBy('model_id')
      .execute();
    return rows.map((row) => ({ product: productFromRow(row), updatedAt: row.updated_at }));
  }

  /** The model ids of every active product. */
  async activeModelIds(): Promise<Set<string>> {
    const rows = await this.db.selectFrom('products').where('is_active', '=', 1).select('model_id').execute();
    return new Set(rows.map((row) => row.model_id));
  }

  /**
   * Up to `limit` similar active products (./similar.ts: like with like, a finisher's only those
   * that fit the same machines). null when the product is unknown.
   */
  async similar(modelId: string, limit = 4): Promise<Product[] | null> {
    if (!canMatch(modelId)) return null;
    const target = await this.db.selectFrom('products').where('model_id', '=', modelId).select(SIMILAR_COLUMNS).executeTakeFirst();
    if (!target) return null;
    const { column, value } = similarPool(target);
    const candidates = await this.db
      .selectFrom('products')
      .where(column, '=', value)
      .where('is_active', '=', 1)
      .where('model_id', '<>', modelId)
      .select(SIMILAR_COLUMNS)
      .execute();
    return this.presentAll(rankSimilar(target, candidates, limit));
  }

  async featured(limit: number, offset: number): Promise<{ count: number; results: Product[] }> {
    const where = (eb: Eb) => eb.and([eb('is_active', '=', 1), eb('featured', '=', 1)]);
    const [countRow, rows] = await Promise.all([
      this.db
        .selectFrom('products')
        .where(where)
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirst(),
      this.db
        .selectFrom('products')
        .where(where)
        .select(['data', 'is_active'])
        .orderBy('brand_slug')
        .orderBy('model_slug')
        .limit(limit)
        .offset(offset)
        .execute(),
    ]);
    return { count: Number(countRow?.count ?? 0), results: await this.presentAll(rows.map(productFromRow)) };
  }
}
