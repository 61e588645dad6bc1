/**
 * yup, and the form schemas built with it, are not in the JavaScript a page loads before the
 * visitor does anything: the forms load them when they are first used (the checker's wizard when
 * there is saved progress to check). Checked on the bytes the browser really receives,
 * so a change of build settings or a stray static import shows here as well as in
 * shared/src/firstLoad.test.ts.
 *
 * Below them, the first-load JavaScript budget of every main route (176 KB gzip).
 */
import type { Page } from '@playwright/test';
import { describeFirstLoad, FIRST_LOAD_BUDGET_GZIP, kb, measureScripts } from '../support/firstLoad';
import { expect, test } from '../support/test';

/** yup's own default messages: minifying keeps them, and no code of ours contains them. */
const YUP_SIGNATURE = '${path} must be a valid email';
/** The schemas' chunk (webpackChunkName "forms" on each lazy import). */
const FORMS_CHUNK = /\/forms\.[0-9a-f]+\.js$/;

/** Every script the page has loaded so far, by URL, and whether it holds yup. */
function recordScripts(page: Page) {
  const scripts = new Map<string, Promise<boolean>>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.set(
      response.url(),
      response.text().then(
        (text) => text.includes(YUP_SIGNATURE),
        () => false,
      ),
    );
  });
  return {
    async withYup(): Promise<string[]> {
      const found = await Promise.all([...scripts].map(async ([url, hasYup]) => ((await hasYup) || FORMS_CHUNK.test(url) ? url : null)));
      return found.filter((url): url is string => url !== null);
    },
    count: () => scripts.size,
  };
}

test.describe('no yup before the visitor uses a form', () => {
  const routes = ['/', '/printers/multifunctionals', '/scanners', '/services/print-audit', '/contact-us', '/discover-print-savings'];

  for (const route of routes) {
    test(`${route} loads no yup and no schema`, async ({ page }) => {
      const scripts = recordScripts(page);
      await page.goto(route, { waitUntil: 'networkidle' });
      await expect(page.getByRole('contentinfo')).toBeVisible();
      expect(scripts.count()).toBeGreaterThan(5);
      expect(await scripts.withYup()).toEqual([]);
    });
  }

  test('a product page loads no yup and no schema', async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto('/printers/multifunctionals/canon/imagerunner-advance-dx-c5840i', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1, name: /imageRUNNER ADVANCE DX C5840i/i })).toBeVisible();
    expect(await scripts.withYup()).toEqual([]);
  });

  test('the footer form loads its rules on first focus and checks with the same message', async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto('/printers/multifunctionals', { waitUntil: 'networkidle' });
    expect(await scripts.withYup()).toEqual([]);
    const form = page.getByRole('form', { name: 'Get print-saving tips' });
    const email = form.getByLabel('Email');
    await email.fill('jo@example');
    await email.blur();
    await expect(form.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(email).toHaveValue('jo@example');
    expect((await scripts.withYup()).length).toBeGreaterThan(0);
  });

  test('the checker needs no rules for its steps, and loads them to check saved progress after a reload', async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto('/discover-print-savings', { waitUntil: 'networkidle' });
    const wizard = page.locator('[data-team="checker"]');
    await wizard.getByRole('radio', { name: /Item by item/ }).check();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(page.locator('#checker-step-heading')).toHaveText('Your equipment');
    await page.waitForLoadState('networkidle');
    expect(await scripts.withYup()).toEqual([]);

    const reloaded = recordScripts(page);
    await page.reload();
    await expect(page.locator('#checker-step-heading')).toHaveText('Your equipment');
    await expect(wizard.getByText('Step 2 of 4')).toBeVisible();
    expect((await reloaded.withYup()).length).toBeGreaterThan(0);
  });

  test('the contact form loads its rules on first use and keeps its messages', async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto('/contact-us', { waitUntil: 'networkidle' });
    const form = page.getByRole('form', { name: 'Send us a message' });
    await expect(form.getByLabel('Your name')).toBeVisible();
    expect(await scripts.withYup()).toEqual([]);
    await form.getByRole('button', { name: 'Send enquiry' }).click();
    await expect(form.getByText('Please enter your name.')).toBeVisible();
    await expect(form.getByLabel('Your name')).toBeFocused();
    expect((await scripts.withYup()).length).toBeGreaterThan(0);
  });
});

/**
 * The project's target, enforced: first-load JavaScript under 176 KB gzip on every route, on the
 * bytes the browser really receives from the composed production site (the build's own budgets,
 * shared/build/budgets.cjs, check each app's files apart; only here is the composition measured).
 * A first visit: a fresh browser context for every test, so nothing comes from the cache, and
 * no cookie choice stored yet. JavaScript the page only prefetched for later is not counted.
 * Measured at two viewports, as what a page loads depends on it: a phone (412x823, Lighthouse's
 * mobile one) and a desktop (1280x1024), where on home the featured products lie within the
 * IntersectionObserver's margin and bring the catalogue remote in without any interaction: that
 * is first load too.
 */
test.describe('first-load JavaScript within the budget', () => {
  const routes: Array<[label: string, path: string]> = [
    ['home', '/'],
    ['list', '/printers/multifunctionals'],
    ['product page', '/printers/multifunctionals/canon/imagerunner-advance-dx-c5840i'],
    ['checker', '/discover-print-savings'],
    ['service page', '/services/print-audit'],
    ['contact', '/contact-us'],
    ['scanners list', '/scanners'],
    ['landing page', '/photocopiers'],
    ['finishers', '/finishers'],
  ];
  const viewports: Array<[label: string, size: { width: number; height: number }]> = [
    ['phone', { width: 412, height: 823 }],
    ['desktop', { width: 1280, height: 1024 }],
  ];

  for (const [device, viewport] of viewports) {
    test.describe(`${device} ${viewport.width}x${viewport.height}`, () => {
      test.use({ viewport, acceptCookies: false });

      for (const [label, path] of routes) {
        test(`${label} (${path}) loads at most ${kb(FIRST_LOAD_BUDGET_GZIP)} gzip of JavaScript`, async ({ page }, testInfo) => {
          const load = await measureScripts(page, path);
          const account = `${label} (${path}) at ${viewport.width}x${viewport.height}: ${describeFirstLoad(load)}`;
          await testInfo.attach('first-load JavaScript', { body: account, contentType: 'text/plain' });
          // One line a route in the run's log, so the headroom left shows on passing runs too.
          console.log(account.split('\n')[0]);
          // What was measured is the page itself, not an error page or an empty shell.
          expect(load.status, `${path} answers 200`).toBe(200);
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
          await expect(page.getByRole('contentinfo')).toBeVisible();
          expect(load.requests, account).toBeGreaterThan(5);
          expect(load.gzipBytes, account).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_GZIP);
        });
      }
    });
  }
});
