/**
 * Running costs on a product page (docs/product-rules.md "Running costs"): the machine's own
 * prices per page next to the rental; "What it costs a month" at the class's default volumes in
 * the server's HTML, following typed volumes with JavaScript, and sent as a form without it; the
 * page-billing terms beside it; and "Check against what you pay now" into the savings checker.
 * The expected figures are worked out here from the product API's prices, not by the site's code.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { pageBillingTerms, type CommercialTerms, type Product } from '@copytech/shared/domain';
import { expect, test } from '../support/test';

const A3_COLOUR = { path: '/printers/multifunctionals/canon/imageforce-c5140', modelId: 'canonimageforcec5140' };
// Sold outright only (below the lease minimum), a mono A4 printer.
const MONO_A4 = { path: '/printers/print-only/hp/laserjet-pro-4002dn', modelId: 'hplaserjetpro4002dn' };
const SCANNER = '/scanners/brother/ads-4300n';

const gbp = (pence: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2 }).format(pence / 100);

/** A product as the API answers it: an active printing machine always has its prices. */
type Priced = Product & { price: NonNullable<Product['price']> };

async function productOf(request: APIRequestContext, modelId: string): Promise<Priced> {
  return (await (await request.get(`/api/v3/products/${modelId}`)).json()) as Priced;
}

/** The figure for a leased machine, by hand: a third of the quarterly lease, plus each page at its price, and that with VAT at 20%. */
function expectedFigure(product: Priced, mono: number, colour: number): string {
  const rates = product.price.servicePerPage!;
  const rental = Math.round(product.price['60MonthLeasePrice']! / 3);
  const pages = Math.round(mono * rates.mono + colour * (rates.colour ?? 0));
  expect(pages).toBeGreaterThan(1500); // above the minimum charge (£15 a month), so the pages are billed
  const total = rental + pages;
  return `${gbp(rental)} rental + ${gbp(pages)} pages = ${gbp(total)} a month, ex VAT; ${gbp(Math.round(total * 1.2))} with VAT`;
}

const section = (page: Page) => page.getByRole('region', { name: 'What it costs a month' });
const figure = (page: Page) => page.getByTestId('running-cost-figure');

test('the estimate follows typed volumes, with the terms beside it and the way into the checker', async ({ page, request }) => {
  const product = await productOf(request, A3_COLOUR.modelId);
  const rates = product.price.servicePerPage!;
  expect(rates.colour).not.toBeNull();
  await page.goto(A3_COLOUR.path);
  await expect(page.getByTestId('service-prices')).toContainText(
    `Service: ${rates.mono}p a mono page and ${rates.colour}p a colour page (A4, ex VAT).`,
  );
  // An office A3 machine opens at 3,000 mono and 1,000 colour pages a month.
  const mono = section(page).getByRole('textbox', { name: 'Mono pages a month' });
  const colour = section(page).getByRole('textbox', { name: 'Colour pages a month' });
  await expect(mono).toHaveValue('3000');
  await expect(colour).toHaveValue('1000');
  await expect(figure(page)).toHaveText(expectedFigure(product, 3000, 1000));
  const announcement = section(page).getByTestId('running-cost-announcement');
  await expect(announcement).toHaveAttribute('aria-live', 'polite');
  await expect(announcement).toHaveText('');

  await mono.fill('12345');
  await colour.fill('678');
  await expect(figure(page)).toHaveText(expectedFigure(product, 12345, 678));
  // Read out once the typing pauses: the figure for both new volumes.
  await expect(announcement).toHaveText(expectedFigure(product, 12345, 678));
  // Hydrated, the figure needs no button.
  await expect(section(page).getByRole('button', { name: 'Work it out' })).toHaveCount(0);

  const terms = (await (await request.get('/api/terms')).json()) as CommercialTerms;
  const listed = section(page).getByRole('complementary', { name: 'How pages are billed' }).getByRole('listitem');
  await expect(listed).toHaveText(pageBillingTerms(terms));

  await section(page).getByRole('link', { name: 'Check against what you pay now' }).click();
  await expect(page).toHaveURL(`/discover-print-savings?machine=${A3_COLOUR.modelId}`);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  // Nothing hydrates without JavaScript: the server's page is all there is once its HTML is in.
  const loaded = { waitUntil: 'domcontentloaded' } as const;

  test("the defaults' figure is in the server's page, and typed volumes are worked out by the server", async ({ page, request }) => {
    const product = await productOf(request, A3_COLOUR.modelId);
    await page.goto(A3_COLOUR.path, loaded);
    await expect(figure(page)).toHaveText(expectedFigure(product, 3000, 1000));
    await section(page).getByRole('textbox', { name: 'Mono pages a month' }).fill('8000');
    await section(page).getByRole('textbox', { name: 'Colour pages a month' }).fill('2,500');
    await section(page).getByRole('button', { name: 'Work it out' }).click();
    await expect(page).toHaveURL(`${A3_COLOUR.path}?mono=8000&colour=2%2C500#running-costs`);
    await expect(figure(page)).toHaveText(expectedFigure(product, 8000, 2500));
    await expect(section(page).getByRole('textbox', { name: 'Colour pages a month' })).toHaveValue('2500');
  });

  test('a mono machine sold outright has mono pages only and its price apart; a scanner has no prices per page', async ({
    page,
    request,
  }) => {
    const product = await productOf(request, MONO_A4.modelId);
    const rates = product.price.servicePerPage!;
    expect(rates.colour).toBeNull();
    await page.goto(MONO_A4.path, loaded);
    await expect(page.getByTestId('service-prices')).toContainText(`Service: ${rates.mono}p a mono page (A4, ex VAT).`);
    await expect(section(page).getByRole('textbox', { name: 'Colour pages a month' })).toHaveCount(0);
    // Office A4, all mono: 1,250 pages; at least the minimum charge of £45 a quarter, £15 a month.
    await expect(section(page).getByRole('textbox', { name: 'Mono pages a month' })).toHaveValue('1250');
    const pages = Math.max(1500, Math.round(1250 * rates.mono));
    await expect(figure(page)).toContainText(`${gbp(pages)} `);
    await expect(figure(page)).toContainText('a month, ex VAT (the machine bought outright)');
    await expect(section(page)).toContainText(`The machine is bought outright at ${gbp(product.price.startingFrom!)} ex VAT`);

    await page.goto(SCANNER, loaded);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('service-prices')).toHaveCount(0);
    await expect(section(page)).toHaveCount(0);
  });
});

test('the terms page says how pages are billed in the same words as the product page', async ({ page, request }) => {
  const terms = (await (await request.get('/api/terms')).json()) as CommercialTerms;
  for (const path of ['/terms', '/services/service-agreements']) {
    await page.goto(path);
    for (const sentence of pageBillingTerms(terms)) await expect(page.getByText(sentence, { exact: true }).first()).toBeVisible();
  }
});
