/**
 * A canary's health as real traffic makes it (docs/architecture.md "Releases of a remote"), on the
 * built site with a server of its own: the checker's build published through the team's command
 * and promoted to a 50% canary. A page view counts when a real browser that ran the checker
 * reports it (the page's page-view token, sent by navigator.sendBeacon), never from a fetch of the
 * page; a browser where the checker fails to load reports a failure. Read through the release
 * API's listing (`list`: the running canary's health).
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext } from '@playwright/test';
import { expect, test } from '../support/test';
import { REPO_ROOT, startServer, type RunningServer } from '../support/server';

const run = promisify(execFile);
const HEADING = 'Discover your print savings';
const CHECKER_PAGE = '/discover-print-savings';

let server: RunningServer;
let build: string;
let release: string;

interface Health {
  views: number;
  serverFailures: number;
  browserFailures: number;
}

async function command(args: string[]) {
  const { stdout } = await run(process.execPath, [path.join(REPO_ROOT, 'scripts', 'release.mjs'), ...args, '--server', server.url], {
    cwd: REPO_ROOT,
    env: { ...process.env, VAR_DIR: server.varDir, RELEASE_TOKEN: '' }, // the local token, found in VAR_DIR
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
}

/** The running canary's views and failures, as `list` shows them (every instance's reports, as of the last flush). */
async function health(): Promise<Health> {
  const { views, serverFailures, browserFailures } = ((await command(['list', 'checker'])).canary as { health: Health }).health;
  return { views, serverFailures, browserFailures };
}

/** A browser in the canary's bucket (bucket 0: below any share). */
async function inBucket(context: BrowserContext): Promise<BrowserContext> {
  await context.addCookies([{ name: 'ct_canary', value: '0', url: server.url }]);
  return context;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer();
  // The candidate: the checker's build with its heading changed, so the page shows which one it is.
  build = mkdtempSync(path.join(os.tmpdir(), 'copytech-canary-'));
  cpSync(path.join(REPO_ROOT, 'mfe-checker', 'dist'), build, { recursive: true });
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
  for (const file of walk(build)) {
    if (/\.(br|gz)$/.test(file)) rmSync(file);
    else if (file.endsWith('.js')) writeFileSync(file, readFileSync(file, 'utf8').replaceAll(HEADING, `${HEADING}, candidate`));
  }
  const published = await command(['publish', 'checker', '--from', build]);
  expect(published.gate).toBe('passed');
  release = published.release as string;
  const promoted = await command(['promote', 'checker', release, '--percent', '50', '--hours', '1']);
  expect(promoted.canary).toMatchObject({ release, percent: 50 });
});

test.afterAll(async () => {
  await server?.stop();
  if (build) rmSync(build, { recursive: true, force: true });
});

test('fetching a canary page counts nothing; a real browser that ran the checker counts one view', async ({ browser }) => {
  // Page views without JavaScript: the canary's page, server-rendered, with its token, and nobody reporting.
  for (let i = 0; i < 5; i += 1) {
    const response = await fetch(server.url + CHECKER_PAGE, { headers: { cookie: 'ct_canary=0' } });
    const html = await response.text();
    expect(html).toContain(`${HEADING}, candidate`);
    expect(html).toContain('id="copytech-canary"');
  }
  await new Promise((resolve) => setTimeout(resolve, 1500)); // a health flush (every second)
  expect(await health()).toEqual({ views: 0, serverFailures: 0, browserFailures: 0 });

  const context = await inBucket(await browser.newContext());
  const page = await context.newPage();
  const reports: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/releases/beacon')) reports.push(request.postData() ?? '');
  });
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(server.url + CHECKER_PAGE);
  await expect(page.getByRole('heading', { level: 1, name: `${HEADING}, candidate` })).toBeVisible();
  await page.locator('[data-remote="checker"][data-live]').waitFor({ state: 'attached', timeout: 30_000 });
  await expect.poll(async () => (await health()).views, { timeout: 15_000 }).toBe(1);
  expect(await health()).toEqual({ views: 1, serverFailures: 0, browserFailures: 0 });
  // one report, of the checker, ok, with the page's token and nothing else
  expect(reports.map((body) => Object.keys(JSON.parse(body) as object).sort())).toEqual([['outcome', 'remote', 'token']]);
  expect(JSON.parse(reports[0]!)).toMatchObject({ remote: 'checker', outcome: 'ok' });

  // away and back inside the page (client-side navigations): the same page view, no second report
  await page.evaluate(() => {
    window.history.pushState({}, '', '/');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1, name: `${HEADING}, candidate` })).toHaveCount(0);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: `${HEADING}, candidate` })).toBeVisible();
  await page.locator('[data-remote="checker"][data-live]').waitFor({ state: 'attached', timeout: 30_000 });
  // a reload is a new page view: one report more
  await page.reload();
  await page.locator('[data-remote="checker"][data-live]').waitFor({ state: 'attached', timeout: 30_000 });
  await expect.poll(async () => (await health()).views, { timeout: 15_000 }).toBe(2);
  expect(reports).toHaveLength(2);
  expect(errors).toEqual([]);
  await context.close();
});

test("a browser where the candidate's scripts fail to load reports a failure of it", async ({ browser }) => {
  const before = await health();
  const context = await inBucket(await browser.newContext());
  const page = await context.newPage();
  await page.route(`**/releases/checker/${release}/**`, (route) => route.abort());
  await page.goto(server.url + CHECKER_PAGE);
  await expect(page.getByTestId('remote-unavailable')).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await health()).browserFailures, { timeout: 15_000 }).toBe(before.browserFailures + 1);
  expect((await health()).views).toBe(before.views + 1);
  await context.close();
});

test('a visitor outside the canary gets no token and reports nothing', async ({ browser }) => {
  const before = await health();
  const context = await browser.newContext();
  await context.addCookies([{ name: 'ct_canary', value: '99', url: server.url }]);
  const page = await context.newPage();
  const reports: string[] = [];
  page.on('request', (request) => request.url().endsWith('/api/releases/beacon') && reports.push(request.url()));
  await page.goto(server.url + CHECKER_PAGE);
  await expect(page.getByRole('heading', { level: 1, name: HEADING, exact: true })).toBeVisible();
  await page.locator('[data-remote="checker"][data-live]').waitFor({ state: 'attached', timeout: 30_000 });
  expect(await page.locator('#copytech-canary').count()).toBe(0);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(reports).toEqual([]);
  expect(await health()).toEqual(before);
  await context.close();
});
