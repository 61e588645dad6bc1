/**
 * CMS reads (docs/api.md "Reads"): /api/pages/slug/{slug} (PageContent), and the blog:
 * /api/blog/recent ({ results }, newest first), /api/blog?limit&offset (BlogPage, one page of the
 * posts and how many there are) and /api/blog/slug/{slug} (BlogArticle, the post with its body).
 * The lists carry no bodies: a card needs its title and excerpt, not the article. Every answer has
 * its `{{terms.…}}` placeholders filled from the commercial terms (plugins/terms.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { BLOG_MAX_LIMIT, type BlogArticle, type BlogPage, type BlogPost, type PageContent } from '@copytech/shared/domain';
import type { Db } from '../../db/database';
import { HttpError } from '../../http/errors';

export const BLOG_LIMITS = { defaultLimit: 3, maxLimit: BLOG_MAX_LIMIT } as const;

const SLUG_PARAMS = {
  type: 'object',
  properties: { slug: { type: 'string', maxLength: 150, pattern: '^[a-z0-9][a-z0-9-]*$' } },
} as const;

const READ_CACHE = 'public, max-age=60';

/** A stored post as the lists give it: without its body. */
function summaryOf(data: string): BlogPost {
  const { body: _body, ...summary } = JSON.parse(data) as BlogArticle;
  return summary;
}

export const contentPlugin: FastifyPluginAsync<{ db: Db; fill: <T>(value: T) => T }> = async (app, { db, fill }) => {
  app.get<{ Params: { slug: string } }>(
    '/api/pages/slug/:slug',
    { schema: { params: { type: 'object', properties: { slug: { type: 'string', maxLength: 100, pattern: '^[a-z0-9][a-z0-9-]*$' } } } } },
    async (request, reply) => {
      const row = await db.selectFrom('pages').where('slug', '=', request.params.slug).select('data').executeTakeFirst();
      if (!row) throw new HttpError(404, 'Page not found');
      reply.header('Cache-Control', READ_CACHE);
      return fill(JSON.parse(row.data) as PageContent);
    },
  );

  /** Posts newest first (the slug breaks a tie, so paging is stable). */
  const newestFirst = () => db.selectFrom('blog_posts').select('data').orderBy('published_at', 'desc').orderBy('slug');

  app.get<{ Querystring: { limit: number } }>(
    '/api/blog/recent',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { limit: { type: 'integer', minimum: 1, maximum: BLOG_LIMITS.maxLimit, default: BLOG_LIMITS.defaultLimit } },
        },
      },
    },
    async (request, reply) => {
      const rows = await newestFirst().limit(request.query.limit).execute();
      reply.header('Cache-Control', READ_CACHE);
      return { results: rows.map((row) => fill(summaryOf(row.data))) };
    },
  );

  app.get<{ Querystring: { limit: number; offset: number } }>(
    '/api/blog',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: BLOG_LIMITS.maxLimit, default: BLOG_LIMITS.maxLimit },
            offset: { type: 'integer', minimum: 0, maximum: 100_000, default: 0 },
          },
        },
      },
    },
    async (request, reply): Promise<BlogPage> => {
      const { limit, offset } = request.query;
      const [rows, countRow] = await Promise.all([
        newestFirst().limit(limit).offset(offset).execute(),
        db
          .selectFrom('blog_posts')
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirst(),
      ]);
      reply.header('Cache-Control', READ_CACHE);
      return { count: Number(countRow?.count ?? 0), results: rows.map((row) => fill(summaryOf(row.data))), limit, offset };
    },
  );

  app.get<{ Params: { slug: string } }>('/api/blog/slug/:slug', { schema: { params: SLUG_PARAMS } }, async (request, reply) => {
    const row = await db.selectFrom('blog_posts').where('slug', '=', request.params.slug).select('data').executeTakeFirst();
    if (!row) throw new HttpError(404, 'Post not found');
    reply.header('Cache-Control', READ_CACHE);
    return fill(JSON.parse(row.data) as BlogArticle);
  });
};
