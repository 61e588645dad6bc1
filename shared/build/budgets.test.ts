/**
 * @jest-environment node
 *
 * The budget plugin on a tiny federated app compiled by webpack in a temp dir: a page (index ->
 * bootstrap, which consumes the shared 'tiny-lib'), one expose with a stylesheet, a split vendor
 * chunk both need, and named lazy chunks, which are parts of their own and not in the others.
 * Expected files are found by marker strings in the emitted files and by MF's own manifest, not by
 * the plugin's chunk-graph walk.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import webpack from 'webpack';
import CompressionPlugin from 'compression-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { BudgetPlugin } from './budgets.cjs';
import { createAppConfig } from './createAppConfig.cjs';

type Budgets = Record<string, number>;

let dir: string;

/** Deterministic filler that gzip cannot squeeze to nothing. */
function filler(seed: number, words: number): string {
  let x = seed;
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out.push(x.toString(36));
  }
  return out.join(' ');
}

const FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'fixture', version: '1.0.0', dependencies: { 'tiny-lib': '^1.0.0', 'big-dep': '^1.0.0' } }),
  'node_modules/tiny-lib/package.json': JSON.stringify({ name: 'tiny-lib', version: '1.2.3', main: 'index.js' }),
  'node_modules/tiny-lib/index.js': `exports.greet = (n) => 'TINY_LIB_MARKER ' + n + ${JSON.stringify(filler(1, 300))};\n`,
  // over splitChunks' 20 kB minimum, so webpack splits it out of both the bootstrap and the expose
  'node_modules/big-dep/package.json': JSON.stringify({ name: 'big-dep', version: '1.0.0', main: 'index.js' }),
  'node_modules/big-dep/index.js': `exports.big = () => 'BIG_DEP_MARKER' + ${JSON.stringify(filler(2, 3000))};\n`,
  'src/index.js': `import(/* webpackChunkName: "bootstrap" */ './bootstrap');\n`,
  'src/bootstrap.js': [
    `import { greet } from 'tiny-lib';`,
    `import { big } from 'big-dep';`,
    `document.title = greet(big()) + 'BOOTSTRAP_MARKER';`,
    `import(/* webpackChunkName: "later" */ './later').then((m) => m.later());`,
  ].join('\n'),
  'src/later.js': `export const later = () => 'LATER_MARKER' + ${JSON.stringify(filler(3, 200))};\n`,
  'src/widget.css': `.widget::after { content: 'WIDGET_CSS_MARKER'; }\n`,
  'src/Widget.js': [
    `import './widget.css';`,
    `import { greet } from 'tiny-lib';`,
    `import { big } from 'big-dep';`,
    `export default function Widget() { return greet(big()) + 'WIDGET_MARKER'; }`,
    `export const more = () => import(/* webpackChunkName: "widget-lazy" */ './widgetLazy');`,
  ].join('\n'),
  'src/widgetLazy.js': `export const lazy = () => 'WIDGET_LAZY_MARKER' + ${JSON.stringify(filler(4, 200))};\n`,
  // an expose whose lazy import and worker have no webpackChunkName (only compiled when exposed)
  'src/Unnamed.js': [
    `export const more = () => import('./unnamedLazy');`,
    `export const work = () => new Worker(new URL('./work.js', import.meta.url));`,
  ].join('\n'),
  'src/unnamedLazy.js': `export const lazy = () => 'UNNAMED_LAZY_MARKER';\n`,
  'src/work.js': `self.onmessage = () => self.postMessage('WORK_MARKER');\n`,
};

const GENEROUS: Budgets = {
  firstLoad: 1_000_000,
  remoteEntry: 1_000_000,
  'expose:./Widget': 1_000_000,
  'lazy:later': 1_000_000,
  'lazy:widget-lazy': 1_000_000,
};

async function compile(budgets: Budgets, exposes: Record<string, string> = { './Widget': './src/Widget.js' }) {
  const plugin = new BudgetPlugin({ app: 'fixture', budgets });
  const compiler = webpack({
    mode: 'production',
    context: dir,
    target: 'web',
    entry: { main: './src/index.js' },
    devtool: false,
    output: {
      path: path.join(dir, 'dist'),
      publicPath: 'auto',
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:10].js',
      uniqueName: 'fixture',
      clean: true,
    },
    optimization: { minimize: false, moduleIds: 'deterministic', chunkIds: 'deterministic' },
    cache: false,
    module: { rules: [{ test: /\.css$/, use: [MiniCssExtractPlugin.loader, require.resolve('css-loader')] }] },
    infrastructureLogging: { level: 'error' },
    plugins: [
      new ModuleFederationPlugin({
        name: 'fixture',
        filename: 'remoteEntry.js',
        exposes,
        remotes: {},
        shared: { 'tiny-lib': { singleton: true, requiredVersion: '^1.0.0' } },
        manifest: { fileName: 'mf-manifest.json' },
        dts: false,
        dev: false,
      }),
      new MiniCssExtractPlugin({ chunkFilename: '[id].[contenthash:10].css' }),
      // .gz copies of every file, as the real build writes: they must not be counted
      new CompressionPlugin({ algorithm: 'gzip', filename: '[path][base].gz', threshold: 0, minRatio: Infinity }),
      plugin,
    ],
  });
  const stats = await new Promise<webpack.Stats>((resolve, reject) =>
    compiler.run((err, result) => (err || !result ? reject(err) : resolve(result))),
  );
  await new Promise<void>((resolve) => compiler.close(() => resolve()));
  return { plugin, stats, errors: stats.compilation.errors.map((e) => e.message) };
}

const dist = (file: string) => path.join(dir, 'dist', file);
const gzip = (file: string) => zlib.gzipSync(fs.readFileSync(dist(file)), { level: 9 }).length;
/** The emitted .js files whose text contains the marker. */
const withMarker = (marker: string) =>
  fs.readdirSync(path.join(dir, 'dist')).filter((f) => f.endsWith('.js') && fs.readFileSync(dist(f), 'utf8').includes(marker));

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copytech-budgets-'));
  for (const [file, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

// Each test compiles the fixture with webpack: a few seconds, more on a busy machine.
jest.setTimeout(30_000);

describe('BudgetPlugin', () => {
  it('measures each part as the gzip (level 9) of the JavaScript files its chunk group loads', async () => {
    const log = jest.spyOn(console, 'log').mockImplementation(() => {});
    process.env.BUDGET_REPORT = '1';
    try {
      const { plugin, errors } = await compile(GENEROUS);
      expect(errors).toEqual([]);
      const figures = Object.fromEntries(plugin.figures.map((f) => [f.part, f]));
      expect(Object.keys(figures).sort()).toEqual(['expose:./Widget', 'firstLoad', 'lazy:later', 'lazy:widget-lazy', 'remoteEntry']);

      // the fixture splits as intended: one file per marker
      const [bigDep] = withMarker('BIG_DEP_MARKER');
      const [tinyLib] = withMarker('TINY_LIB_MARKER');
      const [bootstrap] = withMarker('BOOTSTRAP_MARKER');
      const [widget] = withMarker('WIDGET_MARKER');
      for (const marker of [
        'BIG_DEP_MARKER',
        'TINY_LIB_MARKER',
        'BOOTSTRAP_MARKER',
        'WIDGET_MARKER',
        'LATER_MARKER',
        'WIDGET_LAZY_MARKER',
      ]) {
        expect(withMarker(marker)).toHaveLength(1);
      }
      const lazy = [...withMarker('LATER_MARKER'), ...withMarker('WIDGET_LAZY_MARKER')];
      // a named lazy chunk is a part of its own: its file, and no other part counts it
      expect(figures['lazy:later']!.files).toEqual(withMarker('LATER_MARKER'));
      expect(figures['lazy:widget-lazy']!.files).toEqual(withMarker('WIDGET_LAZY_MARKER'));

      // an expose: what MF's manifest lists as its synchronous JS (its chunk and the split vendor chunk)
      const manifest = JSON.parse(fs.readFileSync(dist('mf-manifest.json'), 'utf8'));
      const exposeSync: string[] = manifest.exposes.find((e: { path: string }) => e.path === './Widget').assets.js.sync;
      expect([...exposeSync].sort()).toEqual([bigDep, widget].sort());
      expect(manifest.exposes[0].assets.css.sync).toHaveLength(1); // its stylesheet: not JavaScript, not counted
      expect(figures['expose:./Widget']!.files).toEqual([...exposeSync].sort());

      // the page: main.js, the bootstrap boundary (its chunk and the vendor chunk), the provided tiny-lib
      expect(figures.firstLoad!.files).toEqual(['main.js', bootstrap!, bigDep!, tinyLib!].sort());
      expect(figures.remoteEntry!.files).toEqual(['remoteEntry.js']);

      for (const f of Object.values(figures)) {
        expect(f.bytes).toBe(f.files.reduce((sum, file) => sum + gzip(file), 0));
        expect(f.files.filter((file) => !file.endsWith('.js'))).toEqual([]);
        if (!f.part.startsWith('lazy:')) expect(f.files.filter((file) => lazy.includes(file))).toEqual([]);
      }
      expect(fs.existsSync(dist('main.js.gz'))).toBe(true); // the copies exist, and were not counted

      const lines = log.mock.calls.map((c) => String(c[0])).filter((l) => l.startsWith('budget fixture'));
      expect(lines).toHaveLength(5);
      expect(lines.find((l) => l.includes('expose:./Widget'))).toContain(`(${figures['expose:./Widget']!.bytes} B)`);
    } finally {
      delete process.env.BUDGET_REPORT;
      log.mockRestore();
    }
  });

  it('fails the compilation when a part is over its budget, naming app, part, sizes and files', async () => {
    const { plugin, stats, errors } = await compile({ ...GENEROUS, 'expose:./Widget': 1_000 });
    expect(stats.hasErrors()).toBe(true);
    expect(errors).toHaveLength(1);
    const widget = plugin.figures.find((f) => f.part === 'expose:./Widget')!;
    expect(errors[0]).toContain('Byte budget exceeded: fixture expose:./Widget');
    expect(errors[0]).toContain(`(${widget.bytes} B)`);
    expect(errors[0]).toContain('budget of 1.0 KB (1000 B)');
    for (const file of widget.files) expect(errors[0]).toContain(file);
  });

  it('fails the compilation when an expose has no budget', async () => {
    const { 'expose:./Widget': _omitted, ...budgets } = GENEROUS;
    const { errors } = await compile(budgets);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('Byte budget missing: fixture expose:./Widget');
  });

  it('fails the compilation when a lazy chunk has no budget', async () => {
    const { 'lazy:later': _omitted, ...budgets } = GENEROUS;
    const { errors } = await compile(budgets);
    expect(errors).toEqual([expect.stringContaining('Byte budget missing: fixture lazy:later')]);
  });

  it('fails the compilation on an import() or a worker without a name, which could have no budget', async () => {
    const { errors } = await compile(
      { ...GENEROUS, 'expose:./Unnamed': 1_000_000 },
      { './Widget': './src/Widget.js', './Unnamed': './src/Unnamed.js' },
    );
    expect(errors.sort()).toEqual([
      expect.stringContaining('Lazy chunk without a name: a worker (new Worker(new URL(...))) in src/Unnamed.js.'),
      expect.stringContaining("Lazy chunk without a name: import('./unnamedLazy') in src/Unnamed.js. Name it with /* webpackChunkName"),
    ]);
  });

  it('fails the compilation on a budget for a part the app does not have', async () => {
    const { errors } = await compile({ ...GENEROUS, 'expose:./Widgets': 1_000_000 });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("Byte budget for an unknown part: fixture has a budget for 'expose:./Widgets'");
  });

  it('leaves development builds alone', () => {
    const hooks = new Proxy(
      {},
      {
        get: () => {
          throw new Error('taps a hook');
        },
      },
    );
    expect(() =>
      new BudgetPlugin({ app: 'fixture' }).apply({ options: { mode: 'development' }, hooks } as unknown as webpack.Compiler),
    ).not.toThrow();
  });

  it('is wired by the app factory with the budgets from the app config', () => {
    const budgets = { firstLoad: 1, remoteEntry: 2, 'expose:./X': 3 };
    const config = createAppConfig({ appDir: dir, name: 'catalogue', exposes: { './X': './src/X.tsx' }, budgets })(
      {},
      { mode: 'production' },
    );
    const plugins = (config.plugins ?? []).filter((p): p is InstanceType<typeof BudgetPlugin> => p instanceof BudgetPlugin);
    expect(plugins).toHaveLength(1);
    expect(plugins[0]!.budgets).toEqual(budgets);
    expect(plugins[0]!.app).toBe('catalogue');
  });
});
