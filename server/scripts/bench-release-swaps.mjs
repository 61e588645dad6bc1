// npm run bench:swaps -w server: swaps one remote's live release SWAPS times (default 500),
// alternating two real releases, while BENCH_CONNECTIONS (default 8) loops request server-rendered
// pages that use it, and prints the memory of the render process (RSS: the hosts live there) and of
// the server's own process (RSS, V8 heap used, after a garbage collection: the script runs with
// --expose-gc) at the start, every 100 swaps and at the end. Every swap
// waits until a page was rendered with the new release, so each one really loads a new container
// and drops the old one (src/pages/hostPool.ts); pages with a part the server left to the browser
// are counted (there should be none). The bar: after warm-up (the first 100
// swaps), memory stays within 10%.
//
// In process, by default: the built app (dist/app.js, `npm run build` first for the apps) with its
// `app.releases` answering from a snapshot this script replaces (a promote, as the registry's
// propagation would), the two releases being copies of the remote's built dist in the release
// store's folder (where render processes may read). Pages render in one sandboxed render process
// (RENDER_PROCESSES=1 unless set), whose RSS is the figure the hosts live in (read from /proc).
//
// Against a release API instead: `--swap <module>` (an ES module whose default export is
// `async ({ remote, release, index, base }) => void`, e.g. a POST /api/releases/<remote>/promote)
// with `--releases <id>,<id>`: the script then only serves pages and waits for each release in
// X-Remote-Releases. Options: --remote (default checker), --swaps N, --url PATH (default the
// remote's page), BENCH_PORT (default 8113).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';

process.env.NODE_ENV ??= 'production';
process.env.RENDER_PROCESSES ??= '1';
const { buildApp, loadConfig } = await import('../dist/app.js');

const { values: args } = parseArgs({
  options: {
    remote: { type: 'string', default: 'checker' },
    swaps: { type: 'string', default: '500' },
    swap: { type: 'string' },
    releases: { type: 'string' },
    url: { type: 'string' },
  },
});
const remote = args.remote;
const swaps = Number(args.swaps);
const PAGES = { checker: '/discover-print-savings', content: '/', catalogue: '/printers/multifunctionals', basket: '/basket' };
const pagePath = args.url ?? PAGES[remote] ?? '/';
const connections = Number(process.env.BENCH_CONNECTIONS || 8);
const port = Number(process.env.BENCH_PORT || 8113);
const siteRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copytech-swaps-'));
const config = loadConfig({ ...process.env, VAR_DIR: varDir, SERVE_SITE: 'true', SMTP_URL: '', ENQUIRY_API_URL: '', MAUTIC_URL: '' });
const app = await buildApp({ config, logger: false });
await app.listen({ port, host: '127.0.0.1' });
const base = `http://127.0.0.1:${port}`;

/** Two releases of the remote: its built dist copied to two folders of the release store. */
function copiedRelease(id) {
  const folder = path.join(varDir, 'releases', remote, id);
  fs.mkdirSync(folder, { recursive: true });
  fs.cpSync(path.join(siteRoot, `mfe-${remote}`, 'dist'), folder, { recursive: true });
  const live = app.releases.snapshot().remotes[remote].live;
  return {
    ...live,
    id,
    source: 'store',
    serverEntry: pathToFileURL(path.join(folder, 'server', 'remoteEntry.js')).href,
    registeredBy: 'bench',
    folder,
  };
}

let swapTo;
let ids;
const cleanup = [];
if (args.swap) {
  ids = (args.releases ?? '').split(',').filter(Boolean);
  if (ids.length !== 2) throw new Error('--swap needs --releases <id>,<id>');
  const module = await import(pathToFileURL(path.resolve(args.swap)).href);
  swapTo = (release, index) => module.default({ remote, release, index, base });
} else {
  const releases = [copiedRelease('0000000000aa'), copiedRelease('0000000000bb')];
  cleanup.push(...releases.map((release) => release.folder));
  ids = releases.map((release) => release.id);
  const kept = new Map(releases.map((release) => [release.id, release]));
  let snapshot = app.releases.snapshot();
  const find = app.releases.find;
  Object.assign(app.releases, {
    snapshot: () => snapshot,
    find: (name, id) => (name === remote && kept.get(id)) || find(name, id),
  });
  swapTo = async (id) => {
    snapshot = {
      version: snapshot.version + 1,
      remotes: { ...snapshot.remotes, [remote]: { live: kept.get(id), canary: null } },
    };
  };
}

// The load: each connection requests the page again and again (a query of its own: rendered every time).
let running = true;
let requests = 0;
let failures = 0;
/** pages with a part the server left to the browser (a client-rendered boundary, `<!--$!-->`) */
let leftToBrowser = 0;
const seen = new Set();
async function load(worker) {
  for (let n = 0; running; n += 1) {
    try {
      const response = await fetch(`${base}${pagePath}?bench=${worker}-${n}`);
      const html = await response.text();
      requests += 1;
      if (html.includes('<!--$!')) leftToBrowser += 1;
      if (response.status >= 500) failures += 1;
      const header = response.headers.get('x-remote-releases') ?? '';
      const match = new RegExp(`${remote}=([a-z0-9]+)`).exec(header);
      if (match) seen.add(match[1]);
    } catch {
      failures += 1;
    }
  }
}
const loaders = Array.from({ length: connections }, (_, worker) => load(worker));

const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
/** The RSS of this process's render processes (its children running render-worker.js), from /proc. */
function renderRss() {
  let total = 0;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent !== process.pid || !fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('render-worker')) continue;
      total += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
    } catch {
      // a process that ended meanwhile
    }
  }
  return total;
}
function memory(label) {
  globalThis.gc?.();
  globalThis.gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  const render = renderRss();
  console.log(
    `${label.padEnd(14)} render process rss ${mb(render).padStart(7)} MB  server rss ${mb(rss).padStart(7)} MB  heap used ${mb(heapUsed).padStart(7)} MB  (${requests} pages, ${failures} failed, ${leftToBrowser} with a part left to the browser)`,
  );
  return { render, rss, heapUsed };
}

async function swapAndWait(index) {
  const id = ids[index % 2];
  seen.clear();
  await swapTo(id, index);
  const until = Date.now() + 30_000;
  while (!seen.has(id)) {
    if (Date.now() > until) throw new Error(`swap ${index}: no page rendered with ${id} within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

console.log(
  `swapping ${remote} ${swaps} times between ${ids.join(' and ')}, ${connections} connections on ${pagePath}, RENDER_PROCESSES=${config.renderProcesses}`,
);
const figures = [];
figures.push({ at: 0, ...memory('start') });
const started = Date.now();
for (let index = 1; index <= swaps; index += 1) {
  await swapAndWait(index);
  if (index % 100 === 0 || index === swaps) figures.push({ at: index, ...memory(index === swaps ? `end (${index})` : `swap ${index}`) });
}
running = false;
await Promise.all(loaders);
const warm = figures.find((figure) => figure.at === 100) ?? figures[0];
const end = figures.at(-1);
const change = (key) => `${(((end[key] - warm[key]) / warm[key]) * 100).toFixed(1)}%`;
console.log(
  `after warm-up (swap ${warm.at}) to the end: render process rss ${change('render')}, server rss ${change('rss')}, heap used ${change('heapUsed')}; ${((Date.now() - started) / 1000).toFixed(1)} s, ${requests} pages, ${failures} failed`,
);
await app.close();
for (const folder of [varDir, ...cleanup]) fs.rmSync(folder, { recursive: true, force: true });
