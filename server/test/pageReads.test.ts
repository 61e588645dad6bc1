/**
 * A page reads what it is made of once (server/src/pages/inProcessApi.ts readOnce): its status and
 * head (pageHead.ts) and its body (renderPage.ts) read through one reader per request, so a product
 * page asks the API for its product once and the catalogue's repository reads it once, and the head
 * says what the body shows.
 *
 * The shell here is a small hand-written server build whose page reads what the rooms read first:
 * a product page its product (API_PATHS.product, or API_PATHS.scanner at a scanner's path), a content
 * page its CMS page (API_PATHS.page).
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { API_PATHS, resolveSiteRoute } from '@copytech/shared/domain';
import { sitemapEntries } from '../src/pages/sitemap';
import { testApp, testConfig, siteWithShell } from './helpers';

/** A commonjs-module federation container exposing ./ServerApp; its page reads `read` from the URL and shows the answer. */
/** The test's shell: what its pages render (siteWithShell). */
const SERVER_APP = `
function Body({ url, data }) {
  const read = new URL(url, 'http://site.invalid').searchParams.get('read');
  const answer = React.use(data.read(read));
  const text = answer.ok ? (answer.value.model || answer.value.meta.title) : 'could not be read: ' + answer.status;
  return React.createElement('main', null, React.createElement('h1', null, text));
}
function ServerApp(props) {
  return React.createElement(React.Suspense, { fallback: null }, React.createElement(Body, props));
}
`;

const TEMPLATE = '<!doctype html><html><head><title>Copytech</title></head><body><div id=root></div></body></html>';

let app: FastifyInstance;
/** The in-process reads of the API (app.inject of an /api/ URL), by URL. */
let apiReads: string[];

beforeAll(async () => {
  app = await testApp(
    testConfig({ serveSite: true, siteRoot: siteWithShell(SERVER_APP, TEMPLATE, 'ct-reads-'), serverRender: true, renderBudgetMs: 10_000 }),
  );
  const inject = app.inject.bind(app);
  jest.spyOn(app, 'inject').mockImplementation(((options: InjectOptions) => {
    if (typeof options.url === 'string' && options.url.startsWith('/api/')) apiReads.push(options.url);
    return inject(options);
  }) as typeof app.inject);
});
beforeEach(() => {
  apiReads = [];
});
afterAll(() => app.close());

/** The page at `pagePath`, its shell reading `readUrl`; the page's own request is not an API read. */
const page = (pagePath: string, readUrl: string) => app.inject({ method: 'GET', url: `${pagePath}?read=${encodeURIComponent(readUrl)}` });

describe('a product page', () => {
  it('reads its product once, for its status, its head and its body', async () => {
    const entries = await sitemapEntries(app.sitemap);
    const products = entries.map((entry) => entry.path).filter((url) => resolveSiteRoute(url).kind === 'product');
    const printer = products.find((url) => url.startsWith('/printers/'))!;
    const route = resolveSiteRoute(printer);
    if (route.kind !== 'product') throw new Error('not a product page');
    const productRead = API_PATHS.product(route.modelId);
    const repository = jest.spyOn(app.catalogue, 'byModelId');

    const answer = await page(printer, productRead);

    expect(answer.statusCode).toBe(200);
    const data = JSON.parse(/id="copytech-page-data">(.*?)<\/script>/.exec(answer.body)![1]!) as Record<
      string,
      { value: { model: string } }
    >;
    const product = data[productRead]!.value;
    expect(/<title>([^<]*)<\/title>/.exec(answer.body)![1]).toContain(product.model);
    expect(answer.body).toContain(`<h1>${product.model}</h1>`);
    expect(apiReads.filter((url) => url === productRead)).toEqual([productRead]);
    expect(repository.mock.calls).toEqual([[route.modelId]]);
    repository.mockRestore();
  });

  it('a scanner reads at the scanner path, once', async () => {
    const entries = await sitemapEntries(app.sitemap);
    const scanner = entries
      .map((entry) => entry.path)
      .find((url) => url.startsWith('/scanners/') && resolveSiteRoute(url).kind === 'product')!;
    const route = resolveSiteRoute(scanner);
    if (route.kind !== 'product') throw new Error('not a product page');
    const scannerRead = API_PATHS.scanner(route.modelId);

    const answer = await page(scanner, scannerRead);

    expect(answer.statusCode).toBe(200);
    expect(apiReads).toEqual([scannerRead]);
  });

  it('an unknown product is Not Found, read once, and the body says so from the same answer', async () => {
    const unknown = '/printers/multifunctionals/canon/no-such-model';
    const route = resolveSiteRoute(unknown);
    if (route.kind !== 'product') throw new Error('not a product page');
    const read = API_PATHS.product(route.modelId);
    const answer = await page(unknown, read);
    expect(answer.statusCode).toBe(404);
    expect(answer.body).toContain('<h1>could not be read: 404</h1>');
    expect(apiReads).toEqual([read]);
  });
});

describe('a content page', () => {
  it('reads its CMS page once, for its head and its body', async () => {
    const read = API_PATHS.page('print-audit');
    const answer = await page('/services/print-audit', read);
    expect(answer.statusCode).toBe(200);
    const title = /<h1>([^<]*)<\/h1>/.exec(answer.body)![1]!;
    expect(answer.body).toContain(`<title>${title} - Copytech</title>`);
    expect(apiReads).toEqual([read]);
  });
});

describe('two requests for the same page', () => {
  it('each read for themselves: an answer is shared within a page, never across requests', async () => {
    const read = API_PATHS.page('print-audit');
    // Kept pages are sent again whole, without a read: another query string makes each a page of its own.
    await app.inject({ method: 'GET', url: `/services/print-audit?read=${encodeURIComponent(read)}&first` });
    await app.inject({ method: 'GET', url: `/services/print-audit?read=${encodeURIComponent(read)}&second` });
    expect(apiReads).toEqual([read, read]);
  });
});
