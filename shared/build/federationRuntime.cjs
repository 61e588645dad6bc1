// @ts-check
/**
 * The Module Federation runtime, shipped once per page instead of once per remote entry.
 *
 * By default every remote's remoteEntry.js and the shell's main.js each carry their own copy of
 * @module-federation/runtime-core (about 17 KB gzip apiece), so a page that shows two remotes
 * downloaded and ran it three times. Every app is therefore built with
 * `experiments.externalRuntime`, which makes its bundle read the runtime core from the global
 * `_FEDERATION_RUNTIME_CORE`, and every app's HTML page (the shell's index page and each remote's
 * standalone page) loads `federation-runtime.[hash].js` first, which defines that global.
 *
 * The same file also carries the bundler runtime (@module-federation/webpack-bundler-runtime, the
 * glue between webpack's chunk loading and the core) and @module-federation/runtime, which every
 * main.js and remoteEntry.js bundled again, about 5 KB gzip each; see federationRuntimeExternals.
 * One consequence: @module-federation/runtime's module-level "current instance" is shared by all
 * the builds on a page and ends up as the last remote container's, so the host's code keeps its
 * own instance (shared/src/federation/remoteRegistry.ts) instead of calling loadRemote() and
 * friends.
 *
 * The file is bundled here with esbuild from the same installed @module-federation/runtime-core
 * the apps are built against, with the same build-time flags the federation plugin gives the apps.
 * All apps build with the one @module-federation/enhanced version pinned by @copytech/shared's
 * peerDependencies, so a remote always meets the runtime it was built for; upgrading it is a shell
 * first deployment, like a change to @copytech/shared.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');

const NAME = 'CopytechFederationRuntimePlugin';
/** The global the externalRuntime bundles read (see ModuleFederationPlugin's externalRuntime). */
const GLOBAL = '_FEDERATION_RUNTIME_CORE';
/** @module-federation/runtime, which the apps' code (remoteRegistry) and the bundler runtime use. */
const RUNTIME_GLOBAL = '_FEDERATION_RUNTIME';
/** A factory of the object @module-federation/webpack-bundler-runtime's bundler entry exports. */
const BUNDLER_RUNTIME_GLOBAL = '_FEDERATION_BUNDLER_RUNTIME';

/**
 * Webpack externals that make an app's bundle use the runtime file's copies: the federation
 * plugin's own `externalRuntime` covers only the runtime core, while the bundler runtime (the glue
 * between webpack's chunk loading and the core, with @module-federation/runtime and the parts of
 * the SDK it needs, about 5 KB gzip) would otherwise be bundled again into main.js and into every
 * remoteEntry.js. The federation entry imports the bundler runtime by its absolute path.
 * @param {{ request?: string }} data
 * @param {(err?: Error | null, result?: string) => void} callback
 */
function federationRuntimeExternals({ request }, callback) {
  if (request === '@module-federation/runtime') return callback(null, `var ${RUNTIME_GLOBAL}`);
  if (request && /[\\/]@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/]bundler\.js$/.test(request)) {
    return callback(null, `var ${BUNDLER_RUNTIME_GLOBAL}.create()`);
  }
  return callback();
}

/** @type {Map<string, string>} */
const sourceCache = new Map();

/**
 * @param {string} resolveDir where to resolve @module-federation/runtime-core from
 * @param {boolean} minify
 */
function providerSource(resolveDir, minify) {
  const key = `${resolveDir}:${minify}`;
  const cached = sourceCache.get(key);
  if (cached) return cached;
  const esbuild = require('esbuild');
  // The package does not export its package.json: find it above its main file.
  const main = require.resolve('@module-federation/runtime-core', { paths: [resolveDir] });
  const version = JSON.parse(fs.readFileSync(path.join(path.dirname(main), '..', 'package.json'), 'utf8')).version;
  const result = esbuild.buildSync({
    stdin: {
      contents: [
        "import * as core from '@module-federation/runtime-core';",
        "import * as runtime from '@module-federation/runtime';",
        "import federation from '@module-federation/webpack-bundler-runtime/bundler';",
        `globalThis.${GLOBAL} = core;`,
        // What the federation's own provider plugin records, so its multiple-runtime check stays quiet.
        `globalThis.${GLOBAL}_FROM = { name: 'copytech', version: ${JSON.stringify(version)} };`,
        `globalThis.${RUNTIME_GLOBAL} = runtime;`,
        // Each app's federation entry copies this object's fields into its own
        // __webpack_require__.federation; the two mutable ones are made fresh for each app, as they
        // were when every app bundled its own copy.
        `globalThis.${BUNDLER_RUNTIME_GLOBAL} = { create: () => ({ ...federation, bundlerRuntime: { ...federation.bundlerRuntime, S: {} }, bundlerRuntimeOptions: {} }) };`,
      ].join('\n'),
      resolveDir,
      sourcefile: 'federation-runtime.js',
    },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify,
    legalComments: 'none',
    // The flags ModuleFederationPlugin defines for the apps' own bundles (all features kept).
    define: {
      ENV_TARGET: '"web"',
      FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: 'false',
      FEDERATION_OPTIMIZE_NO_REMOTE: 'false',
      FEDERATION_OPTIMIZE_NO_SHARED: 'false',
      'process.env.NODE_ENV': minify ? '"production"' : '"development"',
    },
  });
  const source = result.outputFiles[0].text;
  sourceCache.set(key, source);
  return source;
}

/** Emits federation-runtime.[hash].js and loads it before the entry script on the app's page. */
class FederationRuntimeProviderPlugin {
  /** @param {{ resolveDir: string, production: boolean }} options */
  constructor(options) {
    this.options = options;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      const source = providerSource(this.options.resolveDir, this.options.production);
      const hash = crypto.createHash('sha256').update(source).digest('hex').slice(0, 10);
      const file = `federation-runtime.${hash}.js`;
      compilation.hooks.processAssets.tap({ name: NAME, stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset(file, new RawSource(source), { immutable: true, minimized: true });
      });
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(NAME, (data) => {
        const publicPath = data.publicPath === 'auto' ? '' : data.publicPath;
        const tag = HtmlWebpackPlugin.createHtmlTagObject('script', { defer: true, src: publicPath + file });
        // Before the first script: deferred scripts run in document order.
        const group = data.headTags.some((t) => t.tagName === 'script') ? data.headTags : data.bodyTags;
        const first = group.findIndex((t) => t.tagName === 'script');
        group.splice(first === -1 ? group.length : first, 0, tag);
        return data;
      });
    });
  }
}

/** The name of the file the plugin emits. */
const FEDERATION_RUNTIME_FILE = /^federation-runtime\.[0-9a-f]{10}\.js$/;

module.exports = {
  FederationRuntimeProviderPlugin,
  federationRuntimeExternals,
  providerSource,
  FEDERATION_RUNTIME_GLOBAL: GLOBAL,
  FEDERATION_RUNTIME_FILE,
};
