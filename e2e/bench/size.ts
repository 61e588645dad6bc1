/**
 * npm run bench:size — a benchmark, not a test. Loads each main route of the production build in
 * Chromium and prints the JavaScript it loaded (requests, raw bytes, gzip bytes) and how many
 * copies of react, react-dom and mobx the federation runtime instantiated (must be 1 each).
 * JavaScript the page only prefetched for later (webpack prefetch hints, fetched at idle) is shown
 * in its own column and is not part of the first load the budget applies to.
 * Needs `npm run build` first. Gzip sizes are measured here (level 9) so the figure does not
 * depend on the server's compression settings.
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../support/chromium';
import { loadedSharedCopies } from '../support/federation';
import { startServer } from '../support/server';

interface Row {
  route: string;
  requests: number;
  rawBytes: number;
  gzipBytes: number;
  /** Fetched ahead for later (a `<link rel=prefetch>` at idle), not run by this page. */
  prefetchedGzipBytes: number;
  react: number;
  reactDom: number;
  mobx: number;
}

const BUDGET_GZIP = 170 * 1024;

async function measure(page: Page, url: string, label: string, after?: (page: Page) => Promise<void>): Promise<Row> {
  const bodies = new Map<string, Promise<Buffer>>();
  const prefetched = new Map<string, Promise<Buffer>>();
  const onResponse = (response: import('@playwright/test').Response) => {
    const type = response.headers()['content-type'] ?? '';
    const body = () => response.body().catch(() => Buffer.alloc(0));
    // A script the page ran is a 'script' request; JavaScript fetched any other way is a
    // prefetch for a later navigation (webpack's prefetch hints), reported on its own.
    if (response.request().resourceType() === 'script') bodies.set(response.url(), body());
    else if (type.includes('javascript')) prefetched.set(response.url(), body());
  };
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'networkidle' });
  if (after) {
    await after(page);
    await page.waitForLoadState('networkidle');
  }
  page.off('response', onResponse);
  const buffers = await Promise.all(bodies.values());
  const ahead = (await Promise.all(prefetched.values())).filter((_, i) => !bodies.has([...prefetched.keys()][i]!));
  const copies = await loadedSharedCopies(page);
  return {
    route: label,
    requests: buffers.length,
    rawBytes: buffers.reduce((sum, b) => sum + b.length, 0),
    gzipBytes: buffers.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0),
    prefetchedGzipBytes: ahead.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0),
    react: copies.react?.length ?? 0,
    reactDom: copies['react-dom']?.length ?? 0,
    mobx: copies.mobx?.length ?? 0,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const list = await (await fetch(`${server.url}/api/printers/multifunctionals?limit=1`)).json().catch(() => null);
    const { productPath } = await import('@copytech/shared/domain');
    const productUrl = list?.results?.[0] ? productPath(list.results[0]) : null;

    const routes: Array<[string, string, ((page: Page) => Promise<void>)?]> = [
      ['/', 'home'],
      ['/printers/multifunctionals', 'list'],
      ...(productUrl ? ([[productUrl, 'product page']] as Array<[string, string]>) : []),
      ['/discover-print-savings', 'checker'],
      ['/services/print-audit', 'service page'],
      ['/contact-us', 'contact'],
      ['/scanners', 'scanners list'],
      [
        '/printers/multifunctionals',
        'list + basket drawer',
        async (page) => {
          await page.getByRole('button', { name: /^comparison basket/i }).click();
          // The page was already idle: wait for the basket remote itself to arrive and render.
          await page.locator('[data-remote="basket"] h2').first().waitFor();
        },
      ],
    ];
    const rows: Row[] = [];
    for (const [path, label, after] of routes) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      rows.push(await measure(page, server.url + path, `${label} (${path})`, after));
      await context.close();
    }

    const header = ['route', 'JS requests', 'JS raw', 'JS gzip', '+ prefetched', 'react', 'react-dom', 'mobx', 'gzip budget'];
    const table = rows.map((r) => [
      r.route,
      String(r.requests),
      kb(r.rawBytes),
      kb(r.gzipBytes),
      kb(r.prefetchedGzipBytes),
      String(r.react),
      String(r.reactDom),
      String(r.mobx),
      r.gzipBytes <= BUDGET_GZIP ? 'ok' : 'OVER',
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
    const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
    console.log(line(header));
    console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    table.forEach((row) => console.log(line(row)));
    const duplicated = rows.filter((r) => r.react > 1 || r.reactDom > 1 || r.mobx > 1);
    if (duplicated.length) console.log(`\nMore than one copy of a shared library on: ${duplicated.map((r) => r.route).join(', ')}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
