/**
 * The print-savings checker (docs/product-rules.md "Savings checker") through the shell, against
 * the production server: the wizard walked to the results, the ALTCHA human check solved for real
 * by the browser (its proof of work runs in Chromium's workers), the figures on screen, and the
 * report e-mailed: the server recomputes it, and the .eml lands in the server's outbox. Progress
 * survives a reload.
 */
import type { Page } from '@playwright/test';
import { fillQuoteForm } from '../support/flows';
import { outboxMails } from '../support/outbox';
import { expect, test } from '../support/test';

// The cookie banner as a first visit has it (these tests predate the shared fixture's accepted banner).
test.use({ acceptCookies: false });

const REFERENCE = /CT-[0-9A-HJKMNP-TV-Z]{8}/;

function checker(page: Page) {
  return page.locator('[data-team="checker"]');
}

/** The decoded text of every e-mail in the outbox of this reference and kind. */
function outboxTexts(reference: string, kind: string): string[] {
  return outboxMails([reference, kind]).map((mail) => mail.text);
}

async function next(page: Page, expectedHeading: string) {
  await checker(page).getByRole('button', { name: 'Next' }).click();
  await expect(page.locator('#checker-step-heading')).toHaveText(expectedHeading);
  await expect(page.locator('#checker-step-heading')).toBeFocused();
}

test('walks the wizard to the results, solves the human check in the browser, e-mails the report and asks for a quote', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  await page.goto('/discover-print-savings');
  await page.getByRole('button', { name: 'Accept cookies' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Discover your print savings' })).toBeVisible();
  await expect(page).toHaveTitle('Discover print savings - Copytech');
  const wizard = checker(page);
  await expect(wizard.getByText('Step 1 of 4')).toBeVisible();

  // Next without an answer: the message beside the question.
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByText('Please choose how you would like to tell us your costs.')).toBeVisible();

  await wizard.getByRole('radio', { name: /Item by item/ }).check();
  await next(page, 'Your equipment');
  await wizard.getByRole('radio', { name: /^Leased/ }).check();
  await next(page, 'Your lease or rental payment');
  await expect(wizard.getByText('Step 2 of 4')).toBeVisible();
  await expect(wizard.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');
  await wizard.getByRole('textbox', { name: /Lease payment/ }).fill('270');
  await next(page, 'How your equipment is supported');
  await wizard.getByRole('radio', { name: /cost-per-copy \(click charge\)/ }).check();
  await next(page, 'What support and supplies cost');
  await wizard.getByRole('textbox', { name: /cost-per-copy charges/ }).fill('450');
  await next(page, 'Anything else you pay for');
  for (const question of [
    'Do you pay to insure the equipment?',
    'Do you pay for toner to be delivered?',
    'Do you pay for network or IT support for your printers?',
    'Do you pay any other charges?',
  ]) {
    await wizard.getByRole('group', { name: question }).getByRole('radio', { name: 'No' }).check();
  }
  await next(page, 'How much you print');
  await wizard.getByRole('textbox', { name: /Mono/ }).fill('15,000');
  await wizard.getByRole('textbox', { name: 'Colour pages' }).fill('3000');
  await next(page, 'One last check');

  // The human check: ALTCHA's widget fetches a challenge from the server and solves it here.
  await wizard.getByRole('button', { name: 'See my results' }).click();
  await expect(wizard.getByText('Please confirm you are not a robot: tick the box and wait a moment while it checks.')).toBeVisible();
  await wizard.locator('altcha-widget').getByText("I'm not a robot").click();
  await expect(wizard.locator('altcha-widget').getByText('Verified', { exact: true })).toBeVisible({ timeout: 45_000 });
  await wizard.getByRole('button', { name: 'See my results' }).click();

  // The results: the figures side by side, the chart, the assumptions.
  await expect(page.getByRole('heading', { level: 2, name: 'Your results' })).toBeFocused();
  await expect(wizard.getByText(/^Save £[\d,]+ a year$/)).toBeVisible();
  // Today's side is the visitor's own; Copytech's is a machine that fits (checkerFit.spec.ts checks its figures).
  await expect(
    wizard
      .getByRole('row', { name: /^Per year/ })
      .getByRole('cell')
      .first(),
  ).toHaveText('£2,880.00');
  await expect(
    wizard
      .getByRole('row', { name: /^Per colour page/ })
      .getByRole('cell')
      .first(),
  ).toHaveText('15.09p');
  await expect(wizard.getByRole('img', { name: /Cost per year today and with Copytech/ })).toBeVisible();
  // Without a machine chosen, Copytech's side is a machine that fits 6,000 pages a month in colour, named with its
  // own prices (never the "from" prices only 70 ppm machines have), and the page-billing terms are with the results.
  await expect(
    wizard.getByText(
      /^Copytech's side uses the prices per page of the .+: Copytech's 30 to 39 ppm colour multifunctionals fit about 6,000 pages a month/,
    ),
  ).toBeVisible();
  await expect(wizard.getByRole('heading', { name: 'How Copytech bills pages' }).last()).toBeVisible();

  // E-mail me this report: sent with the human check's solution; the server mails it.
  await fillQuoteForm(wizard, 'jo.bloggs@example.co.uk');
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/report') && response.request().method() === 'POST');
  await wizard.getByRole('button', { name: 'E-mail me this report' }).click();
  expect((await answer).status()).toBe(201);
  const sent = wizard.locator('[data-outcome="report-sent"]');
  await expect(sent).toContainText('Your report is on its way to jo.bloggs@example.co.uk');
  const reference = (await sent.textContent())?.match(REFERENCE)?.[0];
  expect(reference).toBeTruthy();

  await expect.poll(() => outboxTexts(reference!, 'report-visitor').length, { timeout: 15_000 }).toBe(1);
  const visitorMail = outboxTexts(reference!, 'report-visitor')[0]!;
  expect(visitorMail).toMatch(/^To: Jo Bloggs <jo\.bloggs@example\.co\.uk>$/m);
  expect(visitorMail.replace(/\s+/g, ' ')).toMatch(
    /With the .+, one of Copytech's 30 to 39 ppm colour multifunctionals that fit about 6,000 pages a month, you could save £[\d,]+\.\d\d a year/,
  );
  expect(visitorMail).toContain(reference!);
  await expect.poll(() => outboxTexts(reference!, 'report-sales').length, { timeout: 15_000 }).toBe(1);

  // Get a quote: an enquiry carrying the checker's figures reaches sales.
  await wizard.getByRole('button', { name: 'Get a quote' }).click();
  const quoted = wizard.locator('[data-outcome="quote-sent"]');
  await expect(quoted).toContainText('we have your quote request');
  const quoteReference = (await quoted.textContent())?.match(REFERENCE)?.[0];
  expect(quoteReference).toBeTruthy();
  await expect.poll(() => outboxTexts(quoteReference!, 'enquiry-sales').length, { timeout: 15_000 }).toBe(1);
  const enquiryMail = outboxTexts(quoteReference!, 'enquiry-sales')[0]!;
  expect(enquiryMail).toContain('Quote request from the print savings checker.');
  expect(enquiryMail).toMatch(/Possible saving: £[\d,]+\.\d\d a year, £[\d,]+\.\d\d over 60 months\./);
  expect(enquiryMail).toMatch(
    /Compared with: the .+'s prices per page \([\d.]+p \/ [\d.]+p a page, A4, ex VAT\), a machine that fits these pages\./,
  );

  // Progress survives a reload: the results are still there.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Your results' })).toBeVisible();
  await expect(checker(page).getByText(/^Save £[\d,]+ a year$/)).toBeVisible();

  expect(problems).toEqual([]);
});
