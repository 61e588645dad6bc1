/**
 * The savings checker without JavaScript (docs/product-rules.md "The checker without
 * JavaScript"): each step posts to the checker's page and the server answers with the next one,
 * or with the step's messages and what was typed kept; Back, Start again and the charges' buttons
 * work; the human check is a box to tick; the results are the figures the browser's checker shows
 * for the same answers; and nothing answered goes into a URL.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';

test.use({ javaScriptEnabled: false });

const checker = (page: Page) => page.locator('[data-team="checker"]');
const heading = (page: Page) => page.locator('#checker-step-heading');

/**
 * Opens the checker's first step. The first render after the server starts loads the checker's
 * server build, which on a busy machine can outlast the render budget (the page then leaves the
 * checker to the browser, which here has no JavaScript): reloaded, as a visitor would.
 */
async function openChecker(page: Page, url: string) {
  await expect(async () => {
    await page.goto(url);
    await expect(checker(page).getByText('Step 1 of 4')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

async function next(page: Page, expectedHeading: string) {
  await checker(page).getByRole('button', { name: 'Next' }).click();
  await expect(heading(page)).toHaveText(expectedHeading);
}

/** The extras: none of the named ones, and a charge of the visitor's own. */
async function answerExtras(wizard: Locator) {
  for (const question of [
    'Do you pay to insure the equipment?',
    'Do you pay for toner to be delivered?',
    'Do you pay for network or IT support for your printers?',
  ])
    await wizard.getByRole('group', { name: question }).getByRole('radio', { name: 'No' }).check();
  await wizard.getByRole('group', { name: 'Do you pay any other charges?' }).getByRole('radio', { name: 'Yes' }).check();
}

/** The visitor's own charge: an admin fee of £12.50 a month. */
async function answerAdminFee(wizard: Locator) {
  await wizard.getByRole('textbox', { name: 'What the charge is for' }).fill('Admin fee');
  await wizard.getByRole('textbox', { name: /Amount/ }).fill('12.50');
  await wizard.getByRole('combobox', { name: /Amount.*how often/ }).selectOption({ label: 'per month' });
}

/** The figures table's rows, as text (the same answers must give the same figures with and without JavaScript). */
async function figures(wizard: Locator): Promise<string[]> {
  await expect(wizard.getByRole('heading', { level: 2, name: 'Your results' })).toBeVisible();
  return (await wizard.getByRole('row').allTextContents()).map((row) => row.replace(/\s+/g, ' ').trim());
}

/** The same answers in the browser's checker, with JavaScript: its results, reached by restoring saved progress past the human check. */
async function figuresWithJavaScript(browser: Browser, baseURL: string): Promise<string[]> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: true });
  await context.addInitScript(() => window.localStorage.setItem('cookie-acceptance-status', 'accept'));
  const page = await context.newPage();
  await page.goto('/discover-print-savings');
  await page.waitForLoadState('networkidle'); // hydrated: the steps move in the browser
  const wizard = checker(page);
  const step = async (expected: string) => {
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(heading(page)).toHaveText(expected);
  };
  await wizard.getByRole('radio', { name: /Item by item/ }).check();
  await step('Your equipment');
  await wizard.getByRole('radio', { name: /^Leased/ }).check();
  await step('Your lease or rental payment');
  await wizard.getByRole('textbox', { name: /Lease payment/ }).fill('270');
  await step('How your equipment is supported');
  await wizard.getByRole('radio', { name: /cost-per-copy \(click charge\)/ }).check();
  await step('What support and supplies cost');
  await wizard.getByRole('textbox', { name: /cost-per-copy charges/ }).fill('450');
  await step('Anything else you pay for');
  await answerExtras(wizard);
  await step('Your other charges');
  await answerAdminFee(wizard);
  await step('How much you print');
  await wizard.getByRole('textbox', { name: /Mono/ }).fill('15,000');
  await wizard.getByRole('textbox', { name: 'Colour pages' }).fill('3000');
  await step('One last check');
  // Past the human check (the browser's widget is checker.spec.ts's): the saved progress, at the results.
  await page.evaluate(() => {
    const key = 'copytech:savings-checker';
    const saved = JSON.parse(window.sessionStorage.getItem(key)!);
    window.sessionStorage.setItem(
      key,
      JSON.stringify({ ...saved, currentStep: 'results', completedSteps: [...saved.completedSteps, 'check'], captchaComplete: true }),
    );
  });
  await page.reload();
  await page.waitForLoadState('networkidle');
  const rows = await figures(checker(page));
  await context.close();
  return rows;
}

test('walks every step to the results by posting each one, with the figures the browser’s checker gives', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  await openChecker(page, '/discover-print-savings');
  const wizard = checker(page);
  await expect(wizard.getByTestId('checker-needs-javascript')).toHaveCount(0);

  // Next without an answer: the page again, with the message.
  await next(page, 'What do you know about your costs?');
  await expect(wizard.getByText('Please choose how you would like to tell us your costs.')).toBeVisible();

  await wizard.getByRole('radio', { name: /Item by item/ }).check();
  await next(page, 'Your equipment');
  await wizard.getByRole('radio', { name: /^Leased/ }).check();
  await next(page, 'Your lease or rental payment');
  await expect(wizard.getByText('Step 2 of 4')).toBeVisible();

  // Not a number: kept as typed, with its message.
  await wizard.getByRole('textbox', { name: /Lease payment/ }).fill('two seventy');
  await next(page, 'Your lease or rental payment');
  const lease = wizard.getByRole('textbox', { name: /Lease payment/ });
  await expect(lease).toHaveValue('two seventy');
  await expect(lease).toHaveAccessibleDescription(/Please enter an amount in pounds, e\.g\. 125\.50\./);
  await lease.fill('270');
  await next(page, 'How your equipment is supported');
  await wizard.getByRole('radio', { name: /cost-per-copy \(click charge\)/ }).check();
  await next(page, 'What support and supplies cost');
  await wizard.getByRole('textbox', { name: /cost-per-copy charges/ }).fill('450');
  await next(page, 'Anything else you pay for');
  await answerExtras(wizard);
  await next(page, 'Your other charges');

  // The charges' buttons post the step: a charge added, then taken out again.
  await answerAdminFee(wizard);
  await wizard.getByRole('button', { name: 'Add another charge' }).click();
  await expect(wizard.getByRole('textbox', { name: 'What the charge is for' })).toHaveCount(2);
  await expect(wizard.getByRole('textbox', { name: 'What the charge is for' }).first()).toHaveValue('Admin fee');
  await wizard.getByRole('button', { name: 'Remove charge 2' }).click();
  await expect(wizard.getByRole('textbox', { name: 'What the charge is for' })).toHaveCount(1);
  await next(page, 'How much you print');
  await expect(wizard.getByText('Step 3 of 4')).toBeVisible();
  await wizard.getByRole('textbox', { name: /Mono/ }).fill('15,000');
  await wizard.getByRole('textbox', { name: 'Colour pages' }).fill('3000');

  // Back keeps what was answered on both steps.
  await wizard.getByRole('button', { name: 'Back' }).click();
  await expect(heading(page)).toHaveText('Your other charges');
  await expect(wizard.getByRole('textbox', { name: /Amount/ })).toHaveValue('12.50');
  await next(page, 'How much you print');
  await expect(wizard.getByRole('textbox', { name: /Mono/ })).toHaveValue('15000');
  await next(page, 'One last check');

  // The human check without the widget: the box to tick, checked by the server.
  await wizard.getByRole('button', { name: 'See my results' }).click();
  await expect(heading(page)).toHaveText('One last check');
  await expect(wizard.getByText('Please tick the box to confirm you are a person.')).toBeVisible();
  await wizard.getByRole('checkbox', { name: 'I am a person, not a program' }).check();
  // A person reads the step first: a token sent back within two seconds of the page is refused.
  await page.waitForTimeout(2_500);
  await wizard.getByRole('button', { name: 'See my results' }).click();

  const withoutJs = await figures(wizard);
  await expect(wizard.getByText(/^Save £[\d,]+ a year$/)).toBeVisible();
  await expect(
    wizard
      .getByRole('row', { name: /^Per year/ })
      .getByRole('cell')
      .first(),
  ).toHaveText('£3,030.00');
  // The report's form needs JavaScript: in its place, a quote for the machine compared with, which works without it.
  const instead = wizard.getByTestId('checker-results-without-javascript');
  await expect(instead).toBeVisible();
  await expect(wizard.getByRole('button', { name: 'E-mail me this report' })).toBeHidden();
  const quoteLink = instead.getByRole('link', { name: 'get an instant quote for this machine' });
  await expect(quoteLink).toHaveAttribute('href', /^\/instant-quote\/[\w-]+$/);

  expect(withoutJs).toEqual(await figuresWithJavaScript(browser, baseURL!));

  // Change from the results: back to the step, its answers kept.
  await wizard.getByRole('button', { name: 'Change pages you print' }).click();
  await expect(heading(page)).toHaveText('How much you print');
  await expect(wizard.getByRole('textbox', { name: /Mono/ })).toHaveValue('15000');

  // Start again clears every answer.
  await wizard.getByRole('button', { name: 'Start again' }).click();
  await expect(heading(page)).toHaveText('What do you know about your costs?');
  await expect(wizard.getByRole('radio', { name: /Item by item/ })).not.toBeChecked();

  // Every page was the checker's own path: nothing answered went into a URL.
  expect(urls.filter((url) => url.includes('/discover-print-savings'))).not.toHaveLength(0);
  for (const url of urls) expect(new URL(url).search).not.toMatch(/15000|270|Admin|entryMode/);
  await expect(page).toHaveURL(/\/discover-print-savings$/);
});

test('keeps the machine it was opened for, and the bill-only path works too', async ({ page }) => {
  await openChecker(page, '/discover-print-savings?machine=konicaminoltabizhubc301i');
  const wizard = checker(page);
  await wizard.getByRole('radio', { name: /only know my total print bill/ }).check();
  await next(page, 'Your print bill');
  await expect(page).toHaveURL(/\/discover-print-savings\?machine=konicaminoltabizhubc301i$/);
  await wizard.getByRole('textbox', { name: /Total of the bill/ }).fill('600');
  await next(page, 'The pages on your bill');
  // Knowing the colour pages shows their own questions first.
  await wizard.getByRole('radio', { name: /I know the mono and colour pages/ }).check();
  await next(page, 'The pages on your bill');
  await wizard.getByRole('textbox', { name: 'Mono pages' }).fill('12000');
  await wizard.getByRole('textbox', { name: 'Colour pages' }).fill('3000');
  await wizard.getByRole('group', { name: 'Do you print on A3 paper?' }).getByRole('radio', { name: 'No' }).check();
  await next(page, 'One last check');
  await wizard.getByRole('checkbox', { name: 'I am a person, not a program' }).check();
  await page.waitForTimeout(2_500);
  await wizard.getByRole('button', { name: 'See my results' }).click();
  await expect(wizard.getByRole('heading', { level: 2, name: 'Your results' })).toBeVisible();
  await expect(wizard.getByText(/Konica Minolta bizhub C301i/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/discover-print-savings\?machine=konicaminoltabizhubc301i$/);
});
