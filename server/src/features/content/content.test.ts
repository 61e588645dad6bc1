/** CMS reads: pages by slug and recent blog posts, on fixtures and on the real content. */
import type { FastifyInstance } from 'fastify';
import { SERVICES, type PageContent } from '@copytech/shared/domain';
import { REAL_DATA, testApp, testConfig } from '../../../test/helpers';

describe('pages and blog on fixtures', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app.close());

  it('returns a page by slug with meta and body', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/pages/slug/print-audit' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      slug: 'print-audit',
      kind: 'service',
      meta: {
        title: 'Print audit',
        description: 'Find out what you really print.',
        card: 'summary',
        image: '/assets/x540/placeholder.png',
        ogType: 'article',
        url: '/services/print-audit',
      },
      body: [{ type: 'richText', html: '<p>We audit your fleet.</p>' }],
    });
  });
  it('is 404 JSON for a missing page and 400 for a malformed slug', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/pages/slug/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404, message: 'Page not found' });
    const bad = await app.inject({ method: 'GET', url: '/api/pages/slug/..%2Fsecrets' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.slug).toBeDefined();
  });
  it('lists recent posts newest first, 3 by default, limited', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/blog/recent' });
    expect(res.json().results.map((p: { slug: string }) => p.slug)).toEqual(['newest-post', 'middle-post', 'older-post']);
    const one = await app.inject({ method: 'GET', url: '/api/blog/recent?limit=1' });
    expect(one.json()).toEqual({
      results: [
        { slug: 'newest-post', title: 'Newest post', excerpt: 'New.', publishedAt: '2026-10-14', author: 'Copytech', readingMinutes: 4 },
      ],
    });
    for (const limit of ['0', '13', 'x'])
      expect((await app.inject({ method: 'GET', url: `/api/blog/recent?limit=${limit}` })).statusCode).toBe(400);
  });
  it('pages the posts newest first with their count, without their bodies', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/blog?limit=2&offset=1' });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ count: 3, limit: 2, offset: 1 });
    expect(page.json().results.map((p: { slug: string }) => p.slug)).toEqual(['middle-post', 'older-post']);
    expect(page.json().results[0].body).toBeUndefined();
    expect((await app.inject({ method: 'GET', url: '/api/blog/recent' })).json().results[0].body).toBeUndefined();
    expect((await app.inject({ method: 'GET', url: '/api/blog?offset=3' })).json()).toMatchObject({ count: 3, results: [] });
    for (const query of ['limit=0', 'limit=13', 'offset=-1'])
      expect((await app.inject({ method: 'GET', url: `/api/blog?${query}` })).statusCode).toBe(400);
  });
  it('gives a post with its body by slug; 404 for an unknown one, 400 for a malformed slug', async () => {
    const post = await app.inject({ method: 'GET', url: '/api/blog/slug/newest-post' });
    expect(post.statusCode).toBe(200);
    expect(post.json()).toMatchObject({
      slug: 'newest-post',
      title: 'Newest post',
      body: expect.stringContaining('<a href="/contact-us">'),
    });
    const missing = await app.inject({ method: 'GET', url: '/api/blog/slug/no-such-post' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Post not found' });
    expect((await app.inject({ method: 'GET', url: '/api/blog/slug/..%2Fsecrets' })).statusCode).toBe(400);
  });
});

describe('the real content', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp(testConfig({ dataDir: REAL_DATA }));
  });
  afterAll(() => app.close());

  it.each(['home', 'contact-us', 'customer-support', ...SERVICES.map((s) => s.slug)])('has the page %s', async (slug) => {
    const res = await app.inject({ method: 'GET', url: `/api/pages/slug/${slug}` });
    expect(res.statusCode).toBe(200);
    const page = res.json() as PageContent;
    expect(page.slug).toBe(slug);
    expect(page.meta.title).toBeTruthy();
    expect(page.body.length).toBeGreaterThan(0);
  });
  it('has recent blog posts', async () => {
    const { results } = (await app.inject({ method: 'GET', url: '/api/blog/recent?limit=12' })).json();
    expect(results.length).toBeGreaterThanOrEqual(3);
    const dates = results.map((p: { publishedAt: string }) => p.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
  it('has at least six whole articles of 300 to 600 words, each with a short excerpt', async () => {
    const { count, results } = (await app.inject({ method: 'GET', url: '/api/blog?limit=12' })).json();
    expect(count).toBeGreaterThanOrEqual(6);
    for (const { slug } of results) {
      const post = (await app.inject({ method: 'GET', url: `/api/blog/slug/${slug}` })).json();
      const words = post.body
        .replace(/<[^>]+>/g, ' ')
        .split(/\s+/)
        .filter(Boolean).length;
      expect([slug, words >= 300 && words <= 600]).toEqual([slug, true]);
      expect(post.excerpt.length).toBeLessThanOrEqual(160);
    }
  });
});
