/**
 * Robustness and security headers against the production server (docs/architecture.md "Failure model"):
 *
 * - the API down (500s, or connections that fail): every slot that needs it says so, with a
 *   Retry that really retries; header, footer, basket and quote form keep working and keep what
 *   was typed;
 * - a slow API: skeletons hold the space, then the results arrive, nothing breaks;
 * - corrupt or unusable browser storage: no crash, an empty basket, the cookie banner, the
 *   checker at step 1;
 * - a double click and a double Enter on every submit store exactly one of each thing;
 * - the mail server down: the visitor still gets a reference and the mail waits in the outbox;
 * - the security headers the production server sends, and not one CSP violation while the
 *   pages, drawers and the checker's human check run under that policy.
 *
 * (Each remote being down is platform.spec.ts.)
 */
import type { Locator, Page, Route } from '@playwright/test';
import { fillQuoteForm, openBasket, uniqueEmail } from '../support/flows';
import { outboxMails } from '../support/outbox';
import { expect, test } from '../support/test';
import { startServer, type RunningServer } from '../support/server';

const REFERENCE = /CT-[0-9A-HJKMNP-TV-Z]{8}/;
const LIST = '/printers/multifunctionals';

function header(page: Page): Locator {
  return page.getByRole('banner');
}

function basketCount(page: Page): Locator {
  return header(page).getByTestId('basket-count');
}

async function expectShellIntact(page: Page) {
  await expect(header(page)).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(basketCount(page)).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Sign up' })).toBeVisible();
}

/** Page errors (uncaught exceptions) seen while the test runs: a robust page has none. */
function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

type ApiFailure = '500' | 'network';

/** Makes every /api/** request fail the given way; returns the function that lifts the block. */
async function breakApi(page: Page, failure: ApiFailure, pattern = '**/api/**') {
  const handler = (route: Route) =>
    failure === '500'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({
            error: 'Internal Server Error',
            statusCode: 500,
            message: 'Something went wrong on our side. Please try again in a moment.',
          }),
        })
      : route.abort('connectionrefused');
  await page.route(pattern, handler);
  return () => page.unroute(pattern, handler);
}

async function health(
  baseUrl: string,
): Promise<{ status: string; outbox: { pending: number; dead: number; failingSince: string | null } }> {
  return (await fetch(`${baseUrl}/api/health`)).json();
}

// ---------------------------------------------------------------------------------------------

for (const failure of ['500', 'network'] as const) {
  test.describe(`the API down (${failure === '500' ? 'every call answers 500' : 'every connection fails'})`, () => {
    // The API failing under the browser's rooms (intercepted in the browser): pages rendered there.
    // serverRender.spec.ts covers a server whose reads fail.
    test.use({ renderIn: 'browser' });
    test('a list says so with a Retry that works once the API is back; the shell keeps working', async ({ page }) => {
      const errors = collectPageErrors(page);
      const restore = await breakApi(page, failure);
      await page.goto(LIST);
      const problem = page.locator('[data-remote="catalogue"]').getByRole('alert');
      await expect(problem).toContainText('Sorry, we could not load the');
      await expectShellIntact(page);
      await expect(page.getByTestId('product-card')).toHaveCount(0);

      // Retry while still down: still the message, no crash.
      await problem.getByRole('button', { name: 'Retry' }).click();
      await expect(problem.getByRole('button', { name: 'Retry' })).toBeVisible();

      await restore();
      await problem.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByTestId('product-card').first()).toBeVisible();
      await expect(page.locator('[data-remote="catalogue"]').getByRole('alert')).toHaveCount(0);
      expect(errors).toEqual([]);
    });

    // docs/product-rules.md "Not Found"
    test('a product page is the Not Found page, inside a working shell', async ({ page }) => {
      const errors = collectPageErrors(page);
      await page.goto(LIST);
      const href = await page.getByTestId('product-card').first().getByRole('link').first().getAttribute('href');
      expect(href).toMatch(/^\/printers\/multifunctionals\/[^/]+\/[^/]+$/);
      await breakApi(page, failure);
      await page.goto(href!);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await expectShellIntact(page);
      expect(errors).toEqual([]);
    });

    test('home: featured printers offer Retry and recent posts say they could not load; the rest of the page stands', async ({ page }) => {
      const errors = collectPageErrors(page);
      const restoreFeatured = await breakApi(page, failure, '**/api/featured-printers**');
      await breakApi(page, failure, '**/api/blog/**');
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.locator('[data-block="featuredProducts"]').scrollIntoViewIfNeeded(); // it loads when near the viewport
      const featured = page.getByTestId('featured-products');
      await expect(featured.getByRole('alert')).toContainText('the featured printers could not be loaded');
      await expect(page.locator('[data-block="recentPosts"]')).toContainText('Our latest articles could not be loaded just now');
      await expectShellIntact(page);

      await restoreFeatured();
      await featured.getByRole('button', { name: 'Retry' }).click();
      await expect(featured.getByTestId('product-card').first()).toBeVisible();
      expect(errors).toEqual([]);
    });

    test('with every API call failing, a content page is never blank: the shell and its Not Found page stand', async ({ page }) => {
      const errors = collectPageErrors(page);
      await breakApi(page, failure);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectShellIntact(page);
      await page.goto('/contact-us');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectShellIntact(page);
      expect(errors).toEqual([]);
    });

    test('the basket keeps working from the list already shown, and the quote form keeps what was typed', async ({ page }) => {
      const errors = collectPageErrors(page);
      await page.goto(LIST);
      const cards = page.getByTestId('product-card');
      await expect(cards.nth(2)).toBeVisible();
      const restore = await breakApi(page, failure);

      // Adding needs no API: the cards already hold what the basket keeps.
      await cards.nth(0).getByRole('button', { name: 'Add to basket' }).click();
      await cards.nth(1).getByRole('button', { name: 'Add to basket' }).click();
      await expect(basketCount(page)).toHaveText('2');

      // Another list cannot load, but the basket count stays.
      await page.getByRole('navigation').getByRole('link', { name: 'Photocopiers' }).first().click();
      await expect(page.locator('[data-remote="catalogue"]').getByRole('alert')).toContainText('Sorry, we could not load the');
      await expect(basketCount(page)).toHaveText('2');

      // The drawer lists the printers; only their details are missing, with a way to try again.
      const drawer = await openBasket(page);
      await expect(drawer.getByTestId('basket-count')).toHaveText('2 of 5 machines');
      await expect(drawer.getByRole('alert')).toContainText('We could not load the details of');
      await expect(drawer.getByRole('button', { name: 'Try again' })).toBeVisible();

      await drawer.getByRole('button', { name: 'Instant quote' }).click();
      const email = uniqueEmail('api-down');
      await fillQuoteForm(drawer, email);
      await drawer.getByRole('button', { name: 'Send my quote' }).click();
      const alert = drawer.getByRole('alert').filter({ hasText: 'has not been sent' });
      await expect(alert).toContainText(
        failure === '500'
          ? 'Something went wrong on our side and your request has not been sent.'
          : 'We could not reach Copytech, so your request has not been sent.',
      );
      await expect(alert).toContainText('Everything you typed is kept.');
      await expect(drawer.getByLabel('First name')).toHaveValue('Jo');
      await expect(drawer.getByLabel('Last name')).toHaveValue('Bloggs');
      await expect(drawer.getByLabel('E-mail address')).toHaveValue(email);
      await expect(drawer.getByLabel('Phone number')).toHaveValue('0116 496 0123');
      await expect(drawer.getByLabel('Postcode')).toHaveValue('LE19 1WX');

      // Back up: Retry sends it.
      await restore();
      await drawer.getByRole('button', { name: 'Retry' }).click();
      await expect(drawer.getByRole('heading', { name: 'Your quote is on its way' })).toBeVisible();
      await expect(drawer.getByTestId('quote-reference')).toHaveText(REFERENCE);
      expect(errors).toEqual([]);
    });
  });
}

// ---------------------------------------------------------------------------------------------

test.describe('a slow API (every answer 3 s late)', () => {
  // Skeletons while the browser's own reads are slow: pages rendered in the browser.
  test.use({ renderIn: 'browser' });
  test.setTimeout(90_000);

  async function slowApi(page: Page, delayMs = 3_000) {
    await page.route('**/api/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await route.continue().catch(() => undefined); // the page may have moved on meanwhile
    });
  }

  test('lists, product pages and home hold their space with skeletons, then show the results', async ({ page }) => {
    const errors = collectPageErrors(page);
    await slowApi(page);

    await page.goto(LIST);
    await expect(page.getByTestId('product-card-skeleton').first()).toBeVisible();
    await expectShellIntact(page);
    await expect(page.getByTestId('product-card').first()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('product-card-skeleton')).toHaveCount(0);

    const href = await page.getByTestId('product-card').first().getByRole('link').first().getAttribute('href');
    await page.goto(href!);
    await expect(page.getByTestId('product-page-loading')).toBeVisible();
    await expect(page.locator('[data-remote="catalogue"] h1')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('product-page-loading')).toHaveCount(0);

    await page.goto('/');
    await expect(page.getByTestId('content-loading')).toBeVisible();
    await expectShellIntact(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
    await page.locator('[data-block="featuredProducts"]').scrollIntoViewIfNeeded(); // it loads when near the viewport
    const featured = page.getByTestId('featured-products');
    await expect(featured.getByTestId('product-card').first()).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('[data-block="recentPosts"] time').first()).toBeVisible({ timeout: 15_000 });
    expect(errors).toEqual([]);
  });

  test('a slow quote: the button says Sending…, a second click sends nothing more, then the Confirmation', async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto(LIST);
    await page.getByTestId('product-card').first().getByRole('button', { name: 'Add to basket' }).click();
    await slowApi(page, 4_000);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/quote')) posts.push(request.headers()['idempotency-key'] ?? '');
    });
    const drawer = await openBasket(page);
    await drawer.getByRole('button', { name: 'Instant quote' }).click();
    await fillQuoteForm(drawer, uniqueEmail('slow'));
    const send = drawer.getByRole('button', { name: 'Send my quote' });
    await send.click();
    await expect(drawer.getByRole('button', { name: 'Sending…' })).toBeVisible();
    // aria-disabled, so Playwright would wait for it to be enabled: click it as a visitor would, regardless.
    await drawer.getByRole('button', { name: 'Sending…' }).click({ force: true });
    await expect(drawer.getByRole('heading', { name: 'Your quote is on its way' })).toBeVisible({ timeout: 15_000 });
    expect(posts).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

const CHECKER_KEY = 'copytech:savings-checker';
const BASKET_GARBAGE: Array<[string, string]> = [
  ['not JSON', '{not json'],
  ['an array', '[1,2,3]'],
  ['items of the wrong type', '{"items":"x"}'],
  ['items that are not basket items', '{"items":[{"modelId":{}},null,7,[1,2],{"modelId":"x","brand":1}]}'],
  ['null', 'null'],
  ['a 1 MB string', 'x'.repeat(1024 * 1024)],
];
const CHECKER_GARBAGE = [
  '{',
  '"results"',
  '{"version":1,"currentStep":"results","completedSteps":"all","captchaComplete":true}',
  '{"version":1,"currentStep":"results","completedSteps":[],"captchaComplete":true,"answers":{"__proto__":{"polluted":1}}}',
];

test.describe('corrupt browser storage', () => {
  test.use({ acceptCookies: false });

  for (const [index, [label, basket]] of BASKET_GARBAGE.entries()) {
    test(`basket holding ${label}, with junk consent, first-touch and checker state: no crash, empty basket, banner, checker at step 1`, async ({
      page,
    }) => {
      const errors = collectPageErrors(page);
      await page.addInitScript(
        ({ basket, checkerKey, checker }) => {
          // Only on the first load: later loads must see what the site itself wrote back.
          if (sessionStorage.getItem('e2e-seeded')) return;
          sessionStorage.setItem('e2e-seeded', '1');
          localStorage.setItem('basket', basket);
          localStorage.setItem('cookie-acceptance-status', '{"accept":true}');
          localStorage.setItem('first-touch-campaign', '{"utm_source":{"$ne":1},"utm_medium":["x"],"utm_campaign":');
          sessionStorage.setItem(checkerKey, checker);
        },
        { basket, checkerKey: CHECKER_KEY, checker: CHECKER_GARBAGE[index % CHECKER_GARBAGE.length]! },
      );

      await page.goto('/discover-print-savings');
      await expect(page.locator('[data-team="checker"]').getByText(/^Step 1 of \d+$/)).toBeVisible();
      await expectShellIntact(page);
      await expect(basketCount(page)).toHaveText('0');
      await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();

      for (const url of ['/', LIST]) {
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(basketCount(page)).toHaveText('0');
        await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
      }

      // The site works normally from here: the banner accepts, the basket fills and is stored.
      await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept cookies' }).click();
      await page.getByTestId('product-card').first().getByRole('button', { name: 'Add to basket' }).click();
      await expect(basketCount(page)).toHaveText('1');
      await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('basket') ?? '{}').items?.length)).toBe(1);
      await page.reload();
      await expect(basketCount(page)).toHaveText('1');
      await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeHidden();
      expect(errors).toEqual([]);
      expect(await page.evaluate(() => (({}) as Record<string, unknown>).polluted)).toBeUndefined();
    });
  }

  test('storage that throws on every access (a locked-down browser): the site still renders and the basket works for the visit', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await page.addInitScript(() => {
      const denied = () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      };
      Object.defineProperty(window, 'localStorage', { configurable: true, get: denied });
      Object.defineProperty(window, 'sessionStorage', { configurable: true, get: denied });
    });
    await page.goto(LIST);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectShellIntact(page);
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
    await page.getByTestId('product-card').first().getByRole('button', { name: 'Add to basket' }).click();
    await expect(basketCount(page)).toHaveText('1');
    await page
      .getByRole('navigation')
      .getByRole('link', { name: /discover savings/i })
      .first()
      .click();
    await expect(page.locator('[data-team="checker"]').getByText(/^Step 1 of \d+$/)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a first-touch campaign with control characters (from a crafted link) does not block the quote', async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto(`${LIST}?utm_source=news%0D%0ABcc%3A%20x%40y.z&utm_medium=email%00`);
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept cookies' }).click();
    await page.getByTestId('product-card').first().getByRole('button', { name: 'Add to basket' }).click();
    const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/quote'));
    const drawer = await openBasket(page);
    await drawer.getByRole('button', { name: 'Instant quote' }).click();
    await fillQuoteForm(drawer, uniqueEmail('utm'));
    await drawer.getByRole('button', { name: 'Send my quote' }).click();
    await expect(drawer.getByRole('heading', { name: 'Your quote is on its way' })).toBeVisible();
    const utm = (await sent).postDataJSON().utm as Record<string, string>;
    for (const value of Object.values(utm)) expect(value).not.toMatch(/[\u0000-\u001f\u007f]/);
    expect(errors).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

/** Content-Security-Policy violations seen by the page (reported events and console messages). */
async function collectCspViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`),
    );
  });
  return async () => [
    ...fromConsole,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])),
  ];
}

function checker(page: Page): Locator {
  return page.locator('[data-team="checker"]');
}

async function nextStep(page: Page, heading: string) {
  await checker(page).getByRole('button', { name: 'Next' }).click();
  await expect(page.locator('#checker-step-heading')).toHaveText(heading);
}

/** Walks the checker to its results, solving the ALTCHA check in the browser on the way. */
async function checkerToResults(page: Page) {
  const wizard = checker(page);
  await expect(wizard.getByText(/^Step 1 of \d+$/)).toBeVisible();
  await wizard.getByRole('radio', { name: /Item by item/ }).check();
  await nextStep(page, 'Your equipment');
  await wizard.getByRole('radio', { name: /^Leased/ }).check();
  await nextStep(page, 'Your lease or rental payment');
  await wizard.getByRole('textbox', { name: /Lease payment/ }).fill('270');
  await nextStep(page, 'How your equipment is supported');
  await wizard.getByRole('radio', { name: /cost-per-copy \(click charge\)/ }).check();
  await nextStep(page, 'What support and supplies cost');
  await wizard.getByRole('textbox', { name: /cost-per-copy charges/ }).fill('450');
  await nextStep(page, 'Anything else you pay for');
  for (const question of [
    'Do you pay to insure the equipment?',
    'Do you pay for toner to be delivered?',
    'Do you pay for network or IT support for your printers?',
    'Do you pay any other charges?',
  ]) {
    await wizard.getByRole('group', { name: question }).getByRole('radio', { name: 'No' }).check();
  }
  await nextStep(page, 'How much you print');
  await wizard.getByRole('textbox', { name: /Mono/ }).fill('15,000');
  await wizard.getByRole('textbox', { name: 'Colour pages' }).fill('3000');
  await nextStep(page, 'One last check');
  await wizard.locator('altcha-widget').getByText("I'm not a robot").click();
  await expect(wizard.locator('altcha-widget').getByText('Verified', { exact: true })).toBeVisible({ timeout: 45_000 });
  await wizard.getByRole('button', { name: 'See my results' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Your results' })).toBeVisible();
}

type Twice = 'double click' | 'double Enter';

/** Submits twice in quick succession, the way an impatient visitor does. */
async function submitTwice(page: Page, how: Twice, button: Locator, field: Locator) {
  if (how === 'double click') {
    await button.dblclick();
  } else {
    await field.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
  }
}

test.describe('a double click or a double Enter on every submit stores one thing', () => {
  test.describe.configure({ mode: 'serial' });
  let server: RunningServer;
  test.beforeAll(async () => {
    server = await startServer({
      RATE_LIMIT_QUOTE_PER_MINUTE: '1000',
      RATE_LIMIT_FORMS_PER_MINUTE: '1000',
      // Newsletter sign-ups go through the outbox to a marketing form that is down: each stays
      // there as one pending row, which /api/health counts.
      MAUTIC_URL: 'http://127.0.0.1:2532/form/submit',
    });
  });
  test.afterAll(async () => {
    await server.stop();
  });

  /** Exactly one .eml of this kind mentions `marker`, and no second one follows. */
  async function expectOneMail(kind: string, marker: string) {
    const matching = () => outboxMails([kind], server.varDir).filter((mail) => mail.text.includes(marker)).length;
    await expect.poll(matching, { timeout: 20_000, message: `${kind} mails mentioning ${marker}` }).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // time for a duplicate to arrive, were there one
    expect(matching()).toBe(1);
  }

  for (const how of ['double click', 'double Enter'] as const) {
    test(`quote (${how})`, async ({ page }) => {
      const errors = collectPageErrors(page);
      await page.goto(server.url + LIST);
      await page.getByTestId('product-card').first().getByRole('button', { name: 'Add to basket' }).click();
      const drawer = await openBasket(page);
      await drawer.getByRole('button', { name: 'Instant quote' }).click();
      const email = uniqueEmail(`twice-${how.replace(' ', '-')}`);
      await fillQuoteForm(drawer, email);
      await submitTwice(page, how, drawer.getByRole('button', { name: 'Send my quote' }), drawer.getByLabel('Postcode'));
      await expect(drawer.getByRole('heading', { name: 'Your quote is on its way' })).toBeVisible();
      await expect(drawer.getByTestId('quote-reference')).toHaveText(REFERENCE);
      await expectOneMail('quote-visitor', email);
      await expectOneMail('quote-sales', email);
      expect(errors).toEqual([]);
    });

    test(`contact enquiry (${how})`, async ({ page }) => {
      const errors = collectPageErrors(page);
      const marker = `twice-${Date.now().toString(36)}`;
      await page.goto(server.url + '/contact-us');
      const form = page.getByRole('form', { name: 'Send us a message' });
      await form.getByLabel('Your name').fill('Jane Tester');
      await form.getByLabel('Email').fill('jane.tester@example.co.uk');
      await form.getByLabel('How can we help?').fill(`Please call me about a copier (${marker}).`);
      await submitTwice(page, how, form.getByRole('button', { name: 'Send enquiry' }), form.getByLabel('Email'));
      await expect(page.getByTestId('enquiry-success')).toContainText(REFERENCE);
      await expectOneMail('enquiry-sales', marker);
      expect(errors).toEqual([]);
    });

    test(`service request (${how})`, async ({ page }) => {
      const errors = collectPageErrors(page);
      const serial = `TW${Date.now().toString(36).toUpperCase()}`;
      await page.goto(server.url + '/customer-support');
      const form = page.getByRole('form', { name: 'Log a service request' });
      await form.getByLabel('Your name').fill('Sam Patel');
      await form.getByLabel('Company').fill('Patel Vets');
      await form.getByLabel('Email').fill('sam.patel@example.co.uk');
      await form.getByLabel('Phone').fill('0116 496 0456');
      await form.getByLabel('Make and model').fill('Canon imageRUNNER ADVANCE DX C5840i');
      await form.getByLabel('Serial number').fill(serial);
      await form.getByLabel('What is wrong?').fill('Paper jams in drawer 2 every morning.');
      await form.getByLabel('How urgent is it?').selectOption('normal');
      await submitTwice(page, how, form.getByRole('button', { name: 'Send service request' }), form.getByLabel('Serial number'));
      await expect(page.getByTestId('enquiry-success')).toContainText(REFERENCE);
      await expectOneMail('service-request-sales', serial);
      expect(errors).toEqual([]);
    });

    test(`newsletter (${how})`, async ({ page }) => {
      const errors = collectPageErrors(page);
      await page.goto(server.url + '/');
      const stored = async () => {
        const { outbox } = await health(server.url);
        return outbox.pending + outbox.dead;
      };
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const before = await stored();
      const form = page.getByRole('form', { name: 'Get print-saving tips' });
      await form.getByLabel('Email').fill(uniqueEmail('newsletter'));
      await submitTwice(page, how, form.getByRole('button', { name: 'Sign up' }), form.getByLabel('Email'));
      await expect(form.getByText("Thanks — you're on the list.")).toBeVisible();
      await expect.poll(stored).toBe(before + 1);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await stored()).toBe(before + 1);
      expect(errors).toEqual([]);
    });

    test(`savings checker report (${how}), with the ALTCHA check and the report under the CSP`, async ({ page }) => {
      test.setTimeout(120_000);
      const errors = collectPageErrors(page);
      const violations = await collectCspViolations(page);
      await page.goto(server.url + '/discover-print-savings');
      await checkerToResults(page);
      const wizard = checker(page);
      const email = uniqueEmail(`report-${how.replace(' ', '-')}`);
      await fillQuoteForm(wizard, email);
      await submitTwice(page, how, wizard.getByRole('button', { name: 'E-mail me this report' }), wizard.getByLabel('Postcode'));
      await expect(wizard.locator('[data-outcome="report-sent"]')).toContainText(REFERENCE);
      await expect(wizard.getByRole('alert')).toHaveCount(0);
      await expectOneMail('report-visitor', email);
      expect(errors).toEqual([]);
      expect(await violations()).toEqual([]);
    });
  }
});

// ---------------------------------------------------------------------------------------------

test.describe('the mail server down', () => {
  let server: RunningServer;
  test.beforeAll(async () => {
    // Nothing listens on this loopback port: every SMTP connection is refused.
    server = await startServer({ SMTP_URL: 'smtp://127.0.0.1:2531' });
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('a quote still gets its Confirmation and reference; the e-mails wait in the outbox', async ({ page }) => {
    const errors = collectPageErrors(page);
    expect((await health(server.url)).outbox).toEqual({ pending: 0, dead: 0, failingSince: null });
    await page.goto(server.url + LIST);
    await page.getByTestId('product-card').first().getByRole('button', { name: 'Add to basket' }).click();
    const drawer = await openBasket(page);
    await drawer.getByRole('button', { name: 'Instant quote' }).click();
    await fillQuoteForm(drawer, uniqueEmail('smtp-down'));
    await drawer.getByRole('button', { name: 'Send my quote' }).click();
    await expect(drawer.getByRole('heading', { name: 'Your quote is on its way' })).toBeVisible();
    await expect(drawer.getByTestId('quote-reference')).toHaveText(REFERENCE);

    // Give the worker time to try (and fail) at least once: the mails are still there, pending.
    await page.waitForTimeout(2_000);
    const { status, outbox } = await health(server.url);
    // Failing for seconds, not yet longer than MAIL_ALERT_AFTER_MINUTES: not degraded yet.
    expect(status).toBe('ok');
    expect(outbox.pending).toBe(2); // the visitor's quote and the sales notification
    expect(outbox.dead).toBe(0);
    expect(outbox.failingSince).not.toBeNull();
    expect(errors).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

/** The directives of a Content-Security-Policy header. */
function cspOf(value: string | null): Record<string, string[]> {
  expect(value, 'a Content-Security-Policy header').toBeTruthy();
  return Object.fromEntries(
    value!
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const STRICT_REFERRER_POLICIES = ['strict-origin-when-cross-origin', 'strict-origin', 'same-origin', 'no-referrer'];

test.describe('security headers of the production server', () => {
  const base = () => process.env.E2E_BASE_URL!;

  test('HTML pages: a CSP with no inline or eval scripts, no framing; nosniff; a strict referrer policy; no HSTS over plain HTTP', async () => {
    for (const url of ['/', LIST, '/discover-print-savings', '/contact-us', '/no-such-page']) {
      const response = await fetch(base() + url);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      const raw = response.headers.get('content-security-policy');
      const csp = cspOf(raw);
      expect(raw).not.toContain('unsafe-eval');
      expect(csp['script-src']).toBeDefined();
      expect(csp['script-src']).not.toContain("'unsafe-inline'");
      expect(csp['script-src']).not.toContain('*');
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'self'"]);
      expect(csp['style-src'] ?? [], 'styles come from extracted CSS files').not.toContain("'unsafe-inline'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(STRICT_REFERRER_POLICIES).toContain(response.headers.get('referrer-policy'));
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  test('scripts, manifests and API answers are nosniff too, and HSTS is sent only for TLS through the trusted proxy', async () => {
    for (const url of ['/remotes/catalogue/remoteEntry.js', '/remotes/catalogue/mf-manifest.json', '/remotes.json', '/api/health']) {
      const response = await fetch(base() + url);
      expect([url, response.status]).toEqual([url, 200]);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
    // The default trusts no proxy, so a claim of TLS is not believed.
    const claimed = await fetch(base() + '/', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(claimed.headers.get('strict-transport-security')).toBeNull();
    // Behind a reverse proxy on loopback, named in TRUST_PROXY, TLS at the proxy earns HSTS.
    const proxied = await startServer({ TRUST_PROXY: 'loopback' });
    try {
      const overTls = await fetch(proxied.url + '/', { headers: { 'X-Forwarded-Proto': 'https' } });
      expect(overTls.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
    } finally {
      await proxied.stop();
    }
  });

  test('a remote configured on another origin is allowed in script-src and connect-src, and nothing else is', async () => {
    const server = await startServer({ REMOTE_CHECKER_URL: 'https://checker.cdn.example.com/v3/mf-manifest.json' });
    try {
      const csp = cspOf((await fetch(server.url + '/')).headers.get('content-security-policy'));
      expect(csp['script-src']).toEqual(["'self'", 'https://checker.cdn.example.com']);
      expect(csp['connect-src']).toEqual(expect.arrayContaining(["'self'", 'https://checker.cdn.example.com']));
      expect(csp['connect-src']).toHaveLength(2);
    } finally {
      await server.stop();
    }
  });

  test('not one CSP violation across home, a list, a product page, the checker, contact, support and the drawers', async ({ page }) => {
    const errors = collectPageErrors(page);
    const violations = await collectCspViolations(page);
    await page.goto('/');
    await page.locator('[data-block="featuredProducts"]').scrollIntoViewIfNeeded(); // it loads when near the viewport
    await expect(page.getByTestId('featured-products').getByTestId('product-card').first()).toBeVisible();
    await expect(page.locator('[data-block="recentPosts"] time').first()).toBeVisible();

    await page.goto(LIST);
    const card = page.getByTestId('product-card').first();
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Add to basket' }).click();
    const drawer = await openBasket(page);
    await expect(drawer.getByRole('table')).toBeVisible();
    await drawer.getByRole('button', { name: 'Instant quote' }).click();
    await expect(drawer.getByLabel('First name')).toBeVisible();
    await page.keyboard.press('Escape');

    const href = await card.getByRole('link').first().getAttribute('href');
    await page.goto(href!);
    await expect(page.locator('[data-remote="catalogue"] h1')).toBeVisible();
    await page.getByRole('img').first().waitFor();

    await page.goto('/discover-print-savings');
    await expect(checker(page).getByText(/^Step 1 of \d+$/)).toBeVisible();

    await page.goto('/contact-us');
    await expect(page.getByRole('form', { name: 'Send us a message' })).toBeVisible();
    await page.goto('/customer-support');
    await expect(page.getByRole('form', { name: 'Log a service request' })).toBeVisible();
    await page.goto('/services/print-audit');
    await expect(page.getByRole('heading', { level: 1, name: 'Print audit' })).toBeVisible();

    // The mobile menu drawer too.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();

    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);

    // The policy, and this check of it, really work: an injected inline script is refused and reported.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineScriptRan = true';
      document.body.append(script);
    });
    await expect.poll(async () => (await violations()).some((violation) => violation.includes('script-src'))).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __inlineScriptRan?: boolean }).__inlineScriptRan)).toBeUndefined();
  });
});
