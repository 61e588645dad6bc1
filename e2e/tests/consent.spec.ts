/**
 * Consent in a real browser (docs/product-rules.md "Tracking, cookies and consent"): with no
 * choice, after Reject and after Accept (and a choice per purpose), which requests and events leave
 * the page and what is stored. The server runs with MARKETING_SCRIPT_URL set to a host the test
 * answers itself, so every request for the marketing script is seen; analytics events leave the
 * page through the dataLayer (what a tag manager reads), which the test reads.
 *
 * Also: the legal pages answer 200 with their head, are in the sitemap and the footer.
 */
import type { Page, Request } from '@playwright/test';
import { expect, test } from '../support/test';
import { startServer, type RunningServer } from '../support/server';

const MARKETING_HOST = 'https://marketing.copytech.test';
const MARKETING_SCRIPT = `${MARKETING_HOST}/mtc.js`;
const LIST = '/printers/multifunctionals';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({ MARKETING_SCRIPT_URL: MARKETING_SCRIPT });
});
test.afterAll(async () => server?.stop());
test.use({ acceptCookies: false });

/** Answers the marketing host (a script that sets the service's cookie) and records every request that leaves the site. */
async function watch(page: Page) {
  const external: string[] = [];
  page.on('request', (request: Request) => {
    if (!request.url().startsWith(server.url) && !request.url().startsWith('data:')) external.push(request.url());
  });
  await page.route(`${MARKETING_HOST}/**`, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: "document.cookie = 'mtc_id=42; path=/; max-age=31536000'; window.__marketingRan = (window.__marketingRan || 0) + 1;",
    }),
  );
  return {
    external,
    marketingRequests: () => external.filter((url) => url === MARKETING_SCRIPT).length,
    dataLayer: () =>
      page.evaluate(() => ((window as unknown as { dataLayer?: Array<{ event: string }> }).dataLayer ?? []).map((entry) => entry.event)),
    stored: () => page.evaluate(() => ({ ...window.localStorage })),
    cookies: () => page.evaluate(() => document.cookie),
  };
}

async function addToBasket(page: Page, card = 0) {
  const button = page.getByTestId('product-card').nth(card).getByRole('button', { name: 'Add to basket' });
  await button.click();
  await expect(button).toBeDisabled();
}

const banner = (page: Page) => page.getByRole('region', { name: 'Cookie consent' });

test('with no choice: nothing leaves the page and nothing but the basket is stored', async ({ page }) => {
  const seen = await watch(page);
  await page.goto(`${server.url}${LIST}?utm_source=e2e&utm_campaign=consent`);
  await expect(banner(page)).toBeVisible();
  await addToBasket(page);
  await page.waitForTimeout(500);
  expect(seen.external).toEqual([]);
  expect(await seen.dataLayer()).toEqual([]);
  expect(Object.keys(await seen.stored())).toEqual(['basket']);
  expect(await seen.cookies()).toBe('');
});

test("Reject: stored as 'reject', the banner stays away, nothing leaves the page, the held event is never sent", async ({ page }) => {
  const seen = await watch(page);
  await page.goto(`${server.url}${LIST}?utm_source=e2e`);
  await addToBasket(page); // an event raised before the choice
  await banner(page).getByRole('button', { name: 'Reject cookies' }).click();
  await expect(banner(page)).toBeHidden();
  await addToBasket(page, 1); // and one after the refusal
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner(page)).toBeHidden();
  await page.waitForTimeout(500);
  expect(seen.marketingRequests()).toBe(0);
  expect(seen.external).toEqual([]);
  expect(await seen.dataLayer()).toEqual([]);
  const stored = await seen.stored();
  expect(stored['cookie-acceptance-status']).toBe('reject');
  expect(stored['first-touch-campaign']).toBeUndefined();
  expect(await seen.cookies()).toBe('');
});

test('Accept: the held event is sent, the marketing script loads once, the campaign is stored; on the next page too', async ({ page }) => {
  const seen = await watch(page);
  await page.goto(`${server.url}${LIST}?utm_source=e2e&utm_campaign=consent`);
  await addToBasket(page);
  expect(await seen.dataLayer()).toEqual([]);
  expect(seen.marketingRequests()).toBe(0);
  await banner(page).getByRole('button', { name: 'Accept cookies' }).click();
  await expect(banner(page)).toBeHidden();
  await expect.poll(seen.dataLayer).toEqual(['product_added']);
  await expect.poll(seen.marketingRequests).toBe(1);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __marketingRan?: number }).__marketingRan)).toBe(1);
  const stored = await seen.stored();
  expect(stored['cookie-acceptance-status']).toBe('accept');
  expect(JSON.parse(stored['first-touch-campaign']!)).toEqual({ utm_source: 'e2e', utm_campaign: 'consent' });
  expect(await seen.cookies()).toContain('mtc_id=42');
  await page.goto(`${server.url}/`);
  await expect.poll(seen.marketingRequests).toBe(2);
  expect(seen.external.every((url) => url === MARKETING_SCRIPT)).toBe(true);
});

test('Settings, analytics only: events are sent, the marketing script never loads', async ({ page }) => {
  const seen = await watch(page);
  await page.goto(`${server.url}${LIST}`);
  await banner(page).getByRole('button', { name: 'Settings' }).click();
  const analytics = banner(page).getByRole('checkbox', { name: 'Analytics' });
  await expect(analytics).toBeFocused();
  await page.keyboard.press('Space');
  await expect(analytics).toBeChecked();
  await expect(banner(page).getByRole('checkbox', { name: 'Marketing' })).not.toBeChecked();
  await banner(page).getByRole('button', { name: 'Save my choices' }).click();
  await expect(banner(page)).toBeHidden();
  await addToBasket(page);
  await expect.poll(seen.dataLayer).toEqual(['product_added']);
  await page.reload();
  await page.waitForTimeout(500);
  expect(seen.marketingRequests()).toBe(0);
  expect(seen.external).toEqual([]);
  expect((await seen.stored())['cookie-consent-purposes']).toBe('{"analytics":true,"marketing":false}');
});

test('Cookie settings in the footer reopens the choice by keyboard; withdrawing marketing removes its cookie and stops its script', async ({
  page,
}) => {
  const seen = await watch(page);
  await page.goto(`${server.url}/`);
  await banner(page).getByRole('button', { name: 'Accept cookies' }).click();
  await expect.poll(seen.marketingRequests).toBe(1);
  await expect.poll(seen.cookies).toContain('mtc_id=42');

  const reopen = page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' });
  await reopen.focus();
  await page.keyboard.press('Enter');
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole('checkbox', { name: 'Marketing' })).toBeChecked();
  await expect(banner(page).getByRole('checkbox', { name: 'Analytics' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(banner(page)).toBeHidden();
  await expect(reopen).toBeFocused();

  await page.keyboard.press('Enter');
  const reloaded = page.waitForEvent('load');
  await banner(page).getByRole('button', { name: 'Reject cookies' }).click();
  await reloaded;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seen.cookies()).not.toContain('mtc_id');
  expect(await page.evaluate(() => (window as unknown as { __marketingRan?: number }).__marketingRan)).toBeUndefined();
  expect(seen.marketingRequests()).toBe(1);
  expect((await seen.stored())['cookie-acceptance-status']).toBe('reject');
});

test.describe('the legal pages', () => {
  for (const [path, title] of [
    ['/privacy-policy', 'Privacy policy'],
    ['/cookie-policy', 'Cookie policy'],
    ['/terms', 'Terms of use and quotes'],
  ] as const) {
    test(`${path} answers 200 with its head, is in the sitemap and the footer`, async ({ page, request }) => {
      const raw = await request.get(`${server.url}${path}`);
      expect(raw.status()).toBe(200);
      const html = await raw.text();
      expect(html).toContain(`<title>${title} - Copytech</title>`);
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*${path}">`));
      expect(html).toMatch(/<meta name="description" content="[^"]{50,160}">/);
      expect(html).toContain(`<h1`);
      const sitemap = await (await request.get(`${server.url}/sitemap.xml`)).text();
      expect(sitemap).toMatch(new RegExp(`<loc>[^<]*${path}</loc>`));

      await page.goto(`${server.url}/`);
      await page
        .getByRole('contentinfo')
        .getByRole('link', { name: title.split(' of ')[0] === 'Terms' ? 'Terms' : title })
        .first()
        .click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    });
  }

  test('the privacy policy shows the retention periods and the cookie policy every storage key', async ({ page }) => {
    await page.goto(`${server.url}/privacy-policy`);
    await expect(page.getByText('24 months from the request, then deleted').first()).toBeVisible();
    await page.goto(`${server.url}/cookie-policy`);
    for (const key of [
      'basket',
      'cookie-acceptance-status',
      'cookie-consent-purposes',
      'first-touch-campaign',
      'copytech:savings-checker',
    ]) {
      await expect(page.getByText(key, { exact: true })).toBeVisible();
    }
  });
});
