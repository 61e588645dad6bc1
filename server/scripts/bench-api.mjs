// npm run bench:api: starts the built app in this process on a loopback port with a temporary
// VAR_DIR (seeded from server/data, rate limits raised), runs autocannon for BENCH_SECONDS
// (default 10) against a 12-product list (plain, with Accept-Encoding: br, with gzip), a product
// endpoint (plain and br), POST /api/quote, and the server-rendered pages of a product and a list
// at 20 connections (as sent: from the page cache; and rendered on every request, each request
// with a query string of its own), site search (GET /api/search at 20 connections cycling through
// the 50 real queries of search-queries.json; and the same queries with the answer cache bypassed,
// bench-search-uncached.cjs, so every one is ranked afresh), and prints requests per second
// and p99 latency. The pages need the apps built (`npm run build`); BENCH_ONLY=search does not.
// BENCH_PORT (default 8112), BENCH_CONNECTIONS (default 50), BENCH_ONLY (a comma list of words:
// only the scenarios whose name contains one of them, e.g. BENCH_ONLY=list), BENCH_WARMUP_SECONDS
// (default 2, unmeasured, before each scenario), BENCH_WORKERS (default 1: autocannon
// in a worker thread, so that the load it makes does not run in the server's own event loop; 0 runs
// it there). With DATABASE_URL (and ALTCHA_HMAC_KEY, which PostgreSQL requires) it runs on that PostgreSQL
// database instead of a temporary SQLite.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
// As npm start does (src/main.ts): production React unless the environment says otherwise.
process.env.NODE_ENV ??= 'production';
const { buildApp, loadConfig } = await import('../dist/app.js');

const seconds = Number(process.env.BENCH_SECONDS || 10);
const port = Number(process.env.BENCH_PORT || 8112);
const connections = Number(process.env.BENCH_CONNECTIONS || 50);
const workers = Number(process.env.BENCH_WORKERS ?? 1);
// Each scenario first runs this long unmeasured: the JIT and each render process warm up on it.
const warmup = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const only = (process.env.BENCH_ONLY || '')
  .split(',')
  .map((word) => word.trim().toLowerCase())
  .filter(Boolean);
const varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copytech-bench-'));

const config = loadConfig({
  ...process.env,
  VAR_DIR: varDir,
  SERVE_SITE: 'true',
  SMTP_URL: '',
  ENQUIRY_API_URL: '',
  MAUTIC_URL: '',
  RATE_LIMIT_QUOTE_PER_MINUTE: String(1e9),
  RATE_LIMIT_FORMS_PER_MINUTE: String(1e9),
});
const app = await buildApp({ config, logger: false });
await app.listen({ port, host: '127.0.0.1' });
const base = `http://127.0.0.1:${port}`;

const quote = JSON.stringify({
  productIds: ['canonimagerunneradvancedxc5840i', 'ricohimc3010'],
  contactDetails: {
    firstName: 'Bench',
    lastName: 'Mark',
    email: 'bench@example.co.uk',
    phoneNumber: '0116 496 0123',
    postcode: 'LE19 1WX',
  },
  eventType: 'QUOTE',
  utm: {},
});

const list = `${base}/api/printers/multifunctionals?limit=12&sort=price-asc`;
const productPage = `${base}/printers/multifunctionals/canon/imagerunner-advance-dx-c5840i`;
const listPage = `${base}/printers/multifunctionals`;
/** A query string of its own per request: the page cache never has it, so each is rendered. */
const uncached = () => ({
  requests: [{ method: 'GET', setupRequest: fileURLToPath(new URL('./bench-unique-query.cjs', import.meta.url)) }],
});
const PAGE_CONNECTIONS = 20;
const product = `${base}/api/v3/products/canonimagerunneradvancedxc5840i`;
/** Site search: the 50 real queries in turn, each connection cycling through all of them. */
const SEARCH_CONNECTIONS = 20;
const searchQueries = JSON.parse(fs.readFileSync(new URL('./search-queries.json', import.meta.url), 'utf8'));
const searchRequests = searchQueries.map((q) => ({ method: 'GET', path: `/api/search?${new URLSearchParams({ q, limit: '12' })}` }));
const scenarios = [
  { name: 'GET list', url: list },
  { name: 'GET list br', url: list, headers: { 'accept-encoding': 'br' } },
  { name: 'GET list gzip', url: list, headers: { 'accept-encoding': 'gzip' } },
  { name: 'GET product', url: product },
  { name: 'GET product br', url: product, headers: { 'accept-encoding': 'br' } },
  { name: 'POST quote', url: `${base}/api/quote`, method: 'POST', headers: { 'content-type': 'application/json' }, body: quote },
  { name: 'page product br', url: productPage, headers: { 'accept-encoding': 'br' }, connections: PAGE_CONNECTIONS },
  { name: 'page list br', url: listPage, headers: { 'accept-encoding': 'br' }, connections: PAGE_CONNECTIONS },
  { name: 'page product rendered', url: productPage, headers: { 'accept-encoding': 'br' }, connections: PAGE_CONNECTIONS, ...uncached() },
  { name: 'page list rendered', url: listPage, headers: { 'accept-encoding': 'br' }, connections: PAGE_CONNECTIONS, ...uncached() },
  { name: 'GET search br', url: base, headers: { 'accept-encoding': 'br' }, connections: SEARCH_CONNECTIONS, requests: searchRequests },
  {
    name: 'GET search ranked',
    url: base,
    headers: { 'accept-encoding': 'br' },
    connections: SEARCH_CONNECTIONS,
    requests: [{ method: 'GET', setupRequest: fileURLToPath(new URL('./bench-search-uncached.cjs', import.meta.url)) }],
  },
].filter((scenario) => !only.length || only.some((word) => scenario.name.toLowerCase().includes(word)));

// A page rendered on the server holds its remotes' markup; without the apps' builds it would not.
for (const url of scenarios.some((scenario) => scenario.name.startsWith('page')) ? [productPage, listPage] : []) {
  const html = await (await fetch(url)).text();
  if (!html.includes('data-remote=')) {
    console.error(`${url} was not rendered on the server: run \`npm run build\` first.`);
    process.exit(1);
  }
}

const rows = [];
try {
  for (const scenario of scenarios) {
    process.stdout.write(
      `${scenario.name}: ${warmup} s to warm up, then ${seconds} s with ${scenario.connections ?? connections} connections…\n`,
    );
    if (warmup > 0) await autocannon({ connections, ...scenario, duration: warmup, ...(workers ? { workers } : {}) });
    const result = await autocannon({ connections, ...scenario, duration: seconds, ...(workers ? { workers } : {}) });
    rows.push({
      endpoint: scenario.name,
      connections: scenario.connections ?? connections,
      'requests/s': Math.round(result.requests.average),
      'p99 ms': result.latency.p99,
      'avg ms': Number(result.latency.average.toFixed(2)),
      total: result.requests.total,
      'non-2xx': result.non2xx,
      'bytes/answer': result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
      errors: result.errors,
    });
  }
  const quotes = await app.db
    .selectFrom('quotes')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  console.log(
    `\nCopytech API on Node ${process.version}, ${os.cpus().length} CPU(s), ${connections} connections, load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}, ${config.database.url ? 'PostgreSQL (DATABASE_URL)' : `SQLite in ${varDir}`}`,
  );
  console.table(rows);
  console.log(`quotes stored during the run: ${quotes?.n}`);
} finally {
  await app.close();
  fs.rmSync(varDir, { recursive: true, force: true });
}
