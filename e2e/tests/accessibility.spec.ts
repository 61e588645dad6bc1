/**
 * Accessibility of the composed site: axe with the WCAG 2.0, 2.1 and 2.2 A and
 * AA rules (and its best practices) finds nothing on every page type, at a desktop (1280) and a phone (375) width, and
 * with every overlay open: the header menus, the drawers (nav, basket with its comparison table,
 * the quote form with its errors, the confirmation, the instant quote panel), the cookie banner,
 * the product image zoom and the shell's modal.
 *
 * Each check waits for the remote's content (a heading inside [data-remote]) and for the page to
 * settle, so axe sees what a visitor sees, not a loading shimmer.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { addFromList, openBasket } from '../support/flows';
import { expect, test } from '../support/test';

/**
 * WCAG 2.0, 2.1 and 2.2 at levels A and AA, plus axe's best practices: those carry the checks
 * that WCAG leaves to judgement but a screen reader user feels (landmarks unique and covering all
 * content, headings in order, one main, one h1).
 */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 800 },
] as const;

const MFP_PATH = '/printers/multifunctionals/canon/imagerunner-advance-dx-c5840i';
const SCANNER_PATH = '/scanners/epson/es-60w';
const FINISHER_PATH = '/finishers/konica-minolta/fs-539';

/**
 * Controls scrolled up under the sticky header (entirely above its lower edge): the header's
 * opaque background hides them, but axe's target-size check sees only the header's own controls
 * over them and measures the gaps between those. They are left out of this run, and are checked
 * wherever the page shows them (every page is also checked at its top).
 */
const UNDER_HEADER = 'data-axe-under-header';
async function markControlsUnderHeader(page: Page): Promise<void> {
  await page.evaluate((attribute) => {
    const header = document.querySelector('header');
    if (!header || getComputedStyle(header).position === 'static') return;
    const edge = header.getBoundingClientRect().bottom;
    for (const control of Array.from(document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]'))) {
      const box = control.getBoundingClientRect();
      if (!header.contains(control) && box.height > 0 && box.bottom <= edge) control.setAttribute(attribute, '');
    }
  }, UNDER_HEADER);
}

/** Runs axe on the page as it is now; fails listing every violation: rule, help, where and why. */
async function expectNoViolations(page: Page, what: string): Promise<void> {
  await markControlsUnderHeader(page);
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).exclude(`[${UNDER_HEADER}]`).analyze();
  await page.evaluate(
    (attribute) => document.querySelectorAll(`[${attribute}]`).forEach((e) => e.removeAttribute(attribute)),
    UNDER_HEADER,
  );
  const report = results.violations
    .map(
      (violation) =>
        `- ${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n` +
        violation.nodes
          .map((node) => `    at ${node.target.join(' >> ')}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
          .join('\n'),
    )
    .join('\n');
  expect(
    results.violations.map((violation) => violation.id),
    `axe violations on ${what}:\n${report}`,
  ).toEqual([]);
}

/**
 * WCAG 1.4.10 Reflow: at 320 CSS pixels wide nothing needs scrolling sideways, apart from content
 * that is its own keyboard-scrollable region (the basket's comparison table).
 */
async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const sticking = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => element.getBoundingClientRect().right > width + 1 && element.getBoundingClientRect().width > 0)
      .filter((element) => !element.parentElement?.closest('[role="region"][tabindex="0"]'))
      .slice(0, 5)
      .map(
        (element) => `<${element.tagName.toLowerCase()} class="${element.className}"> ${(element.textContent ?? '').trim().slice(0, 40)}`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, width, sticking };
  });
  expect(
    overflow.scrollWidth,
    `${what} scrolls sideways at ${overflow.width}px; sticking out:\n${overflow.sticking.join('\n')}`,
  ).toBeLessThanOrEqual(overflow.width);
}

/** The page's remote content is there and nothing is still loading. */
async function settled(page: Page, heading: Locator = page.locator('main [data-remote] h1')): Promise<void> {
  await expect(heading.first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The basket drawer once its content is in (axe reads it whole). */
async function openLoadedBasket(page: Page): Promise<Locator> {
  const drawer = await openBasket(page);
  await expect(drawer.getByRole('heading', { name: 'Comparison basket' })).toBeVisible();
  return drawer;
}

interface PageCase {
  name: string;
  path: string;
  /** Brings the page to the state to check, once it has loaded. */
  prepare?: (page: Page) => Promise<void>;
  heading?: (page: Page) => Locator;
}

const PAGES: PageCase[] = [
  {
    name: 'home',
    path: '/',
    prepare: async (page) => {
      // The catalogue's featured printers load only when the block nears the viewport.
      await page.locator('[data-block="featuredProducts"]').scrollIntoViewIfNeeded();
      await expect(page.getByTestId('product-card').first()).toBeVisible();
    },
  },
  {
    name: 'a type list',
    path: '/printers/multifunctionals',
    prepare: async (page) => expect(page.getByTestId('product-card').first()).toBeVisible(),
  },
  {
    name: 'a filtered list',
    path: '/printers/multifunctionals?brand=Ricoh&minSpeed=40&sort=speed-desc',
    prepare: async (page) => expect(page.getByTestId('product-card').first()).toBeVisible(),
  },
  {
    name: 'a list with its filters shown',
    path: '/printers/multifunctionals',
    prepare: async (page) => {
      const toggle = page.getByRole('button', { name: /filters$/ });
      // On a phone the filters are behind a disclosure; on a wide screen they always show.
      if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
      await expect(page.getByRole('form', { name: 'Filter printers' }).getByRole('group', { name: 'Brand' })).toBeVisible();
    },
  },
  {
    name: 'a filtered list with no results',
    path: '/printers/multifunctionals?q=nosuchmodel',
    prepare: async (page) => expect(page.getByText('No printers match these filters.')).toBeVisible(),
  },
  {
    name: 'a landing page',
    path: '/photocopiers',
    prepare: async (page) => expect(page.getByTestId('product-card').first()).toBeVisible(),
  },
  { name: 'the scanners list', path: '/scanners', prepare: async (page) => expect(page.getByTestId('product-card').first()).toBeVisible() },
  {
    name: 'a printer product page',
    path: MFP_PATH,
    prepare: async (page) =>
      expect(page.getByRole('region', { name: 'Similar products' }).getByTestId('product-card').first()).toBeVisible(),
  },
  { name: 'a scanner product page', path: SCANNER_PATH },
  { name: 'a finisher product page', path: FINISHER_PATH },
  {
    name: 'the checker, first step',
    path: '/discover-print-savings',
    prepare: async (page) => expect(page.getByText('Step 1 of 4')).toBeVisible(),
  },
  {
    name: 'the checker, first step with its error',
    path: '/discover-print-savings',
    prepare: async (page) => {
      await page.locator('[data-team="checker"]').getByRole('button', { name: 'Next' }).click();
      await expect(page.getByText('Please choose how you would like to tell us your costs.')).toBeVisible();
    },
  },
  {
    name: 'the checker, a middle step',
    path: '/discover-print-savings',
    prepare: async (page) => {
      const wizard = page.locator('[data-team="checker"]');
      await wizard.getByRole('radio', { name: /Item by item/ }).check();
      await wizard.getByRole('button', { name: 'Next' }).click();
      await wizard.getByRole('radio', { name: /^Leased/ }).check();
      await wizard.getByRole('button', { name: 'Next' }).click();
      await expect(page.locator('#checker-step-heading')).toHaveText('Your lease or rental payment');
      await wizard.getByRole('button', { name: 'Next' }).click(); // no amount: its message shows
      await expect(wizard.getByRole('textbox', { name: /Lease payment/ })).toHaveAttribute('aria-invalid', 'true');
    },
  },
  {
    name: 'contact us with a validation error',
    path: '/contact-us',
    prepare: async (page) => {
      const form = page.getByRole('form', { name: 'Send us a message' });
      await form.getByRole('button', { name: 'Send enquiry' }).click();
      await expect(form.getByText('Please enter your name.')).toBeVisible();
    },
  },
  {
    name: 'customer support',
    path: '/customer-support',
    prepare: async (page) => expect(page.getByRole('form', { name: 'Log a service request' })).toBeVisible(),
  },
  { name: 'a service page', path: '/services/print-audit' },
  { name: 'Not Found', path: '/no-such-page', heading: (page) => page.getByRole('heading', { level: 1, name: 'Page not found' }) },
  {
    name: 'Not Found inside a remote',
    path: '/printers/multifunctionals/canon/no-such-model',
    heading: (page) => page.getByRole('heading', { level: 1, name: 'Page not found' }),
  },
];

for (const size of WIDTHS) {
  test.describe(`at ${size.width}px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    for (const pageCase of PAGES) {
      test(`${pageCase.name} (${pageCase.path})`, async ({ page }) => {
        await page.goto(pageCase.path);
        await settled(page, pageCase.heading?.(page));
        await pageCase.prepare?.(page);
        await settled(page, pageCase.heading?.(page));
        await expectNoViolations(page, `${pageCase.name} at ${size.width}px`);
      });
    }

    test('the basket drawer with three printers and their comparison', async ({ page }) => {
      await addFromList(page, 3);
      const drawer = await openLoadedBasket(page);
      // A table where the columns fit, a card per printer on a phone.
      await expect(drawer.locator('table, ul[data-columns]').first()).toBeVisible();
      await expect(drawer.locator('[data-row="startingPrice"] :is(td, dd)').first()).toHaveText(/£[\d,]+\.\d{2}/);
      await expectNoViolations(page, `the basket drawer at ${size.width}px`);
    });

    test('the empty basket drawer', async ({ page }) => {
      await page.goto('/');
      await settled(page);
      const drawer = await openLoadedBasket(page);
      await expect(drawer.getByRole('button', { name: 'Instant quote' })).toBeDisabled();
      await expectNoViolations(page, `the empty basket drawer at ${size.width}px`);
    });

    test('the quote form with its errors, then the confirmation of a real quote', async ({ page }) => {
      await addFromList(page, 2);
      const drawer = await openLoadedBasket(page);
      await drawer.getByRole('button', { name: 'Instant quote' }).click();
      await expect(drawer.getByRole('heading', { name: 'Your details' })).toBeFocused();
      await drawer.getByLabel('First name').fill('Jo');
      await drawer.getByLabel('E-mail address').fill('not an address');
      await drawer.getByLabel('Phone number').fill('12');
      await drawer.getByLabel('Postcode').fill('XX');
      await drawer.getByLabel('Postcode').blur();
      await expect(drawer.getByText('Please enter a valid post code.', { exact: true })).toBeVisible();
      await expectNoViolations(page, `the quote form with errors at ${size.width}px`);

      await drawer.getByLabel('Last name').fill('Bloggs');
      await drawer.getByLabel('E-mail address').fill(`e2e-a11y-${Date.now()}@example.co.uk`);
      await drawer.getByLabel('Phone number').fill('0116 496 0123');
      await drawer.getByLabel('Postcode').fill('LE19 1WX');
      await drawer.getByLabel('Postcode').blur();
      await drawer.getByRole('button', { name: 'Send my quote' }).click();
      await expect(drawer.getByRole('heading', { name: 'Your quote is on its way' })).toBeVisible();
      await expectNoViolations(page, `the confirmation at ${size.width}px`);
    });

    test('the instant quote panel of a product page', async ({ page }) => {
      await page.goto(MFP_PATH);
      await settled(page);
      await page.getByRole('button', { name: 'Instant quote' }).click();
      const panel = page.getByRole('dialog', { name: 'Instant quote' });
      await expect(panel.getByText('imageRUNNER ADVANCE DX C5840i')).toBeVisible();
      await expect(panel.getByText(/^From £/)).toBeVisible();
      await expectNoViolations(page, `the instant quote panel at ${size.width}px`);
    });

    test('the product image zoom', async ({ page }) => {
      await page.goto(MFP_PATH);
      await settled(page);
      await page.getByRole('button', { name: 'Enlarge image' }).click();
      await expect(page.getByRole('dialog', { name: /enlarged image/ }).getByRole('img')).toBeVisible();
      await expectNoViolations(page, `the image zoom at ${size.width}px`);
    });

    test('the shell modal with a message', async ({ page }) => {
      await page.goto('/');
      await settled(page);
      // Its plain message content, opened as any room opens it (uiStore.openModal on the shared singleton).
      await page.evaluate(async () => {
        type ShareEntry = { loaded?: unknown; lib?: () => unknown; get?: () => Promise<() => unknown> };
        type Share = Record<string, Record<string, Record<string, Record<string, ShareEntry>>>>;
        const share = (globalThis as unknown as { __FEDERATION__: { __SHARE__: Share } }).__FEDERATION__.__SHARE__;
        for (const scopes of Object.values(share)) {
          for (const packages of Object.values(scopes)) {
            for (const entry of Object.values(packages['@copytech/shared'] ?? {})) {
              const shared = (entry.lib?.() ?? (entry.get ? (await entry.get())() : undefined)) as
                | { uiStore?: { openModal(content: { title: string; contentId: string; data?: Record<string, unknown> }): void } }
                | undefined;
              if (entry.loaded && shared?.uiStore) {
                shared.uiStore.openModal({
                  title: 'Opening hours',
                  contentId: 'message',
                  data: { text: 'Monday to Friday, 9am to 5pm.\nClosed on bank holidays.' },
                });
                return;
              }
            }
          }
        }
        throw new Error('the shared uiStore was not found in the federation share scope');
      });
      await expect(page.getByRole('dialog', { name: 'Opening hours' })).toBeVisible();
      await expectNoViolations(page, `the shell modal at ${size.width}px`);
    });

    test.describe('with the cookie banner', () => {
      test.use({ acceptCookies: false });
      test('the cookie banner on the home page', async ({ page }) => {
        await page.goto('/');
        await settled(page);
        await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
        await expectNoViolations(page, `the cookie banner at ${size.width}px`);
      });
    });
  });
}

test.describe('at 320px nothing scrolls sideways (reflow)', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  for (const pageCase of PAGES) {
    test(`${pageCase.name} (${pageCase.path})`, async ({ page }) => {
      await page.goto(pageCase.path);
      await settled(page, pageCase.heading?.(page));
      await pageCase.prepare?.(page);
      await expectNoSidewaysScroll(page, pageCase.name);
    });
  }

  test('the nav drawer and the basket drawer with its comparison', async ({ page }) => {
    await addFromList(page, 3);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'the nav drawer');
    await page.keyboard.press('Escape');
    const drawer = await openLoadedBasket(page);
    await expect(drawer.locator('[data-row="startingPrice"] :is(td, dd)').first()).toHaveText(/£[\d,]+\.\d{2}/);
    await expectNoSidewaysScroll(page, 'the basket drawer');
    await drawer.getByRole('button', { name: 'Instant quote' }).click();
    await expect(drawer.getByRole('heading', { name: 'Your details' })).toBeFocused();
    await expectNoSidewaysScroll(page, 'the quote form');
  });
});

test.describe('desktop menus', () => {
  test('the Products mega-menu', async ({ page }) => {
    await page.goto('/');
    await settled(page);
    await page.getByRole('button', { name: 'Products' }).click();
    await expect(page.getByRole('link', { name: /view all/i }).first()).toBeVisible();
    await expectNoViolations(page, 'the Products mega-menu');
  });

  test('the Services menu', async ({ page }) => {
    await page.goto('/');
    await settled(page);
    const services = page.getByRole('button', { name: 'Services' });
    await services.click();
    await expect(
      page.locator(`#${await services.getAttribute('aria-controls')}`).getByRole('link', { name: /print audit/i }),
    ).toBeVisible();
    await expectNoViolations(page, 'the Services menu');
  });
});

test.describe('phone navigation', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  test('the mobile nav drawer, with a section expanded', async ({ page }) => {
    await page.goto('/');
    await settled(page);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('button', { name: 'Multifunctionals' }).click();
    await expect(drawer.getByRole('link', { name: /view all multifunctionals/i })).toBeVisible();
    await expectNoViolations(page, 'the mobile nav drawer');
  });
});

test.describe('the checker results', () => {
  test.setTimeout(120_000);
  test('the results of the print savings checker, at 1280 and at 375', async ({ page }) => {
    await page.goto('/discover-print-savings');
    const wizard = page.locator('[data-team="checker"]');
    const next = async (heading: string) => {
      await wizard.getByRole('button', { name: 'Next' }).click();
      await expect(page.locator('#checker-step-heading')).toHaveText(heading);
    };
    await wizard.getByRole('radio', { name: /Item by item/ }).check();
    await next('Your equipment');
    await wizard.getByRole('radio', { name: /^Leased/ }).check();
    await next('Your lease or rental payment');
    await wizard.getByRole('textbox', { name: /Lease payment/ }).fill('270');
    await next('How your equipment is supported');
    await wizard.getByRole('radio', { name: /cost-per-copy \(click charge\)/ }).check();
    await next('What support and supplies cost');
    await wizard.getByRole('textbox', { name: /cost-per-copy charges/ }).fill('450');
    await next('Anything else you pay for');
    for (const question of [
      'Do you pay to insure the equipment?',
      'Do you pay for toner to be delivered?',
      'Do you pay for network or IT support for your printers?',
      'Do you pay any other charges?',
    ]) {
      await wizard.getByRole('group', { name: question }).getByRole('radio', { name: 'No' }).check();
    }
    await next('How much you print');
    await wizard.getByRole('textbox', { name: /Mono/ }).fill('15,000');
    await wizard.getByRole('textbox', { name: 'Colour pages' }).fill('3000');
    await next('One last check');
    await wizard.getByRole('button', { name: 'See my results' }).click();
    await expect(wizard.getByText('Please confirm you are not a robot: tick the box and wait a moment while it checks.')).toBeVisible();
    await expectNoViolations(page, 'the checker human check with its error');

    await wizard.locator('altcha-widget').getByText("I'm not a robot").click();
    await expect(wizard.locator('altcha-widget').getByText('Verified', { exact: true })).toBeVisible({ timeout: 45_000 });
    await wizard.getByRole('button', { name: 'See my results' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Your results' })).toBeVisible();
    await expectNoViolations(page, 'the checker results at 1280px');

    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Your results' })).toBeVisible();
    await expectNoViolations(page, 'the checker results at 375px');

    // The report form with its errors.
    await wizard.getByRole('button', { name: 'E-mail me this report' }).click();
    await expect(wizard.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectNoViolations(page, 'the checker report form with errors at 375px');
  });
});
