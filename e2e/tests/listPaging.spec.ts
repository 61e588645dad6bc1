/**
 * Lists without dead ends (docs/product-rules.md "Lists: filters, sorting and paging"): without
 * JavaScript a list is paged by links that end ("Page N of M", previous and next, every product on
 * exactly one page, a page past the end is 404); with JavaScript "Load more" appends, and Back from
 * a product returns to the same products at the same place; each filter option's count is the
 * server's, with the visitor's other filters applied, and an option that would give nothing is
 * disabled.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';

const cards = (page: Page) => page.getByTestId('product-card');
const cardLinks = (page: Page) => cards(page).getByRole('heading').getByRole('link');
const headLink = (page: Page, rel: string) => page.locator(`head link[rel="${rel}"]`);

async function hrefsOf(page: Page): Promise<string[]> {
  const links = cardLinks(page);
  const hrefs: string[] = [];
  for (let i = 0; i < (await links.count()); i++) hrefs.push((await links.nth(i).getAttribute('href')) ?? '');
  return hrefs;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  // Every page of the largest list, each one a navigation of its own.
  test.setTimeout(180_000);

  test('"Next" walks the largest list from its first page to its last: every page different, every product once, then no "Next"', async ({
    page,
    request,
    baseURL,
  }) => {
    // /printers lists every printer: the largest list of the site.
    const total = ((await (await request.get('/api/printers/all?limit=1')).json()) as { count: number }).count;
    for (const other of ['/api/scanners/all', '/api/products/category/finishers', '/api/printers/multifunctionals']) {
      expect(((await (await request.get(`${other}?limit=1`)).json()) as { count: number }).count).toBeLessThanOrEqual(total);
    }
    const pages = Math.ceil(total / 12);
    expect(pages).toBeGreaterThan(4);

    let response = await page.goto('/printers');
    const seen = new Set<string>();
    for (let number = 1; ; number++) {
      expect(response?.status()).toBe(200);
      const pager = page.getByRole('navigation', { name: 'Pages of printers' });
      await expect(pager.getByTestId('page-of')).toHaveText(`Page ${number} of ${pages}`);
      const hrefs = await hrefsOf(page);
      expect(hrefs.length).toBe(number < pages ? 12 : total - 12 * (pages - 1));
      for (const href of hrefs) {
        expect(seen.has(href), `${href} was already on an earlier page`).toBe(false);
        seen.add(href);
      }
      // The head: page 1's canonical has no ?page; the others name themselves, with prev and next.
      const self = number === 1 ? '/printers' : `/printers?page=${number}`;
      await expect(headLink(page, 'canonical')).toHaveAttribute('href', `${baseURL}${self}`);
      if (number > 1)
        await expect(headLink(page, 'prev')).toHaveAttribute(
          'href',
          `${baseURL}${number === 2 ? '/printers' : `/printers?page=${number - 1}`}`,
        );
      else await expect(headLink(page, 'prev')).toHaveCount(0);
      const next = pager.getByRole('link', { name: 'Next page' });
      if (number === pages) {
        await expect(next).toHaveCount(0);
        await expect(headLink(page, 'next')).toHaveCount(0);
        break;
      }
      await expect(headLink(page, 'next')).toHaveAttribute('href', `${baseURL}/printers?page=${number + 1}`);
      [response] = await Promise.all([page.waitForNavigation(), next.click()]);
      expect(page.url()).toBe(`${baseURL}/printers?page=${number + 1}`);
    }
    expect(seen.size).toBe(total);

    // Previous goes back one page; a page past the end is Not Found.
    await page.getByRole('navigation', { name: 'Pages of printers' }).getByRole('link', { name: 'Previous page' }).click();
    await expect(page).toHaveURL(`${baseURL}/printers?page=${pages - 1}`);
    const past = await page.goto(`/printers?page=${pages + 1}`);
    expect(past?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect((await page.goto('/printers?page=0'))?.status()).toBe(404);
  });

  test('the page links keep the filters and the sort', async ({ page }) => {
    await page.goto('/printers/multifunctionals?brand=Canon&sort=price-asc');
    const next = page.getByRole('navigation', { name: 'Pages of printers' }).getByRole('link', { name: 'Next page' });
    await expect(next).toHaveAttribute('href', '/printers/multifunctionals?brand=Canon&sort=price-asc&page=2');
    await next.click();
    await expect(page.getByTestId('result-count')).toHaveText(/^Showing 13 to \d+ of \d+ printers$/);
    for (const brand of await cards(page).locator('h3 span:first-child').allTextContents()) expect(brand).toBe('Canon');
  });
});

test('with JavaScript: "Load more" twice, open a product, Back: the same products, at the same place', async ({ page }) => {
  await page.goto('/printers/multifunctionals');
  await expect(cards(page)).toHaveCount(12);
  const more = page.getByRole('button', { name: 'Load more printers' });
  await more.click();
  await expect(cards(page)).toHaveCount(24);
  await more.click();
  await expect(cards(page)).toHaveCount(36);
  await expect(page.getByTestId('result-count')).toHaveText(/^Showing 36 of \d+ printers$/);
  const listed = await hrefsOf(page);

  const chosen = cardLinks(page).nth(30);
  await chosen.scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 40);
  // Where the visitor is once the page has stopped scrolling (a wheel scrolls smoothly).
  let scrolled = -1;
  await expect
    .poll(async () => {
      const now = await page.evaluate(() => window.scrollY);
      const settled = now === scrolled;
      scrolled = now;
      return settled && now > 1000;
    })
    .toBe(true);
  const href = await chosen.getAttribute('href');
  await chosen.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goBack();
  await expect(cards(page)).toHaveCount(36);
  expect(await hrefsOf(page)).toEqual(listed);
  await expect.poll(async () => Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(5);
  await expect(cardLinks(page).nth(30)).toBeInViewport();
});

test('each filter option counts what the list would hold with it chosen; an option that would give nothing is disabled', async ({
  page,
  request,
}) => {
  await page.goto('/printers/multifunctionals');
  const filters = page.getByRole('form', { name: 'Filter printers' });
  await filters
    .getByRole('group', { name: 'Maximum paper size' })
    .getByRole('checkbox', { name: /^SRA3\b/ })
    .check();
  await expect(page).toHaveURL(/\?maxPaperSize=SRA3$/);
  await filters
    .getByRole('group', { name: 'Colour or mono' })
    .getByRole('radio', { name: /^Colour\b/ })
    .check();
  await expect(page).toHaveURL(/\?maxPaperSize=SRA3&colour=colour$/);

  const answer = (await (await request.get('/api/printers/multifunctionals?limit=1&maxPaperSize=SRA3&colour=colour')).json()) as {
    count: number;
    facets: { brands: Array<{ brand: string; count: number }> };
  };
  await expect(page.getByTestId('result-count')).toHaveText(`Showing 12 of ${answer.count} printers`);
  const brands = filters.getByRole('group', { name: 'Brand' });
  expect(answer.facets.brands.some((b) => b.count === 0)).toBe(true);
  for (const { brand, count } of answer.facets.brands) {
    const box = brands.getByRole('checkbox', { name: new RegExp(`^${brand}\\s*\\(${count}\\)$`) });
    await expect(box).toHaveCount(1);
    if (count === 0) await expect(box).toBeDisabled();
    else await expect(box).toBeEnabled();
  }

  // Choosing an option gives the list its count promised.
  const chosen = answer.facets.brands.find((b) => b.count > 0)!;
  await brands.getByRole('checkbox', { name: new RegExp(`^${chosen.brand}\\b`) }).check();
  await expect(page.getByTestId('result-count')).toHaveText(
    `Showing ${Math.min(12, chosen.count)} of ${chosen.count} ${chosen.count === 1 ? 'printer' : 'printers'}`,
  );
});
