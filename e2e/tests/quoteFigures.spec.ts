/**
 * One set of figures from the page to the inbox (docs/product-rules.md "A quote's figures"): the
 * basket's figures at the volumes the buyer set are the quote e-mail's, each machine's and the
 * total, ex VAT and with VAT, with the date the quote is valid until; and a single machine's
 * instant quote without JavaScript (the server's own page): errors with the values kept, then the
 * confirmation, and the e-mail with the page's figures.
 */
import type { Page } from '@playwright/test';
import { productPath, type Product } from '@copytech/shared/domain';
import { fillQuoteForm, openBasket, uniqueEmail } from '../support/flows';
import { outboxMails, type Mail } from '../support/outbox';
import { expect, test } from '../support/test';

const C270 = 'canonimagepressc270';
const REFERENCE = /CT-[0-9A-HJKMNP-TV-Z]{8}/;

async function productOf(page: Page, modelId: string): Promise<Product> {
  const response = await page.request.get(`/api/v3/products/${modelId}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Product;
}

async function visitorMail(reference: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = outboxMails(['quote-visitor', reference])[0];
        return Boolean(found);
      },
      { timeout: 20_000, message: `the visitor e-mail of ${reference} in the outbox` },
    )
    .toBe(true);
  return found!;
}

test('the basket at 3,000 mono and 1,000 colour pages: the e-mail says the figures the basket said', async ({ page }) => {
  const product = await productOf(page, C270);
  await page.goto(productPath(product));
  await page.getByTestId('product-page').getByRole('button', { name: 'Add to basket' }).first().click();
  const drawer = await openBasket(page);
  await expect(drawer.getByTestId('basket-count')).toHaveText('1 of 5 machines');
  await drawer.getByLabel('Mono pages a month').fill('3000');
  await drawer.getByLabel('Colour pages a month').fill('1000');
  // £611.00 rental + 3,000 x 0.37p + 1,000 x 3.1p = £653.10 a month; £783.72 with VAT.
  await expect(drawer.locator('[data-row="monthlyEstimate"] :is(td, dd)').first()).toHaveText('£653.10');
  await expect(drawer.locator('[data-row="monthlyEstimateVat"] :is(td, dd)').first()).toHaveText('£783.72');
  const total = drawer.getByTestId('quote-total');
  await expect(total).toContainText('Total a month for this machine: £653.10 ex VAT; £783.72 with VAT (VAT at 20%).');
  const totalSentence = (await total.locator('p').nth(1).innerText()).trim();

  await drawer.getByRole('button', { name: 'Instant quote' }).click();
  // The term the buyer is considering goes with the request; the figures stay the 60-month ones.
  const term = drawer.getByRole('group', { name: 'The lease term you are considering' });
  await expect(term.getByRole('radio', { name: '60 months' })).toBeChecked();
  await term.getByRole('radio', { name: '36 months' }).check();
  await expect(term).toContainText('The rentals shown are for 60 months; your proposal sets out the 36-month payments.');
  const email = uniqueEmail('figures');
  await fillQuoteForm(drawer, email);
  await drawer.getByRole('button', { name: 'Send my quote' }).click();
  await expect(drawer.getByRole('heading', { name: 'Your quote is on its way' })).toBeVisible();
  const reference = (await drawer.getByTestId('quote-reference').innerText()).trim();
  expect(reference).toMatch(REFERENCE);

  const mail = (await visitorMail(reference)).text;
  expect(mail).toContain(
    'Your figures at 3,000 mono and 1,000 colour pages a month. Rentals are for a 60-month lease; you asked about 36 months, and we will set out the 36-month payments in your proposal.',
  );
  expect(mail).toContain(
    'What it costs at 3,000 mono and 1,000 colour pages a month: £611.00 rental + £42.10 pages = £653.10 a month, ex VAT; £783.72 with VAT.',
  );
  expect(mail).toContain(totalSentence);
  expect(mail).toMatch(/Valid until \d{1,2} [A-Z][a-z]+ 20\d\d: this quote holds for 30 days from today\./);
  expect(mail).not.toContain('20,000 mono');
});

test('the volumes typed on the product page are those the instant quote opens with', async ({ page }) => {
  const product = await productOf(page, C270);
  await page.goto(productPath(product));
  const costs = page.getByTestId('running-costs');
  await costs.getByLabel('Mono pages a month').fill('8000');
  await costs.getByLabel('Colour pages a month').fill('2000');
  await expect(page).toHaveURL(/mono=8000&colour=2000/);
  await page.getByTestId('product-page').getByRole('button', { name: 'Instant quote' }).click();
  const panel = page.getByRole('dialog', { name: 'Instant quote' });
  await expect(panel.getByLabel('Mono pages a month')).toHaveValue('8000');
  await expect(panel.getByLabel('Colour pages a month')).toHaveValue('2000');
  // £611.00 rental + 8,000 x 0.37p + 2,000 x 3.1p = £702.60 a month: the product page's own figure.
  await expect(costs.getByTestId('running-cost-figure')).toContainText('£702.60 a month');
  await expect(panel).toContainText('£702.60 a month');
});

test.describe('the instant quote without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const width of [375, 1280]) {
    test(`from the product page to the e-mail: errors with the values kept, then the confirmation (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const product = await productOf(page, C270);
      await page.goto(productPath(product));
      // Nothing is offered that would do nothing: beside the price, no "Add to basket" without scripts; Instant quote is a link.
      const link = page.getByTestId('instant-quote-link');
      await expect(link.locator('xpath=..').getByRole('button')).toHaveCount(0);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/instant-quote/${C270}$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Instant quote' })).toBeVisible();

      // Volumes typed, figures worked out again on the server.
      await page.getByLabel('Mono pages a month').fill('3000');
      await page.getByLabel('Colour pages a month').fill('1000');
      await page.getByRole('button', { name: 'Work out the figures again' }).click();
      await expect(page.locator('#figures')).toContainText('£611.00 rental + £42.10 pages = £653.10 a month, ex VAT; £783.72 with VAT');

      // Send with two fields wrong: every problem said, tied to its field, everything typed kept.
      const email = uniqueEmail(`nojs-${width}`);
      await fillQuoteForm(page.locator('form.iq-form'), email);
      await page.getByLabel('Last name').fill('B');
      await page.getByLabel('Postcode').fill('NOPE');
      await page.getByRole('button', { name: 'Send my instant quote' }).click();
      await expect(page.getByRole('alert')).toContainText('There is a problem');
      await expect(page.getByRole('alert')).toContainText('Please enter your last name.');
      await expect(page.getByRole('alert')).toContainText('Please enter a valid post code.');
      await expect(page.getByLabel('Last name')).toHaveAccessibleDescription('Error: Please enter your last name.');
      await expect(page.getByLabel('E-mail address')).toHaveValue(email);
      await expect(page.getByLabel('Mono pages a month')).toHaveValue('3000');
      expect(page.url()).not.toContain(encodeURIComponent(email));
      await page.screenshot({ path: test.info().outputPath(`instant-quote-errors-${width}.png`), fullPage: true });

      await page.getByLabel('Last name').fill('Bloggs');
      await page.getByLabel('Postcode').fill('LE19 1WX');
      const figure = (await page.locator('#figures p').nth(1).innerText()).trim();
      await page.getByRole('button', { name: 'Send my instant quote' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Your quote is on its way' })).toBeVisible();
      await expect(page.getByText('If it has not arrived after a few minutes, please check your junk folder.')).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`instant-quote-sent-${width}.png`), fullPage: true });
      const reference = (await page.getByTestId('quote-reference').innerText()).trim();
      expect(reference).toMatch(REFERENCE);
      expect(page.url()).not.toContain('Bloggs');

      const mail = (await visitorMail(reference)).text;
      expect(mail).toContain(figure);
      expect(mail).toContain('Total a month for this machine: £653.10 ex VAT; £783.72 with VAT (VAT at 20%).');
    });
  }
});
