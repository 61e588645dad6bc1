/**
 * The content remote on its own page (/remotes/content/), as its team and QA run it without the
 * shell: CMS pages from the real API chosen by the page picker or the address, links inside a page
 * kept on the standalone page, and Not Found for a page the CMS does not have.
 * `npm test -w mfe-content` runs this after the room's unit tests.
 */
import { expect, test } from '../../support/test';
import { watchForErrors } from './standalone';

test('the content remote alone: home, a page picked from the list, a page by address, and Not Found', async ({ page }) => {
  const errors = watchForErrors(page);
  const response = await page.goto('/remotes/content/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('banner')).toHaveText(/^Copytech · content \(standalone\)/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();

  const picker = page.getByLabel('Page to review');
  await picker.selectOption('/contact-us');
  await expect(page).toHaveURL(/\/remotes\/content\/\?page=%2Fcontact-us$/);
  await expect(main.getByRole('heading', { level: 1 })).toContainText(/contact/i);
  await expect(main.getByRole('textbox', { name: 'How can we help?' })).toBeVisible();

  // An address with ?page= (a reload or a shared link) opens that page.
  await page.goto('/remotes/content/?page=%2Fservices%2Fprint-audit');
  await expect(picker).toHaveValue('/services/print-audit');
  await expect(main.getByRole('heading', { level: 1 })).toContainText(/audit/i);

  expect(errors).toEqual([]);

  // A slug the CMS does not have: Not Found (the failed fetch is logged, as on the site).
  await page.goto('/remotes/content/?page=%2Fservices%2Fno-such-service');
  await expect(main.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});
