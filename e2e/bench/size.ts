/**
 * npm run bench:size — a benchmark, not a test. Loads each main route of the production build in
 * Chromium and prints the JavaScript it loaded (requests, raw bytes, gzip bytes) and how many
 * copies of react, react-dom and mobx the federation runtime instantiated (must be 1 each).
 * JavaScript the page only prefetched for later (webpack prefetch hints, fetched at idle) is shown
 * in its own column and is not part of the first load the budget applies to.
 * Needs `npm run build` first. The measuring is e2e/support/firstLoad.ts, the same the budget test
 * (e2e/tests/firstLoad.spec.ts) uses; gzip sizes are measured there (level 9) so the figure does
 * not depend on the server's compression settings.
 */
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../support/chromium';
import { loadedSharedCopies } from '../support/federation';
import { FIRST_LOAD_BUDGET_GZIP, kb, measureScripts } from '../support/firstLoad';
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
  /** Measured after an interaction (a click), so not a first load: the budget does not apply. */
  afterInteraction: boolean;
}

async function measure(page: Page, url: string, label: string, after?: (page: Page) => Promise<void>): Promise<Row> {
  const { requests, rawBytes, gzipBytes, prefetchedGzipBytes } = await measureScripts(page, url, after);
  const copies = await loadedSharedCopies(page);
  return {
    route: label,
    requests,
    rawBytes,
    gzipBytes,
    prefetchedGzipBytes,
    react: copies.react?.length ?? 0,
    reactDom: copies['react-dom']?.length ?? 0,
    mobx: copies.mobx?.length ?? 0,
    afterInteraction: after !== undefined,
  };
}

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

    const header = ['route', 'JS requests', 'JS raw', 'JS gzip', '+ prefetched', 'react', 'react-dom', 'mobx', 'first-load budget'];
    const table = rows.map((r) => [
      r.route,
      String(r.requests),
      kb(r.rawBytes),
      kb(r.gzipBytes),
      kb(r.prefetchedGzipBytes),
      String(r.react),
      String(r.reactDom),
      String(r.mobx),
      r.afterInteraction ? 'n/a (after a click)' : r.gzipBytes <= FIRST_LOAD_BUDGET_GZIP ? 'ok' : 'OVER',
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
