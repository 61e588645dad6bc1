/**
 * Remote releases in the production topology (docs/deploy.md "Releasing a remote"): two instances
 * of the built server on one PostgreSQL and one Redis, deploy tokens configured (hashed), the
 * checker seeded from a release folder on another origin. The team's command
 * (`npm run release -- …`, scripts/release.mjs) drives every step through the HTTP API, as a
 * team's CI would: a publish the gate refuses, an upload refused because the instances do not share
 * a store, a publish from an origin, a preview that only its browser sees, a promote through one
 * instance that the other renders within 2 s (the same processes), a rollback, a canary, and a
 * canary whose server renders fail rolled back by itself once real browsers (Chromium) that ran it
 * reported their page views. Publishes come from a loopback origin listed in RELEASE_ORIGINS by
 * its address; others (the instance's own /remotes/checker/) are refused. Figures go to
 * test-results/releases.json.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { REPO_ROOT, startServer, type RunningServer } from '../support/server';
import { startReleaseOrigin } from './receivers';
import { browseUntil, failingAfterRenders, makeCheckerRelease, releaseCommand } from './releaseTools';
import { startPostgres, startRedis, waitFor, type Service } from './services';
const CHECKER_PAGE = '/discover-print-savings';
const HEADING = 'Discover your print savings';
const figures: Record<string, unknown> = {};

let postgres: Service;
let redis: Service;
let origin: Awaited<ReturnType<typeof startReleaseOrigin>>;
let originRoot: string;
let a: RunningServer;
let b: RunningServer;
const tokens = { checker: newToken('checker'), basket: newToken('basket') };

function newToken(remote: string): string {
  return `ctd_${remote}_${randomBytes(32).toString('base64url')}`;
}
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The team's command; its last line of output is one JSON object. */
const release = (args: string[], server: RunningServer, token = tokens.checker) => releaseCommand(args, server, token);

/** A release folder of the checker on the origin (makeCheckerRelease). */
const makeRelease = (name: string, edit?: (file: string, text: string) => string): string =>
  makeCheckerRelease(origin, originRoot, name, edit);

/** The checker's release each instance renders the checker page with, from the page's header. */
async function checkerReleaseOf(server: RunningServer, cookie?: string): Promise<string> {
  const response = await fetch(server.url + CHECKER_PAGE, { headers: cookie ? { cookie } : {} });
  await response.arrayBuffer();
  return /checker=([^,\s]+)/.exec(response.headers.get('x-remote-releases') ?? '')?.[1] ?? '';
}

/** How long until `server` renders the checker with `id` (polled every 25 ms). */
async function appliedWithin(server: RunningServer, id: string, since: number): Promise<number> {
  await waitFor(async () => (await checkerReleaseOf(server)) === id, 10_000, `${server.url} to render checker ${id}`);
  return Date.now() - since;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  originRoot = mkdtempSync(path.join(os.tmpdir(), 'copytech-origin-'));
  mkdirSync(path.join(originRoot, 'checker'));
  origin = await startReleaseOrigin(originRoot);
  const first = makeRelease('release-1');
  const env = {
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    ALTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
    REMOTE_CHECKER_URL: `${first}mf-manifest.json`,
    // publish --origin reads this loopback origin: listed by its address, as a non-public address must be
    RELEASE_ORIGINS: origin.origin,
    DEPLOY_TOKENS: `checker:topology-ci:${sha256(tokens.checker)},basket:basket-ci:${sha256(tokens.basket)}`,
    RENDER_PROCESSES: '1',
    CANARY_MIN_VIEWS: '12',
    CANARY_MAX_FAILURE_RATE: '0.2',
  };
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
});

test.afterAll(async () => {
  await Promise.allSettled([a?.stop(), b?.stop()]);
  await Promise.allSettled([origin?.stop(), redis?.stop(), postgres?.stop()]);
  if (originRoot) rmSync(originRoot, { recursive: true, force: true });
  mkdirSync(path.join(__dirname, '..', 'test-results'), { recursive: true });
  writeFileSync(path.join(__dirname, '..', 'test-results', 'releases.json'), JSON.stringify(figures, null, 2));
  console.log('release figures:', JSON.stringify(figures));
});

let seeded: string;
let candidate: string;

test('both instances start on the release REMOTE_CHECKER_URL seeded, once', async () => {
  const live = (await (await fetch(`${a.url}/api/releases/live`)).json()) as Record<string, { release: string }>;
  seeded = live.checker!.release;
  expect(seeded).toMatch(/^[0-9a-f]{12}$/);
  // Each instance keeps a store of its own (no RELEASE_STORE_DIR): neither may snapshot its local
  // builds into it, so no instance points the other at a release it could not serve.
  expect(live.catalogue!.release).toBe('local');
  expect(await checkerReleaseOf(a)).toBe(seeded);
  expect(await checkerReleaseOf(b)).toBe(seeded);
  const listed = await release(['list', 'checker'], b);
  expect(listed.code).toBe(0);
  const history = listed.json.history as Array<{ action: string }>;
  expect(history.filter((entry) => entry.action === 'seed')).toHaveLength(1);
});

test('the gate refuses a checker built against the previous major of @copytech/shared, naming it, and nothing changes', async () => {
  const { version } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'shared', 'package.json'), 'utf8')) as { version: string };
  const older = `${Number(version.split('.')[0]) - 1}.9.0`;
  const folder = makeRelease('previous-major', (file, text) =>
    /(^|\/)(remoteEntry\.js|mf-manifest\.json)$/.test(file)
      ? text.replaceAll(`"^${version}"`, `"^${older}"`).replaceAll(`"${version}"`, `"${older}"`)
      : text,
  );
  const refused = await release(['publish', 'checker', '--origin', folder], a);
  expect(refused.code).toBe(1);
  expect(refused.json.gate).toBe('refused');
  expect((refused.json.reasons as string[]).join('\n')).toContain('@copytech/shared');
  const listed = await release(['list', 'checker'], a);
  expect((listed.json.releases as Array<{ id: string }>).some((r) => r.id === refused.json.release)).toBe(false);
  expect(await checkerReleaseOf(b)).toBe(seeded);
  figures.refusedPublish = { reasons: refused.json.reasons };
});

test('an upload is refused where the instances do not share a release store, and a basket token cannot touch the checker', async () => {
  const upload = await release(['publish', 'checker'], a);
  expect(upload.code).toBe(1);
  expect(JSON.stringify(upload.json)).toContain('--origin');
  const foreign = await release(['promote', 'checker', seeded], a, tokens.basket);
  expect(foreign.code).toBe(1);
  expect(JSON.stringify(foreign.json)).toMatch(/403|another remote|not allowed|forbidden/i);
});

test('a publish from an origin RELEASE_ORIGINS does not list is refused before anything is read, and nothing changes', async () => {
  const port = new URL(origin.origin).port;
  const before = await release(['list', 'checker'], a);
  for (const folder of [
    // the site's own folder of the remote: as a canary it would have put the instance into every page's CSP
    `${a.url}/remotes/checker/`,
    `http://2130706433:${b.port}/remotes/checker/`,
    // the listed origin's host spelt as a name: another origin, and a name that resolves to loopback
    `http://localhost:${port}/checker/release-1/`,
  ]) {
    const refused = await release(['publish', 'checker', '--origin', folder], a);
    expect([refused.code, refused.json.status]).toEqual([1, 403]);
    expect(refused.json.message).toMatch(
      / is not an origin this site accepts releases from \(RELEASE_ORIGINS\)\. Ask the platform team to list it\.$/,
    );
  }
  const after = await release(['list', 'checker'], a);
  expect(after.json.releases).toEqual(before.json.releases);
  expect(after.json.history).toEqual(before.json.history);
});

test('a release published from an origin is seen only by the browser that opened its preview link', async ({ browser }) => {
  const folder = makeRelease('release-2', (_file, text) => text.replaceAll(HEADING, `${HEADING} now`));
  const published = await release(['publish', 'checker', '--origin', folder], a);
  expect(published.code).toBe(0);
  expect(published.json.gate).toBe('passed');
  candidate = published.json.release as string;
  // Publishing the same build again is the same release.
  const again = await release(['publish', 'checker', '--origin', folder], b);
  expect(again.json.release).toBe(candidate);

  const preview = await release(['preview', 'checker', candidate], a);
  expect(preview.code).toBe(0);
  const link = preview.json.url as string;
  expect(link).toContain('/preview?');

  const previewing = await browser.newContext();
  const errors: string[] = [];
  const page = await previewing.newPage();
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(link);
  await page.goto(b.url + CHECKER_PAGE); // the other instance honours the same signed link
  await expect(page.getByRole('heading', { level: 1, name: `${HEADING} now` })).toBeVisible();
  const bar = page.getByRole('complementary', { name: 'Preview' });
  await expect(bar).toContainText(candidate);
  await page.locator('[data-remote="checker"][data-live]').waitFor({ state: 'attached', timeout: 30_000 });
  expect(errors).toEqual([]);
  const answer = await page.request.get(b.url + CHECKER_PAGE);
  expect(answer.headers()['cache-control']).toContain('no-store');

  const visitor = await browser.newContext();
  const other = await visitor.newPage();
  await other.goto(a.url + CHECKER_PAGE);
  await expect(other.getByRole('heading', { level: 1, name: HEADING, exact: true })).toBeVisible();
  expect(await checkerReleaseOf(a)).toBe(seeded);

  await bar.getByRole('button', { name: 'Exit preview' }).click();
  await page.goto(b.url + CHECKER_PAGE);
  await expect(page.getByRole('heading', { level: 1, name: HEADING, exact: true })).toBeVisible();
  await Promise.all([previewing.close(), visitor.close()]);

  // An altered link: the release it names changed, the signature kept.
  const token = new URL(link).searchParams.get('t')!;
  const [payload, signature] = token.split('.') as [string, string];
  const claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { i: string };
  const altered = Buffer.from(JSON.stringify({ ...claim, i: seeded })).toString('base64url');
  const forged = await fetch(`${a.url}/preview?t=${altered}.${signature}`, { redirect: 'manual' });
  expect(forged.status).toBe(400);
  expect(await forged.text()).toContain('preview');
});

test('a promote through one instance is rendered by the other within 2 s, and a rollback too, with no restart', async () => {
  const pids = [a.process.pid, b.process.pid];
  const started = Date.now();
  const promoted = await release(['promote', 'checker', candidate], a);
  expect(promoted.code).toBe(0);
  const promoteMs = await appliedWithin(b, candidate, started);
  const rolledAt = Date.now();
  const rolled = await release(['rollback', 'checker', '--reason', 'topology test'], b);
  expect(rolled.code).toBe(0);
  const rollbackMs = await appliedWithin(a, seeded, rolledAt);
  figures.propagation = { promoteMs, rollbackMs };
  expect(promoteMs).toBeLessThan(2000);
  expect(rollbackMs).toBeLessThan(2000);
  expect([a.process.pid, b.process.pid]).toEqual(pids);
  expect(a.process.exitCode).toBeNull();
  expect(b.process.exitCode).toBeNull();
});

test('a canary at 50% gives the candidate to about half of fresh visitors, each always the same', async () => {
  const canary = await release(['promote', 'checker', candidate, '--percent', '50'], a);
  expect(canary.code).toBe(0);
  await waitFor(
    async () => {
      const live = (await (await fetch(`${b.url}/api/releases/live`)).json()) as Record<string, { canary?: { release: string } }>;
      return live.checker?.canary?.release === candidate;
    },
    5000,
    'the canary on b',
  );
  let onCandidate = 0;
  for (let i = 0; i < 60; i += 1) {
    const response = await fetch((i % 2 ? a : b).url + CHECKER_PAGE);
    await response.arrayBuffer();
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(cookie).toMatch(/^ct_canary=\d+$/);
    const first = /checker=([^,\s]+)/.exec(response.headers.get('x-remote-releases') ?? '')?.[1];
    expect(response.headers.get('cache-control')).toContain('private');
    if (first === candidate) onCandidate += 1;
    expect(await checkerReleaseOf(i % 2 ? b : a, cookie)).toBe(first);
  }
  figures.canary = { visitors: 60, onCandidate };
  expect(onCandidate).toBeGreaterThan(15);
  expect(onCandidate).toBeLessThan(45);
  const ended = await release(['rollback', 'checker'], a);
  expect(ended.code).toBe(0);
});

test('a canary whose server renders fail is rolled back by itself once browsers report their page views, and the history says why', async ({
  browser,
}) => {
  // Renders well a few times (the gate's samples, in a worker of its own), then throws on every
  // render: a fault the gate cannot see, that only traffic shows.
  const folder = makeRelease('release-faulty', failingAfterRenders(6));
  const published = await release(['publish', 'checker', '--origin', folder], a);
  expect(published.json.gate).toBe('passed');
  const faulty = published.json.release as string;
  expect((await release(['promote', 'checker', faulty, '--percent', '90'], a)).code).toBe(0);
  const started = Date.now();
  const liveOnA = async () =>
    ((await (await fetch(`${a.url}/api/releases/live`)).json()) as Record<string, { release: string; canary?: { release: string } }>)
      .checker!;
  await waitFor(async () => (await liveOnA()).canary?.release === faulty, 5000, 'the canary on a');
  // Fetches of its pages (no JavaScript, nothing reports) count nothing, however many.
  for (let i = 0; i < 30; i += 1) await Promise.all([checkerReleaseOf(a, 'ct_canary=0'), checkerReleaseOf(b, 'ct_canary=0')]);
  await new Promise((resolve) => setTimeout(resolve, 1500)); // a health flush
  const unread = (await release(['list', 'checker'], b)).json.canary as { health: { views: number } };
  expect(unread.health.views).toBe(0);
  expect((await liveOnA()).canary?.release).toBe(faulty);
  // Visitors in real browsers, on both instances: each page view that ran the checker reports it,
  // with its page's token naming the server render that failed.
  const pageViews = await browseUntil(
    browser,
    [a, b],
    CHECKER_PAGE,
    async () => !(await liveOnA()).canary,
    90_000,
    'the faulty canary to be rolled back',
  );
  expect((await liveOnA()).release).toBe(seeded);
  const listed = await release(['list', 'checker'], b);
  const last = (listed.json.history as Array<{ action: string; reason: string; from: string }>)[0]!;
  figures.autoRollback = { afterMs: Date.now() - started, pageViews, reason: last.reason };
  expect(last.action).toBe('auto-rollback');
  expect(last.reason).toMatch(/failure rate \d+% over \d+ views \(server [1-9]\d*, browser \d+\)/);
});
