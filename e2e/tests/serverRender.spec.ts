/**
 * Server rendering: the raw HTML of each page type carries the page itself (its h1, its main
 * content, a list's first products, a product's price), with no inline script; every page type
 * hydrates in Chromium with no console error and without fetching what the server rendered with,
 * and works after; a visitor without JavaScript reads lists and product pages and follows links;
 * a remote whose server build is missing or throws leaves its part to the browser, on a 200 page.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { APPS } from '@copytech/shared/apps';
import { expect, test } from '../support/test';
import { REPO_ROOT, startServer } from '../support/server';

const PAGES = {
  home: '/',
  list: '/printers/multifunctionals',
  landing: '/office-printers',
  product: '/printers/multifunctionals/brother/mfc-l8900cdw',
  scanner: '/scanners/epson/workforce-ds-970',
  content: '/contact-us',
  service: '/services/print-audit',
  checker: '/discover-print-savings',
} as const;

async function raw(request: APIRequestContext, pathname: string) {
  const response = await request.get(pathname);
  const html = await response.text();
  const root = html.match(/<div id="root">([\s\S]*)<\/div><script type="application\/json" id="copytech-page-data">/)?.[1] ?? '';
  return { status: response.status(), html, root, headers: response.headers() };
}

/** Text of the first element matching a tag in some HTML, tags stripped. */
const textOf = (html: string, pattern: RegExp) =>
  (html.match(pattern)?.[1] ?? '')
    .replace(/<[^>]+>/g, '')
    .replace(/<!-- -->/g, '')
    .trim();

test.describe('the raw HTML carries the page', () => {
  test('each page type has its h1 and its main content before any script runs', async ({ request }) => {
    const home = await raw(request, PAGES.home);
    expect(home.status).toBe(200);
    expect(textOf(home.root, /<h1[^>]*>([\s\S]*?)<\/h1>/)).toMatch(/printers/i);
    // The catalogue's featured printers, rendered into the content room's home page.
    expect(home.root).toContain('data-testid="featured-products"');
    expect(home.root.match(/href="\/printers\/[a-z-]+\/[a-z0-9-]+\/[a-z0-9-]+"/g)?.length ?? 0).toBeGreaterThanOrEqual(4);

    const list = await raw(request, PAGES.list);
    expect(textOf(list.root, /<h1[^>]*>([\s\S]*?)<\/h1>/)).toBe('Multifunctional printers');
    expect(list.root).toMatch(/Showing (<!-- -->)?12(<!-- -->)? of (<!-- -->)?\d+/);
    expect(new Set(list.root.match(/href="\/printers\/multifunctionals\/[a-z0-9-]+\/[a-z0-9-]+"/g)).size).toBe(12);

    const landing = await raw(request, PAGES.landing);
    expect(textOf(landing.root, /<h1[^>]*>([\s\S]*?)<\/h1>/)).toBe('Office printers');

    const product = await raw(request, PAGES.product);
    expect(textOf(product.root, /<h1[^>]*>([\s\S]*?)<\/h1>/)).toBe('Brother MFC-L8900CDW');
    expect(product.root).toMatch(/Starting at[\s\S]*£700\.00/);
    // £700 is under the lease minimum: the server renders the purchase price only.
    expect(product.root.split('Similar products')[0]).not.toMatch(/or rent from/);
    expect(product.root).toMatch(/To buy outright: a lease is offered on machines from (<!-- -->)?£1,000(<!-- -->)?\./);
    expect(product.root).toContain('Similar products');
    expect(product.html.match(/<script type="application\/ld\+json"/g)).toHaveLength(1);

    const scanner = await raw(request, PAGES.scanner);
    expect(textOf(scanner.root, /<h1[^>]*>([\s\S]*?)<\/h1>/)).toMatch(/WorkForce DS-970/);

    expect(textOf((await raw(request, PAGES.content)).root, /<h1[^>]*>([\s\S]*?)<\/h1>/)).toBe('Contact us');
    expect(textOf((await raw(request, PAGES.service)).root, /<h1[^>]*>([\s\S]*?)<\/h1>/)).toMatch(/audit/i);

    const checker = await raw(request, PAGES.checker);
    expect(textOf(checker.root, /<h1[^>]*>([\s\S]*?)<\/h1>/)).toBe('Discover your print savings');
    expect(checker.root).toMatch(/Step (<!-- -->)?1(<!-- -->)? of/);
  });

  test('a Not Found answer renders the Not Found page, with HTTP 404', async ({ request }) => {
    for (const pathname of [
      '/printers/multifunctionals/nobody/no-such-model',
      '/printers/plotters/brother/mfc-l8900cdw',
      '/services/no-such-service',
      '/no-such-page',
    ]) {
      const page = await raw(request, pathname);
      expect([pathname, page.status]).toEqual([pathname, 404]);
      expect(textOf(page.root, /<h1[^>]*>([\s\S]*?)<\/h1>/)).toBe('Page not found');
    }
  });

  test('no page has an inline script: data travels as JSON data blocks, and the CSP allows no inline script', async ({ request }) => {
    for (const pathname of Object.values(PAGES)) {
      const page = await raw(request, pathname);
      for (const tag of page.html.match(/<script\b[^>]*>/gi) ?? []) {
        expect(tag, `${pathname}: ${tag}`).toMatch(/\ssrc=|type="application\/(json|ld\+json)"/);
      }
      expect(page.html, pathname).not.toMatch(/\son[a-z]+=/i);
      const scriptSrc = page.headers['content-security-policy']?.match(/script-src ([^;]*)/)?.[1] ?? '';
      expect(scriptSrc).not.toContain('unsafe-inline');
    }
  });

  test('a page answered again is the same bytes, with a validator: a repeat with If-None-Match is a 304', async ({ request }) => {
    // The first answer may be streamed as it is rendered (no ETag); it is kept, and sent again whole.
    const rendered = await (await request.get(PAGES.product)).text();
    const first = await request.get(PAGES.product);
    expect(await first.text()).toBe(rendered);
    const etag = first.headers()['etag'];
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers()['cache-control']).toBe('no-cache');
    const again = await request.get(PAGES.product, { headers: { 'If-None-Match': etag! } });
    expect(again.status()).toBe(304);
  });
});

/** Console errors and warnings, page errors, and the site's API reads, from now on. */
function watch(page: Page) {
  const problems: string[] = [];
  const reads: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && request.method() === 'GET') reads.push(url.pathname + url.search);
  });
  return { problems, reads };
}

test.describe('hydration', () => {
  for (const [kind, pathname] of Object.entries(PAGES)) {
    test(`the ${kind} page hydrates with no console error or warning, and without reading again what the server read`, async ({ page }) => {
      const seen = watch(page);
      const response = await page.goto(pathname);
      expect(response?.status()).toBe(200);
      await page.waitForLoadState('networkidle');
      expect(seen.problems).toEqual([]);
      // The server answered these reads; the browser hydrates with its answers.
      const served = JSON.parse((await page.locator('#copytech-page-data').textContent()) ?? '{}') as Record<string, unknown>;
      expect(seen.reads.filter((read) => read in served)).toEqual([]);
    });
  }

  test('a list reached from an ad (campaign tags, a click id) hydrates from the page kept without them', async ({ page, request }) => {
    await request.get(PAGES.landing);
    const seen = watch(page);
    const response = await page.goto(`${PAGES.landing}?utm_source=google&utm_medium=cpc&gclid=Cj0KCQiA-e2e`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['etag']).toBeDefined();
    await page.waitForLoadState('networkidle');
    expect(seen.problems).toEqual([]);
    const served = JSON.parse((await page.locator('#copytech-page-data').textContent()) ?? '{}') as Record<string, unknown>;
    expect(seen.reads.filter((read) => read in served)).toEqual([]);
    // The visitor's address keeps its tags (the quote's first-touch campaign reads them).
    expect(page.url()).toContain('gclid=Cj0KCQiA-e2e');
  });

  test('after hydration: add to basket, the drawer, a filter and the checker work', async ({ page }) => {
    const seen = watch(page);
    await page.goto(PAGES.list);
    const firstCard = page.getByTestId('product-card').first();
    await firstCard.getByRole('button', { name: 'Add to basket' }).click();
    await expect(page.getByTestId('basket-count')).toHaveText('1');
    await page.getByTestId('basket-toggle').click();
    const drawer = page.getByRole('dialog', { name: /basket/i });
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await page
      .getByRole('checkbox', { name: /^Ricoh/ })
      .first()
      .check();
    await expect(page).toHaveURL(/brand=Ricoh/);
    await expect(page.getByTestId('product-card').first()).toContainText('RICOH', { ignoreCase: true });

    await page.goto(PAGES.checker);
    const wizard = page.locator('[data-team="checker"]');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByText('Please choose how you would like to tell us your costs.')).toBeVisible();
    await wizard.getByRole('radio', { name: /Item by item/ }).check();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(page.locator('#checker-step-heading')).toHaveText('Your equipment');
    expect(seen.problems.filter((problem) => !/Failed to load resource/.test(problem))).toEqual([]);
  });

  test("the visitor's basket appears after hydration, without a mismatch", async ({ page }) => {
    await page.goto(PAGES.list);
    await page.getByTestId('product-card').first().getByRole('button', { name: 'Add to basket' }).click();
    await expect(page.getByTestId('basket-count')).toHaveText('1');
    const seen = watch(page);
    await page.goto(PAGES.product);
    await expect(page.getByTestId('basket-count')).toHaveText('1');
    await page.waitForLoadState('networkidle');
    expect(seen.problems).toEqual([]);
  });
});

test('a part whose code is still on its way keeps its server HTML through hydration: no loading state, no layout shift', async ({
  page,
}) => {
  // The product page's own chunk arrives 1.5 s late: the catalogue's slot hydrates (and goes live)
  // while the page inside it still waits for its code.
  await page.route(/\/remotes\/catalogue\/product-page\.[0-9a-f]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.addInitScript(() => {
    const seen = { shift: 0, loadingShown: false };
    (window as unknown as { seen: typeof seen }).seen = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!entry.hadRecentInput) seen.shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    new MutationObserver(() => {
      if (document.querySelector('[data-remote="catalogue"] [aria-busy="true"]')) seen.loadingShown = true;
    }).observe(document, { subtree: true, childList: true });
  });
  const watched = watch(page);
  await page.goto(PAGES.product);
  await expect(page.locator('[data-remote="catalogue"][data-live]')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Brother/);
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as { seen: unknown }).seen)).toEqual({ shift: 0, loadingShown: false });
  // And it works: its code has come, and its buttons answer.
  await page.getByRole('button', { name: 'Add to basket' }).first().click();
  await expect(page.getByTestId('basket-count')).toHaveText('1');
  expect(watched.problems).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });

  test('a visitor reads a list, follows a card to its product page and reads its price', async ({ page }) => {
    const response = await page.goto(PAGES.list);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Multifunctional printers' })).toBeVisible();
    await expect(page.getByTestId('product-card')).toHaveCount(12);
    const card = page.getByTestId('product-card').first().getByRole('link').first();
    const name = (await card.textContent())?.trim() ?? '';
    await card.click();
    await expect(page).toHaveURL(/\/printers\/multifunctionals\/[a-z0-9-]+\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name.split(/\s+/).slice(-1)[0]!, { ignoreCase: true });
    await expect(page.getByText(/Starting at/).first()).toBeVisible();
    await expect(page.getByText(/ex VAT/).first()).toBeVisible();
  });

  test('home and a content page read in full, and say what needs JavaScript', async ({ page }) => {
    await page.goto(PAGES.home);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('featured-products').getByRole('link').first()).toBeVisible();
    // What still needs it: the comparison basket alone (the forms, filters and quotes work without it).
    const note = await page.locator('noscript').first().textContent();
    expect(note).toMatch(/comparison basket needs JavaScript/);
    expect(note).toMatch(/work out your print savings/);
    await page.goto(PAGES.content);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  });

  test('the savings checker’s step is a form that posts to its own page, so its Next works (checkerWithoutJs.spec.ts walks every step)', async ({
    page,
  }) => {
    await page.goto(PAGES.checker);
    const wizard = page.locator('[data-team="checker"]');
    const form = wizard.locator('form[method="post"]');
    await expect(form).toHaveAttribute('action', '/discover-print-savings');
    await expect(form.getByRole('button', { name: 'Next' })).toBeVisible();
    await wizard.getByRole('radio', { name: /Item by item/ }).check();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(page.locator('#checker-step-heading')).toHaveText('Your equipment');
  });
});

test.describe('a remote that fails on the server', () => {
  test.setTimeout(120_000);

  for (const [failure, breakIt] of [
    ['whose server build is missing', (dir: string) => rmSync(dir, { recursive: true, force: true })],
    [
      'whose server build throws',
      (dir: string) => writeFileSync(path.join(dir, 'remoteEntry.js'), 'throw new Error("broken server build");\n'),
    ],
  ] as const) {
    test(`a remote ${failure} leaves its part to the browser, on a 200 page`, async ({ page }) => {
      const siteRoot = mkdtempSync(path.join(os.tmpdir(), 'copytech-site-'));
      for (const { folder: app } of APPS) {
        cpSync(path.join(REPO_ROOT, app, 'dist'), path.join(siteRoot, app, 'dist'), { recursive: true });
      }
      breakIt(path.join(siteRoot, 'mfe-catalogue', 'dist', 'server'));
      const server = await startServer({ SITE_ROOT: siteRoot });
      try {
        const response = await fetch(server.url + PAGES.list);
        expect(response.status).toBe(200);
        const html = await response.text();
        // The shell is rendered; the catalogue's slot is left to the browser (its fallback only).
        expect(html).toContain('Skip to main content');
        expect(html).toContain('data-remote="catalogue"');
        expect(html).not.toContain('data-testid="product-list"');

        const seen = watch(page);
        await page.goto(server.url + PAGES.list);
        await expect(page.getByRole('heading', { level: 1, name: 'Multifunctional printers' })).toBeVisible();
        await expect(page.getByTestId('product-card')).toHaveCount(12);
        await page.waitForLoadState('networkidle');
        expect(seen.problems).toEqual([]);
      } finally {
        await server.stop();
        rmSync(siteRoot, { recursive: true, force: true });
      }
    });
  }
});
