/**
 * The basket remote on its own page (/remotes/basket/), as its team and QA run it without the shell
 * or the catalogue: printers picked from the real API, the comparison, and a quote sent for real
 * (201 from the server, the reference shown). `npm test -w mfe-basket` runs this after the room's
 * unit tests.
 */
import { expect, test } from '../../support/test';
import { watchForErrors } from './standalone';

const REFERENCE = /^CT-[0-9A-HJKMNP-TV-Z]{8}$/;

test('the basket alone: pick printers, compare them, and send a quote', async ({ page }) => {
  const errors = watchForErrors(page);
  const response = await page.goto('/remotes/basket/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('banner')).toHaveText(/^Copytech · basket \(standalone\)/);

  const picker = page.getByRole('region', { name: 'Pick printers' });
  await expect(picker.getByText(/^\d+ of \d+ printers$/)).toBeVisible();
  const addButtons = picker.getByRole('button', { name: /^Add .+ to the basket$/ });
  const names: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const button = addButtons.first(); // an added printer's button is renamed, so the next is first
    names.push(((await button.getAttribute('aria-label')) ?? '').replace(/^Add (.+) to the basket$/, '$1'));
    await button.click();
  }
  await expect(page.getByTestId('standalone-basket')).toContainText('2 item(s)');

  const drawer = page.getByTestId('standalone-basket-drawer');
  await expect(drawer.getByTestId('basket-count')).toHaveText('2 of 5 machines');
  for (const name of names) await expect(drawer.getByRole('button', { name: `Remove ${name}`, exact: true })).toBeVisible();
  await expect(drawer.getByRole('table').getByRole('columnheader')).toHaveCount(3);

  await drawer.getByRole('button', { name: 'Instant quote' }).click();
  const send = drawer.getByRole('button', { name: 'Send my quote' });
  await expect(send).toBeDisabled();
  await drawer.getByLabel('First name').fill('Jo');
  await drawer.getByLabel('Last name').fill('Bloggs');
  await drawer.getByLabel('E-mail address').fill(`e2e-standalone-${Date.now()}@example.co.uk`);
  await drawer.getByLabel('Phone number').fill('0116 496 0123');
  await drawer.getByLabel('Postcode').fill('LE19 1WX');
  await drawer.getByLabel('Postcode').blur();
  const quote = page.waitForResponse((r) => r.url().endsWith('/api/quote') && r.request().method() === 'POST');
  await send.click();
  expect((await quote).status()).toBe(201);
  await expect(drawer.getByRole('heading', { name: 'Your quote is on its way' })).toBeVisible();
  expect((await drawer.getByTestId('quote-reference').innerText()).trim()).toMatch(REFERENCE);
  expect(errors).toEqual([]);
});
