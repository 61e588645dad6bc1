/**
 * Pages rendered on the server, as server/src/pages/indexPage.ts sends them, with a small
 * hand-written shell server build (the real ones are built later in `npm test`; the e2e tests use
 * them):
 * - a page rendered for the request in hand is streamed: its status and head reach the browser
 *   before its body is rendered (the ServerApp here takes RENDER_MS on URLs with ?slow), and the
 *   body follows in the same response;
 * - with the database down, a page is still a page: its status and head, and a body whose parts
 *   show their read failing, never a 5xx answer of the server's.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { testApp, testConfig, siteWithShell } from './helpers';

const RENDER_MS = 1500;

/** A commonjs-module federation container exposing ./ServerApp, as the shell's server build does. */
/** The test's shell: what its pages render (siteWithShell). */
const SERVER_APP = `
// A page's body takes RENDER_MS to render on a URL with ?slow.
const waits = new Map();
function Body({ url, data }) {
  if (!waits.has(url)) waits.set(url, url.includes('slow') ? new Promise((resolve) => setTimeout(resolve, ${RENDER_MS})) : Promise.resolve());
  React.use(waits.get(url));
  const products = url.includes('read') ? React.use(data.read('/api/printers/multifunctionals?limit=' + (url.includes('down') ? 2 : 1))) : null;
  const part = products === null ? null : products.ok ? 'products: ' + products.value.results.length : 'products could not be read: ' + products.status;
  return React.createElement('main', null, React.createElement('h1', null, 'Rendered body'), part && React.createElement('p', null, part));
}
function ServerApp({ url, data }) {
  return React.createElement(React.Suspense, { fallback: null }, React.createElement(Body, { url, data }));
}
`;

/** As the shell's build writes it: its start-up stylesheet and chunks preloaded (shared/build/startupPreload.cjs). */
const TEMPLATE =
  '<!doctype html><html><head><title>Copytech</title><script defer src=/main.js></script>' +
  '<link rel=preload as=style href=/971.aaaaaaaaaa.css><link rel=preload as=script href=/singletons.bbbbbbbbbb.js></head><body><div id=root></div></body></html>';

describe('a page rendered for its request', () => {
  const siteRoot = siteWithShell(SERVER_APP, TEMPLATE, 'ct-render-');
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    app = await testApp(testConfig({ serveSite: true, siteRoot, serverRender: true, renderBudgetMs: 10_000 }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
  });

  it.each(['identity', 'br', 'gzip'])(
    'sends its status and head before the body is rendered, and the body after it (%s)',
    async (encoding) => {
      const response = await fetch(`${base}/printers/multifunctionals?slow&encoding=${encoding}`, {
        headers: { 'accept-encoding': encoding },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding') ?? 'identity').toBe(encoding);
      // fetch() decodes br and gzip itself.
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let received = '';
      while (!received.includes('<body>')) {
        const { value, done } = await reader.read();
        if (done) break;
        received += decoder.decode(value, { stream: true });
      }
      // The head is here, and the body is not: it cannot be, it is still being rendered.
      expect(received).toContain('<title>Multifunctional printers - Copytech</title>');
      expect(received).toContain('</head><body>');
      expect(received).not.toContain('Rendered body');
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        received += decoder.decode(value, { stream: true });
      }
      expect(received).toMatch(
        /<div id="root"><!--\$--><main><h1>Rendered body<\/h1><\/main><!--\/\$--><\/div><script type="application\/json" id="copytech-page-data">\{\}<\/script><\/body><\/html>$/,
      );
    },
  );

  it('is styled from its head, and its scripts are not fetched before the page has painted: no script preload', async () => {
    const html = await (await fetch(`${base}/printers/multifunctionals`)).text();
    expect(html).toContain('<h1>Rendered body</h1>');
    expect(html).toContain('<link rel="stylesheet" href="/971.aaaaaaaaaa.css">');
    expect(html).not.toMatch(/rel="?preload"? as="?script/);
    // The entry stays: the shell's code starts itself once the page has loaded (shell/src/startup.ts).
    expect(html).toContain('<script defer src=/main.js></script>');
  });

  it('a visitor who leaves while the body is rendered costs nothing more: the next page is answered', async () => {
    const controller = new AbortController();
    const response = await fetch(`${base}/scanners?slow&left`, { headers: { 'accept-encoding': 'br' }, signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await new Promise((resolve) => setTimeout(resolve, RENDER_MS + 200));
    const next = await fetch(`${base}/finishers?after-leaving`);
    expect(next.status).toBe(200);
    expect(await next.text()).toContain('<h1>Rendered body</h1>');
  });

  it('keeps the page as it was streamed, and sends it again whole with its ETag', async () => {
    const first = await fetch(`${base}/printers?slow`, { headers: { 'accept-encoding': 'identity' } });
    const streamed = await first.text();
    expect(first.headers.get('etag')).toBeNull();
    const again = await fetch(`${base}/printers?slow`, { headers: { 'accept-encoding': 'br' } });
    expect(again.headers.get('etag')).toMatch(/^"[\w-]+-br"$/);
    expect(again.headers.get('content-encoding')).toBe('br');
    expect(await again.text()).toBe(streamed);
    const validated = await fetch(`${base}/printers?slow`, { headers: { 'if-none-match': again.headers.get('etag')! } });
    expect(validated.status).toBe(304);
  });
});

describe('a page reached with campaign tags or an ad click id', () => {
  it('is rendered and kept without them: each new click id is the same page, sent again whole', async () => {
    const app = await testApp(
      testConfig({ serveSite: true, siteRoot: siteWithShell(SERVER_APP, TEMPLATE, 'ct-render-'), serverRender: true }),
    );
    try {
      const first = await app.inject({ method: 'GET', url: '/photocopiers?utm_source=google&utm_medium=cpc&gclid=Cj0KCQ1' });
      expect(first.statusCode).toBe(200);
      expect(first.headers.etag).toBeUndefined();
      const again = await app.inject({ method: 'GET', url: '/photocopiers?gclid=Cj0KCQ2&fbclid=IwAR3' });
      expect(again.headers.etag).toBeDefined();
      expect(again.body).toBe(first.body);
      const plain = await app.inject({ method: 'GET', url: '/photocopiers' });
      expect(plain.headers.etag).toBe(again.headers.etag);
      // Other parameters still make a page of their own (a list's filters do change it).
      const filtered = await app.inject({ method: 'GET', url: '/photocopiers?brand=Canon&gclid=Cj0KCQ3' });
      expect(filtered.headers.etag).toBeUndefined();
      expect(filtered.body).toContain('noindex');
    } finally {
      await app.close();
    }
  });
});

describe('the database down', () => {
  it('a page is still a page: a list with its parts saying they could not read, a product or content page Not Found; never a 5xx', async () => {
    const app = await testApp(
      testConfig({ serveSite: true, siteRoot: siteWithShell(SERVER_APP, TEMPLATE, 'ct-render-'), serverRender: true }),
    );
    try {
      // (The API's answer cache would answer a read made before: the page after reads another.)
      const healthy = await app.inject({ method: 'GET', url: '/printers/multifunctionals?read' });
      expect(healthy.body).toContain('<p>products: 1</p>');
      await app.db.destroy();
      const list = await app.inject({ method: 'GET', url: '/printers/multifunctionals?read&down' });
      expect(list.statusCode).toBe(200);
      expect(list.headers['content-type']).toMatch(/^text\/html/);
      expect(list.body).toContain('<title>Multifunctional printers - Copytech</title>');
      expect(list.body).toMatch(/<h1>Rendered body<\/h1><p>products could not be read: 5\d\d<\/p>/);
      for (const url of ['/printers/multifunctionals/canon/imagerunner-advance-dx-c5840i', '/contact-us']) {
        const page = await app.inject({ method: 'GET', url });
        expect([url, page.statusCode]).toEqual([url, 404]);
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        expect(page.body).toContain('<title>Page not found - Copytech</title>');
        expect(page.body).toContain('<h1>Rendered body</h1>');
      }
      // Not kept (a kept page is sent whole, with its ETag): the next request renders it again.
      const again = await app.inject({ method: 'GET', url: '/printers/multifunctionals?read&down' });
      expect(again.headers.etag).toBeUndefined();
      expect(again.body).toContain('products could not be read');
    } finally {
      await app.close().catch(() => undefined);
    }
  });
});
