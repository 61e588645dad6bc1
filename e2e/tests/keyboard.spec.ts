/**
 * The site by keyboard alone: no mouse, no clicks, no focus() from the test.
 * The Products mega-menu follows the disclosure pattern; the basket drawer takes focus, traps it
 * and gives it back; a quote goes from "Add to basket" on a list to the confirmation's Ok; and
 * whatever takes focus shows a clear outline and is never hidden behind the sticky header or the
 * cookie banner.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';

/** A short description of the focused element, for messages. */
async function focusedDescription(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return '(body)';
    const name = element.getAttribute('aria-label') ?? (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
    return `<${element.tagName.toLowerCase()}> ${name}`;
  });
}

async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement).catch(() => false);
}

/** Presses Tab (or Shift+Tab) until the target has focus; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, { limit = 80, backwards = false } = {}): Promise<number> {
  for (let presses = 0; presses <= limit; presses += 1) {
    if (await isFocused(target)) return presses;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Focus did not reach ${target} within ${limit} presses; it is on ${await focusedDescription(page)}`);
}

/** Enabled "Add to basket" buttons, in page order. */
function addButtons(page: Page): Locator {
  return page.getByRole('button', { name: 'Add to basket', exact: true }).and(page.locator(':enabled'));
}

test('the first Tab stop is "Skip to main content", shown when focused, and it takes focus past the header', async ({ page }) => {
  await page.goto('/printers/multifunctionals');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
  // The next Tab lands in the page itself, not back in the header.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('main')), `focus is in main (${await focusedDescription(page)})`).toBe(
    true,
  );
});

test.describe('the Products mega-menu (disclosure pattern)', () => {
  test('Tab reaches it, Enter and Space open it, Tab walks its links, Escape closes it and returns focus', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const products = page.getByRole('button', { name: 'Products' });
    const panel = page.locator(`#${await products.getAttribute('aria-controls')}`);

    await tabTo(page, products);
    await expect(products).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();

    await page.keyboard.press('Enter');
    await expect(products).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).toBeVisible();
    await expect(products).toBeFocused();

    // Tab goes through every link of the panel, in order, with the menu staying open.
    const links = panel.getByRole('link');
    const count = await links.count();
    expect(count).toBeGreaterThan(10);
    for (let i = 0; i < count; i += 1) {
      await page.keyboard.press('Tab');
      await expect(links.nth(i)).toBeFocused();
      await expect(products).toHaveAttribute('aria-expanded', 'true');
    }

    // Escape from a link inside: closed, focus back on the button.
    await page.keyboard.press('Shift+Tab');
    await expect(links.nth(count - 2)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(products).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();
    await expect(products).toBeFocused();

    // Space opens it too; Escape on the button closes it.
    await page.keyboard.press('Space');
    await expect(products).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(products).toHaveAttribute('aria-expanded', 'false');
    await expect(products).toBeFocused();

    // Tab past the last link: the menu closes and focus goes on to the Services button.
    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    for (let i = 0; i < count; i += 1) await page.keyboard.press('Tab');
    await expect(links.last()).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Services' })).toBeFocused();
    await expect(products).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();

    // Enter on a link follows it and closes the menu.
    await page.keyboard.press('Shift+Tab');
    await expect(products).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(links.first()).toBeFocused();
    const href = await links.first().getAttribute('href');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(products).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('the basket drawer', () => {
  test('opens from the header by keyboard, takes focus, traps Tab and Shift+Tab, and Escape gives focus back', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const toggle = page.getByTestId('basket-toggle');
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');

    const drawer = page.getByRole('dialog', { name: 'Comparison basket' });
    await expect(drawer.getByRole('heading', { name: 'Comparison basket' })).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const inDrawer = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"][aria-label="Comparison basket"]'));
    expect(await inDrawer(), `focus moved into the drawer (it is on ${await focusedDescription(page)})`).toBe(true);

    // Forwards: every stop is inside, and the cycle comes back to where it started.
    const start = await focusedDescription(page);
    const seen: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      await page.keyboard.press('Tab');
      expect(await inDrawer(), `Tab ${i + 1} stayed in the drawer (focus on ${await focusedDescription(page)})`).toBe(true);
      seen.push(await focusedDescription(page));
    }
    expect(seen, 'Tab cycles back to the first stop').toContain(start);
    // Backwards likewise.
    for (let i = 0; i < 30; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await inDrawer(), `Shift+Tab ${i + 1} stayed in the drawer (focus on ${await focusedDescription(page)})`).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('with printers in it, Shift+Tab from the first stop goes to the last and Tab from the last to the first', async ({ page }) => {
    await page.goto('/printers/multifunctionals');
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    for (let i = 0; i < 2; i += 1) {
      await tabTo(page, addButtons(page).first(), { limit: 150 });
      await page.keyboard.press('Enter');
      await expect(page.getByRole('button', { name: 'View basket' }).nth(i)).toBeFocused();
    }
    await page.keyboard.press('Enter'); // View basket
    const drawer = page.getByRole('dialog', { name: 'Comparison basket' });
    await expect(drawer.getByRole('table')).toBeVisible();
    const close = drawer.getByRole('button', { name: 'Close comparison basket' });
    const instantQuote = drawer.getByRole('button', { name: 'Instant quote' });
    await tabTo(page, close, { limit: 60 });
    await page.keyboard.press('Shift+Tab');
    await expect(instantQuote).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(close).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: 'View basket' }).nth(1)).toBeFocused();
  });
});

test.describe('a quote by keyboard alone', () => {
  test('two printers added from a list, the basket, Instant quote, the five fields with an on-blur error fixed, Enter, the confirmation and Ok', async ({
    page,
  }) => {
    await page.goto('/printers/multifunctionals');
    await expect(page.getByTestId('product-card').first()).toBeVisible();

    // Add two printers: Tab to "Add to basket", Enter; focus lands on that card's "View basket".
    const names: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const add = addButtons(page).first();
      const card = page.getByTestId('product-card').filter({ has: add });
      await tabTo(page, add, { limit: 150 });
      names.push(((await card.first().getByRole('heading').textContent()) ?? '').replace(/\s+/g, ' ').trim());
      await page.keyboard.press('Enter');
      await expect(page.getByRole('button', { name: new RegExp(`^Comparison basket, ${i + 1}\\b`) })).toBeAttached();
      await expect(page.getByRole('button', { name: 'View basket' }).nth(i)).toBeFocused();
    }

    // Open the basket from "View basket".
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Comparison basket' });
    await expect(drawer.getByTestId('basket-count')).toHaveText('2 of 5 machines');
    for (const name of names) await expect(drawer.getByRole('button', { name: `Remove ${name}`, exact: true })).toBeAttached();

    // To "Instant quote" and on to the form: its heading takes focus.
    await tabTo(page, drawer.getByRole('button', { name: 'Instant quote' }), { limit: 60 });
    await page.keyboard.press('Enter');
    await expect(drawer.getByRole('heading', { name: 'Your details' })).toBeFocused();

    const field = (label: string) => drawer.getByLabel(label, { exact: true });
    await tabTo(page, field('First name'), { limit: 10 });
    await page.keyboard.type('Jo');
    await page.keyboard.press('Tab');
    await expect(field('Last name')).toBeFocused();
    await page.keyboard.type('Bloggs');
    await page.keyboard.press('Tab');
    await expect(field('E-mail address')).toBeFocused();
    await page.keyboard.type(`e2e-keyboard-${Date.now()}@example.co.uk`);
    await page.keyboard.press('Tab');
    await expect(field('Phone number')).toBeFocused();
    await page.keyboard.type('0116 496 0123');
    await page.keyboard.press('Tab');
    await expect(field('Postcode')).toBeFocused();
    await page.keyboard.type('LE19');
    await page.keyboard.press('Tab'); // leaving it: the message shows, tied to the field

    const postcode = field('Postcode');
    await expect(drawer.getByText('Please enter a valid post code.', { exact: true })).toBeVisible();
    await expect(postcode).toHaveAttribute('aria-invalid', 'true');
    await expect(postcode).toHaveAccessibleDescription('Please enter a valid post code.');
    await expect(drawer.getByRole('button', { name: 'Send my quote' })).toBeDisabled();

    // Back to it, put it right.
    await tabTo(page, postcode, { limit: 5, backwards: true });
    await page.keyboard.press('End');
    await page.keyboard.type(' 1WX');
    await expect(postcode).toHaveValue('LE19 1WX');
    await expect(drawer.getByText('Please enter a valid post code.', { exact: true })).toHaveCount(0);
    await expect(drawer.getByRole('button', { name: 'Send my quote' })).toBeEnabled();

    // Enter in the field sends the form.
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/quote') && response.request().method() === 'POST');
    await page.keyboard.press('Enter');
    expect((await answer).status()).toBeLessThan(300);
    const confirmation = drawer.getByRole('heading', { name: 'Your quote is on its way' });
    await expect(confirmation).toBeFocused();
    await expect(drawer.getByTestId('quote-reference')).toHaveText(/^CT-/);

    const ok = drawer.getByRole('button', { name: 'Ok' });
    await tabTo(page, ok, { limit: 10 });
    await page.keyboard.press('Enter');
    await expect(drawer).toBeHidden();
    // The drawer gave focus back to where it was opened from.
    await expect(page.getByRole('button', { name: 'View basket' }).nth(1)).toBeFocused();
  });
});

/**
 * Every stop of the Tab order, forwards or backwards, is seen:
 * - WCAG 2.4.7 Focus Visible and 1.4.11 Non-text Contrast: the element (or its ::after, or a
 *   wrapper within two levels that shows :focus-within) has an outline at least 2px wide whose
 *   colour stands 3:1 against the background behind it;
 * - WCAG 2.4.11 Focus Not Obscured: it is not entirely hidden by what lies above it, such as the
 *   sticky header or the cookie banner fixed at the bottom of the window.
 */
async function expectEveryFocusSeen(page: Page, presses: number, key: 'Tab' | 'Shift+Tab'): Promise<void> {
  for (let i = 0; i < presses; i += 1) {
    await page.keyboard.press(key);
    // Judge where things come to rest: a drawer still sliding in (or a section still opening)
    // puts the focused element off-screen for a few frames.
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
    );
    const problem = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const name = element.getAttribute('aria-label') ?? (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
      const what = `<${element.tagName.toLowerCase()}> ${name}`;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return null; // e.g. a custom element's inner control

      // Not hidden: some point of it, inside the window, shows the element itself (or its own
      // content) rather than something above it such as the sticky header or the cookie banner.
      const hit = (x: number, y: number) => {
        if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return false;
        const top = document.elementFromPoint(x, y);
        return !!top && (element.contains(top) || top.contains(element));
      };
      let seen = false;
      for (const fx of [0.1, 0.5, 0.9])
        for (const fy of [0.1, 0.5, 0.9]) seen ||= hit(box.left + box.width * fx, box.top + box.height * fy);
      if (!seen) {
        const top = document.elementFromPoint(
          box.left + box.width / 2,
          Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1),
        );
        return `${what} is hidden (top ${Math.round(box.top)}, bottom ${Math.round(box.bottom)}), under <${top?.tagName.toLowerCase()} class="${top?.className}">`;
      }

      // A visible indicator.
      const rgb = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number);
      const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
        const channel = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
      };
      const backgroundBehind = (start: Element): number[] | null => {
        for (let node: Element | null = start; node; node = node.parentElement) {
          const style = getComputedStyle(node);
          if (style.backgroundImage !== 'none') return null; // a gradient or image: not judged here
          const [r = 0, g = 0, b = 0, a = 1] = rgb(style.backgroundColor);
          if (a >= 0.99 && /rgb/.test(style.backgroundColor)) return [r, g, b];
        }
        return [255, 255, 255];
      };
      const candidates: Array<[Element, string | null]> = [
        [element, null],
        [element, '::after'],
        [element, '::before'],
      ];
      if (element.parentElement) candidates.push([element.parentElement, null]);
      if (element.parentElement?.parentElement) candidates.push([element.parentElement.parentElement, null]);
      for (const [candidate, pseudo] of candidates) {
        const style = getComputedStyle(candidate, pseudo);
        if (style.outlineStyle === 'none' || Number.parseFloat(style.outlineWidth) < 2) continue;
        if (candidate !== element && !pseudo && !candidate.matches(':focus-within')) continue;
        const background = backgroundBehind(candidate.parentElement ?? candidate);
        if (!background) return null;
        const [lighter, darker] = [luminance(rgb(style.outlineColor)), luminance(background)].sort((a, b) => b - a) as [number, number];
        const ratio = (lighter + 0.05) / (darker + 0.05);
        return ratio >= 3
          ? null
          : `${what} has a focus outline of contrast ${ratio.toFixed(2)}:1 (${style.outlineColor} on rgb(${background.join(', ')}))`;
      }
      return `${what} shows no focus outline`;
    });
    expect(problem, `${key} ${i + 1}`).toBeNull();
  }
}

for (const size of [
  { width: 1280, height: 800 },
  { width: 375, height: 700 },
]) {
  test.describe(`focus is always seen at ${size.width}px`, () => {
    test.use({ viewport: size });

    for (const [name, path, presses] of [
      ['a list page', '/printers/multifunctionals', 90],
      ['a product page', '/printers/multifunctionals/canon/imagerunner-advance-dx-c5840i', 70],
      ['the contact page', '/contact-us', 60],
      ['the checker', '/discover-print-savings', 50],
    ] as const) {
      test(`down and back up ${name}`, async ({ page }) => {
        await page.goto(path);
        await expect(page.locator('main [data-remote] h1')).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectEveryFocusSeen(page, presses, 'Tab');
        await expectEveryFocusSeen(page, presses, 'Shift+Tab');
      });
    }

    test('round the basket drawer, its comparison and the quote form', async ({ page }) => {
      await page.goto('/printers/multifunctionals');
      await expect(page.getByTestId('product-card').first()).toBeVisible();
      for (let i = 0; i < 3; i += 1) {
        await tabTo(page, addButtons(page).first(), { limit: 150 });
        await page.keyboard.press('Enter');
        await expect(page.getByRole('button', { name: 'View basket' }).nth(i)).toBeFocused();
      }
      await page.keyboard.press('Enter');
      const drawer = page.getByRole('dialog', { name: 'Comparison basket' });
      await expect(drawer.locator('[data-row="startingPrice"] :is(td, dd)').first()).toHaveText(/£/);
      await expectEveryFocusSeen(page, 16, 'Tab');
      await expectEveryFocusSeen(page, 16, 'Shift+Tab');
      await tabTo(page, drawer.getByRole('button', { name: 'Instant quote' }), { limit: 30 });
      await page.keyboard.press('Enter');
      await expect(drawer.getByRole('heading', { name: 'Your details' })).toBeFocused();
      await expectEveryFocusSeen(page, 12, 'Tab');
      await expectEveryFocusSeen(page, 12, 'Shift+Tab');
    });

    if (size.width >= 1008) {
      test('through the open Products menu', async ({ page }) => {
        await page.goto('/');
        await expect(page.locator('main [data-remote] h1')).toBeVisible();
        await tabTo(page, page.getByRole('button', { name: 'Products' }));
        await page.keyboard.press('Enter');
        await expectEveryFocusSeen(page, 40, 'Tab');
      });
    } else {
      test('round the nav drawer with a section open', async ({ page }) => {
        await page.goto('/');
        await expect(page.locator('main [data-remote] h1')).toBeVisible();
        await tabTo(page, page.getByRole('button', { name: 'Menu', exact: true }));
        await page.keyboard.press('Enter');
        const drawer = page.getByRole('dialog', { name: 'Menu' });
        await tabTo(page, drawer.getByRole('button', { name: 'Multifunctionals' }), { limit: 10 });
        await page.keyboard.press('Enter');
        await expectEveryFocusSeen(page, 30, 'Tab');
        await expectEveryFocusSeen(page, 30, 'Shift+Tab');
      });
    }

    test.describe('with the cookie banner open', () => {
      test.use({ acceptCookies: false });
      test('down and back up the home page', async ({ page }) => {
        await page.goto('/');
        await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
        // The featured printers load when their block nears the viewport: bring them in first so
        // the walk covers their cards, then start again from the top.
        await page.locator('[data-block="featuredProducts"]').scrollIntoViewIfNeeded();
        await expect(page.getByTestId('product-card').first()).toBeVisible();
        await page.evaluate(() => window.scrollTo(0, 0));
        await expectEveryFocusSeen(page, 70, 'Tab');
        await expectEveryFocusSeen(page, 70, 'Shift+Tab');
      });
    });
  });
}
