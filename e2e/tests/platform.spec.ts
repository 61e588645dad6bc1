/**
 * The platform: one seamless site composed at run time, one copy of each shared
 * library, a remote redeployed without touching the shell or the server (published and promoted
 * under `npm start`, followed as it is rebuilt with RELEASE_FOLLOW_LOCAL), and every remote
 * failing alone with a Retry that really retries.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page, Route } from '@playwright/test';
import { APPS } from '@copytech/shared/apps';
import { expect, test } from '../support/test';
import { loadedSharedCopies, SHARED_SINGLETONS, federationInstances } from '../support/federation';
import { REPO_ROOT, startServer, type RunningServer } from '../support/server';

async function expectShellIntact(page: Page) {
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByTestId('basket-count')).toBeVisible();
}

test.describe('composition', () => {
  test("a remote adding to the shared store changes the shell's basket count", async ({ page }) => {
    await page.goto('/printers/multifunctionals');
    const count = page.getByTestId('basket-count');
    await expect(count).toHaveText('0');
    const addButtons = page.getByRole('button', { name: 'Add to basket', disabled: false });
    await addButtons.first().click();
    await expect(count).toHaveText('1');
    await addButtons.first().click(); // the first card's button is now disabled: this is the next product
    await expect(count).toHaveText('2');
    await expect(page.getByRole('button', { name: /comparison basket, 2 items/i })).toBeVisible();
  });

  test('every remote loads with exactly one copy of each shared library', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // One page load, moving between rooms by client-side navigation as a visitor would.
    await page.goto('/');
    await expect(page.locator('[data-remote="content"] h1')).toBeVisible();
    await page
      .getByRole('link', { name: /discover savings/i })
      .first()
      .click();
    await expect(page.locator('[data-remote="checker"] h1')).toBeVisible();
    await page.getByRole('navigation').getByRole('link', { name: 'Photocopiers' }).first().click();
    await expect(page.locator('[data-remote="catalogue"] h1')).toBeVisible();
    await page.getByRole('button', { name: /^comparison basket/i }).click();
    await expect(page.locator('[data-remote="basket"]').first()).toBeVisible();
    await expect.poll(() => federationInstances(page)).toEqual(expect.arrayContaining(APPS.map((app) => app.name)));

    const copies = await loadedSharedCopies(page);
    for (const name of SHARED_SINGLETONS) {
      expect(copies[name], `${name} should be loaded once, from the shell`).toHaveLength(1);
      expect(copies[name]?.[0]).toMatch(/^shell@/);
    }
    expect(errors).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

type Failure = 'missing' | 'hangs' | 'throws';
const REMOTES = [
  { name: 'catalogue', path: '/printers/multifunctionals', open: null, ready: '[data-remote="catalogue"] h1', other: '/' },
  { name: 'content', path: '/', open: null, ready: '[data-remote="content"] h1', other: '/printers/multifunctionals' },
  { name: 'checker', path: '/discover-print-savings', open: null, ready: '[data-remote="checker"] h1', other: '/' },
  { name: 'basket', path: '/', open: 'basket', ready: '[data-remote="basket"] h2', other: '/printers/multifunctionals' },
] as const;

async function breakRemote(page: Page, remote: string, failure: Failure) {
  const handler = async (route: Route) => {
    const url = route.request().url();
    if (failure === 'missing') return route.fulfill({ status: 404, body: 'gone' });
    // never answered: the runtime's time-out must give up. The remote's stylesheets, which the
    // server-rendered page links from this same server, still come: it is the remote's code that hangs.
    if (failure === 'hangs') return url.split('?')[0]!.endsWith('.css') ? route.continue() : undefined;
    // throws: the manifest is fine, the entry script throws while it runs
    if (url.endsWith('remoteEntry.js'))
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: 'throw new Error("remote exploded")' });
    return route.continue();
  };
  // Its files: from its own build (/remotes/), or from the release store (/releases/: the built
  // server's start snapshot, docs/deploy.md "What the servers keep").
  const patterns = [`**/remotes/${remote}/**`, `**/releases/${remote}/**`];
  for (const pattern of patterns) await page.route(pattern, handler);
  return async () => {
    for (const pattern of patterns) await page.unroute(pattern, handler);
  };
}

test.describe('each remote failing alone', () => {
  let server: RunningServer;
  test.beforeAll(async () => {
    server = await startServer({ REMOTE_TIMEOUT_MS: '1500' });
  });
  test.afterAll(async () => {
    await server.stop();
  });

  for (const remote of REMOTES) {
    for (const failure of ['missing', 'hangs', 'throws'] as const) {
      test(`${remote.name} ${failure}: its slot says so, the rest works, Retry really retries`, async ({ page }) => {
        const restore = await breakRemote(page, remote.name, failure);
        // The index page preloads the route's remote entry; a request that never answers holds
        // the window's load event (the page itself is usable), so navigations here wait for the DOM.
        // The shell itself must be live before the basket button does anything (a click on the
        // server-rendered button before hydration is a click on plain HTML).
        const open = async (path: string) => {
          await page.goto(server.url + path, { waitUntil: 'domcontentloaded' });
          await page.locator('html[data-shell-live]').waitFor({ state: 'attached', timeout: 15_000 });
        };
        await open(remote.path);
        if (remote.open === 'basket') await page.getByRole('button', { name: /^comparison basket/i }).click();

        const failureMessage = page.getByTestId('remote-unavailable');
        await expect(failureMessage).toBeVisible({ timeout: 15_000 });
        await expect(failureMessage).toContainText('could not be loaded');
        await expectShellIntact(page);
        if (remote.open === 'basket') await page.keyboard.press('Escape');

        // Another room still works while this one is down.
        await open(remote.other);
        await expectShellIntact(page);
        await expect(page.locator('[data-remote] h1').first()).toBeVisible();

        // Back on the broken remote's page, it comes back once the remote does: Retry refetches.
        await open(remote.path);
        if (remote.open === 'basket') await page.getByRole('button', { name: /^comparison basket/i }).click();
        await expect(failureMessage).toBeVisible({ timeout: 15_000 });
        await restore();
        await failureMessage.getByRole('button', { name: 'Retry' }).click();
        await expect(page.locator(remote.ready).first()).toBeVisible({ timeout: 15_000 });
        await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);
      });
    }
  }

  test('the remotes manifest itself missing: header, footer and basket still work', async ({ page }) => {
    // The index page carries the configuration inline; a page without it (a cached or
    // hand-written index) falls back to /remotes.json, which is down here.
    await page.route(`${server.url}/printers/multifunctionals`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/<script type="application\/json" id="copytech-remotes">.*?<\/script>/, '');
      await route.fulfill({ response, body: html });
    });
    await page.route('**/remotes.json', (route) => route.fulfill({ status: 500, body: 'down' }));
    await page.goto(server.url + '/printers/multifunctionals');
    await expect(page.getByTestId('remote-unavailable')).toBeVisible({ timeout: 15_000 });
    await expectShellIntact(page);
    await page.unroute('**/remotes.json');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.locator('[data-remote="catalogue"] h1')).toBeVisible();
  });
});

// ---------------------------------------------------------------------------------------------

test.describe('start-up', () => {
  const PAGES = [
    ['home', '/', 'content'],
    ['list', '/printers/multifunctionals', 'catalogue'],
    ['product page', '/printers/multifunctionals/brother/mfc-l8900cdw', 'catalogue'],
    ['checker', '/discover-print-savings', 'checker'],
    ['service page', '/services/print-audit', 'content'],
  ] as const;

  /** Every preload (scripts, the first API read, a product's main image) is used: Chrome warns about one that is not, a few seconds after load; and nothing is downloaded twice. */
  async function expectEveryPreloadUsedOnce(page: Page, warnings: string[]) {
    await page.waitForTimeout(3500);
    expect(warnings.filter((text) => /preload/i.test(text))).toEqual([]);
    // (Entries answered from the cache, such as a prefetched chunk later used, have no transfer.)
    const downloads = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => e.transferSize > 0)
        .map((e) => new URL(e.name).pathname),
    );
    const twice = downloads.filter((url, index) => downloads.indexOf(url) !== index);
    expect(twice).toEqual([]);
  }

  for (const [label, path, remote] of PAGES) {
    test(`${label}, server-rendered: no script but the page's own two is fetched before the page has loaded and painted`, async ({
      page,
    }) => {
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
      });
      await page.goto(path);
      await expect(page.locator(`[data-remote="${remote}"] h1`)).toBeVisible();
      const timing = await page.evaluate(() => {
        const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
          (e) => e.initiatorType === 'script' || (e.initiatorType === 'link' && /\.js(\?|$)/.test(e.name)),
        );
        return {
          loaded: navigation.loadEventEnd,
          early: scripts.filter((e) => e.startTime < navigation.loadEventEnd).map((e) => new URL(e.name).pathname),
          head: Array.from(document.querySelectorAll<HTMLScriptElement>('head script[src]'), (s) => new URL(s.src).pathname),
          preloads: document.querySelectorAll('link[rel="preload"][as="script"]').length,
        };
      });
      expect(timing.loaded).toBeGreaterThan(0);
      // Before the load: only the page's own script tags (the federation runtime and main.js).
      expect(timing.early.filter((url) => !timing.head.includes(url))).toEqual([]);
      expect(timing.head).toHaveLength(2);
      expect(timing.preloads).toBe(0);
      await expectEveryPreloadUsedOnce(page, warnings);
    });
  }

  test.describe('rendered in the browser', () => {
    // Without server rendering (or when it fails) the page is empty until the scripts run: they
    // are all announced up front, so the chain is one round trip deep.
    test.use({ renderIn: 'browser' });
    for (const [label, path, remote] of PAGES) {
      test(`${label}, rendered in the browser: the shell's start-up scripts and the route's remote entry are announced by the page, and every announcement is used`, async ({
        page,
      }) => {
        const warnings: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
        });
        const scripts: string[] = [];
        const other: string[] = [];
        page.on('request', (request) => {
          if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
          else other.push(new URL(request.url()).pathname);
        });
        await page.goto(path);
        await expect(page.locator(`[data-remote="${remote}"] h1`)).toBeVisible();
        const scriptsAtFirstRender = [...scripts];

        const announced = await page.evaluate(() => [
          ...Array.from(document.querySelectorAll<HTMLScriptElement>('head script[src]'), (s) => new URL(s.src).pathname),
          ...Array.from(
            document.querySelectorAll<HTMLLinkElement>('head link[rel="preload"][as="script"]'),
            (l) => new URL(l.href).pathname,
          ),
        ]);
        // The chain is flat: the shell's own start-up files and the route's remote entry are all
        // announced by the page, none discovered one round trip at a time. (The remote's chunks
        // follow its entry: they are not preloaded, so that a Retry after a failure is not answered
        // from a failed preload.)
        const remoteFile = /^\/(?:remotes\/[a-z]+|releases\/[a-z]+\/[0-9a-f]{12})\//;
        expect(scriptsAtFirstRender.filter((url) => !remoteFile.test(url) && !announced.includes(url))).toEqual([]);
        // The route's remote is among them, by its entry script (its release's: the start's
        // snapshot); the configuration came inline.
        const entry = new RegExp(`^/(?:remotes/${remote}|releases/${remote}/[0-9a-f]{12})/remoteEntry\\.js$`);
        expect(announced.filter((url) => entry.test(url))).toHaveLength(1);
        expect(other).not.toContain('/remotes.json');
        expect(other.filter((url) => url.startsWith(`/remotes/${remote}/`) || url.startsWith(`/releases/${remote}/`))).not.toContainEqual(
          expect.stringMatching(/\/mf-manifest\.json$/),
        );
        await expectEveryPreloadUsedOnce(page, warnings);
      });
    }
  });

  test('the federation runtime is loaded once for the page, not once per remote', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    // Home shows two remotes (content, and the catalogue's featured products); open the basket's too.
    await page.goto('/');
    await expect(page.locator('[data-remote="content"] h1')).toBeVisible();
    await page.locator('[data-block="featuredProducts"]').scrollIntoViewIfNeeded(); // it loads when near the viewport
    await page.getByRole('button', { name: /^comparison basket/i }).click();
    await expect(page.locator('[data-remote="basket"] h2').first()).toBeVisible();
    await expect.poll(() => federationInstances(page)).toEqual(expect.arrayContaining(['shell', 'content', 'catalogue', 'basket']));
    expect(scripts.filter((url) => /federation-runtime\.[0-9a-f]{10}\.js$/.test(url))).toHaveLength(1);
    // Every federation instance on the page runs on that one runtime core.
    const cores = await page.evaluate(() => {
      const global = globalThis as unknown as {
        _FEDERATION_RUNTIME_CORE?: { ModuleFederation?: unknown };
        __FEDERATION__?: { __INSTANCES__?: Array<{ name: string }> };
      };
      const core = global._FEDERATION_RUNTIME_CORE;
      const instances = global.__FEDERATION__?.__INSTANCES__ ?? [];
      return {
        defined: typeof core?.ModuleFederation === 'function',
        sameClass: instances.every((instance) => instance instanceof (core!.ModuleFederation as new () => object)),
        count: instances.length,
      };
    });
    expect(cores).toEqual({ defined: true, sameClass: true, count: expect.any(Number) });
    expect(cores.count).toBeGreaterThanOrEqual(4);
  });
});

// ---------------------------------------------------------------------------------------------

/** `npm run release -- <args>` against a server on this machine, with the local token it made in its VAR_DIR. */
function releaseCommand(server: RunningServer, args: string[]): Record<string, unknown> {
  const stdout = execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'release.mjs'), ...args, '--server', server.url], {
    cwd: REPO_ROOT,
    env: { ...process.env, VAR_DIR: server.varDir, RELEASE_TOKEN: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  }).toString();
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
}

function hashTree(dir: string, hash = createHash('sha256')): string {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    hash.update(entry.name);
    if (entry.isDirectory()) hashTree(path.join(dir, entry.name), hash);
    else hash.update(readFileSync(path.join(dir, entry.name)));
  }
  return hash.copy().digest('hex');
}

test.describe('independent deployment', () => {
  test.setTimeout(240_000);

  test('a remote rebuilt alone: npm start changes nothing until it is published and promoted, then serves it on the next page load; RELEASE_FOLLOW_LOCAL follows it at once; shell and server untouched', async ({
    page,
  }) => {
    // A site root of its own, so the test never disturbs the build other tests use.
    const siteRoot = mkdtempSync(path.join(os.tmpdir(), 'copytech-site-'));
    for (const { folder: app } of APPS) {
      cpSync(path.join(REPO_ROOT, app, 'dist'), path.join(siteRoot, app, 'dist'), { recursive: true });
    }
    const releaseFile = path.join(REPO_ROOT, 'mfe-content', 'src', 'release.ts');
    const original = readFileSync(releaseFile, 'utf8');
    // Both on the same folders: as production (its start's snapshots), and following the folders.
    const server = await startServer({ SITE_ROOT: siteRoot });
    const following = await startServer({ SITE_ROOT: siteRoot, RELEASE_FOLLOW_LOCAL: '1' });
    try {
      await page.goto(server.url + '/');
      const before = await page.locator('[data-release]').first().getAttribute('data-release');
      expect(before).toBeTruthy();
      const snapshot = (await (await fetch(`${server.url}/api/releases/live`)).json()).content.release as string;
      expect(snapshot).toMatch(/^[0-9a-f]{12}$/);
      expect((await (await fetch(`${following.url}/api/releases/live`)).json()).content.release).toBe('local');
      const shellBefore = hashTree(path.join(siteRoot, 'shell', 'dist'));

      const release = `content-e2e-${Date.now()}`;
      writeFileSync(releaseFile, original.replace(/CONTENT_RELEASE = '[^']*'/, `CONTENT_RELEASE = '${release}'`));
      execFileSync('npm', ['run', 'build', '-w', 'mfe-content'], {
        cwd: REPO_ROOT,
        stdio: 'pipe',
        env: { ...process.env, COPYTECH_OUTPUT_DIR: path.join(siteRoot, 'mfe-content', 'dist') },
      });

      // Following the folder, the server renders the new build on the next request...
      const followed = await (await fetch(following.url + '/')).text();
      expect(followed).toContain(`data-release="${release}"`);
      // ...as production, it renders its start's snapshot still: a rebuild is not a release.
      const unchanged = await fetch(server.url + '/');
      expect(await unchanged.text()).toContain(`data-release="${before}"`);
      expect(unchanged.headers.get('x-remote-releases')).toContain(`content=${snapshot}`);

      // Published and promoted, as a team ships it: live on the next page load.
      const published = releaseCommand(server, ['publish', 'content', '--from', path.join(siteRoot, 'mfe-content', 'dist')]);
      expect(published).toMatchObject({ remote: 'content', gate: 'passed', created: true });
      expect(releaseCommand(server, ['promote', 'content', String(published.release)])).toMatchObject({ live: published.release });
      const html = await (await fetch(server.url + '/')).text();
      expect(html).toContain(`data-release="${release}"`);
      expect(html).not.toContain(`data-release="${before}"`);
      // ...and the browser hydrates it with the new build's code, without a mismatch, on both.
      const errors: string[] = [];
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      for (const site of [server, following]) {
        await page.goto(site.url + '/');
        await expect(page.locator(`[data-release="${release}"]`)).toBeVisible();
        await page.waitForLoadState('networkidle');
      }
      expect(errors).toEqual([]);
      expect(hashTree(path.join(siteRoot, 'shell', 'dist'))).toBe(shellBefore);
      // the same server processes served both builds
      expect(server.process.exitCode).toBeNull();
      expect(following.process.exitCode).toBeNull();
    } finally {
      writeFileSync(releaseFile, original);
      await Promise.all([server.stop(), following.stop()]);
      rmSync(siteRoot, { recursive: true, force: true });
    }
  });

  test('a remote built against the previous major of @copytech/shared fails visibly on the new shell; the rest of the page stands', async ({
    page,
  }) => {
    // The contract's semver rule (docs/adding-a-remote-or-page.md "7. Shared singletons and the
    // @copytech/shared version"): a remote requires the version it was built with (strictVersion).
    // The checker's builds are made to say what a build against the previous major says: the
    // version it provides and the one it requires, in its entries and manifests (browser and server).
    const siteRoot = mkdtempSync(path.join(os.tmpdir(), 'copytech-site-'));
    for (const { folder: app } of APPS) {
      cpSync(path.join(REPO_ROOT, app, 'dist'), path.join(siteRoot, app, 'dist'), { recursive: true });
    }
    const { version } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'shared', 'package.json'), 'utf8')) as { version: string };
    const older = `${Number(version.split('.')[0]) - 1}.9.0`;
    const checkerDist = path.join(siteRoot, 'mfe-checker', 'dist');
    for (const file of ['remoteEntry.js', 'mf-manifest.json', 'server/remoteEntry.js', 'server/mf-manifest.json']) {
      const full = path.join(checkerDist, file);
      const text = readFileSync(full, 'utf8');
      const rewritten = text.replaceAll(`"^${version}"`, `"^${older}"`).replaceAll(`"${version}"`, `"${older}"`);
      expect(rewritten, `${file} names @copytech/shared ${version}`).not.toBe(text);
      writeFileSync(full, rewritten);
      rmSync(`${full}.br`, { force: true }); // the precompressed copies would still say the new version
      rmSync(`${full}.gz`, { force: true });
    }
    const server = await startServer({ SITE_ROOT: siteRoot });
    try {
      // The server cannot use that build either: the page is 200, the checker's part left to the browser.
      const response = await fetch(server.url + '/discover-print-savings');
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('data-remote="checker"');
      expect(html).not.toContain('Discover your print savings</h1>');

      await page.goto(server.url + '/discover-print-savings');
      const failure = page.getByTestId('remote-unavailable');
      await expect(failure).toBeVisible({ timeout: 15_000 });
      await expect(failure).toContainText('could not be loaded');
      await expect(failure.getByRole('button')).toBeVisible();
      // The shell and the other remotes stand: the basket still opens.
      await expect(page.getByRole('banner')).toBeVisible();
      await page.locator('html[data-shell-live]').waitFor({ state: 'attached', timeout: 15_000 });
      await page.getByRole('banner').getByTestId('basket-toggle').click();
      await expect(
        page.getByRole('dialog', { name: 'Comparison basket' }).getByRole('heading', { name: 'Comparison basket' }),
      ).toBeVisible();
    } finally {
      await server.stop();
      rmSync(siteRoot, { recursive: true, force: true });
    }
  });

  test('a remote can live on another origin named by its environment variable', async ({ page }) => {
    // Serve the checker from a second server (another "host") and point the first one at it.
    const cdn = await startServer();
    const site = await startServer({ REMOTE_CHECKER_URL: `${cdn.url}/remotes/checker/mf-manifest.json` });
    try {
      const manifest = await (await fetch(`${site.url}/remotes.json`)).json();
      expect(manifest.remotes.checker).toBe(`${cdn.url}/remotes/checker/mf-manifest.json`);
      const fromCdn: string[] = [];
      page.on('request', (request) => {
        if (request.url().startsWith(cdn.url)) fromCdn.push(request.url());
      });
      await page.goto(site.url + '/discover-print-savings');
      await expect(page.locator('[data-remote="checker"] h1')).toBeVisible();
      expect(fromCdn.some((url) => url.endsWith('remoteEntry.js'))).toBe(true);
    } finally {
      await site.stop();
      await cdn.stop();
    }
  });
});
