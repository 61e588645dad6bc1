/**
 * Render threads (server/src/pages/renderThreads.ts): the worker script is bundled here with
 * esbuild, as `npm run build -w server` bundles it, and renders with a small hand-written shell
 * server build (the real ones are built later in `npm test`; the e2e tests render with them).
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import type { PageDataAnswer } from '@copytech/shared/ssr';
import { createRenderThreads, type PageRenderer } from '../src/pages/renderThreads';
import { tempDir } from './helpers';

/** A commonjs-module federation container exposing ./ServerApp: it reads the API once, and dies on ?die. */
const SHELL_CONTAINER = `
const React = require('react');
function Body({ url, data }) {
  if (url.includes('die')) process.exit(3);
  if (url.includes('boom')) throw new Error('a part that throws');
  const products = React.use(data.read('/api/printers/multifunctionals?limit=1'));
  return React.createElement('main', null, React.createElement('h1', null, 'Rendered in a thread: ' + url), React.createElement('p', null, products.ok ? 'products: ' + products.value.results.length : 'no products: ' + products.status));
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

describe('render threads', () => {
  // Inside the server's folder, so that the script's require() finds the server's packages, as in dist/.
  const cache = path.join(__dirname, '..', 'node_modules', '.cache');
  fs.mkdirSync(cache, { recursive: true });
  const dir = fs.mkdtempSync(path.join(cache, 'ct-threads-'));
  const workerFile = path.join(dir, 'render-worker.mjs');
  const siteRoot = tempDir('ct-threads-site-');
  const warnings: string[] = [];
  const log = { warn: (object: object, message: string) => warnings.push(`${message} ${JSON.stringify(object)}`) };
  let threads: PageRenderer;

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
    threads = createRenderThreads(workerFile, 2, { siteRoot, remoteManifests: REMOTES, budgetMs: 5000 }, log);
  }, 30_000);
  afterAll(async () => {
    await threads.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const reader =
    (reads: string[]) =>
    async (url: string): Promise<PageDataAnswer> => {
      reads.push(url);
      return { ok: true, value: { results: [{ modelId: 'a' }, { modelId: 'b' }] } };
    };

  it('renders a page in a thread, its API reads answered by the caller (the main thread)', async () => {
    expect(await threads.available()).toBe(true);
    const reads: string[] = [];
    const body = await threads.render('/printers/multifunctionals', reader(reads));
    expect(body?.html).toContain('<h1>Rendered in a thread: /printers/multifunctionals</h1>');
    expect(body?.html).toContain('products: 2');
    expect(reads).toEqual(['/api/printers/multifunctionals?limit=1']);
    // The answers the render read come back with it, for the page's data block.
    expect(Object.keys(body?.answers ?? {})).toEqual(['/api/printers/multifunctionals?limit=1']);
  }, 30_000);

  it('returns its timings and the parts it left to the browser, with the reason, for the main thread to count (metrics)', async () => {
    const body = await threads.render('/boom', reader([]));
    expect(body?.fallbacks).toEqual([{ remote: 'shell', reason: 'threw' }]);
    expect(typeof body?.ms).toBe('number');
    expect((await threads.render('/fine', reader([])))?.fallbacks).toEqual([]);
    expect(warnings.splice(0)).toEqual([expect.stringContaining('a part of the page is left to the browser')]);
  }, 30_000);

  it('keeps concurrent renders apart: each gets its own reads, on either thread', async () => {
    const urls = Array.from({ length: 8 }, (_, i) => `/printers?page=${i}`);
    const reads = urls.map(() => [] as string[]);
    const bodies = await Promise.all(urls.map((url, i) => threads.render(url, reader(reads[i]!))));
    bodies.forEach((body, i) => expect(body?.html).toContain(`Rendered in a thread: ${urls[i]}</h1>`));
    expect(reads.every((list) => list.length === 1)).toBe(true);
  }, 30_000);

  it('a thread that dies fails its render (the page then renders in the browser) and is replaced for the next', async () => {
    await expect(threads.render('/die', reader([]))).rejects.toThrow(/render thread stopped/);
    expect(warnings).toEqual([
      expect.stringContaining('a render thread stopped: it is replaced on the next render {"reason":"exit code 3"}'),
    ]);
    const body = await threads.render('/after', reader([]));
    expect(body?.html).toContain('Rendered in a thread: /after');
  }, 30_000);
});
