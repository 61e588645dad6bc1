/**
 * Site search as a visitor meets it (docs/product-rules.md "Site search"): the header's box on
 * every page, with JavaScript off (a plain form to /search) and on (the catalogue's typeahead, a
 * WAI-ARIA 1.2 combobox, loaded when the box is first used); the search page rendered on the server
 * (noindex, the query escaped in its title and h1, machines then lists and pages, paged by links, a
 * page past the end 404, guidance for no query, no dead end when nothing matched); axe at 1280 and
 * 375 px.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { COMPANY } from '@copytech/shared/domain';
import { expect, test } from '../support/test';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const box = (page: Page) => page.getByRole('search', { name: 'Site' }).getByRole('searchbox', { name: 'Search machines and pages' });
const combobox = (page: Page) => page.getByRole('combobox', { name: 'Search machines and pages' });
const listbox = (page: Page) => page.getByRole('listbox', { name: 'Search suggestions' });
const cardNames = (page: Page) => page.getByTestId('search-machines').getByTestId('product-card').getByRole('heading');

async function expectNoViolations(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const report = results.violations.map((v) => `- ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`).join('\n');
  expect(
    results.violations.map((v) => v.id),
    `axe violations on ${what}:\n${report}`,
  ).toEqual([]);
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  // Several server-rendered pages in each test.
  test.setTimeout(120_000);
  // The server's HTML is the whole page: nothing to wait for once it is read (no script will run).
  const WHOLE = { waitUntil: 'domcontentloaded' } as const;

  test('the header box on any page sends a plain form to /search, which the server renders whole', async ({ page }) => {
    await page.goto('/photocopiers', WHOLE);
    await box(page).fill('mfc-l8900cdw');
    await box(page).press('Enter');
    await expect(page).toHaveURL(/\/search\?q=mfc-l8900cdw$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “mfc-l8900cdw”');
    await expect(cardNames(page).first()).toHaveText('Brother MFC-L8900CDW');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
  });

  test('paged by links: Next and the page numbers, each machine on one page, past the end 404', async ({ page }) => {
    await page.goto('/search?q=canon', WHOLE);
    const count = page.getByTestId('search-count');
    const total = Number(/^(\d+) machines/.exec((await count.textContent()) ?? '')?.[1]);
    expect(total).toBeGreaterThan(12);
    const first = await cardNames(page).allTextContents();
    expect(first).toHaveLength(12);
    await expect(page.getByTestId('search-pages').getByRole('link').first()).toBeVisible();
    const pager = page.getByRole('navigation', { name: 'Pages of machines found' });
    await expect(pager.locator('[aria-current="page"]')).toHaveText('Page 1');
    await pager.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/\/search\?q=canon&page=2$/);
    const second = await cardNames(page).allTextContents();
    expect(second.filter((name) => first.includes(name))).toEqual([]);
    await expect(page.getByTestId('search-pages')).toHaveCount(0);
    await expect(pager.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/search?q=canon');
    const last = Math.ceil(total / 12);
    expect((await page.goto(`/search?q=canon&page=${last}`, WHOLE))?.status()).toBe(200);
    expect((await page.goto(`/search?q=canon&page=${last + 1}`, WHOLE))?.status()).toBe(404);
    expect((await page.goto('/search?q=canon&page=two', WHOLE))?.status()).toBe(404);
  });

  test('no query gives guidance; nothing found gives the lists, the sales number and the featured printers', async ({ page }) => {
    expect((await page.goto('/search', WHOLE))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search');
    await page.getByTestId('search-guidance').getByRole('link', { name: 'mfcl8900' }).click();
    await expect(cardNames(page).first()).toHaveText('Brother MFC-L8900CDW');

    expect((await page.goto('/search?q=xqzvvk', WHOLE))?.status()).toBe(200);
    const none = page.getByTestId('search-no-results');
    await expect(none).toContainText('No machine, list or page matched “xqzvvk”');
    await expect(none.getByRole('link', { name: 'Photocopiers' })).toHaveAttribute('href', '/photocopiers');
    await expect(none.getByRole('link', { name: COMPANY.salesPhone })).toHaveAttribute('href', /^tel:/);
    await expect(none.getByTestId('featured-products').getByTestId('product-card').first()).toBeVisible();
  });
});

test('the raw page: the query escaped in the title and the h1, never indexed, never in the sitemap', async ({ request }) => {
  const html = await (await request.get('/search?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E')).text();
  expect(html).not.toContain('<script>alert(1)');
  expect(html).toContain('<title>Search results for “&lt;script&gt;alert(1)&lt;/script&gt;” - Copytech</title>');
  expect(html).toMatch(/<h1[^>]*>Search results for “&lt;script&gt;alert\(1\)&lt;\/script&gt;”<\/h1>/);
  expect(html).toContain('<meta name="robots" content="noindex, follow">');
  expect(await (await request.get('/sitemap.xml')).text()).not.toContain('/search');
});

test.describe('the typeahead', () => {
  test('by keyboard: type, the count is announced, Down and Enter open the machine; Escape closes, then clears', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[role="combobox"]')).toHaveCount(0); // nothing loaded before the box is used
    await box(page).click();
    await page.keyboard.type('mfcl8900');
    await expect(combobox(page)).toHaveAttribute('aria-expanded', 'true');
    const options = listbox(page).getByRole('option');
    await expect(options.first()).toContainText('Brother MFC-L8900CDW');
    await expect(options.first()).toContainText(/Starting at £[\d,.]+ ex VAT/);
    await expect(options.last()).toHaveText(/See all results for “mfcl8900”/);
    await expect(page.getByTestId('search-announcement')).toHaveText(/^\d+ machines? (and \d+ (list or page|lists and pages) )?found\.$/);
    await page.keyboard.press('Escape');
    await expect(combobox(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(combobox(page)).toHaveValue('mfcl8900');
    await page.keyboard.press('ArrowDown');
    await expect(combobox(page)).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id'))!);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/brother\/mfc-l8900cdw$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('MFC-L8900CDW');

    await combobox(page).fill('canon');
    await expect(options.first()).toBeVisible();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(combobox(page)).toHaveValue('');
  });

  test('Enter with nothing highlighted opens the search page in place; asks once for a word typed quickly', async ({ page }) => {
    await page.goto('/');
    const asked: string[] = [];
    page.on('request', (r) => r.url().includes('/api/search') && asked.push(new URL(r.url()).searchParams.get('q') ?? ''));
    await box(page).click();
    await page.keyboard.type('konica', { delay: 30 });
    await expect(listbox(page).getByRole('option').first()).toContainText('Konica Minolta');
    expect(asked).toEqual(['konica']);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=konica$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “konica”');
  });

  test('a slow answer to an older query never shows over a newer one', async ({ page }) => {
    await page.goto('/');
    await page.route('**/api/search?q=kyocera&*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue().catch(() => undefined); // aborted by the newer query
    });
    await box(page).click();
    await page.keyboard.type('kyocera');
    await page.waitForRequest((r) => r.url().includes('q=kyocera&'));
    await combobox(page).fill('bizhub c301i');
    const options = listbox(page).getByRole('option');
    await expect(options.first()).toContainText('bizhub C301i');
    await page.waitForTimeout(2000);
    await expect(options.first()).toContainText('bizhub C301i');
    await expect(options.last()).toHaveText(/See all results for “bizhub c301i”/);
  });

  test('the plain form still works when the catalogue cannot be loaded', async ({ page }) => {
    await page.goto('/');
    // its files from its own build or from its release (the built server's start snapshot)
    for (const files of ['**/remotes/catalogue/**', '**/releases/catalogue/**']) await page.route(files, (route) => route.abort());
    await box(page).click();
    await page.keyboard.type('canon');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=canon$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “canon”');
  });
});

for (const width of [1280, 375]) {
  test(`axe finds nothing at ${width} px: the results, no result, and the suggestions open`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/search?q=canon');
    await expect(cardNames(page).first()).toBeVisible();
    await expectNoViolations(page, `/search?q=canon at ${width}`);
    await page.goto('/search?q=xqzvvk');
    await expectNoViolations(page, `no result at ${width}`);
    await page.goto('/search');
    await expectNoViolations(page, `no query at ${width}`);
    await box(page).click();
    await page.keyboard.type('bizhub');
    await expect(listbox(page).getByRole('option').first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expectNoViolations(page, `the suggestions open at ${width}`);
  });
}
