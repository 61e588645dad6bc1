/**
 * The shell's global layout in a real browser (docs/product-rules.md "Page frame"):
 * cookie banner, the mobile drawer at 1007px and not at 1008px, drawers closing on Escape and
 * overlay click with focus returned, the mega-menu by keyboard, Not Found.
 */
import { expect, test } from '../support/test';

test.describe('cookie banner', () => {
  test.use({ acceptCookies: false });

  test('shows until Accept, stores the choice and stays hidden on the next visit', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: /accept/i }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookie-acceptance-status'))).toBe('accept');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toBeHidden();
  });

  for (const size of [
    { width: 375, height: 667 },
    { width: 1280, height: 800 },
  ]) {
    test(`at ${size.width}px it takes at most a third of the window and its buttons are the first Tabs, without taking focus`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await page.goto('/');
      const banner = page.getByRole('region', { name: 'Cookie consent' });
      await expect(banner).toBeVisible();
      // Measured where it comes to rest: it rises into place over 250 ms.
      await banner.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
      const box = (await banner.boundingBox())!;
      // 222 px: a third of a 375 x 667 px phone.
      expect(box.height).toBeLessThanOrEqual(Math.floor(size.height / 3));
      expect(box.y + box.height).toBeCloseTo(size.height, 0);
      // Nothing moved focus when it appeared.
      expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
      await page.keyboard.press('Tab');
      await expect(banner.getByRole('button', { name: 'Accept cookies' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(banner.getByRole('button', { name: 'Reject cookies' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(banner.getByRole('button', { name: 'Settings' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(banner.getByRole('link', { name: 'Our cookie policy' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
      await page.screenshot({ path: test.info().outputPath(`cookie-banner-${size.width}.png`) });
    });
  }

  test('under reduced motion it appears without its animation', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    expect(await banner.evaluate((element) => getComputedStyle(element).animationName)).toBe('none');
  });
});

test.describe('without JavaScript at 375px', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 667 } });

  test("Menu leads to the footer's links, and they lead to their pages", async ({ page }) => {
    // The page as it comes: no script runs, so nothing marks it live.
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const menu = page.getByRole('banner').getByRole('link', { name: 'Menu', exact: true });
    await expect(menu).toBeVisible();
    await menu.click();
    await expect(page).toHaveURL(/\/#site-links$/);
    const products = page.getByRole('navigation', { name: 'Products' });
    await expect(products).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath('menu-no-js-375.png') });
    // The next Tab goes on from there: the footer's first link, not the page's first.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#site-links')))).toBe(true);
    await products.getByRole('link', { name: 'Multifunctionals' }).click();
    await expect(page).toHaveURL(/\/printers\/multifunctionals$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.getByRole('banner').getByRole('link', { name: 'Menu', exact: true }).click();
    await page.getByRole('navigation', { name: 'Company' }).getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/contact-us$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  });

  test('the header has no control that does nothing: no basket button (the basket needs JavaScript), only links, Menu and the search form', async ({
    page,
  }) => {
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(page.getByTestId('basket-toggle')).toBeHidden();
    const buttons = page.locator('header button');
    for (let index = 0; index < (await buttons.count()); index += 1) {
      const button = buttons.nth(index);
      if (!(await button.isVisible())) continue;
      // A visible button works without a script only as its form's submit button.
      expect(
        await button.evaluate(
          (element) => (element as HTMLButtonElement).type === 'submit' && Boolean((element as HTMLButtonElement).form?.action),
        ),
      ).toBe(true);
    }
  });

  test("the footer of the server's page says who we are and links to About us", async ({ page }) => {
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('company number 09456213');
    await expect(footer).toContainText('VAT number GB 214 5689 56');
    await expect(footer).toContainText('Registered office: Unit 4, Meridian Business Park, Leicester, LE19 1WX');
    await expect(footer).toContainText('as a credit broker, not a lender');
    await expect(footer.getByRole('link', { name: 'About us' })).toHaveAttribute('href', '/about-us');
    await footer.getByTestId('footer-company').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('footer-no-js-375.png'), fullPage: false });
  });
});

test.describe('mobile navigation', () => {
  test('at 1007px the menu button opens the nav drawer; Escape closes it and returns focus', async ({ page }) => {
    await page.setViewportSize({ width: 1007, height: 800 });
    await page.goto('/');
    const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(menuButton).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await menuButton.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menuButton).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  });

  test('at 1008px there is no menu button and the desktop menus show', async ({ page }) => {
    await page.setViewportSize({ width: 1008, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
  });

  test('the nav drawer and the basket drawer are never open together', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page
      .getByRole('dialog', { name: 'Menu' })
      .getByRole('link', { name: /contact/i })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    await page.getByRole('button', { name: /^comparison basket/i }).click();
    await expect(page.getByRole('dialog', { name: 'Comparison basket' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
  });
});

test.describe('basket drawer', () => {
  test('opens from the header, closes on Escape and on the overlay, focus goes back to the toggle', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: /^comparison basket/i });
    await toggle.click();
    const drawer = page.getByRole('dialog', { name: 'Comparison basket' });
    await expect(drawer).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await expect(drawer).toBeVisible();
    await page.mouse.click(20, 400); // the overlay, left of the right-hand drawer
    await expect(drawer).toBeHidden();
  });
});

test.describe('menus', () => {
  test('the Products mega-menu works by keyboard alone (disclosure pattern)', async ({ page }) => {
    await page.goto('/');
    const products = page.getByRole('button', { name: 'Products' });
    await products.focus();
    await expect(products).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(products).toHaveAttribute('aria-expanded', 'true');
    const viewAll = page.getByRole('link', { name: /view all/i }).first();
    await expect(viewAll).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(products).toHaveAttribute('aria-expanded', 'false');
    await expect(products).toBeFocused();
  });

  test('the Services menu lists the ten services and takes you to one', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Services' }).click();
    const menu = page.locator('#' + (await page.getByRole('button', { name: 'Services' }).getAttribute('aria-controls')));
    await expect(menu.getByRole('link')).toHaveCount(10);
    await menu.getByRole('link', { name: /print audit/i }).click();
    await expect(page).toHaveURL(/\/services\/print-audit$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('navigation', () => {
  test('goes to the top of the new page, or to the hash target', async ({ page }) => {
    await page.goto('/');
    await page.mouse.wheel(0, 2500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: /^contact$/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/contact-us$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goto('/#main');
    await expect(page.locator('#main')).toBeVisible();
  });

  test("an unknown path inside a remote's section shows the same Not Found page", async ({ page }) => {
    await page.goto('/printers/not-a-type');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.goto('/services/not-a-service');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found - Copytech');
  });

  test('pages without their own meta use the default title', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/ - Copytech$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.+/);
  });
});

test.describe('modal', () => {
  test('the product image zoom opens the modal: #modal in the URL, Escape and Back close it', async ({ page }) => {
    await page.goto('/printers/multifunctionals/canon/imagerunner-advance-dx-c5840i');
    const enlarge = page.getByRole('button', { name: 'Enlarge image' });
    await enlarge.click();
    const dialog = page.getByRole('dialog', { name: /enlarged image/ });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('img')).toHaveAttribute('src', /\/assets\/x810\/canon\/imagerunner-advance-dx-c5840i\//);
    await expect(page).toHaveURL(/#modal$/);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/#modal/);
    await expect(enlarge).toBeFocused();

    await enlarge.click();
    await expect(dialog).toBeVisible();
    await page.goBack();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/printers\/multifunctionals\/canon\/imagerunner-advance-dx-c5840i$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('imageRUNNER ADVANCE DX C5840i');
  });
});
