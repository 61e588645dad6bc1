/**
 * CMS reads (docs/api.md "Reads"): /api/pages/slug/{slug} (PageContent), and the blog:
 * /api/blog/recent ({ results }, newest first), /api/blog?limit&offset (BlogPage, one page of the
 * posts and how many there are) and /api/blog/slug/{slug} (BlogArticle, the post with its body).
 * The lists carry no bodies: a card needs its title and excerpt, not the article. Every answer has
 * its `{{terms.…}}` placeholders filled from the commercial terms (plugins/terms.ts). What is stored
 * comes from the one content store (contentStore.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { BLOG_MAX_LIMIT, type BlogPage } from '@copytech/shared/domain';
import { HttpError } from '../../http/errors';
import type { ContentStore } from './contentStore';

export const BLOG_LIMITS = { defaultLimit: 3, maxLimit: BLOG_MAX_LIMIT } as const;

const SLUG_PARAMS = {
  type: 'object',
  properties: { slug: { type: 'string', maxLength: 150, pattern: '^[a-z0-9][a-z0-9-]*$' } },
} as const;

const READ_CACHE = 'public, max-age=60';

export const contentPlugin: FastifyPluginAsync<{ content: ContentStore; fill: <T>(value: T) => T }> = async (app, { content, fill }) => {
  app.get<{ Params: { slug: string } }>(
    '/api/pages/slug/:slug',
    { schema: { params: { type: 'object', properties: { slug: { type: 'string', maxLength: 100, pattern: '^[a-z0-9][a-z0-9-]*$' } } } } },
    async (request, reply) => {
      const page = await content.page(request.params.slug);
      if (!page) throw new HttpError(404, 'Page not found');
      reply.header('Cache-Control', READ_CACHE);
      return fill(page);
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
      const posts = await content.postSummaries(request.query.limit);
      reply.header('Cache-Control', READ_CACHE);
      return { results: posts.map((post) => fill(post)) };
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
      const [posts, count] = await Promise.all([content.postSummaries(limit, offset), content.postCount()]);
      reply.header('Cache-Control', READ_CACHE);
      return { count, results: posts.map((post) => fill(post)), limit, offset };
    },
  );

  app.get<{ Params: { slug: string } }>('/api/blog/slug/:slug', { schema: { params: SLUG_PARAMS } }, async (request, reply) => {
    const post = await content.post(request.params.slug);
    if (!post) throw new HttpError(404, 'Post not found');
    reply.header('Cache-Control', READ_CACHE);
    return fill(post);
  });
};
