/**
 * The test object every e2e spec uses: Playwright's, with the cookie banner already accepted
 * (it is fixed at the bottom of the viewport and would intercept clicks). A spec about the
 * banner itself opts out with `test.use({ acceptCookies: false })`.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { startServer, type RunningServer } from './server';

/**
 * `renderIn: 'browser'` runs a test against a second server with server rendering off, where every
 * page renders in the browser: for tests of how the browser's rooms behave when the API fails under
 * them (a request intercepted in the browser), which a server-rendered first page never asks.
 */
let browserRendered: Promise<RunningServer> | null = null;

export const test = base.extend<{ acceptCookies: boolean; renderIn: 'server' | 'browser' }, { stopBrowserRendered: void }>({
  acceptCookies: [true, { option: true }],
  renderIn: ['server', { option: true }],
  stopBrowserRendered: [
    async ({}, use) => {
      await use();
      if (browserRendered) await (await browserRendered).stop();
      browserRendered = null;
    },
    { scope: 'worker', auto: true },
  ],
  baseURL: async ({ baseURL, renderIn }, use) => {
    if (renderIn === 'server') return use(baseURL);
    browserRendered ??= startServer({ SERVER_RENDER: 'false' });
    await use((await browserRendered).url);
  },
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
    // A server-rendered page shows its buttons before its scripts have made them work: after
    // every navigation, wait until the shell and each remote slot on the page are live in the
    // browser (or say they could not load), as a visitor's click would need.
    // (A navigation that asks for less than the load event, e.g. 'domcontentloaded', is not waited for.)
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (!options?.waitUntil || options.waitUntil === 'load' || options.waitUntil === 'networkidle') await waitForLive(page);
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (options) => {
      const response = await reload(options);
      if (!options?.waitUntil || options.waitUntil === 'load' || options.waitUntil === 'networkidle') await waitForLive(page);
      return response;
    };
    await use(page);
  },
});

/** Waits (at most 15 s, then carries on: the test's own expectations say what is wrong) until the page is live. */
export async function waitForLive(page: Page): Promise<void> {
  if (!page.url().startsWith('http')) return;
  await page
    .waitForFunction(
      () => {
        const root = document.getElementById('root');
        if (!root) return true; // not a page of the site (a JSON answer)
        if (window.location.pathname.startsWith('/remotes/')) return true; // a remote's standalone page: no shell, rendered in the browser
        if (!document.documentElement.hasAttribute('data-shell-live')) return false;
        return Array.from(document.querySelectorAll('[data-remote]')).every(
          (slot) => slot.hasAttribute('data-live') || slot.querySelector('[data-testid="remote-unavailable"]'),
        );
      },
      undefined,
      { timeout: 15_000, polling: 50 },
    )
    .catch(() => undefined);
}

export { expect };
