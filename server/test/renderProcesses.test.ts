/**
 * Render processes (server/src/pages/renderProcesses.ts): the worker script is bundled here with
 * esbuild, as `npm run build -w server` bundles it, and renders with a small hand-written shell
 * server build (the real ones are built later in `npm test`; the e2e tests render with them). The
 * processes are sandboxed (server/src/sandbox/sandbox.ts): the shell's `/probe` page tries what a
 * hostile build would, and renders what it got.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';
import type { PageDataAnswer } from '@copytech/shared/ssr';
import { checkedBody, createRenderProcesses, type PageRenderer } from '../src/pages/renderProcesses';
import { packageReadPaths } from '../src/sandbox/readPaths';
import { tempDir } from './helpers';

/**
 * A commonjs-module federation container exposing ./ServerApp: it reads the API once, and dies on
 * ?die. On /probe it tries to read the secret file, the environment, the network, to write, to
 * start a process, and renders each outcome.
 */
const SHELL_CONTAINER = `
const React = require('react');
function attempt(work) {
  try { const value = work(); return value === undefined ? 'allowed' : String(value); } catch (error) { return 'refused ' + (error.code || error.name); }
}
async function probe(url) {
  const q = new URL(url, 'http://x').searchParams;
  const out = {
    secretFile: attempt(() => require('fs').readFileSync(q.get('secret'), 'utf8')),
    secretDir: attempt(() => require('fs').readdirSync(require('path').dirname(q.get('secret'))).join(' ')),
    env: Object.keys(process.env).sort().join(' '),
    write: attempt(() => require('fs').writeFileSync(require('path').join(__dirname, 'dropped.txt'), 'x')),
    childProcess: attempt(() => require('child_process').execFileSync('true')),
    worker: attempt(() => new (require('worker_threads').Worker)('1', { eval: true })),
    binding: attempt(() => process.binding('tcp_wrap')),
    fetch: await Promise.resolve().then(() => fetch('http://127.0.0.1:' + q.get('port') + '/')).then(() => 'allowed', (error) => 'refused ' + (error.code || error.name)),
  };
  out.connect = await new Promise((resolve) => {
    try {
      const socket = require('net').connect(Number(q.get('port')), '127.0.0.1');
      socket.on('connect', () => { socket.destroy(); resolve('allowed'); });
      socket.on('error', (error) => resolve('refused ' + error.code));
    } catch (error) { resolve('refused ' + (error.code || error.name)); }
  });
  return out;
}
const probes = new Map();
function Body({ url, data }) {
  if (url.includes('die')) process.exit(3);
  if (url.includes('boom')) throw new Error('a part that throws');
  if (url.startsWith('/probe')) {
    if (!probes.has(url)) probes.set(url, probe(url));
    return React.createElement('pre', { id: 'probe' }, JSON.stringify(React.use(probes.get(url))));
  }
  const products = React.use(data.read('/api/printers/multifunctionals?limit=1'));
  return React.createElement('main', null, React.createElement('h1', null, 'Rendered in a process: ' + url), React.createElement('p', null, products.ok ? 'products: ' + products.value.results.length : 'no products: ' + products.status));
}
function ServerApp(props) {
  return React.createElement(React.Suspense, { fallback: null }, React.createElement(Body, props));
}
module.exports = {
  shell: {
    init: async () => undefined,
    get: async () => () => ({ default: ServerApp, __esModule: true }),
  },
};
`;

const REMOTES = {
  catalogue: '/remotes/catalogue/mf-manifest.json',
  basket: '/remotes/basket/mf-manifest.json',
  checker: '/remotes/checker/mf-manifest.json',
  content: '/remotes/content/mf-manifest.json',
};

describe('render processes', () => {
  // Inside the server's folder, so that the script's require() finds the server's packages, as in dist/.
  const cache = path.join(__dirname, '..', 'node_modules', '.cache');
  fs.mkdirSync(cache, { recursive: true });
  const dir = fs.mkdtempSync(path.join(cache, 'ct-processes-'));
  const workerFile = path.join(dir, 'render-worker.mjs');
  const siteRoot = tempDir('ct-processes-site-');
  const warnings: string[] = [];
  const log = { warn: (object: object, message: string) => warnings.push(`${message} ${JSON.stringify(object)}`) };
  let processes: PageRenderer;
  // What a hostile build would go for: a secret beside the site, and a listener on this machine.
  const secretDir = tempDir('ct-processes-var-');
  const secret = path.join(secretDir, 'deploy-tokens.json');
  let listener: net.Server;
  let connections = 0;

  beforeAll(async () => {
    fs.mkdirSync(path.join(siteRoot, 'shell/dist/server'), { recursive: true });
    fs.writeFileSync(path.join(siteRoot, 'shell/dist/server/remoteEntry.js'), SHELL_CONTAINER);
    await build({
      entryPoints: [path.join(__dirname, '../src/pages/renderWorker.ts')],
      outfile: workerFile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      logLevel: 'warning',
      // As build.mjs: npm packages stay external (resolved from server/node_modules), @copytech/shared is bundled.
      plugins: [
        {
          name: 'externals',
          setup: (b) =>
            b.onResolve({ filter: /^[^./]/ }, (args) =>
              args.path.startsWith('@copytech/shared')
                ? undefined
                : { path: require.resolve(args.path, { paths: [__dirname] }), external: true },
            ),
        },
      ],
    });
    fs.writeFileSync(secret, '{"catalogue":"ctd_catalogue_secret"}', { mode: 0o600 });
    process.env.COPYTECH_TEST_SECRET = 'a value no render may see';
    listener = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    processes = createRenderProcesses({
      workerFile,
      count: 2,
      data: { siteRoot, remoteManifests: REMOTES, budgetMs: 5000 },
      readPaths: [...packageReadPaths(dir), path.join(siteRoot, 'shell/dist/server')],
      log,
    });
  }, 30_000);
  afterAll(async () => {
    await processes.close();
    delete process.env.COPYTECH_TEST_SECRET;
    listener.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const reader =
    (reads: string[]) =>
    async (url: string): Promise<PageDataAnswer> => {
      reads.push(url);
      return { ok: true, value: { results: [{ modelId: 'a' }, { modelId: 'b' }] } };
    };

  it('renders a page in a process, its API reads answered by the caller (the server)', async () => {
    expect(await processes.available()).toBe(true);
    const reads: string[] = [];
    const body = await processes.render('/printers/multifunctionals', reader(reads));
    expect(body?.html).toContain('<h1>Rendered in a process: /printers/multifunctionals</h1>');
    expect(body?.html).toContain('products: 2');
    expect(reads).toEqual(['/api/printers/multifunctionals?limit=1']);
    // The answers the render read come back with it, for the page's data block.
    expect(Object.keys(body?.answers ?? {})).toEqual(['/api/printers/multifunctionals?limit=1']);
  }, 30_000);

  it('returns its timings and the parts it left to the browser, with the reason, for the main thread to count (metrics)', async () => {
    const body = await processes.render('/boom', reader([]));
    expect(body?.fallbacks).toEqual([{ remote: 'shell', reason: 'threw' }]);
    expect(typeof body?.ms).toBe('number');
    expect((await processes.render('/fine', reader([])))?.fallbacks).toEqual([]);
    expect(warnings.splice(0)).toEqual([expect.stringContaining('a part of the page is left to the browser')]);
  }, 30_000);

  it('keeps concurrent renders apart: each gets its own reads, in either process', async () => {
    const urls = Array.from({ length: 8 }, (_, i) => `/printers?page=${i}`);
    const reads = urls.map(() => [] as string[]);
    const bodies = await Promise.all(urls.map((url, i) => processes.render(url, reader(reads[i]!))));
    bodies.forEach((body, i) => expect(body?.html).toContain(`Rendered in a process: ${urls[i]}</h1>`));
    expect(reads.every((list) => list.length === 1)).toBe(true);
  }, 30_000);

  it('a process that dies fails its render (the page then renders in the browser) and is replaced for the next', async () => {
    await expect(processes.render('/die', reader([]))).rejects.toThrow(/render process stopped/);
    expect(warnings).toEqual([
      expect.stringContaining('a render process stopped: it is replaced on the next render {"reason":"exit code 3"}'),
    ]);
    const body = await processes.render('/after', reader([]));
    expect(body?.html).toContain('Rendered in a process: /after');
  }, 30_000);

  it('runs team code with no secret in reach: no environment, no read outside the builds and packages, no write, no process, no network', async () => {
    const body = await processes.render(
      `/probe?secret=${encodeURIComponent(secret)}&port=${(listener.address() as net.AddressInfo).port}`,
      reader([]),
    );
    const probed = JSON.parse(/<pre id="probe">([^<]*)<\/pre>/.exec(body?.html ?? '')?.[1]?.replace(/&quot;/g, '"') ?? '{}') as Record<
      string,
      string
    >;
    expect(probed).toEqual({
      secretFile: 'refused ERR_ACCESS_DENIED',
      secretDir: 'refused ERR_ACCESS_DENIED',
      env: 'NODE_ENV',
      write: 'refused ERR_ACCESS_DENIED',
      childProcess: 'refused ERR_ACCESS_DENIED',
      worker: 'refused ERR_ACCESS_DENIED',
      binding: 'refused ERR_ACCESS_DENIED',
      fetch: 'refused ERR_ACCESS_DENIED',
      connect: 'refused ERR_ACCESS_DENIED',
    });
    expect(body?.html).not.toContain('ctd_catalogue_secret');
    expect(connections).toBe(0);
    expect(fs.existsSync(path.join(siteRoot, 'shell/dist/server/dropped.txt'))).toBe(false);
  }, 30_000);

  it("takes nothing on trust from a render process's answer: unknown remotes, reasons and modules are dropped, errors are one line without paths", () => {
    const body = checkedBody({
      html: '<p>ok</p>',
      answers: { '/api/x': { ok: true, value: 1 }, 'http://elsewhere/': { ok: true, value: 2 }, '/api/y': 'not an answer' },
      clientRendered: ['remote checker: threw Error: cannot read /var/lib/copytech/deploy-tokens.json\n    at stack line'],
      used: ['checker/SavingsChecker', 'evil<script>', 'checker/../x'],
      slots: [
        { remote: 'checker', ms: 3 },
        { remote: 'made-up', ms: 1 },
      ],
      failedRemotes: ['checker', 'made-up'],
      fallbacks: [
        { remote: 'checker', reason: 'threw' },
        { remote: 'label-bomb-1', reason: 'threw' },
        { remote: 'checker', reason: 'made-up' },
      ],
    });
    expect(body).toEqual({
      html: '<p>ok</p>',
      answers: { '/api/x': { ok: true, value: 1 } },
      clientRendered: ['remote checker: threw Error: cannot read [server path]'],
      generation: 0,
      used: ['checker/SavingsChecker'],
      slots: [{ remote: 'checker', ms: 3 }],
      failedRemotes: ['checker'],
      fallbacks: [{ remote: 'checker', reason: 'threw' }],
    });
    expect(checkedBody({ html: 42 })).toBeNull();
    expect(checkedBody('<p>'.repeat(10))).toBeNull();
  });
});
