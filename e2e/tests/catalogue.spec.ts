/**
 * The catalogue (docs/product-rules.md "Catalogue") through the shell, against the production
 * server and its seeded catalogue: lists and paging, filters held in the URL (shared links and
 * Back), a product page of each kind, Not Found for a mismatched type and an inactive product, and
 * the basket count.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';

// The cookie banner as a first visit has it (these tests predate the shared fixture's accepted banner).
test.use({ acceptCookies: false });

const MFP_PATH = '/printers/multifunctionals/canon/imagerunner-advance-dx-c5840i';

function cards(page: Page) {
  return page.getByTestId('product-card');
}

async function speeds(page: Page): Promise<number[]> {
  const texts = await cards(page)
    .getByRole('list', { name: 'Key facts' })
    .getByText(/^\d+ ppm$/)
    .allTextContents();
  return texts.map((text) => Number.parseInt(text, 10));
}

test.describe('lists', () => {
  test('a list shows its heading, count and cards, and "Load more" keeps what is shown', async ({ page }) => {
    await page.goto('/printers/multifunctionals');
    await expect(page.getByRole('heading', { level: 1, name: 'Multifunctional printers' })).toBeVisible();
    await expect(page).toHaveTitle('Multifunctional printers - Copytech');
    const count = page.getByTestId('result-count');
    await expect(count).toHaveText(/^Showing 12 of \d+ printers$/);
    const total = Number(/of (\d+)/.exec((await count.textContent()) ?? '')?.[1]);
    expect(total).toBeGreaterThan(24);
    await expect(cards(page)).toHaveCount(12);

    // Images really load (no broken image), with their size given.
    const firstImage = cards(page).first().locator('img');
    await expect(firstImage).toHaveAttribute('src', /^\/assets\/x270\//);
    await expect.poll(() => firstImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    const firstName = await cards(page).first().getByRole('heading').textContent();
    await page.getByRole('button', { name: 'Load more printers' }).click();
    await expect(cards(page)).toHaveCount(24);
    // The URL stays the list's first page; the pages shown live in the history entry.
    await expect(page).toHaveURL(/\/printers\/multifunctionals$/);
    await expect(count).toHaveText(`Showing 24 of ${total} printers`);
    await expect(cards(page).first().getByRole('heading')).toHaveText(firstName ?? '');

    // A reload keeps what was loaded; ?page=2 on its own is the second page alone.
    await page.reload();
    await expect(cards(page)).toHaveCount(24);
    await page.goto('/printers/multifunctionals?page=2');
    await expect(cards(page)).toHaveCount(12);
    await expect(count).toHaveText(`Showing 13 to 24 of ${total} printers`);
  });

  test('a card links to its product page by the detail path rules', async ({ page }) => {
    await page.goto('/printers/production');
    await expect(cards(page).first()).toBeVisible();
    const link = cards(page).first().getByRole('heading').getByRole('link');
    await expect(link).toHaveAttribute('href', /^\/printers\/production\/[a-z0-9+_()-]+\/[a-z0-9+_()-]+$/);
    const name = (await link.textContent()) ?? '';
    await link.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name.trim());
  });

  test('sub-category, scanner class, finisher category and landing pages list the right products', async ({ page }) => {
    await page.goto('/printers/multifunctionals/a4-mono');
    await expect(page.getByRole('heading', { level: 1, name: 'A4 mono multifunctional printers' })).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
    for (const facts of await cards(page).getByRole('list', { name: 'Key facts' }).allTextContents()) {
      expect(facts).toContain('Up to A4');
      expect(facts).toContain('Mono');
    }

    await page.goto('/scanners/workgroup');
    await expect(page.getByRole('heading', { level: 1, name: 'Desktop workgroup scanners' })).toBeVisible();
    await expect(cards(page).first()).toBeVisible();

    await page.goto('/finishers/booklet');
    await expect(page.getByRole('heading', { level: 1, name: 'Booklet finishers' })).toBeVisible();
    await expect(page.getByTestId('result-count')).toHaveText(/^Showing \d+ of \d+ finishers?$/);
    for (const facts of await cards(page).getByRole('list', { name: 'Key facts' }).allTextContents()) expect(facts).toContain('Booklet');

    await page.goto('/office-printers');
    await expect(page.getByRole('heading', { level: 1, name: 'Office printers' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('colour');
    await expect(cards(page).first().getByRole('list', { name: 'Key facts' })).toContainText('Colour');

    await page.goto('/printers/multifunctionals/a5-purple');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
});

test('a filtered list: the filters go to the URL, the server filters, a shared link and Back restore them', async ({ page }) => {
  await page.goto('/printers/multifunctionals');
  await expect(cards(page)).toHaveCount(12);
  const count = page.getByTestId('result-count');
  const unfiltered = (await count.textContent()) ?? '';

  const filters = page.getByRole('form', { name: 'Filter printers' });
  await filters
    .getByRole('group', { name: 'Brand' })
    .getByRole('checkbox', { name: /^Ricoh/ })
    .check();
  await expect(page).toHaveURL(/\?brand=Ricoh$/);
  await expect(count).not.toHaveText(unfiltered);
  for (const brand of await cards(page).locator('h3 span:first-child').allTextContents()) expect(brand).toBe('Ricoh');

  const from = filters.getByRole('group', { name: /Print speed/ }).getByRole('spinbutton', { name: 'From' });
  await from.fill('40');
  await from.press('Enter');
  await expect(page).toHaveURL(/\?brand=Ricoh&minSpeed=40$/);
  await expect(async () => {
    const values = await speeds(page);
    expect(values.length).toBeGreaterThan(0);
    for (const speed of values) expect(speed).toBeGreaterThanOrEqual(40);
  }).toPass();
  const filtered = (await count.textContent()) ?? '';

  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('speed-desc');
  await expect(page).toHaveURL(/\?brand=Ricoh&minSpeed=40&sort=speed-desc$/);
  await expect(async () => {
    const values = await speeds(page);
    expect(values).toEqual([...values].sort((a, b) => b - a));
  }).toPass();

  // A shared link opens the same list with the form set.
  const shared = page.url();
  const other = await page.context().newPage();
  await other.goto(shared);
  await expect(other.getByTestId('result-count')).toHaveText(filtered);
  await expect(other.getByRole('checkbox', { name: /^Ricoh/ })).toBeChecked();
  await expect(other.getByRole('spinbutton', { name: 'From' })).toHaveValue('40');
  await other.close();

  // Back undoes one step at a time.
  await page.goBack();
  await expect(page).toHaveURL(/\?brand=Ricoh&minSpeed=40$/);
  await page.goBack();
  await expect(page).toHaveURL(/\?brand=Ricoh$/);
  await expect(from).toHaveValue('');
  await page.goBack();
  await expect(page).toHaveURL(/\/printers\/multifunctionals$/);
  await expect(count).toHaveText(unfiltered);
  await expect(filters.getByRole('checkbox', { name: /^Ricoh/ })).not.toBeChecked();

  // An impossible combination offers to clear the filters.
  await page.goto('/printers/multifunctionals?q=nosuchmodel');
  await expect(page.getByText('No printers match these filters.')).toBeVisible();
  await page.getByRole('region', { name: 'Results' }).getByRole('link', { name: 'Clear filters' }).click();
  await expect(cards(page)).toHaveCount(12);
  await expect(page).toHaveURL(/\/printers\/multifunctionals$/);
});

test.describe('product pages', () => {
  test('a printer: title, meta, schema.org offer, features, gallery and similar products', async ({ page }) => {
    const response = await page.goto(MFP_PATH);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Canon imageRUNNER ADVANCE DX C5840i' })).toBeVisible();
    await expect(page).toHaveTitle('Canon imageRUNNER ADVANCE DX C5840i Colour A3 Multifunctional Printer - Copytech');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /starting at £[\d,]+\.\d\d.*rent from £[\d,]+\.\d\d per month/,
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${MFP_PATH}$`));
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(jsonLd).toMatchObject({
      '@type': 'Product',
      name: 'Canon imageRUNNER ADVANCE DX C5840i',
      offers: { '@type': 'Offer', priceCurrency: 'GBP' },
    });
    expect(jsonLd.offers.price).toMatch(/^\d+\.\d\d$/);
    await expect(page.getByRole('table', { name: /Features of/ }).getByRole('rowheader', { name: 'Technology' })).toBeVisible();
    await expect(page.getByTestId('product-page')).toContainText(/Starting at £[\d,]+\.\d\d/);
    await expect(page.getByRole('img', { name: 'Canon imageRUNNER ADVANCE DX C5840i' }).first()).toHaveAttribute('src', /\/assets\/x540\//);
    await page.getByRole('button', { name: 'Enlarge image' }).click();
    const dialog = page.getByRole('dialog', { name: /enlarged image/ });
    await expect(dialog.getByRole('img')).toHaveAttribute('src', /\/assets\/x810\//);
    // Escape as a visitor presses it: with the focus in the dialog (it moves there as it opens).
    await expect(page.locator('[role="dialog"]:focus-within')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: 'Similar products' }).getByTestId('product-card').first()).toBeVisible();

    // "Instant quote" opens the basket remote's single-product quote through the shared store.
    await page.getByRole('button', { name: 'Instant quote' }).click();
    await expect(page.getByRole('dialog').filter({ hasText: 'imageRUNNER ADVANCE DX C5840i' })).toBeVisible();
  });

  test('monthly prices: a third of the quarterly lease, 1.5% to 3% of the price, and said what they are', async ({ page }) => {
    const pounds = (text: string) => Number(text.replace(/[£,]/g, ''));
    for (const path of [MFP_PATH, '/printers/production/sharp/bp-90c70']) {
      await page.goto(path);
      const product = page.getByTestId('product-page');
      const text = (await product.textContent()) ?? '';
      const from = text.match(/Starting at (£[\d,]+\.\d\d) ex VAT/);
      const monthly = text.match(/or rent from (£[\d,]+\.\d\d) per month/);
      const quarterly = text.match(/on a 60-month lease billed quarterly \((£[\d,]+\.\d\d) a quarter plus VAT\)/);
      expect(from && monthly && quarterly, `${path}: prices and lease terms shown`).toBeTruthy();
      const share = pounds(monthly![1]!) / pounds(from![1]!);
      expect(share, `${path}: ${monthly![1]} a month on ${from![1]}`).toBeGreaterThanOrEqual(0.015);
      expect(share, `${path}: ${monthly![1]} a month on ${from![1]}`).toBeLessThanOrEqual(0.03);
      expect(Math.abs(pounds(quarterly![1]!) / 3 - pounds(monthly![1]!))).toBeLessThanOrEqual(0.005);
      await expect(product).toContainText('It covers the machine, financed over the term, delivery, installation, network set-up');
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        'content',
        new RegExp(`rent from ${monthly![1]!.replace('.', '\\.')} per month on a 60-month lease`),
      );
    }
    // A machine under the lease minimum (£1,000) is sold outright only: no rental on its page or in its description.
    for (const path of ['/printers/multifunctionals/brother/mfc-l8900cdw', '/scanners/epson/es-60w']) {
      await page.goto(path);
      const product = page.getByTestId('product-page');
      await expect(product).toContainText('To buy outright: a lease is offered on machines from £1,000.');
      // Its own prices (the similar products below may be leased).
      const own = ((await product.textContent()) ?? '').split('Similar products')[0]!;
      expect(own, path).not.toMatch(/per month|rent from/);
      await expect(page.locator('meta[name="description"]')).not.toHaveAttribute('content', /rent|lease/);
    }
    // A card says it in short (A3 colour machines all start above the £1,000 lease minimum).
    await page.goto('/printers/multifunctionals/a3-colour');
    await expect(cards(page).first()).toContainText(/or rent from £[\d,]+\.\d\d per month \(ex VAT, 60-month lease\)/);
  });

  test('a production printer, a scanner, a production scanner and a finisher', async ({ page }) => {
    const pages: Array<[string, string, RegExp]> = [
      ['/printers/production/sharp/bp-90c70', 'Sharp BP-90C70', /Production Printer - Copytech$/],
      ['/scanners/epson/es-60w', 'Epson ES-60W', /Personal Scanner - Copytech$/],
      ['/scanners/production/kodak-alaris/s3100', 'Kodak Alaris S3100', /Production Scanner - Copytech$/],
      ['/scanners/kodak-alaris/s3100', 'Kodak Alaris S3100', /Production Scanner - Copytech$/],
      ['/finishers/konica-minolta/fs-539', 'Konica Minolta FS-539', /Finisher - Copytech$/],
    ];
    for (const [path, name, title] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name }), path).toBeVisible();
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole('button', { name: 'Add to basket' }).first()).toBeEnabled();
    }
  });

  test('a type the product does not belong to, an inactive product and an unknown one are Not Found', async ({ page }) => {
    for (const path of [
      '/printers/plotters/canon/imagerunner-advance-dx-c5840i',
      '/printers/multifunctionals/sharp/bp-90c70',
      '/finishers/canon/imagerunner-advance-dx-c5840i',
      '/scanners/canon/imagerunner-advance-dx-c5840i',
      '/printers/multifunctionals/ricoh/im-c3000',
      '/printers/production/canon/varioprint-140',
      '/printers/multifunctionals/canon/no-such-model',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' }), path).toBeVisible();
      await expect(page.getByTestId('product-page')).toHaveCount(0);
      await expect(page).toHaveTitle('Page not found - Copytech');
    }
  });
});

test("adding to the basket updates the shell's count and the cards say why they are disabled", async ({ page }) => {
  await page.goto(MFP_PATH);
  const count = page.getByTestId('basket-count');
  await expect(count).toHaveText('0');
  const page_ = page.getByTestId('product-page');
  await page_.getByRole('button', { name: 'Add to basket' }).first().click();
  await expect(count).toHaveText('1');
  await expect(page_.getByRole('button', { name: 'Add to basket' }).first()).toBeDisabled();
  await expect(page_.getByText('In your basket').first()).toBeVisible();

  await page.goto('/printers/multifunctionals');
  await expect(cards(page)).toHaveCount(12);
  for (let i = 0; i < 4; i += 1) {
    await cards(page).getByRole('button', { name: 'Add to basket' }).and(page.locator(':enabled')).first().click();
  }
  await expect(count).toHaveText('5');
  // The basket holds five: every other card is disabled and says so.
  const others = cards(page).filter({ hasNotText: 'In your basket' });
  await expect(others.first().getByRole('button', { name: 'Add to basket' })).toBeDisabled();
  await expect(others.first()).toContainText('Basket full (5 max)');

  // It survives a reload (stored under 'basket').
  await page.reload();
  await expect(count).toHaveText('5');
});
