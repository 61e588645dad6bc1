/**
 * The basket across the composed site (docs/product-rules.md "Basket"): from "Add to basket" on a
 * list to the quote e-mail in the server's outbox, and a failed submit that keeps the form and, on
 * Retry, stores exactly one quote.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';

const REFERENCE = /^CT-[0-9A-HJKMNP-TV-Z]{8}$/;

function outboxDir(): string {
  const varDir = process.env.E2E_VAR_DIR;
  if (!varDir) throw new Error('E2E_VAR_DIR is not set: run through the e2e Playwright config');
  return path.join(varDir, 'outbox');
}

/** The readable text of an .eml file: quoted-printable and base64 bodies decoded. */
function decodeEml(raw: string): string {
  const parts = raw.split(/\n(?=--)/);
  return parts
    .map((part) => {
      const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
      const body = rest.join('\n\n');
      if (/Content-Transfer-Encoding:\s*base64/i.test(head))
        return `${head}\n\n${Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')}`;
      if (/Content-Transfer-Encoding:\s*quoted-printable/i.test(head)) {
        const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        return `${head}\n\n${Buffer.from(bytes, 'latin1').toString('utf8')}`;
      }
      return part;
    })
    .join('\n');
}

interface Mail {
  file: string;
  text: string;
}

/** Every e-mail to the visitor ('quote-visitor') in the outbox, decoded. */
async function visitorQuoteMails(): Promise<Mail[]> {
  const dir = outboxDir();
  const files = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(
    files
      .filter((file) => file.endsWith('.eml') && file.includes('quote-visitor'))
      .map(async (file) => ({ file, text: decodeEml(await readFile(path.join(dir, file), 'utf8')) })),
  );
}

/** Waits for the outbox to write the visitor's e-mail of this quote (it sends after answering). */
async function waitForVisitorMail(reference: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await visitorQuoteMails()).find((mail) => mail.file.includes(reference));
        return Boolean(found);
      },
      { timeout: 20_000, message: `the visitor e-mail of ${reference} in ${outboxDir()}` },
    )
    .toBe(true);
  return found!;
}

/** Adds the first `count` products of the list to the basket; returns their "Brand Model" names. */
async function addFromList(page: Page, count: number): Promise<string[]> {
  await page.goto('/printers/multifunctionals');
  const cards = page.getByTestId('product-card');
  await expect(cards.first()).toBeVisible();
  const names: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const card = cards.nth(i);
    names.push(((await card.getByRole('heading').textContent()) ?? '').replace(/\s+/g, ' ').trim());
    await card.getByRole('button', { name: 'Add to basket' }).click();
  }
  await expect(page.getByRole('button', { name: new RegExp(`^Comparison basket, ${count}\\b`) })).toBeVisible();
  return names;
}

async function openBasket(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /^Comparison basket/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Comparison basket' });
  await expect(drawer).toBeVisible();
  return drawer;
}

async function fillQuoteForm(drawer: Locator, email: string): Promise<void> {
  await drawer.getByLabel('First name').fill('Jo');
  await drawer.getByLabel('Last name').fill('Bloggs');
  await drawer.getByLabel('E-mail address').fill(email);
  await drawer.getByLabel('Phone number').fill('0116 496 0123');
  await drawer.getByLabel('Postcode').fill('LE19 1WX');
  await drawer.getByLabel('Postcode').blur();
}

function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.co.uk`;
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
  const toThisVisitor = (await visitorQuoteMails()).filter((m) => m.text.includes(email));
  expect(toThisVisitor.map((m) => m.file)).toEqual([mail.file]);
  // …because the retry carried the first attempt's Idempotency-Key.
  expect(attempts).toBe(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
});
