/**
 * List filters that keep what is typed and work without JavaScript (docs/product-rules.md "Lists:
 * filters, sorting and paging"): the speed fields typed at full speed keep both values, and
 * without JavaScript the filter form and the sort are plain GET forms the server renders, and
 * "Show filters" opens the panel at 375 px.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';

const MFP = '/printers/multifunctionals';
const count = (page: Page) => page.getByTestId('result-count');
const filters = (page: Page) => page.getByRole('form', { name: /^Filter/ });

test('the speed range keeps both values typed with no pause between them', async ({ page }) => {
  await page.goto(MFP);
  await expect(count(page)).toContainText('Showing');
  const speed = page.getByRole('group', { name: /speed \(pages per minute\)/ });
  await speed.getByRole('spinbutton', { name: 'From' }).click();
  await page.keyboard.type('30');
  await page.keyboard.press('Tab');
  await page.keyboard.type('50');
  await page.keyboard.press('Tab');
  await expect(page).toHaveURL(/minSpeed=30&maxSpeed=50/);
  await expect(speed.getByRole('spinbutton', { name: 'From' })).toHaveValue('30');
  await expect(speed.getByRole('spinbutton', { name: 'To' })).toHaveValue('50');
  const api = await page.request.get('/api/printers/multifunctionals?limit=1&offset=0&minSpeed=30&maxSpeed=50');
  const { count: expected } = (await api.json()) as { count: number };
  await expect(count(page)).toContainText(`of ${expected} printers`);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the filter form is sent as a GET with the URL names, and the server renders the filtered list', async ({ page }) => {
    await page.goto(MFP);
    const form = filters(page);
    await form
      .getByRole('group', { name: 'Colour or mono' })
      .getByRole('radio', { name: /^Colour/ })
      .check();
    await form.getByRole('group', { name: 'Maximum paper size' }).getByRole('checkbox', { name: /^A3/ }).check();
    await form.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/colour=colour/);
    await expect(page).toHaveURL(/maxPaperSize=A3/);
    const api = await page.request.get('/api/printers/multifunctionals?limit=1&offset=0&maxPaperSize=A3&colour=colour');
    const { count: expected } = (await api.json()) as { count: number };
    const a3Colour = await page.request.get('/api/printers/multifunctionals/a3-colour?limit=1&offset=0');
    expect(expected).toBe(((await a3Colour.json()) as { count: number }).count);
    await expect(count(page)).toContainText(`of ${expected} printers`);
    await expect(filters(page).getByRole('radio', { name: /^Colour/ })).toBeChecked();
  });

  test('sort has a button, keeps the filters and the server renders the list in that order', async ({ page }) => {
    await page.goto(`${MFP}?colour=mono`);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-desc');
    await page.getByRole('button', { name: 'Sort' }).click();
    await expect(page).toHaveURL(/colour=mono/);
    await expect(page).toHaveURL(/sort=price-desc/);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-desc');
    const api = await page.request.get('/api/printers/multifunctionals?limit=1&offset=0&colour=mono&sort=price-desc');
    const first = ((await api.json()) as { results: Array<{ model: string }> }).results[0]!;
    await expect(page.getByTestId('product-card').first()).toContainText(first.model);
  });

  test('a card offers its instant quote, not an Add to basket that would do nothing; the quote page opens', async ({ page }) => {
    await page.goto(MFP);
    const card = page.getByTestId('product-card').first();
    await expect(card.getByRole('button', { name: 'Add to basket' })).toBeHidden();
    const quote = card.getByRole('link', { name: 'Instant quote' });
    await expect(quote).toBeVisible();
    const modelId = await card.getAttribute('data-model-id');
    await quote.click();
    await expect(page).toHaveURL(new RegExp(`/instant-quote/${modelId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Instant quote' })).toBeVisible();
  });

  test('the A3 option says it includes SRA3, and an empty result clears its filters by a link', async ({ page }) => {
    await page.goto(MFP);
    await expect(filters(page).getByRole('group', { name: 'Maximum paper size' })).toContainText(
      'A3 includes the machines that take larger sheets',
    );
    await page.goto(`${MFP}?q=no-such-model-anywhere&sort=price-asc`);
    await expect(page.getByText(/No printers match these filters/)).toBeVisible();
    await page.getByRole('region', { name: 'Results' }).getByRole('link', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(new RegExp(`${MFP}\\?sort=price-asc$`));
    await expect(page.getByTestId('product-card').first()).toBeVisible();
  });

  test('at 375 px "Show filters" opens the filters and "Hide filters" closes them', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(MFP);
    const panel = page.locator('#list-filters');
    await expect(panel).toBeHidden();
    await page.getByRole('link', { name: /Show filters/ }).click();
    await expect(panel).toBeVisible();
    await expect(filters(page).getByRole('button', { name: 'Apply' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('filters-375-nojs.png') });
    await page.getByRole('link', { name: 'Hide filters' }).click();
    await expect(panel).toBeHidden();
  });
});

test('at 375 px with JavaScript "Show filters" is a disclosure that Escape closes, focus back on it', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(MFP);
  await expect(count(page)).toContainText('Showing');
  const toggle = page.getByRole('button', { name: /Show filters/ });
  await toggle.click();
  await expect(page.getByRole('button', { name: /Hide filters/ })).toHaveAttribute('aria-expanded', 'true');
  await filters(page).getByRole('searchbox', { name: 'Search by model' }).focus();
  await page.keyboard.press('Escape');
  await expect(page.locator('#list-filters')).toBeHidden();
  await expect(page.getByRole('button', { name: /Show filters/ })).toBeFocused();
});
