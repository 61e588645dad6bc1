// @ts-check
/**
 * Per-app byte budgets, enforced in every production build: a part that grows past its budget is a
 * build error, so `npm run build` (and CI) fails.
 *
 * What a visitor downloads, gzip level 9, summed over the JavaScript files of each part, read from
 * the compilation's chunk graph once the assets are final (content-hashed, minified; the .br/.gz
 * copies written beside them are not chunk files and are not counted):
 *
 * - `firstLoad`     the app's page: the `main` entry chunk, the chunks of its async startup
 *                   boundary (`import('./bootstrap')` in src/index.ts), and the chunks of every
 *                   shared package those chunks consume, as provided by this app (react, react-dom,
 *                   mobx, ...), followed transitively (react-dom/client consumes react-dom).
 *                   Plus federation-runtime.[hash].js, which the page loads first.
 *                   For the shell this is the site's first load before any remote; for a remote it
 *                   is its standalone page.
 * - `remoteEntry`   a remote's container entry (remoteEntry.js), fetched by the shell.
 * - `expose:<key>`  one exposed module as the shell loads it: the chunks of the expose's chunk group
 *                   (its own chunk and the split chunks it needs synchronously). Its lazy children
 *                   (dynamic imports inside it) and the shared packages it consumes (the shell
 *                   already provides them) are not part of it.
 * - `lazy:<name>`    a chunk loaded on demand, named with a webpackChunkName comment (a route's
 *                   page, a drawer, the forms' rules, a web worker): the chunks of its chunk group,
 *                   which may include split chunks it shares with another lazy part (each part
 *                   counts them, as a visitor who opens only that part downloads them). Every
 *                   import() and worker in the app's own code needs a name, or the build fails.
 *
 * Every part must have a budget and every budget must name a part: a new expose without one, or a
 * renamed expose whose budget is left behind, also fails the build. Budgets are bytes (gzip).
 * `BUDGET_REPORT=1` prints each part's figure; otherwise the plugin is silent within budget.
 */
const path = require('node:path');
const zlib = require('node:zlib');
const { FEDERATION_RUNTIME_FILE } = require('./federationRuntime.cjs');

const PLUGIN_NAME = 'CopytechBudgetPlugin';
const KB = 1024;

/** @typedef {import('webpack').Compilation} Compilation */
/** @typedef {import('webpack').Chunk} Chunk */
/** @typedef {import('webpack').Module} Module */
/** @typedef {{ part: string, bytes: number, budget: number | undefined, files: string[] }} PartFigure */

/** @param {number} bytes */
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

class BudgetPlugin {
  /**
   * @param {{ app: string, budgets?: Record<string, number> }} options
   *   app: the federation name, for messages; budgets: gzip bytes per part (see above)
   */
  constructor(options) {
    this.app = options.app;
    this.budgets = options.budgets || {};
    /** The figures of the last production compilation (read by the tests). @type {PartFigure[]} */
    this.figures = [];
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    if (compiler.options.mode !== 'production') return;
    const { Compilation, WebpackError } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PLUGIN_NAME, (compilation) => {
      compilation.hooks.processAssets.tap({ name: PLUGIN_NAME, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const { parts, unnamed } = measure(compilation);
        this.figures = parts.map((p) => ({ ...p, budget: this.budgets[p.part] }));
        for (const message of [...unnamed, ...this.check()]) compilation.errors.push(new WebpackError(message));
        if (process.env.BUDGET_REPORT && process.env.BUDGET_REPORT !== '0') {
          for (const f of this.figures) {
            const budget = f.budget === undefined ? 'no budget' : `budget ${kb(f.budget)} (${Math.round((f.bytes / f.budget) * 100)}%)`;
            console.log(
              `budget ${this.app.padEnd(9)} ${f.part.padEnd(26)} ${kb(f.bytes).padStart(8)} gzip (${f.bytes} B)  ${budget}  ${f.files.length} files`,
            );
          }
        }
      });
    });
  }

  /** @returns {string[]} one message per breach, missing budget or stray budget */
  check() {
    const messages = [];
    const config = `${this.app}'s webpack.config.cjs`;
    for (const f of this.figures) {
      if (f.budget === undefined) {
        messages.push(
          `Byte budget missing: ${this.app} ${f.part} has no budget (it measures ${kb(f.bytes)} gzip, ${f.bytes} B). ` +
            `Add '${f.part}' to the budgets in ${config}.`,
        );
      } else if (!(typeof f.budget === 'number' && f.budget > 0)) {
        messages.push(
          `Byte budget invalid: ${this.app} ${f.part} has budget ${JSON.stringify(f.budget)}; give it a number of bytes (gzip).`,
        );
      } else if (f.bytes > f.budget) {
        messages.push(
          `Byte budget exceeded: ${this.app} ${f.part} is ${kb(f.bytes)} gzip (${f.bytes} B), over its budget of ` +
            `${kb(f.budget)} (${f.budget} B) by ${kb(f.bytes - f.budget)}. Files: ${f.files.join(', ')}. ` +
            `Make it smaller (a lazy import, a lighter dependency) or, if the growth is intended, raise its budget in ${config}.`,
        );
      }
    }
    const parts = new Set(this.figures.map((f) => f.part));
    for (const part of Object.keys(this.budgets)) {
      if (!parts.has(part)) {
        messages.push(
          `Byte budget for an unknown part: ${this.app} has a budget for '${part}', but its parts are: ${[...parts].join(', ')}.`,
        );
      }
    }
    return messages;
  }
}

/** @typedef {(part: string, chunks: Iterable<Chunk>, extraFiles?: string[]) => { part: string, bytes: number, files: string[] }} Figure */

/**
 * How a part is measured: its JavaScript files (sorted) and their gzip size, summed; each file is
 * compressed once per compilation, however many parts hold it.
 * @param {Compilation} compilation
 * @returns {Figure}
 */
function partFigures(compilation) {
  /** @type {Map<string, number>} */
  const gzipped = new Map();
  /** @param {string} file */
  const gzipSize = (file) => {
    let size = gzipped.get(file);
    if (size === undefined) {
      const asset = compilation.getAsset(file);
      if (!asset) throw new Error(`${PLUGIN_NAME}: chunk file ${file} is not an asset of the compilation`);
      size = zlib.gzipSync(asset.source.buffer(), { level: 9 }).length;
      gzipped.set(file, size);
    }
    return size;
  };
  return (part, chunks, extraFiles = []) => {
    const files = new Set(extraFiles);
    for (const chunk of chunks) for (const file of chunk.files) if (/\.[cm]?js$/.test(file)) files.add(file);
    const sorted = [...files].sort();
    return { part, files: sorted, bytes: sorted.reduce((sum, file) => sum + gzipSize(file), 0) };
  };
}

/**
 * Shared packages this app provides, by share scope and key: what a consume resolves to when
 * this app is the page (the share scope holds no other copy on the app's own first load).
 * @param {Compilation} compilation
 */
function shareProviders(compilation) {
  /** @type {Map<string, Module>} */
  const providers = new Map();
  for (const module of compilation.modules) {
    if (module.type === 'provide-module') {
      const { _shareScope, _name } = /** @type {any} */ (module);
      providers.set(`${_shareScope}|${_name}`, module);
    }
  }
  return providers;
}

/**
 * The chunks loaded with these: a chunk is ready only once the shared modules it consumes are,
 * so add the chunks of each consumed package's provider (or, without one, of the consume's
 * own fallback), and of what those consume in turn.
 * @param {Compilation} compilation
 * @param {Iterable<Chunk>} start
 */
function withConsumedShares(compilation, start) {
  const { chunkGraph } = compilation;
  const providers = shareProviders(compilation);
  const chunks = new Set(start);
  const queue = [...chunks];
  for (let chunk = queue.shift(); chunk; chunk = queue.shift()) {
    for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
      if (module.type !== 'consume-shared-module') continue;
      const { shareScope, shareKey } = /** @type {any} */ (module).options;
      const source = providers.get(`${shareScope}|${shareKey}`) || module;
      for (const block of source.blocks) {
        const group = chunkGraph.getBlockChunkGroup(block);
        for (const c of group ? group.chunks : []) {
          if (!chunks.has(c)) {
            chunks.add(c);
            queue.push(c);
          }
        }
      }
    }
  }
  return chunks;
}

/** Code of this app or of @copytech/shared, not of a package from node_modules. @param {Module | null} module */
function ownCode(module) {
  const resource = module && /** @type {any} */ (module).resource;
  return typeof resource === 'string' && !resource.split(path.sep).includes('node_modules');
}

/**
 * The parts of the entrypoints: a remote's container entry and each of its exposes, or an app's
 * page (its entry and start-up boundary). The chunk groups measured here are added to `measured`.
 * @param {Compilation} compilation
 * @param {Figure} figure
 * @param {Set<import('webpack').ChunkGroup>} measured
 */
function entrypointParts(compilation, figure, measured) {
  const { chunkGraph, moduleGraph } = compilation;
  const parts = [];
  for (const [name, entrypoint] of compilation.entrypoints) {
    const entry = compilation.entries.get(name);
    const entryModules = (entry ? entry.dependencies : []).map((dep) => ({ dep, module: moduleGraph.getModule(dep) }));
    const container = entryModules.find(({ dep }) => dep.type === 'container entry');
    if (container) {
      parts.push(figure('remoteEntry', entrypoint.chunks));
      for (const block of container.module ? container.module.blocks : []) {
        const exposedName = /** @type {any} */ (block.dependencies[0]).exposedName;
        const group = chunkGraph.getBlockChunkGroup(block);
        if (group) measured.add(group);
        parts.push(figure(`expose:${exposedName}`, group ? group.chunks : []));
      }
    } else {
      // The startup boundary: the dynamic imports of the entry module itself, which it starts at once.
      const chunks = new Set(entrypoint.chunks);
      for (const { module } of entryModules) {
        for (const block of module ? module.blocks : []) {
          const group = chunkGraph.getBlockChunkGroup(block);
          if (group) measured.add(group);
          for (const c of group ? group.chunks : []) chunks.add(c);
        }
      }
      // The page loads the federation runtime file before its entry (federationRuntime.cjs).
      const runtimeFiles = compilation
        .getAssets()
        .map((asset) => asset.name)
        .filter((file) => FEDERATION_RUNTIME_FILE.test(file));
      parts.push(figure(name === 'main' ? 'firstLoad' : `firstLoad:${name}`, withConsumedShares(compilation, chunks), runtimeFiles));
    }
  }
  return parts;
}

/**
 * Lazy chunks: every import() in the app's own code outside the start-up boundary, by its
 * webpackChunkName. One without a name could have no budget, so it is an error of its own.
 * @param {Compilation} compilation
 * @param {Figure} figure
 * @param {Set<import('webpack').ChunkGroup>} measured  the chunk groups measured as start-up or expose parts
 */
function lazyParts(compilation, figure, measured) {
  const parts = [];
  /** @type {string[]} */
  const unnamed = [];
  for (const group of compilation.chunkGroups) {
    if (group.isInitial() || measured.has(group)) continue;
    const own = group.origins.filter((o) => ownCode(o.module));
    if (own.length === 0) continue; // the federation's and the shared packages' own async parts
    if (group.name) {
      parts.push(figure(`lazy:${group.name}`, group.chunks));
    } else {
      const what = (/** @type {string | undefined} */ request) =>
        request ? `import('${request}')` : 'a worker (new Worker(new URL(...)))';
      const where = own.map(
        (o) => `${what(o.request)} in ${path.relative(compilation.compiler.context, /** @type {any} */ (o.module).resource)}`,
      );
      unnamed.push(
        `Lazy chunk without a name: ${where.join(', ')}. Name it with /* webpackChunkName: "..." */ so it can have a byte budget.`,
      );
    }
  }
  return { parts, unnamed };
}

/**
 * The parts of a compilation and the JavaScript files of each, with their gzip size.
 * @param {Compilation} compilation
 * @returns {{ parts: { part: string, bytes: number, files: string[] }[], unnamed: string[] }}
 *   the parts, and a message for each lazy import that has no name to give it a budget by
 */
function measure(compilation) {
  const figure = partFigures(compilation);
  /** Chunk groups measured as start-up or expose parts. @type {Set<import('webpack').ChunkGroup>} */
  const measured = new Set();
  const parts = entrypointParts(compilation, figure, measured);
  const lazy = lazyParts(compilation, figure, measured);
  return { parts: [...parts, ...lazy.parts], unnamed: lazy.unnamed };
}

module.exports = { BudgetPlugin };
