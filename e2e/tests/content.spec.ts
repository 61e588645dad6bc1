/**
 * The content remote (docs/product-rules.md "Content pages and forms") through the shell, against
 * the production server and its seeded CMS pages: home with its hero, copy and the catalogue's
 * featured printers; a service page; the contact and support forms arriving at the server (201, a
 * reference shown, the e-mail in the outbox); and Not Found for a service that does not exist.
 */
import type { Page } from '@playwright/test';
import { outboxMails } from '../support/outbox';
import { expect, test } from '../support/test';

// The cookie banner as a first visit has it (these tests predate the shared fixture's accepted banner).
test.use({ acceptCookies: false });

const REFERENCE = /CT-[0-9A-HJKMNP-TV-Z]{8}/;

function content(page: Page) {
  return page.locator('[data-team="content"]');
}

/** The decoded text of every e-mail in the outbox that carries the reference. */
function outboxMailsFor(reference: string): string[] {
  return outboxMails([reference]).map((mail) => mail.text);
}

test('home: the hero, what Copytech offers, "Average delivery time 2 minutes" and featured printers from the catalogue', async ({
  page,
}) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Photocopiers and printers for UK businesses, without the small print' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page).toHaveTitle('Trusted Photocopier and Printer Supplier - Copytech');
  await expect(content(page)).toHaveAttribute('data-release', /.+/);

  await expect(content(page).getByRole('link', { name: 'Discover your print savings' })).toHaveAttribute('href', '/discover-print-savings');
  await expect(
    content(page).getByRole('heading', { level: 2, name: 'Everything your office prints, looked after by one team' }),
  ).toBeVisible();
  await expect(content(page).locator('[data-block="steps"]').getByText('Average delivery time 2 minutes')).toBeVisible();

  // Featured printers: the catalogue remote's fragment inside the content page.
  await content(page).locator('[data-block="featuredProducts"]').scrollIntoViewIfNeeded(); // it loads when near the viewport
  const featured = content(page).locator('[data-remote="catalogue"]').getByTestId('featured-products');
  await expect(featured.getByRole('heading', { level: 2, name: 'Popular with our customers' })).toBeVisible();
  await expect(featured.getByTestId('product-card').first()).toBeVisible();
  expect(await featured.getByTestId('product-card').count()).toBeGreaterThan(1);

  // Recent posts from the blog, dated the UK way.
  const posts = content(page).locator('[data-block="recentPosts"]');
  await expect(posts.getByRole('heading', { level: 3 }).first()).toBeVisible();
  await expect(posts.locator('time').first()).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
});

test('a service page: its title, meta and content; following a link to another content page', async ({ page }) => {
  await page.goto('/services/print-audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Print audit' })).toBeVisible();
  await expect(page).toHaveTitle('Print audit - Copytech');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/services\/print-audit$/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Print audit');
  await expect(content(page).getByRole('heading', { level: 2, name: 'How the audit works' })).toBeVisible();

  await content(page).getByRole('navigation', { name: 'More services' }).getByRole('link', { name: 'PaperCut print management' }).click();
  await expect(page).toHaveURL(/\/services\/papercut$/);
  await expect(page.getByRole('heading', { level: 1, name: 'PaperCut print management' })).toBeVisible();
  await expect(page).toHaveTitle('PaperCut print management - Copytech');
});

test('a service that does not exist is the Not Found page', async ({ page }) => {
  await page.goto('/services/not-a-service');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found - Copytech');
});

test('a page that is not a service, at a service path, is Not Found', async ({ page }) => {
  await page.goto('/services/contact-us');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('contact us: the enquiry is checked, sent, answered with a reference, and its e-mail is in the outbox', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const message = `We need two A3 colour copiers for our new office (e2e ${stamp}).`;
  await page.goto('/contact-us');
  const form = page.getByRole('form', { name: 'Send us a message' });

  // Nothing is sent while the form is not valid; the messages sit by their fields.
  await form.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(form.getByText('Please enter your name.')).toBeVisible();
  await expect(form.getByLabel('Your name')).toBeFocused();

  await form.getByLabel('Your name').fill('Jane Tester');
  await form.getByLabel('Email').fill('jane.tester@example.co.uk');
  await form.getByLabel('Email').blur();
  await form.getByLabel('Phone (optional)').fill('0116 496 0123');
  await form.getByLabel('Company (optional)').fill('Tester & Co');
  await form.getByLabel('How can we help?').fill(message);

  const answer = page.waitForResponse(
    (response) => response.url().endsWith('/api/enquiries/send') && response.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Send enquiry' }).click();
  const response = await answer;
  expect(response.status()).toBe(201);
  const { reference } = (await response.json()) as { reference: string };
  expect(reference).toMatch(REFERENCE);

  const success = page.getByTestId('enquiry-success');
  await expect(success).toContainText(reference);
  await expect(success).toBeFocused();

  await expect.poll(() => outboxMailsFor(reference).length, { timeout: 15_000 }).toBeGreaterThan(0);
  const mails = outboxMailsFor(reference).join('\n');
  expect(mails).toContain(message);
  expect(mails).toContain('Jane Tester');
});

test('customer support: the service request reaches the server with the machine, serial number and urgency', async ({ page }) => {
  const serial = `E2E${Date.now().toString(36).toUpperCase()}`;
  await page.goto('/customer-support');
  const form = page.getByRole('form', { name: 'Log a service request' });

  await form.getByLabel('Serial number').fill('#!');
  await form.getByLabel('Serial number').blur();
  await expect(form.getByText(/Please enter the serial number/)).toBeVisible();
  await expect(form.getByLabel('Serial number')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Your name').fill('Sam Patel');
  await form.getByLabel('Company').fill('Patel Vets');
  await form.getByLabel('Email').fill('sam.patel@example.co.uk');
  await form.getByLabel('Phone').fill('0116 496 0456');
  await form.getByLabel('Make and model').fill('Canon imageRUNNER ADVANCE DX C5840i');
  await form.getByLabel('Serial number').fill(serial);
  await form.getByLabel('What is wrong?').fill('Paper jams in drawer 2 with error E000-0001 on the screen.');
  await form.getByLabel('How urgent is it?').selectOption('machine-down');

  const answer = page.waitForResponse(
    (response) => response.url().endsWith('/api/enquiries/send') && response.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Send service request' }).click();
  const response = await answer;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject({ kind: 'service-request', serialNumber: serial, urgency: 'machine-down' });
  const { reference } = (await response.json()) as { reference: string };
  await expect(page.getByTestId('enquiry-success')).toContainText(reference);

  await expect.poll(() => outboxMailsFor(reference).length, { timeout: 15_000 }).toBeGreaterThan(0);
  expect(outboxMailsFor(reference).join('\n')).toContain(serial);
});
