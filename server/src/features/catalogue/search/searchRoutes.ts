/**
 * GET /api/search?q=&limit=&page= (docs/product-rules.md "Site search: what it finds"): the
 * SearchResponse of site search's engine (catalogue/search/). `limit` 1-24 (default 12) and `page`
 * 1-50 (default 1) are checked by the schema (400 like every route); `q` is any text, read with
 * readSearchQuery (trimmed, at most 100 characters: the rest is ignored), so no query is an
 * error and an empty one answers no results. Answers are cached like the catalogue's reads
 * (http/answerCache.ts), keyed by the query as read, the limit and the page.
 */
import type { FastifyPluginAsync } from 'fastify';
import { SEARCH_LIMIT_MAX, SEARCH_PAGE_SIZE, SEARCH_PAGES_MAX, readSearchQuery } from '@copytech/shared/domain';
import { AnswerCache } from '../../../http/answerCache';
import type { CatalogueRepository } from '../repository';
import type { SearchEngine } from './engine';

interface SearchQuerystring {
  q?: string;
  limit: number;
  page: number;
}

const searchQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    // no maxLength: what is past SEARCH_QUERY_MAX_LENGTH is ignored, as the page's form says
    q: { type: 'string', default: '' },
    limit: { type: 'integer', minimum: 1, maximum: SEARCH_LIMIT_MAX, default: SEARCH_PAGE_SIZE },
    page: { type: 'integer', minimum: 1, maximum: SEARCH_PAGES_MAX, default: 1 },
  },
} as const;

const READ_CACHE = 'public, max-age=60';

export const searchPlugin: FastifyPluginAsync<{ search: SearchEngine; catalogue: CatalogueRepository; answers?: AnswerCache }> = async (
  app,
  { search, catalogue, answers = new AnswerCache() },
) => {
  app.get<{ Querystring: SearchQuerystring }>('/api/search', { schema: { querystring: searchQuerySchema } }, async (request, reply) => {
    const { limit, page } = request.query;
    const query = readSearchQuery(request.query.q);
    reply.header('Cache-Control', READ_CACHE);
    const key = `search:${JSON.stringify([query, limit, page])}`;
    await answers.send(request, reply, key, catalogue.version, () => search.search(query, { limit, page }));
    return reply;
  });
};
