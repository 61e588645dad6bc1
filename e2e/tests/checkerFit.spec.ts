/**
 * The checker does not flatter (docs/product-rules.md "The machine the checker compares
 * with"): the worked example's buyer (a £450 lease and £276 of click charges a quarter, 12,000 mono and
 * 3,000 colour pages a quarter) has the same figures for today on the general checker and with
 * `?machine=`, and the general checker names a machine that fits 5,000 pages a month in colour,
 * its saving worked out from that machine's own prices as the page states them.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';

test.use({ acceptCookies: false });

const ANSWERS = {
  entryMode: 'itemised',
  purchaseMethod: 'lease',
  equipmentIsInsured: false,
  equipmentPurchasePeriodYears: 5,
  howIsEquipmentSupported: 'cpc',
  tonerDeliveryPaidFor: false,
  networkSupportPaidFor: false,
  payOtherCharges: false,
  equipmentPurchasePrice: { periodInMonths: 60, value: null },
  leasePricePerPeriod: { periodInMonths: 3, value: 45_000 },
  cpcPricePerPeriod: { periodInMonths: 3, value: 27_600 },
  warrantyPrice: { periodInMonths: 12, value: null },
  spendPricePerPeriod: { periodInMonths: 3, value: null },
  otherChargesPricePerPeriod: [],
  blackAndWhiteVolume: { periodInMonths: 3, value: 12_000 },
  colourVolume: { periodInMonths: 3, value: 3_000 },
  printsA3: null,
  copytechPricePerPage: { mono: 0.39, colour: 3.3 },
  bill: { colourPages: null, monoPages: null, pages: null, cost: null, colourRatio: 30, periodInMonths: 3 },
};
const STEPS = ['start', 'equipment', 'lease-price', 'support', 'support-costs', 'extras', 'volumes', 'check'];

/** Opens the checker at its results with the buyer's answers (the tab's saved progress, as a reload would find it). */
async function resultsAt(page: Page, path: string) {
  await page.goto('/');
  await page.evaluate(
    ([answers, steps]) =>
      sessionStorage.setItem(
        'copytech:savings-checker',
        JSON.stringify({ version: 1, answers, currentStep: 'results', completedSteps: steps, captchaComplete: true }),
      ),
    [ANSWERS, STEPS] as const,
  );
  await page.goto(path);
  const checker = page.locator('[data-team="checker"]');
  await expect(checker.getByRole('heading', { level: 2, name: 'Your results' })).toBeVisible({ timeout: 20_000 });
  return checker;
}

async function cells(checker: ReturnType<Page['locator']>, row: RegExp) {
  return checker.getByRole('row', { name: row }).getByRole('cell').allTextContents();
}

const pounds = (pence: number) =>
  `£${(Math.round(pence) / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('the same answers give the same figures for today, and the general checker is priced with a machine that fits', async ({ page }) => {
  const general = await resultsAt(page, '/discover-print-savings');
  const todayGeneral = {
    month: (await cells(general, /^Per month/))[0],
    mono: (await cells(general, /^Per mono page/))[0],
    colour: (await cells(general, /^Per colour page/))[0],
  };
  expect(todayGeneral).toEqual({ month: '£242.00', mono: '1.94p', colour: '16.43p' });

  // The machine it names, its own prices, and a link to its page.
  const side = general.getByText(/^Copytech's side uses the prices per page of the /);
  await expect(side).toBeVisible();
  const words = (await side.textContent()) ?? '';
  const [, name, mono, colour] = words.match(/of the (.+?), ([\d.]+)p \/ ([\d.]+)p a page/) ?? [];
  expect(name).toBeTruthy();
  expect(words).toMatch(/30 to 39 ppm colour multifunctionals fit about 5,000 pages a month/);
  expect([Number(mono), Number(colour)]).not.toEqual([0.39, 3.3]);
  await expect(general.getByRole('link', { name: `See the ${name}` })).toBeVisible();
  // Today's lease stays; the same pages at the machine's own prices.
  const copytechMonth = 15_000 + 4_000 * Number(mono) + 1_000 * Number(colour);
  expect((await cells(general, /^Per month/))[1]).toBe(pounds(copytechMonth));
  await expect(general.getByText(new RegExp(`^With the ${name!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(`))).toContainText(
    `you could save ${pounds((24_200 - copytechMonth) * 12)} a year`,
  );
  await page.screenshot({ path: test.info().outputPath('checker-fit-results-1280.png'), fullPage: true });

  // The checker for one machine: today's figures do not move.
  const forMachine = await resultsAt(page, '/discover-print-savings?machine=konicaminoltabizhubc301i');
  expect({
    month: (await cells(forMachine, /^Per month/))[0],
    mono: (await cells(forMachine, /^Per mono page/))[0],
    colour: (await cells(forMachine, /^Per colour page/))[0],
  }).toEqual(todayGeneral);
  await expect(
    forMachine.getByText(/^With the Konica Minolta bizhub C301i, at its rental and its own prices per page, you could save/),
  ).toBeVisible();
});
