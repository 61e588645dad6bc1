/**
 * The basket across the composed site (docs/product-rules.md "Basket"): from "Add to basket" on a
 * list to the quote e-mail in the server's outbox, and a failed submit that keeps the form and, on
 * Retry, stores exactly one quote.
 */
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

  await expect(drawer.getByTestId('basket-count')).toHaveText('2 of 5 printers');
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
  await expect(reopened.getByTestId('basket-count')).toHaveText('2 of 5 printers');
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
