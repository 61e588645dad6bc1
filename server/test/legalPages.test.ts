/**
 * The legal pages (docs/product-rules.md "Content and service pages"): /privacy-policy,
 * /cookie-policy and /terms answer 200 with their own head, are in the sitemap, and carry the
 * tables rendered from the code's own sources (the retention periods, the browser storage).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { REAL_DATA, tempDir, testApp, testConfig } from './helpers';

const siteRoot = tempDir('ct-legal-');
fs.mkdirSync(path.join(siteRoot, 'shell/dist'), { recursive: true });
fs.writeFileSync(
  path.join(siteRoot, 'shell/dist/index.html'),
  '<!doctype html><html lang=en-GB><head><meta charset=utf-8><title>Trusted Photocopier and Printer Supplier - Copytech</title><meta name=description content="Simple, reliable and affordable print solutions for business."><script defer src=/main.js></script></head><body><div id=root></div></body></html>',
);

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp(testConfig({ serveSite: true, siteRoot, dataDir: REAL_DATA, publicUrl: 'https://www.copytech.example' }));
});
afterAll(() => app.close());

const PAGES = [
  { path: '/privacy-policy', title: 'Privacy policy', table: 'retentionTable' },
  { path: '/cookie-policy', title: 'Cookie policy', table: 'storageTable' },
  { path: '/terms', title: 'Terms of use and quotes', table: null },
];

describe.each(PAGES)('$path', ({ path: url, title, table }) => {
  it('answers 200 with its title, description and canonical URL', async () => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const slug = url.slice(1);
    const data = JSON.parse(fs.readFileSync(path.join(REAL_DATA, 'content/pages', `${slug}.json`), 'utf8'));
    expect(res.body).toContain(`<title>${title} - Copytech</title>`);
    expect(res.body).toContain(`<meta name="description" content="${data.meta.description}">`);
    expect(res.body).toContain(`<link rel="canonical" href="https://www.copytech.example${url}">`);
  });

  it('is served by the content API, with its table block where it has one', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/pages/slug/${url.slice(1)}` });
    expect(res.statusCode).toBe(200);
    const types = (res.json().body as Array<{ type: string }>).map((block) => block.type);
    if (table) expect(types).toContain(table);
  });
});

test('the sitemap lists the three legal pages', async () => {
  const res = await app.inject({ method: 'GET', url: '/sitemap.xml' });
  expect(res.statusCode).toBe(200);
  for (const { path: url } of PAGES) expect(res.body).toContain(`<loc>https://www.copytech.example${url}</loc>`);
});

test('a path beside them is still Not Found', async () => {
  expect((await app.inject({ method: 'GET', url: '/privacy-policy/more' })).statusCode).toBe(404);
  expect((await app.inject({ method: 'GET', url: '/terms-and-conditions' })).statusCode).toBe(404);
});
