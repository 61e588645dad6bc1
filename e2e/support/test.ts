/**
 * The test object every e2e spec uses: Playwright's, with the cookie banner already accepted
 * (it is fixed at the bottom of the viewport and would intercept clicks). A spec about the
 * banner itself opts out with `test.use({ acceptCookies: false })`.
 */
import { test as base, expect } from '@playwright/test';

export const test = base.extend<{ acceptCookies: boolean }>({
  acceptCookies: [true, { option: true }],
  page: async ({ page, acceptCookies }, use) => {
    if (acceptCookies) {
      await page.addInitScript(() => {
        try {
          if (!window.localStorage.getItem('cookie-acceptance-status')) window.localStorage.setItem('cookie-acceptance-status', 'accept');
        } catch {
          /* storage unavailable: the banner shows */
        }
      });
    }
    await use(page);
  },
});

export { expect };
