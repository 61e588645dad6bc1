/**
 * A team's preview of a release, as QA meets it (docs/deploy.md "Releasing a remote"): on a server
 * of its own, the checker's build published through the team's command (an upload into the
 * release store, with the local deploy token the server made in its VAR_DIR), its preview link
 * opened: the candidate renders on the server and in the browser with no error, the preview bar
 * passes axe at a desktop and a phone width, is reached by the keyboard, says that anyone who has
 * the link can open the preview until it expires, and "Exit preview" puts the browser back on live,
 * with JavaScript and without it. Last, `unpreview` revokes the link: opening it again says so, and
 * a browser in the preview is back on live at its next page.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/test';
import { REPO_ROOT, startServer, type RunningServer } from '../support/server';

const run = promisify(execFile);
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const HEADING = 'Discover your print savings';

let server: RunningServer;
let build: string;
let release: string;
let link: string;

async function command(args: string[]) {
  const { stdout } = await run(process.execPath, [path.join(REPO_ROOT, 'scripts', 'release.mjs'), ...args, '--server', server.url], {
    cwd: REPO_ROOT,
    env: { ...process.env, VAR_DIR: server.varDir, RELEASE_TOKEN: '' }, // the local token, found in VAR_DIR
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await startServer();
  // The candidate: the checker's build with its heading changed, so the page shows which one it is.
  build = mkdtempSync(path.join(os.tmpdir(), 'copytech-candidate-'));
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
  link = (await command(['preview', 'checker', release])).url as string;
});

test.afterAll(async () => {
  await server?.stop();
  if (build) rmSync(build, { recursive: true, force: true });
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 800 },
]) {
  test(`the preview bar at ${viewport.width}px: the candidate, no error, axe finds nothing, the keyboard reaches Exit preview`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto(link);
    await page.goto(server.url + '/discover-print-savings');
    await expect(page.getByRole('heading', { level: 1, name: `${HEADING}, candidate` })).toBeVisible();
    const bar = page.getByRole('complementary', { name: 'Preview' });
    await expect(bar).toContainText(release);
    // a bearer link: the bar says who can open it, and until when
    await expect(bar).toContainText(
      /its link expires \d{1,2} \w{3} \d{4}, \d\d:\d\d UK time\. Anyone who has the link can open this preview/,
    );
    await page.locator('[data-remote="checker"][data-live]').waitFor({ state: 'attached', timeout: 30_000 });
    expect(errors).toEqual([]);

    const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
    expect(
      results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
    expect(sideways).toBe(false);

    // By keyboard: Tab reaches the button, with a focus ring, and Enter leaves the preview.
    const exit = bar.getByRole('button', { name: 'Exit preview' });
    for (let i = 0; i < 5 && !(await exit.evaluate((element) => element === document.activeElement)); i += 1)
      await page.keyboard.press('Tab');
    await expect(exit).toBeFocused();
    expect(await exit.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: HEADING, exact: true })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Preview' })).toHaveCount(0);
  });
}

test('without JavaScript the preview renders and Exit preview works', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(link);
  await page.goto(server.url + '/discover-print-savings');
  await expect(page.getByRole('heading', { level: 1, name: `${HEADING}, candidate` })).toBeVisible();
  await page.getByRole('button', { name: 'Exit preview' }).click();
  await expect(page.getByRole('heading', { level: 1, name: HEADING, exact: true })).toBeVisible();
  await context.close();
});

test('unpreview revokes the link: opening it says so, and a browser in the preview is back on live', async ({ page }) => {
  await page.goto(link);
  await page.goto(server.url + '/discover-print-savings');
  await expect(page.getByRole('heading', { level: 1, name: `${HEADING}, candidate` })).toBeVisible();
  const revoked = await command(['unpreview', 'checker', release]);
  expect(revoked).toMatchObject({ remote: 'checker', release });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: HEADING, exact: true })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Preview' })).toHaveCount(0);
  const refused = await page.goto(link);
  expect(refused?.status()).toBe(410);
  await expect(page.getByText('This preview link cannot be used: the team withdrew it')).toBeVisible();
});
