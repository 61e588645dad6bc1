/**
 * The basket across the composed site (docs/product-rules.md "Basket"): from "Add to basket" on a
 * list to the quote e-mail in the server's outbox, and a failed submit that keeps the form and, on
 * Retry, stores exactly one quote.
 */
import type { Locator, Page } from '@playwright/test';
import { addFromList, fillQuoteForm, openBasket, uniqueEmail } from '../support/flows';
import { outboxMails, type Mail } from '../support/outbox';
import { expect, test } from '../support/test';

const REFERENCE = /^CT-[0-9A-HJKMNP-TV-Z]{8}$/;

/** Every e-mail to the visitor ('quote-visitor') in the outbox, decoded. */
function visitorQuoteMails(): Mail[] {
  return outboxMails(['quote-visitor']);
}

/** Waits for the outbox to write the visitor's e-mail of this quote (it sends after answering). */
async function waitForVisitorMail(reference: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = visitorQuoteMails().find((mail) => mail.file.includes(reference));
        return Boolean(found);
      },
      { timeout: 20_000, message: `the visitor e-mail of ${reference} in the outbox` },
    )
    .toBe(true);
  return found!;
}

test('from "Add to basket" on a list to the quote e-mail, with the right products', async ({ page }) => {
  const names = await addFromList(page, 2);
  const drawer = await openBasket(page);

  await expect(drawer.getByTestId('basket-count')).toHaveText('2 of 5 machines');
  for (const name of names) await expect(drawer.getByRole('button', { name: `Remove ${name}`, exact: true })).toBeVisible();
  // The comparison has a column per printer, filled from the API.
  const table = drawer.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveCount(3);
  await expect(table.locator('tr[data-row="startingPrice"] td').first()).toHaveText(/£[\d,]+\.\d{2}/);

  await drawer.getByRole('button', { name: 'Instant quote' }).click();
  await expect(drawer.getByRole('heading', { name: 'Your details' })).toBeFocused();
  const send = drawer.getByRole('button', { name: 'Send my quote' });
  await expect(send).toBeDisabled();
  const email = uniqueEmail('basket');
  await fillQuoteForm(drawer, email);
  await send.click();

  await expect(drawer.getByRole('heading', { name: 'Your quote is on its way' })).toBeVisible();
  await expect(drawer.getByText('Average delivery time 2 minutes')).toBeVisible();
  await expect(drawer.getByText(/check your junk folder/)).toBeVisible();
  const reference = (await drawer.getByTestId('quote-reference').innerText()).trim();
  expect(reference).toMatch(REFERENCE);

  const mail = await waitForVisitorMail(reference);
  expect(mail.text).toContain(email);
  expect(mail.text).toContain(`Your quote reference is ${reference}`);
  for (const name of names) expect(mail.text).toContain(name);
  // Only the products in the basket.
  expect(mail.text.match(/^\d+\. .+ \(.+\)$/gm) ?? []).toHaveLength(2);

  await drawer.getByRole('button', { name: 'Ok' }).click();
  await expect(drawer).toBeHidden();
  // Reopened: the Basket view again, the printers still there for comparing.
  const reopened = await openBasket(page);
  await expect(reopened.locator('[data-team="basket"]')).toHaveAttribute('data-view', 'Basket');
  await expect(reopened.getByTestId('basket-count')).toHaveText('2 of 5 machines');
});

test('a failed submit keeps the form, and Retry stores exactly one quote', async ({ page }) => {
  const keys: string[] = [];
  let attempts = 0;
  // The first POST reaches the server (which stores the quote) but its answer is lost and the
  // browser sees a 503: the worst case for duplicates. Later ones pass through untouched.
  await page.route('**/api/quote', async (route) => {
    attempts += 1;
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (attempts === 1) {
      await route.fetch();
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Service Unavailable', statusCode: 503, message: 'Service Unavailable' }),
      });
      return;
    }
    await route.continue();
  });

  const names = await addFromList(page, 3);
  const drawer = await openBasket(page);
  await drawer.getByRole('button', { name: 'Instant quote' }).click();
  const email = uniqueEmail('retry');
  await fillQuoteForm(drawer, email);
  await drawer.getByRole('button', { name: 'Send my quote' }).click();

  await expect(drawer.getByRole('alert')).toContainText('Something went wrong on our side and your request has not been sent.');
  await expect(drawer.getByLabel('First name')).toHaveValue('Jo');
  await expect(drawer.getByLabel('Last name')).toHaveValue('Bloggs');
  await expect(drawer.getByLabel('E-mail address')).toHaveValue(email);
  await expect(drawer.getByLabel('Phone number')).toHaveValue('0116 496 0123');
  await expect(drawer.getByLabel('Postcode')).toHaveValue('LE19 1WX');

  await drawer.getByRole('button', { name: 'Retry' }).click();
  await expect(drawer.getByRole('heading', { name: 'Your quote is on its way' })).toBeVisible();
  const reference = (await drawer.getByTestId('quote-reference').innerText()).trim();
  expect(reference).toMatch(REFERENCE);

  // One quote: the visitor gets exactly one e-mail, and it carries the reference shown.
  const mail = await waitForVisitorMail(reference);
  for (const name of names) expect(mail.text).toContain(name);
  await page.waitForTimeout(1_500); // time for a duplicate to be written, were there one
  const toThisVisitor = visitorQuoteMails().filter((m) => m.text.includes(email));
  expect(toThisVisitor.map((m) => m.file)).toEqual([mail.file]);
  // …because the retry carried the first attempt's Idempotency-Key.
  expect(attempts).toBe(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
});

test.describe('like with like, on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  /** Adds the product of this page from its page; the basket then holds `count` items. */
  async function addFromPage(page: Page, path: string, count: number): Promise<void> {
    await page.goto(path);
    await page.waitForLoadState('networkidle'); // hydrated
    // The page's own button comes first; the similar products' cards below have theirs.
    await page.getByTestId('product-page').getByRole('button', { name: 'Add to basket' }).first().click();
    await expect(page.getByRole('button', { name: new RegExp(`^Comparison basket, ${count}\\b`) })).toBeVisible();
  }

  /** Neither the page nor the drawer scrolls sideways, nor any comparison table in it. */
  async function expectNoSidewaysScroll(page: Page, drawer: Locator): Promise<void> {
    const pageWidths = await page.evaluate(() => [document.scrollingElement!.scrollWidth, window.innerWidth]);
    expect(pageWidths[0], 'the page scrolls sideways').toBeLessThanOrEqual(pageWidths[1]!);
    const drawerWidths = await drawer.evaluate((element) => [element.scrollWidth, element.clientWidth]);
    expect(drawerWidths[0], 'the drawer scrolls sideways').toBeLessThanOrEqual(drawerWidths[1]!);
    const regions = await drawer
      .locator('[role="region"]')
      .evaluateAll((all) => all.map((region) => [region.scrollWidth, region.clientWidth]));
    for (const [scrollWidth, clientWidth] of regions)
      expect(scrollWidth, 'a comparison table scrolls sideways').toBeLessThanOrEqual(clientWidth!);
  }

  /** "row: value" of every cell marked Best in a group. */
  const bestIn = (group: Locator) =>
    group
      .locator('[data-best]')
      .evaluateAll((cells) => cells.map((cell) => `${cell.closest('[data-row]')!.getAttribute('data-row')}: ${cell.textContent}`));

  test('a printer, a scanner and a finisher are compared in groups of their own, then five of mixed kinds', async ({ page }) => {
    await addFromPage(page, '/printers/multifunctionals/canon/imagerunner-advance-dx-c5840i', 1);
    await addFromPage(page, '/scanners/kodak-alaris/s2070', 2);
    await addFromPage(page, '/finishers/ricoh/finisher-sr3260', 3);
    let drawer = await openBasket(page);
    await expect(drawer.getByTestId('basket-count')).toHaveText('3 of 5 machines');
    const groups = drawer.locator('[data-kind]');
    await expect(groups).toHaveCount(3);
    expect(await groups.evaluateAll((all) => all.map((g) => g.getAttribute('data-kind')))).toEqual(['printer', 'scanner', 'finisher']);
    await expect(drawer.locator('[data-row="startingPrice"] :is(td, dd)')).toHaveCount(3);
    await expect(drawer.getByText('Loading', { exact: true })).toHaveCount(0);
    // Only the rows that apply: no print speed or colour for the finisher, a scan speed for the scanner.
    await expect(groups.nth(2).locator('[data-row="printSpeed"], [data-row="colour"]')).toHaveCount(0);
    await expect(groups.nth(2).locator('[data-row="compatibleWith"]')).toContainText('Ricoh IM series A3 multifunctionals');
    await expect(groups.nth(1).locator('[data-row="scanSpeed"]')).toContainText('ppm');
    expect(await drawer.innerText()).not.toContain('Not known');
    // One of each kind: nothing to be best against.
    await expect(drawer.locator('[data-best]')).toHaveCount(0);
    await expectNoSidewaysScroll(page, drawer);
    await page.screenshot({ path: test.info().outputPath('basket-three-375.png'), fullPage: true });
    await page.keyboard.press('Escape');

    // A second printer (a plotter) and a second finisher: five items, "Best" only within a group.
    await addFromPage(page, '/printers/plotters/canon/imageprograf-tm-200', 4);
    await addFromPage(page, '/finishers/ricoh/booklet-finisher-sr3270', 5);
    drawer = await openBasket(page);
    await expect(drawer.getByTestId('basket-count')).toHaveText('5 of 5 machines');
    await expect(drawer.locator('[data-row="startingPrice"] :is(td, dd)')).toHaveCount(5);
    await expect(drawer.getByText('Loading', { exact: true })).toHaveCount(0);
    await expect(groups.nth(0).getByRole('heading', { name: 'Printers' })).toBeVisible();
    // The plotter (£1,400) is the cheaper printer; the scanner (£1,150) is cheaper still, but alone in its group.
    // The estimate a month is at office A3's volumes (the first printer's class): 3,000 mono and 1,000 colour pages.
    // On a phone, a card per printer: the Canon's lower prices per page, then the plotter's lower prices and estimate.
    expect(await bestIn(groups.nth(0))).toEqual([
      'serviceMono: 0.52pBest: lowest',
      'serviceColour: 4pBest: lowest',
      'startingPrice: £1,400.00Best: lowest',
      'rentalPerMonth: £29.00Best: lowest',
      'monthlyEstimate: £103.70Best: lowest',
    ]);
    await expect(groups.nth(1).locator('[data-row="serviceMono"]')).toContainText('No page charges: servicing priced separately');
    expect(await bestIn(groups.nth(1))).toEqual([]);
    expect(await bestIn(groups.nth(2))).toEqual(['startingPrice: £1,600.00Best: lowest', 'rentalPerMonth: £32.00Best: lowest']);
    await expect(groups.nth(0).locator('[data-row="printSpeed"]').last()).toContainText('Not rated in ppm');
    expect(await drawer.innerText()).not.toContain('Not known');
    await expectNoSidewaysScroll(page, drawer);
    await page.screenshot({ path: test.info().outputPath('basket-five-375.png'), fullPage: true });

    // The quote is still for everything in the basket.
    await drawer.getByRole('button', { name: 'Instant quote' }).click();
    await expect(drawer.getByText('Your instant quote for these 5 machines will be e-mailed to you:')).toBeVisible();
  });
});
