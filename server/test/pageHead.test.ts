/**
 * The first answer to a page's URL, before any script runs: its status and head (pages/pageHead.ts),
 * the sitemap and robots.txt (pages/sitemap.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { fixtureDataCopy, tempDir, testApp, testConfig } from './helpers';

const siteRoot = tempDir('ct-head-');
fs.mkdirSync(path.join(siteRoot, 'shell/dist'), { recursive: true });
// As the build writes it: minified, with the site's default title and description.
fs.writeFileSync(
  path.join(siteRoot, 'shell/dist/index.html'),
  '<!doctype html><html lang=en-GB><head><meta charset=utf-8><title>Trusted Photocopier and Printer Supplier - Copytech</title><meta name=description content="Simple, reliable and affordable print solutions for business."><script defer src=/main.js></script></head><body><div id=root></div></body></html>',
);

const HOSTILE = '</script><script>alert(1)</script><!--';
const dataDir = fixtureDataCopy();
{
  const file = path.join(dataDir, 'catalogue', 'printers.json');
  const products = JSON.parse(fs.readFileSync(file, 'utf8')) as Array<Record<string, unknown>>;
  products.push({
    ...products[0],
    brand: 'Evil',
    model: `Model "A" & ${HOSTILE}`,
    description: `Prints ${HOSTILE} fast.`,
    featured: false,
  });
  fs.writeFileSync(file, JSON.stringify(products));
  const page = JSON.parse(fs.readFileSync(path.join(dataDir, 'content/pages/print-audit.json'), 'utf8'));
  page.meta.title = `Audit ${HOSTILE}`;
  page.meta.description = `"><img src=x onerror=alert(1)> & more`;
  fs.writeFileSync(path.join(dataDir, 'content/pages/print-audit.json'), JSON.stringify(page));
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp(testConfig({ serveSite: true, siteRoot, dataDir, publicUrl: 'https://www.copytech.example' }));
});
afterAll(() => app.close());

async function page(url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url, headers });
  const html = res.body;
  const all = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]!);
  const meta = (key: string) => all(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`, 'g'));
  const jsonLd = all(/<script type="application\/ld\+json" data-server-head>(.*?)<\/script>/g);
  return {
    status: res.statusCode,
    html,
    titles: all(/<title>([^<]*)<\/title>/g),
    descriptions: [...meta('description'), ...all(/<meta name=description content="([^"]*)">/g)],
    meta,
    canonical: all(/<link rel="canonical" href="([^"]*)">/g),
    jsonLd: jsonLd.map((text) => JSON.parse(text) as Record<string, unknown>),
  };
}

describe('a product page', () => {
  it('answers 200 with its title, description with prices, canonical, Open Graph and schema.org data', async () => {
    const p = await page('/printers/multifunctionals/canon/imagerunner-advance-dx-c5840i');
    expect(p.status).toBe(200);
    expect(p.titles).toEqual(['Canon imageRUNNER ADVANCE DX C5840i Colour A3 Multifunctional Printer - Copytech']);
    expect(p.descriptions).toHaveLength(1);
    expect(p.descriptions[0]).toMatch(
      /^Canon imageRUNNER ADVANCE DX C5840i multifunctional printer, starting at £6,900\.00 ex VAT, or rent from £138\.00 per month on a 60-month lease\./,
    );
    expect(p.canonical).toEqual(['https://www.copytech.example/printers/multifunctionals/canon/imagerunner-advance-dx-c5840i']);
    expect(p.meta('og:type')).toEqual(['product']);
    expect(p.meta('og:title')).toEqual(p.titles);
    expect(p.meta('og:image')).toEqual(['https://www.copytech.example/assets/x540/canon/imagerunner-advance-dx-c5840i/front.png']);
    expect(p.meta('twitter:card')).toEqual(['summary_large_image']);
    expect(p.meta('robots')).toEqual([]);
    expect(p.jsonLd).toHaveLength(1);
    expect(p.jsonLd[0]).toMatchObject({
      '@type': 'Product',
      sku: 'canonimagerunneradvancedxc5840i',
      offers: { price: '6900.00', priceCurrency: 'GBP' },
    });
  });

  it('is found however the path is cased, and a scanner and a finisher at their own paths', async () => {
    expect((await page('/printers/production/canon/imagepress-v1000')).status).toBe(200);
    expect((await page('/scanners/epson/es-60w')).status).toBe(200);
    expect((await page('/scanners/personal/epson/es-60w')).status).toBe(200);
    expect((await page('/finishers/konica-minolta/fs-539')).status).toBe(200);
  });

  it.each([
    ['an unknown product', '/printers/multifunctionals/nobody/no-such-model'],
    ['an unknown type', '/printers/faxes/canon/imagerunner-advance-dx-c5840i'],
    ['a type mismatch', '/printers/plotters/canon/imagerunner-advance-dx-c5840i'],
    ['a printer at a scanner path', '/scanners/canon/imagerunner-advance-dx-c5840i'],
    ['a scanner at a finisher path', '/finishers/epson/es-60w'],
    ['an inactive product', '/printers/multifunctionals/konica-minolta/bizhub-c4051i'],
  ])('answers 404 with the Not Found head for %s', async (_label, url) => {
    const p = await page(url);
    expect(p.status).toBe(404);
    expect(p.titles).toEqual(['Page not found - Copytech']);
    expect(p.meta('robots')).toEqual(['noindex']);
    expect(p.canonical).toEqual([]);
    expect(p.jsonLd).toEqual([]);
    expect(p.html).toContain('<div id=root>');
  });

  it('escapes hostile product text: nothing can close the JSON-LD element or an attribute', async () => {
    const list = (await app.inject({ method: 'GET', url: '/api/printers/multifunctionals?q=evil' })).json() as {
      results: Array<{ model: string }>;
    };
    expect(list.results.map((p) => p.model)).toEqual([`Model "A" & ${HOSTILE}`]);
    const { productPath } = await import('@copytech/shared/domain');
    const p = await page(productPath(list.results[0] as never));
    expect(p.status).toBe(200);
    expect(p.html).not.toContain('<script>alert(1)');
    expect(p.html).not.toContain('<!--');
    expect(p.titles[0]).toContain('Evil Model "A" &amp; &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--');
    expect(p.meta('og:title')[0]).toContain('Evil Model &quot;A&quot; &amp; &lt;/script&gt;');
    expect(p.jsonLd).toHaveLength(1);
    expect(p.jsonLd[0]!.description).toBe(`Prints ${HOSTILE} fast.`);
    // The only script elements are the page's own, the schema.org data and the remotes configuration.
    expect([...p.html.matchAll(/<script\b/g)]).toHaveLength(3);
  });
});

describe('content pages', () => {
  it('take their head from the CMS meta, escaped', async () => {
    const p = await page('/services/print-audit');
    expect(p.status).toBe(200);
    expect(p.titles).toEqual(['Audit &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- - Copytech']);
    expect(p.descriptions).toEqual(['&quot;&gt;&lt;img src=x onerror=alert(1)&gt; &amp; more']);
    expect(p.meta('og:type')).toEqual(['article']);
    expect(p.canonical).toEqual(['https://www.copytech.example/services/print-audit']);
    expect(p.html).not.toMatch(/<img src=x/);
  });

  it('answer 404 for an unknown slug or a page asked for at another kind of path', async () => {
    for (const url of ['/services/no-such-service', '/services/home', '/contact-us']) {
      const p = await page(url);
      expect([url, p.status, p.titles]).toEqual([url, 404, ['Page not found - Copytech']]);
    }
    expect((await page('/')).status).toBe(200);
  });
});

describe('lists, landing pages, the checker and unknown paths', () => {
  it('give lists their own title, description and canonical; a filtered list is not indexed', async () => {
    const p = await page('/printers/multifunctionals/a3-colour');
    expect(p.status).toBe(200);
    expect(p.titles).toEqual(['A3 colour multifunctional printers - Copytech']);
    expect(p.descriptions[0]).toMatch(/^A3 colour multifunctional printers from Copytech\./);
    expect(p.canonical).toEqual(['https://www.copytech.example/printers/multifunctionals/a3-colour']);
    expect(p.meta('robots')).toEqual([]);
    expect((await page('/printers/multifunctionals?brand=Canon&sort=speed')).meta('robots')).toEqual(['noindex, follow']);
    const sorted = await page('/printers/multifunctionals?sort=price-asc&page=1');
    expect(sorted.meta('robots')).toEqual([]);
    expect(sorted.canonical).toEqual(['https://www.copytech.example/printers/multifunctionals']);
    expect((await page('/photocopiers')).titles).toEqual(['Photocopiers for business - Copytech']);
  });

  it('answer 404 for a ?page past the end of the list or one that is not a page; one page has no prev or next', async () => {
    // The fixtures' five multifunctionals fit on one page of 12.
    const one = await page('/printers/multifunctionals');
    expect(one.html).not.toMatch(/<link rel="(prev|next)"/);
    for (const url of [
      '/printers/multifunctionals?page=2',
      '/printers/multifunctionals?page=0',
      '/printers?page=x',
      '/finishers?page=-1',
    ]) {
      const p = await page(url);
      expect([url, p.status, p.titles]).toEqual([url, 404, ['Page not found - Copytech']]);
    }
    // An empty list still has its page 1.
    expect((await page('/scanners/departmental')).status).toBe(200);
  });

  it('gives the checker its head', async () => {
    const p = await page('/discover-print-savings');
    expect(p.status).toBe(200);
    expect(p.titles).toEqual(['Discover print savings - Copytech']);
    expect(p.canonical).toEqual(['https://www.copytech.example/discover-print-savings']);
  });

  it('gives the search page its head: never indexed, the query escaped in the title; 404 for a ?page that is not a page or past the end', async () => {
    const p = await page(`/search?q=${encodeURIComponent(`canon ${HOSTILE}`)}`);
    expect(p.status).toBe(200);
    expect(p.titles).toEqual(['Search results for “canon &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--” - Copytech']);
    expect(p.meta('robots')).toEqual(['noindex, follow']);
    expect(p.html).not.toContain('<script>alert(1)');
    const empty = await page('/search');
    expect([empty.status, empty.titles, empty.meta('robots')]).toEqual([200, ['Search - Copytech'], ['noindex, follow']]);
    expect(empty.canonical).toEqual(['https://www.copytech.example/search']);
    const count = ((await app.inject({ method: 'GET', url: '/api/search?q=colour&limit=12' })).json() as { products: { count: number } })
      .products.count;
    // The fixtures' few machines make one page: page 2 is past the end.
    const last = Math.ceil(count / 12);
    expect(last).toBe(1);
    const first = await page('/search?q=colour&page=1');
    expect([first.status, first.titles]).toEqual([200, ['Search results for “colour” - Copytech']]);
    for (const url of [
      `/search?q=colour&page=${last + 1}`,
      '/search?q=canon&page=0',
      '/search?q=canon&page=2x',
      '/search?page=2',
      '/search/canon',
    ])
      expect([url, (await page(url)).status]).toEqual([url, 404]);
  });

  it.each(['/no-such-page', '/printers/multifunctionals/a5-colour', '/scanners/huge', '/printers/toString', '/__proto__', '/services'])(
    'answers 404 for %s',
    async (url) => {
      const p = await page(url);
      expect(p.status).toBe(404);
      expect(p.titles).toEqual(['Page not found - Copytech']);
    },
  );
});

describe('the origin of absolute URLs', () => {
  it('is the request host without PUBLIC_URL, and never a host that is not a plain name', async () => {
    const bare = await testApp(testConfig({ serveSite: true, siteRoot, dataDir, publicUrl: null }));
    try {
      const canonical = async (host: string) =>
        (await bare.inject({ method: 'GET', url: '/photocopiers', headers: { host } })).body.match(
          /<link rel="canonical" href="([^"]*)">/,
        )?.[1];
      expect(await canonical('shop.example.co.uk:8080')).toBe('http://shop.example.co.uk:8080/photocopiers');
      expect(await canonical('evil.example"><script>x</script>')).toBe('http://localhost/photocopiers');
    } finally {
      await bare.close();
    }
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists every page to index, each answering 200 with its own title, and no inactive product', async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const urls = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toContain('https://www.copytech.example/');
    expect(urls).toContain('https://www.copytech.example/services/print-audit');
    expect(urls).toContain('https://www.copytech.example/discover-print-savings');
    expect(urls).toContain('https://www.copytech.example/printers/multifunctionals/a3-colour');
    expect(urls).toContain('https://www.copytech.example/photocopiers');
    expect(urls).toContain('https://www.copytech.example/printers/multifunctionals/canon/imagerunner-advance-dx-c5840i');
    expect(urls.some((url) => url.includes('bizhub-c4051i'))).toBe(false);
    expect(urls.some((url) => url.includes('/search'))).toBe(false);
    expect(res.body).toMatch(
      /<url><loc>https:\/\/www\.copytech\.example\/printers\/multifunctionals\/canon\/imagerunner-advance-dx-c5840i<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod><\/url>/,
    );
    const titles = new Map<string, string>();
    for (const url of urls) {
      const p = await page(new URL(url).pathname);
      expect([url, p.status]).toEqual([url, 200]);
      titles.set(url, p.titles[0]!);
    }
    // Lists of the same products still have titles of their own, except the landing pages built on a list.
    expect(new Set(titles.values()).size).toBeGreaterThan(urls.length - 3);
  });

  it('robots.txt names the sitemap and keeps the standalone remote pages out; API answers are never indexed', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Sitemap: https://www.copytech.example/sitemap.xml');
    expect(res.body).toContain('Disallow: /remotes/*/index.html');
    expect((await app.inject({ method: 'GET', url: '/api/printers/all' })).headers['x-robots-tag']).toBe('noindex');
    expect((await app.inject({ method: 'GET', url: '/photocopiers' })).headers['x-robots-tag']).toBeUndefined();
  });
});
