/**
 * The content forms without JavaScript (docs/product-rules.md "Forms without JavaScript"): the
 * enquiry, the service request and the newsletter sign-up post to their page, which answers with
 * the errors and the values kept, then, once right, the reference or the thanks; the e-mails are in
 * the outbox and the sign-up in the database, and nothing typed ever reaches a URL.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { uniqueEmail } from '../support/flows';
import { outboxMails } from '../support/outbox';

test.use({ javaScriptEnabled: false });

/** Every URL the page went to (navigations and redirects), to check none carries what was typed. */
function urlsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

const REFERENCE = /CT-[0-9A-HJKMNP-TV-Z]{8}/;

test('an enquiry: its errors with the values kept, then sent, with the e-mails in the outbox', async ({ page }) => {
  const urls = urlsOf(page);
  const email = uniqueEmail('enquiry-nojs');
  await page.goto('/contact-us');
  const form = page.locator('form[data-form="enquiry"]');
  await form.getByLabel('Your name').fill('J');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel(/How can we help/).fill('Short');
  await form.getByRole('button', { name: 'Send enquiry' }).click();

  await expect(page).toHaveURL(/\/contact-us$/);
  const summary = page.getByTestId('error-summary');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link', { name: 'Please enter your name.' })).toHaveAttribute('href', '#enquiry-name');
  await expect(summary.getByRole('link', { name: /at least 10 characters/ })).toBeVisible();
  const answered = page.locator('form[data-form="enquiry"]');
  await expect(answered.getByLabel('Your name')).toHaveValue('J');
  await expect(answered.getByLabel('Email')).toHaveValue(email);
  await expect(answered.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
  await expect(answered.getByLabel('Your name')).toHaveAccessibleDescription(/Please enter your name\.$/);
  expect(outboxMails(['enquiry-sales']).filter((mail) => mail.text.includes(email))).toHaveLength(0);

  await answered.getByLabel('Your name').fill('Jo Bloggs');
  await answered.getByLabel(/How can we help/).fill('We need two A3 colour machines for a new office.');
  await answered.getByRole('button', { name: 'Send enquiry' }).click();
  const success = page.getByTestId('enquiry-success');
  await expect(success).toBeFocused();
  await expect(success).toContainText('Thank you: your enquiry has been sent');
  const reference = REFERENCE.exec((await success.textContent()) ?? '')?.[0];
  expect(reference).toBeTruthy();
  await expect(success.getByRole('link', { name: 'Send another enquiry' })).toHaveAttribute('href', '/contact-us');

  await expect
    .poll(() =>
      outboxMails([reference!])
        .map((mail) => mail.file.replace(/.*CT-\w+-/, '').replace(/-\w+\.eml$/, ''))
        .sort(),
    )
    .toEqual(['enquiry-sales', 'enquiry-visitor']);
  expect(outboxMails([reference!, 'enquiry-visitor'])[0]!.text).toContain(email);
  for (const url of urls) expect(url).not.toContain('Bloggs');
  for (const url of urls) expect(decodeURIComponent(url)).not.toContain(email);
});

test('a service request: its errors with the values kept, then logged, with the e-mails in the outbox', async ({ page }) => {
  const urls = urlsOf(page);
  const email = uniqueEmail('service-nojs');
  await page.goto('/customer-support');
  const form = page.locator('form[data-form="service-request"]');
  await form.getByLabel('Your name').fill('Sam Patel');
  await form.getByLabel('Company').fill('Patel Vets');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('07700 900123');
  await form.getByLabel('Make and model').fill('Ricoh IM C3010');
  await form.getByLabel('Serial number').fill('!!');
  await form.getByLabel('What is wrong?').fill('Paper jams in tray 2 on every job.');
  await form.getByLabel('How urgent is it?').selectOption('machine-down');
  await form.getByRole('button', { name: /Send|Log/ }).click();

  await expect(page).toHaveURL(/\/customer-support$/);
  await expect(page.getByTestId('error-summary')).toBeFocused();
  const answered = page.locator('form[data-form="service-request"]');
  await expect(answered.getByLabel('Serial number')).toHaveAccessibleDescription(/serial number from the label/);
  await expect(answered.getByLabel('Make and model')).toHaveValue('Ricoh IM C3010');
  await expect(answered.getByLabel('How urgent is it?')).toHaveValue('machine-down');

  await answered.getByLabel('Serial number').fill('C3010-88421');
  await answered.getByRole('button', { name: /Send|Log/ }).click();
  const success = page.getByTestId('enquiry-success');
  await expect(success).toContainText('Your service request has been logged');
  const reference = REFERENCE.exec((await success.textContent()) ?? '')?.[0];
  await expect.poll(() => outboxMails([reference!, 'service-request-sales']).length).toBe(1);
  expect(outboxMails([reference!, 'service-request-sales'])[0]!.text).toContain('Serial number: C3010-88421');
  for (const url of urls) expect(decodeURIComponent(url)).not.toContain(email);
});

test('the footer’s newsletter sign-up: its error with the address kept on the newsletter page, then signed up', async ({ page }) => {
  const urls = urlsOf(page);
  const email = uniqueEmail('newsletter-nojs');
  await page.goto('/services/print-audit');
  const footer = page.locator('footer form[data-form="newsletter"]');
  await footer.getByLabel(/first name/i).fill('Jo');
  await footer.getByLabel(/^email/i).fill('jo@example');
  await footer.getByRole('button', { name: 'Sign up' }).click();

  await expect(page).toHaveURL(/\/newsletter$/);
  const form = page.locator('main form[data-form="newsletter"]');
  const address = form.getByLabel(/^email/i);
  await expect(address).toHaveValue('jo@example');
  await expect(address).toBeFocused();
  await expect(address).toHaveAccessibleDescription(/Please enter a valid email address\.$/);
  await expect(form.getByLabel(/first name/i)).toHaveValue('Jo');

  await address.fill(email);
  await form.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.locator('main').getByRole('status')).toContainText("Thanks — you're on the list.");
  const db = new Database(path.join(process.env.E2E_VAR_DIR!, 'copytech.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT first_name, form_id, form_name FROM newsletter_signups WHERE email = ?').get(email.toLowerCase());
    expect(row).toEqual({ first_name: 'Jo', form_id: '1', form_name: 'newsletter' });
  } finally {
    db.close();
  }
  for (const url of urls) expect(decodeURIComponent(url)).not.toContain(email);
});
