/**
 * What the page cache (server/src/pages/indexPage.ts) keeps a page under: the origin it was asked
 * for (a page names its origin in its canonical link), and the shell's build (a new shell page is
 * served at once, not after the cached pages expire); and what it never keeps: a Not Found page,
 * which carries its own request's reference, even when a HEAD request rendered it first.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PAGE_PROBLEM_KEY } from '@copytech/shared/ssr';
import { siteWithShell, TEST_SHELL_TEMPLATE, testApp, testConfig } from './helpers';

/** The shell's pages: the reference of the page's problem (a Not Found's), as the site's error pages show it. */
const SERVER_APP = `
function Body({ url, data }) {
  const problem = React.use(data.read(${JSON.stringify(PAGE_PROBLEM_KEY)} + new URL(url, 'http://site.invalid').pathname));
  return React.createElement('main', null, problem.ok ? 'reference ' + problem.value.reference : 'no problem');
}
function ServerApp(props) {
  return React.createElement(React.Suspense, { fallback: null }, React.createElement(Body, props));
}`;

let siteRoot: string;
let app: FastifyInstance;

beforeEach(async () => {
  siteRoot = siteWithShell(SERVER_APP);
  app = await testApp(testConfig({ serveSite: true, siteRoot, serverRender: true, renderBudgetMs: 5000, publicUrl: null }));
});
afterEach(() => app.close());

const get = (url: string, host = 'localhost') => app.inject({ method: 'GET', url, headers: { host } });
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];

describe('the page cache', () => {
  it('keeps a page for the origin it was asked for: another host gets a page naming its own', async () => {
    const first = await get('/photocopiers', 'shop.example.co.uk');
    expect(canonicalOf(first.body)).toBe('http://shop.example.co.uk/photocopiers');
    expect((await get('/photocopiers', 'shop.example.co.uk')).headers.etag).toBeDefined();
    const other = await get('/photocopiers', 'www.copytech.example');
    expect(canonicalOf(other.body)).toBe('http://www.copytech.example/photocopiers');
    expect(canonicalOf((await get('/photocopiers', 'shop.example.co.uk')).body)).toBe('http://shop.example.co.uk/photocopiers');
  });

  it("serves a new build of the shell's page at once", async () => {
    await get('/');
    expect((await get('/')).headers.etag).toBeDefined();
    const file = path.join(siteRoot, 'shell/dist/index.html');
    fs.writeFileSync(file, TEST_SHELL_TEMPLATE.replace('<div id=root>', '<p class=rebuilt>A new build</p><div id=root>'));
    const later = new Date(fs.statSync(file).mtimeMs + 5_000);
    fs.utimesSync(file, later, later);
    // the shell's page is looked at again at most every 250 ms
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await get('/')).body).toContain('<p class=rebuilt>A new build</p>');
  });

  it('never keeps a Not Found page, even one a HEAD request rendered first', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/no-such-page', headers: { host: 'localhost' } });
    expect(head.statusCode).toBe(404);
    const page = await get('/no-such-page');
    expect(page.statusCode).toBe(404);
    const reference = String(page.headers['x-request-id']);
    expect(reference).not.toBe(String(head.headers['x-request-id']));
    expect(page.body).toContain(`reference ${reference}`);
  });
});
