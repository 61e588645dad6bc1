/** CMS reads: pages by slug and recent blog posts, on fixtures and on the real content. */
import type { FastifyInstance } from 'fastify';
import { SERVICES, type PageContent } from '@copytech/shared/domain';
import { REAL_DATA, testApp, testConfig } from './helpers';

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
});
