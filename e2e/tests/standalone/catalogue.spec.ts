/**
 * The catalogue remote on its own page (/remotes/catalogue/), as its team and QA run it without the
 * shell: its lists and product pages against the real API, and the shared basket store it writes to.
 * `npm test -w mfe-catalogue` runs this after the room's unit tests.
 */
import { expect, test } from '../../support/test';
import { watchForErrors } from './standalone';

test('the catalogue alone: featured products, a list, a product page and Add to basket', async ({ page }) => {
  const errors = watchForErrors(page);
  const response = await page.goto('/remotes/catalogue/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('banner')).toHaveText(/^Copytech · catalogue \(standalone\)/);
  await expect(page.getByRole('heading', { level: 1, name: 'Catalogue (standalone)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Featured printers' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Standalone pages' }).getByRole('link', { name: 'Multifunctionals', exact: true }).click();
  await expect(page).toHaveURL(/\/remotes\/catalogue\/printers\/multifunctionals$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/multifunctional/i);
  const firstCard = page.getByRole('main').getByRole('article').first();
  await expect(firstCard).toBeVisible();

  const productLink = firstCard.getByRole('link').first();
  // The card's heading is the product's name (the visible text may be transformed by CSS).
  const productName = ((await firstCard.getByRole('heading').first().textContent()) ?? '').trim();
  expect(productName).not.toBe('');
  await productLink.click();
  await expect(page).toHaveURL(/\/remotes\/catalogue\/printers\/multifunctionals\/[^/]+\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(productName);
  await expect(page.getByRole('main')).toContainText(/£[\d,]+\.\d{2}/);

  const debug = page.getByTestId('standalone-basket');
  await expect(debug).toContainText('0 item(s)');
  await page.getByRole('main').getByRole('button', { name: 'Add to basket' }).first().click();
  await expect(debug).toContainText('1 item(s)');

  // Back to the list by the browser's history: client-side, the basket store keeps its item.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/multifunctional/i);
  await expect(debug).toContainText('1 item(s)');
  expect(errors).toEqual([]);
});
