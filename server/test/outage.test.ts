/**
 * A dependency outage is an outage (docs/product-rules.md "When something is wrong"): PostgreSQL is
 * stopped under a running app (a cluster of this test's own, server/test/postgres.ts
 * dedicatedCluster, so the shared one stays up for the other tests), and every kind of answer that
 * needs it says 503 with Retry-After: the home page, a list, a product, a content page and the blog
 * (the trouble page, with the request's reference, never a Not Found), an API read and each write
 * (the API's JSON problem). A page still in the page cache is served from it. Then the database
 * comes back and the same requests answer as before, without a restart.
 *
 * The shell here is a small hand-written server build that shows what the page's data says is
 * wrong with the page (PAGE_PROBLEM_KEY), as the real shell's SiteRoutes does.
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { resolveSiteRoute } from '@copytech/shared/domain';
import { PAGE_PROBLEM_KEY } from '@copytech/shared/ssr';
import { sitemapEntries } from '../src/pages/sitemap';
import { DEPENDENCY_AWAY_MESSAGE } from '../src/http/dependencies';
import { leaseAnswers } from './fixtures/leaseAnswers';
import { C5840I, CONTACT, quoteBody, testApp, testConfig, siteWithShell, TEST_SHELL_TEMPLATE } from './helpers';
import { dedicatedCluster, postgresSkipped } from './postgres';

/** A script the browser would load (the index page's own: the shell's runtime and bootstrap). */
const SCRIPT_TAG = /<script\b[^>]*\bsrc=/;

/** The test's shell: what its pages render (siteWithShell). */
const SERVER_APP = `
function Body({ url, data }) {
  const problem = React.use(data.read(${JSON.stringify(PAGE_PROBLEM_KEY)} + new URL(url, 'http://site.invalid').pathname));
  if (!problem.ok) return React.createElement('main', null, 'the page');
  return React.createElement('main', null, 'problem ' + problem.value.status + ' reference ' + problem.value.reference);
}
function ServerApp(props) {
  return React.createElement(React.Suspense, { fallback: null }, React.createElement(Body, props));
}
`;

const API_READ = '/api/printers/all?limit=20';

const ENQUIRY = {
  kind: 'enquiry',
  name: 'Jo Bloggs',
  email: 'jo.bloggs@example.co.uk',
  phone: '0116 496 0123',
  company: 'Bloggs & Co',
  message: 'Please call me back about an A3 copier.',
  consent: true,
};

const describeOnPostgres = postgresSkipped() ? describe.skip : describe;

describeOnPostgres('PostgreSQL stopped under a running app', () => {
  let cluster: Awaited<ReturnType<typeof dedicatedCluster>>;
  let app: FastifyInstance;
  // Distinct URLs each round (a list's search, another product), so neither a page nor an API
  // answer kept from the round before is what answers: what is kept may be served (tested apart).
  let round = 0;
  let products: string[] = [];
  /** home, a list, a product, a content page, the blog */
  const pages = () => ['/', `/printers/multifunctionals?q=c${round}`, products[round]!, '/services/print-audit', '/blog'];

  beforeAll(async () => {
    cluster = await dedicatedCluster();
    app = await testApp(
      testConfig({
        database: cluster.database(),
        serveSite: true,
        siteRoot: siteWithShell(SERVER_APP, TEST_SHELL_TEMPLATE, 'ct-outage-'),
        serverRender: true,
        renderBudgetMs: 10_000,
      }),
    );
    const entries = await sitemapEntries(app.sitemap);
    products = entries.map((entry) => entry.path).filter((url) => resolveSiteRoute(url).kind === 'product' && url.startsWith('/printers/'));
    expect(products.length).toBeGreaterThanOrEqual(3);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    cluster?.remove();
  });

  const page = (url: string) => app.inject({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}round=${round}` });

  async function reportBody(): Promise<Record<string, unknown>> {
    const challenge = (await app.inject({ method: 'GET', url: '/api/captcha/challenge' })).json() as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    const captcha = Buffer.from(
      JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
    ).toString('base64');
    return { answers: leaseAnswers(), contactDetails: CONTACT, captcha };
  }

  /** Each write, as the site's forms send it. */
  async function writes(): Promise<Array<[string, InjectOptions]>> {
    const json = (url: string, payload: object): InjectOptions => ({ method: 'POST', url, payload });
    return [
      ['quote', json('/api/quote', quoteBody([C5840I]))],
      ['enquiry', json('/api/enquiries/send', ENQUIRY)],
      [
        'newsletter',
        {
          method: 'POST',
          url: '/api/newsletter',
          payload: new URLSearchParams({ 'mauticform[email]': `reader${round}@example.co.uk` }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
      ],
      ['report (with its captcha)', json('/api/report', await reportBody())],
    ];
  }

  const unavailable = (response: LightMyRequestResponse) => ({
    status: response.statusCode,
    retryAfter: response.headers['retry-after'],
    cacheControl: response.headers['cache-control'],
  });

  it('answers every kind of request as usual while the database is up', async () => {
    for (const url of pages()) {
      const response = await page(url);
      expect([url, response.statusCode]).toEqual([url, 200]);
      expect(response.body).toContain('the page');
    }
    expect((await app.inject({ method: 'GET', url: API_READ })).statusCode).toBe(200);
    for (const [name, request] of await writes()) expect([name, (await app.inject(request)).statusCode]).toEqual([name, 201]);
  }, 60_000);

  it('answers 503 with Retry-After while it is stopped: the trouble page with its reference, the JSON problem, counted', async () => {
    expect((await page('/')).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: API_READ })).statusCode).toBe(200);
    const before = await app.inject({ method: 'GET', url: '/api/captcha/challenge' });
    expect(before.statusCode).toBe(200);
    const report = await reportBody();
    cluster.stop('fast');
    round++;

    // a page kept a moment ago is still served from the page cache, an API answer from the answer cache
    round--;
    const working = await page('/');
    expect(working.statusCode).toBe(200);
    // a page the browser takes over has its scripts; a 503's trouble page is the server's alone (asStaticPage)
    expect(working.body).toMatch(SCRIPT_TAG);
    round++;
    expect((await app.inject({ method: 'GET', url: API_READ })).statusCode).toBe(200);

    for (const url of pages()) {
      const response = await page(url);
      expect([url, unavailable(response)]).toEqual([url, { status: 503, retryAfter: '30', cacheControl: 'no-store' }]);
      const reference = response.headers['x-request-id'] as string;
      expect(reference).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(response.body).toContain(`problem 503 reference ${reference}`);
      expect(response.body).toContain('<title>We are having trouble showing this page - Copytech</title>');
      expect(response.body).toContain('<meta name="robots" content="noindex">');
      expect(response.body).not.toMatch(SCRIPT_TAG);
    }

    const read = await app.inject({ method: 'GET', url: `${API_READ}&offset=1` });
    expect(unavailable(read)).toEqual({ status: 503, retryAfter: '30', cacheControl: 'no-store' });
    expect(read.json()).toEqual({ error: 'Service Unavailable', statusCode: 503, message: DEPENDENCY_AWAY_MESSAGE });

    const requests = (await writes()).map(([name, request]): [string, InjectOptions] =>
      name.startsWith('report') ? [name, { ...request, payload: report }] : [name, request],
    );
    for (const [name, request] of requests) {
      const response = await app.inject(request);
      expect([name, unavailable(response)]).toEqual([name, { status: 503, retryAfter: '30', cacheControl: 'no-store' }]);
      expect([name, response.json()]).toEqual([name, { error: 'Service Unavailable', statusCode: 503, message: DEPENDENCY_AWAY_MESSAGE }]);
    }
    // the captcha's challenge is signed, not stored: it goes on without the database
    expect((await app.inject({ method: 'GET', url: '/api/captcha/challenge' })).statusCode).toBe(200);

    // each answer above counted once (a page's own reads are not answers to a client)
    const counted = await app.metrics.dependencyUnavailable.get();
    expect(counted.values).toEqual([{ labels: { dependency: 'database' }, value: pages().length + 1 + requests.length }]);
  }, 60_000);

  it('answers as before once the database is back, without a restart', async () => {
    cluster.start();
    round++;
    for (const url of pages()) {
      const response = await page(url);
      expect([url, response.statusCode]).toEqual([url, 200]);
      expect(response.body).toContain('the page');
    }
    expect((await app.inject({ method: 'GET', url: `${API_READ}&offset=2` })).statusCode).toBe(200);
    for (const [name, request] of await writes()) expect([name, (await app.inject(request)).statusCode]).toEqual([name, 201]);
  }, 60_000);
});
