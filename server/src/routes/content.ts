/**
 * CMS reads: /api/pages/slug/{slug} (PageContent) and /api/blog/recent ({ results: BlogPost[] }, newest first),
 * their `{{terms.…}}` placeholders filled from the commercial terms (plugins/terms.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { BlogPost, PageContent } from '@copytech/shared/domain';
import type { Db } from '../db/database';
import { HttpError } from '../http/errors';

export const BLOG_LIMITS = { defaultLimit: 3, maxLimit: 12 } as const;

export const contentPlugin: FastifyPluginAsync<{ db: Db; fill: <T>(value: T) => T }> = async (app, { db, fill }) => {
  app.get<{ Params: { slug: string } }>(
    '/api/pages/slug/:slug',
    { schema: { params: { type: 'object', properties: { slug: { type: 'string', maxLength: 100, pattern: '^[a-z0-9][a-z0-9-]*$' } } } } },
    async (request, reply) => {
      const row = await db.selectFrom('pages').where('slug', '=', request.params.slug).select('data').executeTakeFirst();
      if (!row) throw new HttpError(404, 'Page not found');
      reply.header('Cache-Control', 'public, max-age=60');
      return fill(JSON.parse(row.data) as PageContent);
    },
  );

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
      const rows = await db
        .selectFrom('blog_posts')
        .select('data')
        .orderBy('published_at', 'desc')
        .orderBy('slug')
        .limit(request.query.limit)
        .execute();
      reply.header('Cache-Control', 'public, max-age=60');
      return { results: rows.map((row) => fill(JSON.parse(row.data) as BlogPost)) };
    },
  );
};
