/**
 * Catalogue reads (docs/api.md "Reads"): the lists with { count, results } plus paging and facets,
 * single products and scanners, similar and featured products. Lists show active products only;
 * a single product is returned whatever its state (isActive 0 lets the page say it is not active).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { LIST_LIMITS, PRODUCT_SORTS, slugify, type ProductListQuery } from '@copytech/shared/domain';
import type { ListFilters } from './repository';
import { AnswerCache } from '../../http/answerCache';
import { categoryScope, printerScope, scannerScope, type ListScope } from './listScopes';
import type { CatalogueRepository } from './repository';
import { HttpError, badRequest } from '../../http/errors';

/** The list query as the route's schema leaves it: the shared query, with paging always given (defaults filled in). */
type ListQuerystring = ProductListQuery & Required<Pick<ProductListQuery, 'limit' | 'offset'>>;

const SEGMENT = { type: 'string', minLength: 1, maxLength: 100 } as const;

const listQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: LIST_LIMITS.maxLimit, default: LIST_LIMITS.defaultLimit },
    offset: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
    minSpeed: { type: 'integer', minimum: 0, maximum: 1000 },
    maxSpeed: { type: 'integer', minimum: 0, maximum: 1000 },
    brand: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 200, pattern: '^[A-Za-z0-9 ,+_().-]*$' } },
    maxPaperSize: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 60, pattern: '^[A-Za-z0-9 ,+]*$' } },
    colour: { type: 'string', enum: ['colour', 'mono'] },
    q: { type: 'string', maxLength: 60, pattern: "^[\\p{L}\\p{N} .+()/'&-]*$" },
    sort: { type: 'string', enum: [...PRODUCT_SORTS] },
  },
} as const;

const pagingQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: LIST_LIMITS.maxLimit, default: LIST_LIMITS.defaultLimit },
    offset: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
  },
} as const;

const modelIdParams = { type: 'object', required: ['modelId'], properties: { modelId: SEGMENT } } as const;

/** Comma lists and repeated parameters alike become one list of trimmed values. */
function listOf(values: string[] | undefined): string[] {
  return [
    ...new Set(
      (values ?? [])
        .flatMap((value) => value.split(','))
        .map((value) => value.trim())
        .filter(Boolean),
    ),
  ];
}

export function listFiltersOf(query: ListQuerystring): ListFilters {
  if (query.minSpeed !== undefined && query.maxSpeed !== undefined && query.minSpeed > query.maxSpeed) {
    throw badRequest({ maxSpeed: 'Must be at least minSpeed.' }, 'maxSpeed must be at least minSpeed.');
  }
  return {
    limit: query.limit,
    offset: query.offset,
    minSpeed: query.minSpeed,
    maxSpeed: query.maxSpeed,
    brands: listOf(query.brand).map(slugify),
    maxPaperSizes: listOf(query.maxPaperSize).map((size) => size.toUpperCase()),
    colour: query.colour,
    terms: (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 6),
    sort: query.sort ?? 'name-asc',
  };
}

const READ_CACHE = 'public, max-age=60';

/** The cache key of a list request: the scope and the filters in one order (the order of brands or sizes asked for does not matter). */
export function listKey(scope: ListScope, filters: ListFilters): string {
  return JSON.stringify([
    scope.key,
    filters.limit,
    filters.offset,
    filters.minSpeed ?? null,
    filters.maxSpeed ?? null,
    [...filters.brands].sort(),
    [...filters.maxPaperSizes].sort(),
    filters.colour ?? null,
    filters.terms,
    filters.sort,
  ]);
}

/** How the routes answer: from the answer cache, a list by its scope and filters. */
function catalogueAnswers(catalogue: CatalogueRepository, answers: AnswerCache) {
  /** Answers from the cache (or computes and caches); 404 with `notFound` when there is nothing to answer. */
  const cached = async (request: FastifyRequest, reply: FastifyReply, key: string, notFound: string, produce: () => Promise<unknown>) => {
    reply.header('Cache-Control', READ_CACHE);
    let sent = false;
    try {
      sent = await answers.send(request, reply, key, catalogue.version, produce);
    } finally {
      // a 404 or a failure is not to be cached by browsers or proxies
      if (!sent) reply.removeHeader('Cache-Control');
    }
    if (sent) return reply;
    throw new HttpError(404, notFound);
  };
  const list = async (request: FastifyRequest, reply: FastifyReply, scope: ListScope | null, query: ListQuerystring, what: string) => {
    if (!scope) throw new HttpError(404, `Unknown ${what}.`);
    const filters = listFiltersOf(query);
    return cached(request, reply, `list:${listKey(scope, filters)}`, `Unknown ${what}.`, () => catalogue.list(scope, filters));
  };
  return { cached, list };
}

export const cataloguePlugin: FastifyPluginAsync<{ catalogue: CatalogueRepository; answers?: AnswerCache }> = async (
  app,
  { catalogue, answers = new AnswerCache() },
) => {
  const { cached, list } = catalogueAnswers(catalogue, answers);

  app.get<{ Params: { category: string }; Querystring: ListQuerystring }>(
    '/api/products/category/:category',
    { schema: { params: { type: 'object', properties: { category: SEGMENT } }, querystring: listQuerySchema } },
    async (request, reply) => list(request, reply, categoryScope(request.params.category), request.query, 'product category'),
  );
  app.get<{ Params: { category: string; subcategory: string }; Querystring: ListQuerystring }>(
    '/api/products/category/:category/:subcategory',
    { schema: { params: { type: 'object', properties: { category: SEGMENT, subcategory: SEGMENT } }, querystring: listQuerySchema } },
    async (request, reply) =>
      list(
        request,
        reply,
        categoryScope(request.params.category, request.params.subcategory),
        request.query,
        'product category or sub-category',
      ),
  );

  // Static segments win over parameters, so /api/printers/similiar is not a list name.
  app.get<{ Querystring: { id: string } }>(
    '/api/printers/similiar',
    { schema: { querystring: { type: 'object', required: ['id'], properties: { id: SEGMENT } } } },
    async (request, reply) =>
      cached(request, reply, `similar:${request.query.id}`, 'Product not found.', async () => {
        const results = await catalogue.similar(request.query.id);
        return results ? { results } : null;
      }),
  );
  app.get<{ Params: { list: string }; Querystring: ListQuerystring }>(
    '/api/printers/:list',
    { schema: { params: { type: 'object', properties: { list: SEGMENT } }, querystring: listQuerySchema } },
    async (request, reply) => list(request, reply, printerScope(request.params.list), request.query, 'printer list'),
  );
  app.get<{ Params: { list: string; subcategory: string }; Querystring: ListQuerystring }>(
    '/api/printers/:list/:subcategory',
    { schema: { params: { type: 'object', properties: { list: SEGMENT, subcategory: SEGMENT } }, querystring: listQuerySchema } },
    async (request, reply) =>
      list(request, reply, printerScope(request.params.list, request.params.subcategory), request.query, 'printer list or sub-category'),
  );

  app.get<{ Params: { list: string }; Querystring: ListQuerystring }>(
    '/api/scanners/:list',
    { schema: { params: { type: 'object', properties: { list: SEGMENT } }, querystring: listQuerySchema } },
    async (request, reply) => list(request, reply, scannerScope(request.params.list), request.query, 'scanner list'),
  );

  const single = async (request: FastifyRequest<{ Params: { modelId: string } }>, reply: FastifyReply) => {
    const modelId = request.params.modelId.toLowerCase();
    return cached(request, reply, `product:${modelId}`, 'Product not found.', () => catalogue.byModelId(modelId));
  };
  app.get<{ Params: { modelId: string } }>('/api/v3/products/:modelId', { schema: { params: modelIdParams } }, single);
  app.get<{ Params: { modelId: string } }>('/api/scanners/getsinglescanner/:modelId', { schema: { params: modelIdParams } }, single);

  app.get<{ Querystring: { limit: number; offset: number } }>(
    '/api/featured-printers',
    { schema: { querystring: pagingQuerySchema } },
    async (request, reply) =>
      cached(request, reply, `featured:${request.query.limit}:${request.query.offset}`, 'Not found.', () =>
        catalogue.featured(request.query.limit, request.query.offset),
      ),
  );
};
