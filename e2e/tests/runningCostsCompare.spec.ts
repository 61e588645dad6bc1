/**
 * Running costs in the comparison basket and the savings checker (docs/product-rules.md
 * "Comparison" and "The checker for one machine"), against the production server and its real
 * catalogue: the comparison's monthly estimate at one volume the visitor sets, its arithmetic
 * checked against the product API's own prices, the lowest marked Best; and the checker opened
 * with `?machine=`, rendered on the server with the machine, computing with its prices, the
 * e-mailed report priced by the server from the modelId alone.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { productPath, type Product } from '@copytech/shared/domain';
import { fillQuoteForm, openBasket, uniqueEmail } from '../support/flows';
import { outboxMails } from '../support/outbox';
import { expect, test } from '../support/test';

const REFERENCE = /CT-[0-9A-HJKMNP-TV-Z]{8}/;
const C5840I = 'canonimagerunneradvancedxc5840i';

async function productOf(page: Page, modelId: string): Promise<Product> {
  const response = await page.request.get(`/api/v3/products/${modelId}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Product;
}

/** The product's own rental per month (the quarterly 60-month lease / 3) and prices per page, as the API gives them. */
function figuresOf(product: Product) {
  const rates = product.price!.servicePerPage!;
  return { rentalPence: Math.round(product.price!['60MonthLeasePrice']! / 3), mono: rates.mono, colour: rates.colour };
}

const pounds = (pence: number) =>
  `£${(Math.round(pence) / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function addFromPage(page: Page, product: Product, count: number): Promise<void> {
  await page.goto(productPath(product));
  await page.getByTestId('product-page').getByRole('button', { name: 'Add to basket' }).first().click();
  await expect(page.getByRole('button', { name: new RegExp(`^Comparison basket, ${count}\\b`) })).toBeVisible();
}

/** axe (WCAG 2.0 to 2.2 A and AA, and best practices, as accessibility.spec.ts) on the page as it is now. */
async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    what,
  ).toEqual([]);
}

const estimateCells = (drawer: Locator) => drawer.locator('[data-row="monthlyEstimate"] :is(td, dd)');

test.describe('the comparison basket', () => {
  for (const width of [1280, 375]) {
    test(`estimates each machine a month at the volume set, the lowest marked Best, with the page-billing terms (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      // Three colour A3 machines on rental, of different prices per page and rentals.
      const ids = [C5840I, 'ricohimc2010', 'canonimagerunneradvancedxc5870i'];
      const products = await Promise.all(ids.map((id) => productOf(page, id)));
      for (const [index, product] of products.entries()) await addFromPage(page, product, index + 1);
      const drawer = await openBasket(page);
      await expect(drawer.getByText('Loading', { exact: true })).toHaveCount(0);

      // The prices per page are each machine's own.
      await expect(drawer.locator('[data-row="serviceMono"] :is(td, dd)').first()).toContainText(`${figuresOf(products[0]!).mono}p`);

      const mono = drawer.getByLabel('Mono pages a month');
      const colour = drawer.getByLabel('Colour pages a month');
      await expect(mono).toHaveValue('3000'); // office A3's defaults
      await mono.fill('8,000');
      await colour.fill('1500');
      const expected = products.map((product) => {
        const f = figuresOf(product);
        return f.rentalPence + Math.max(1_500, 8_000 * f.mono + 1_500 * f.colour!);
      });
      const lowest = Math.min(...expected);
      await expect(estimateCells(drawer)).toHaveText(
        expected.map((pence) => (pence === lowest ? `${pounds(pence)}Best: lowest` : pounds(pence))),
      );
      await expect(drawer.getByTestId('estimate-note')).toContainText('at 8,000 mono and 1,500 colour pages');

      // Few pages: the minimum charge sets the service part, said in the cell.
      await mono.fill('200');
      await colour.fill('0');
      const first = figuresOf(products[0]!);
      await expect(estimateCells(drawer).first()).toContainText(`${pounds(first.rentalPence + 1_500)} (minimum charge)`);

      const terms = drawer.getByTestId('page-billing-terms');
      await expect(terms).toContainText('Colour is billed per page');
      await expect(terms).toContainText('An A3 page counts as two A4 pages');
      await expect(terms).toContainText('fixed for the first 12 months');
      const widths = await page.evaluate(() => [document.scrollingElement!.scrollWidth, window.innerWidth]);
      expect(widths[0], 'the page scrolls sideways').toBeLessThanOrEqual(widths[1]!);
      await expectNoAxeViolations(page, `the comparison with its estimate at ${width} px`);
      await page.screenshot({ path: test.info().outputPath(`comparison-running-costs-${width}.png`), fullPage: true });
    });
  }
});

test.describe('the savings checker for one machine', () => {
  test('is rendered on the server with the machine, and without one words the "from" prices as the terms do', async ({ page }) => {
    const html = await (await page.request.get(`/discover-print-savings?machine=${C5840I}`)).text();
    expect(html).toContain('Compared with:');
    expect(html).toContain('Canon imageRUNNER ADVANCE DX C5840i, rental £138.00 a month and 0.52p / 4p a page (A4, ex VAT)');
    expect(html).toContain('How Copytech bills pages');
    const plain = await (await page.request.get('/discover-print-savings')).text();
    expect(plain).not.toContain('Compared with:');
    expect(plain).toContain('from 0.39p a mono page and from 3.3p a colour page (A4, ex VAT) on office machines');
    const unknown = await (await page.request.get('/discover-print-savings?machine=nosuchmachine')).text();
    expect(unknown).toContain('We could not find that machine, so the figures use a machine that fits what you print.');
  });

  for (const width of [1280, 375]) {
    test(`says what it compares with, accessibly (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/discover-print-savings?machine=${C5840I}`);
      await expect(page.getByTestId('checker-machine')).toContainText('Compared with:');
      await expectNoAxeViolations(page, `the checker for one machine at ${width} px`);
      await page.goto('/discover-print-savings?machine=kodakalariss2070');
      await expect(page.getByTestId('checker-machine')).toContainText('That machine prints nothing');
      await expectNoAxeViolations(page, `the checker for a scanner at ${width} px`);
    });
  }

  test('computes with the machine’s rental and prices, and the e-mailed report is priced by the server', async ({ page }) => {
    const product = await productOf(page, C5840I);
    const f = figuresOf(product);
    await page.goto(`/discover-print-savings?machine=${C5840I}`);
    const checker = page.locator('[data-team="checker"]');
    await expect(checker.getByTestId('checker-machine')).toContainText('Compared with: Canon imageRUNNER ADVANCE DX C5840i');
    await expect(checker.getByRole('link', { name: 'Back to the Canon imageRUNNER ADVANCE DX C5840i' })).toHaveAttribute(
      'href',
      productPath(product),
    );

    // Leased at £270 and a cost-per-copy charge of £450 a quarter, 15,000 mono and 3,000 colour pages a quarter.
    const next = async (heading: string) => {
      await checker.getByRole('button', { name: 'Next' }).click();
      await expect(page.locator('#checker-step-heading')).toHaveText(heading);
    };
    await checker.getByRole('radio', { name: /Item by item/ }).check();
    await next('Your equipment');
    await checker.getByRole('radio', { name: /^Leased/ }).check();
    await next('Your lease or rental payment');
    await checker.getByRole('textbox', { name: /Lease payment/ }).fill('270');
    await next('How your equipment is supported');
    await checker.getByRole('radio', { name: /cost-per-copy \(click charge\)/ }).check();
    await next('What support and supplies cost');
    await checker.getByRole('textbox', { name: /cost-per-copy charges/ }).fill('450');
    await next('Anything else you pay for');
    for (const group of await checker
      .getByRole('group')
      .filter({ has: page.getByRole('radio', { name: 'No' }) })
      .all()) {
      await group.getByRole('radio', { name: 'No' }).check();
    }
    await next('How much you print');
    await checker.getByRole('textbox', { name: /Mono/ }).fill('15,000');
    await checker.getByRole('textbox', { name: 'Colour pages' }).fill('3000');
    await next('One last check');
    await checker.getByRole('button', { name: 'See my results' }).click();
    await checker.locator('altcha-widget').getByText("I'm not a robot").click();
    await expect(checker.locator('altcha-widget').getByText('Verified', { exact: true })).toBeVisible({ timeout: 45_000 });
    await checker.getByRole('button', { name: 'See my results' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Your results' })).toBeFocused();

    // With Copytech: its rental in place of today's lease, plus 5,000 x its mono price and 1,000 x its colour price, a month.
    const copytechPerMonth = f.rentalPence + 5_000 * f.mono + 1_000 * f.colour!;
    await expect(
      checker
        .getByRole('row', { name: /^Per month/ })
        .getByRole('cell')
        .first(),
    ).toHaveText('£240.00');
    await expect(
      checker
        .getByRole('row', { name: /^Per month/ })
        .getByRole('cell')
        .nth(1),
    ).toHaveText(pounds(copytechPerMonth));
    await expect(checker.getByText(/^Copytech's side is the Canon imageRUNNER ADVANCE DX C5840i, rental £138\.00 a month/)).toBeVisible();
    await expect(checker.getByTestId('page-billing-terms').last()).toContainText('Colour is billed per page');
    await page.screenshot({ path: test.info().outputPath('checker-machine-results-1280.png'), fullPage: true });

    const email = uniqueEmail('checker-machine');
    await fillQuoteForm(checker, email);
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/report') && request.method() === 'POST');
    await checker.getByRole('button', { name: 'E-mail me this report' }).click();
    const body = (await sent).postDataJSON() as { machine?: string };
    expect(body.machine).toBe(C5840I);
    const outcome = checker.locator('[data-outcome="report-sent"]');
    await expect(outcome).toContainText(email);
    const reference = (await outcome.textContent())?.match(REFERENCE)?.[0];
    expect(reference).toBeTruthy();
    await expect.poll(() => outboxMails([reference!, 'report-visitor']).length, { timeout: 15_000 }).toBe(1);
    const mail = outboxMails([reference!, 'report-visitor'])[0]!.text.replace(/\s+/g, ' ');
    expect(mail).toContain(
      'Compared with: Canon imageRUNNER ADVANCE DX C5840i, rental £138.00 a month and 0.52p / 4p a page (A4, ex VAT).',
    );
    expect(mail).toContain('HOW COPYTECH BILLS PAGES');

    // The way back to the general checker: the same answers, priced with a machine that fits them.
    await checker.getByRole('link', { name: 'Compare with a machine that fits what you print instead' }).click();
    await expect(page).toHaveURL(/\/discover-print-savings$/);
    await expect(checker.getByTestId('checker-machine')).toHaveCount(0);
    // Today's lease stays, plus 5,000 mono and 1,000 colour pages at the prices of the machine that fits, as the page names them.
    const side = (await checker.getByText(/^Copytech's side uses the prices per page of the /).textContent()) ?? '';
    const [, mono, colour] = side.match(/, ([\d.]+)p \/ ([\d.]+)p a page/) ?? [];
    await expect(
      checker
        .getByRole('row', { name: /^Per month/ })
        .getByRole('cell')
        .nth(1),
    ).toHaveText(pounds(9_000 + 5_000 * Number(mono) + 1_000 * Number(colour)));
    await page.screenshot({ path: test.info().outputPath('checker-from-results-1280.png'), fullPage: true });
  });
});

test.describe('the savings checker for one machine, rendered in the browser', () => {
  // As after a click from a product page: the page data has no answer for the machine, so the checker reads it itself.
  test.use({ renderIn: 'browser' });

  test('finds the machine and says what it compares with', async ({ page }) => {
    await page.goto(`/discover-print-savings?machine=${C5840I}`);
    await expect(page.getByTestId('checker-machine')).toContainText(
      'Compared with: Canon imageRUNNER ADVANCE DX C5840i, rental £138.00 a month and 0.52p / 4p a page (A4, ex VAT)',
    );
    await page.goto('/discover-print-savings?machine=nosuchmachine');
    await expect(page.getByTestId('checker-machine')).toContainText('We could not find that machine');
  });
});

test('"Check against what you pay now" on a product page opens the checker with that machine', async ({ page }) => {
  const product = await productOf(page, C5840I);
  await page.goto(productPath(product));
  await page.getByRole('link', { name: 'Check against what you pay now' }).click();
  await expect(page).toHaveURL(new RegExp(`/discover-print-savings\\?machine=${C5840I}$`));
  await expect(page.getByTestId('checker-machine')).toContainText(
    'Compared with: Canon imageRUNNER ADVANCE DX C5840i, rental £138.00 a month and 0.52p / 4p a page (A4, ex VAT)',
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Discover your print savings' })).toBeVisible();
});
