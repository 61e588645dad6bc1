/**
 * What a remote's team does in the topology tests: builds a release folder on an origin (a CDN
 * bucket) from the checker's built dist, changed as a test needs, and drives the team's command
 * (`npm run release -- …`, scripts/release.mjs) against an instance.
 */
import { execFile } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from '@playwright/test';
import { REPO_ROOT, type RunningServer } from '../support/server';
import type { startReleaseOrigin } from './receivers';

const run = promisify(execFile);

/** The team's command with `RELEASE_TOKEN`; its last line of output is one JSON object. */
export async function releaseCommand(args: string[], server: RunningServer, token: string) {
  const outcome = await run(process.execPath, [path.join(REPO_ROOT, 'scripts', 'release.mjs'), ...args, '--server', server.url], {
    cwd: REPO_ROOT,
    env: { ...process.env, RELEASE_TOKEN: token },
  }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code?: number; stdout?: string }) => ({ code: error.code ?? -1, stdout: error.stdout ?? '' }),
  );
  const last = outcome.stdout.trim().split('\n').at(-1) ?? '';
  return { code: outcome.code, json: JSON.parse(last) as Record<string, unknown> };
}

/**
 * A release folder of the checker on `origin` (whose files are under `originRoot`): the checker's
 * built dist, changed by `edit` (each text file's content), without the precompressed copies that
 * would still hold the old text. Returns the folder's URL.
 */
export function makeCheckerRelease(
  origin: Awaited<ReturnType<typeof startReleaseOrigin>>,
  originRoot: string,
  name: string,
  edit: (file: string, text: string) => string = (_f, t) => t,
): string {
  const folder = path.join(originRoot, 'checker', name);
  cpSync(path.join(REPO_ROOT, 'mfe-checker', 'dist'), folder, { recursive: true });
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
  for (const file of walk(folder)) {
    if (/\.(br|gz)$/.test(file)) {
      rmSync(file);
      continue;
    }
    if (!/\.(js|json)$/.test(file)) continue;
    const text = readFileSync(file, 'utf8');
    const changed = edit(path.relative(folder, file), text);
    if (changed !== text) writeFileSync(file, changed);
  }
  return origin.folder('checker', name);
}

/**
 * An edit for makeCheckerRelease: the checker's server build renders well `goodRenders` times in a
 * process (the gate's samples, in a worker of its own), then throws on every render: a fault the
 * gate cannot see, that only traffic shows.
 */
export function failingAfterRenders(goodRenders: number) {
  return (file: string, text: string): string =>
    file === 'server/remoteEntry.js'
      ? `${text}
;(function () {
  // The container's exports are getters: a container of its own, delegating to the real one.
  var container = module.exports.checker;
  var renders = 0;
  module.exports.checker = {
    init: function () {
      return container.init.apply(container, arguments);
    },
    get: function () {
      return Promise.resolve(container.get.apply(container, arguments)).then(function (factory) {
        return function () {
          var exposed = factory();
          var Original = exposed.default;
          return Object.assign({}, exposed, {
            default: function Faulty(props) {
              renders += 1;
              if (renders > ${goodRenders}) throw new Error('this release fails under traffic');
              return Original(props);
            },
          });
        };
      });
    },
  };
})();
`
      : text;
}

/**
 * Visitors of a canary in real browsers (Chromium): page views of `url` through each instance in
 * turn, in a browser in the canary's bucket (`ct_canary=0`: below any share; a cookie is the
 * host's, so both instances on 127.0.0.1 see it), each waited for until the checker is live or
 * has failed, so its page reported the canary's outcome (navigator.sendBeacon with the page's
 * token), until `done` or `ms`. Returns how many page views it took. A fetch of the page counts
 * nothing for a canary: only a browser that ran the remote does.
 */
export async function browseUntil(
  browser: Browser,
  servers: RunningServer[],
  url: string,
  done: () => Promise<boolean>,
  ms: number,
  what: string,
): Promise<number> {
  const context = await browser.newContext();
  const host = new URL(servers[0]!.url);
  await context.addCookies([{ name: 'ct_canary', value: '0', domain: host.hostname, path: '/' }]);
  const page = await context.newPage();
  const deadline = Date.now() + ms;
  let views = 0;
  try {
    for (;;) {
      if (await done()) return views;
      if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms and ${views} page views waiting for ${what}`);
      await page.goto(servers[views % servers.length]!.url + url);
      await page.locator('[data-remote="checker"][data-live], [data-testid="remote-unavailable"]').first().waitFor({ timeout: 20_000 });
      views += 1;
    }
  } finally {
    await context.close();
  }
}
