// @ts-check
/**
 * Start-up preloads for an app's HTML page.
 *
 * An app's page references only its entry file (main.js). Everything it needs to paint (the async
 * `import('./bootstrap')` boundary and the shared packages that boundary consumes: react-dom,
 * mobx, the router, @copytech/shared...) is discovered only after main.js has downloaded and run,
 * one round trip later. On a phone that round trip and the serial download behind it were most of
 * the time to first paint. This plugin reads the chunk graph and adds a
 * `<link rel="preload">` for every file of that start-up set, so the browser fetches them in
 * parallel with main.js. It preloads nothing the page does not use at start-up: lazy routes and
 * shared packages the bootstrap does not consume are left to load on demand.
 */
const HtmlWebpackPlugin = require('html-webpack-plugin');

const NAME = 'CopytechStartupPreloadPlugin';

/**
 * The files (JS and CSS, in chunk-graph order) the entry `entryName` loads before first paint.
 * @param {import('webpack').Compilation} compilation
 * @param {string} entryName
 * @returns {string[]}
 */
function startupFiles(compilation, entryName) {
  const { chunkGraph } = compilation;
  const entrypoint = compilation.entrypoints.get(entryName);
  if (!entrypoint) return [];
  const entryChunk = entrypoint.getEntrypointChunk();
  // An entry module may be concatenated with what it imports (ModuleConcatenationPlugin): the
  // import() that opens the boundary then belongs to one of the modules inside it.
  /** @param {any} module */
  const inner = (module) => (module && Array.isArray(module.modules) ? module.modules : [module]);
  const entryModules = new Set([...chunkGraph.getChunkEntryModulesIterable(entryChunk)].flatMap(inner));

  /** Share key → the chunk groups that load the module this build provides under that key. */
  /** @type {Map<string, import('webpack').ChunkGroup[]>} */
  const providedGroups = new Map();
  for (const module of compilation.modules) {
    if (module.type !== 'provide-module') continue;
    const key = /** @type {{ _name?: string }} */ (/** @type {unknown} */ (module))._name;
    if (!key) continue;
    for (const block of module.blocks) {
      const group = chunkGraph.getBlockChunkGroup(block);
      if (group) providedGroups.set(key, [...(providedGroups.get(key) ?? []), group]);
    }
  }

  // Start from the async boundary the entry module opens (import('./bootstrap')).
  /** @type {import('webpack').ChunkGroup[]} */
  const queue = compilation.chunkGroups.filter(
    (group) => group !== entrypoint && group.origins.some((origin) => origin.module && entryModules.has(origin.module)),
  );
  const seen = new Set(queue);
  /** @type {string[]} */
  const files = [];
  const entryFiles = new Set(entryChunk.files);
  while (queue.length) {
    const group = /** @type {import('webpack').ChunkGroup} */ (queue.shift());
    for (const chunk of group.chunks) {
      for (const file of chunk.files) {
        if (/\.(js|css)$/.test(file) && !entryFiles.has(file) && !files.includes(file)) files.push(file);
      }
      // A shared package consumed by this chunk loads the provided copy's chunks.
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (module.type !== 'consume-shared-module') continue;
        const key = /** @type {{ options?: { shareKey?: string } }} */ (/** @type {unknown} */ (module)).options?.shareKey;
        for (const provided of (key && providedGroups.get(key)) || []) {
          if (!seen.has(provided)) {
            seen.add(provided);
            queue.push(provided);
          }
        }
      }
    }
  }
  return files;
}

class StartupPreloadPlugin {
  /** @param {{ entry?: string }} [options] */
  constructor(options = {}) {
    this.entry = options.entry || 'main';
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.compilation.tap(NAME, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(NAME, (data) => {
        const publicPath = data.publicPath === 'auto' ? '' : data.publicPath;
        const links = startupFiles(compilation, this.entry).map((file) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', {
            rel: 'preload',
            as: file.endsWith('.css') ? 'style' : 'script',
            href: publicPath + file,
          }),
        );
        data.headTags.push(...links);
        return data;
      });
    });
  }
}

module.exports = { StartupPreloadPlugin, startupFiles };
