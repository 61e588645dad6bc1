// @ts-check
/**
 * The one webpack + Module Federation configuration factory used by the shell and every remote.
 *
 * Each app's webpack.config.cjs is a few lines: its folder and its byte budgets. Its federation
 * name, exposes and dev port are its entry in shared/apps.json (the one list of apps).
 * Everything that must be identical across the builds lives here: the shared singletons,
 * the transpiler, CSS Modules naming, hashing, the manifest and the async startup boundary.
 */
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { StartupPreloadPlugin } = require('./startupPreload.cjs');
const { FederationRuntimeProviderPlugin, federationRuntimeExternals } = require('./federationRuntime.cjs');
const { BudgetPlugin } = require('./budgets.cjs');
const { cssModules } = require('./cssModules.cjs');
const { APPS, DEV_PORTS } = require('./apps.cjs');
const {
  SHARED_SINGLETONS,
  SINGLETON_LIBRARY,
  REACT_ROUTER_PRODUCTION,
  MOBX_PRODUCTION,
  MOBX_PERSIST_STORE_ES2015,
  sharedConfig,
  serverSharedConfig,
} = require('./sharedSingletons.cjs');

const repoRoot = path.resolve(__dirname, '..', '..');
/** The contracts' list of remotes, computed at build time from shared/apps.json (remoteListLoader.cjs). */
const REMOTE_LIST_RULE = {
  test: path.join(__dirname, '..', 'src', 'remoteList.ts'),
  use: { loader: path.join(__dirname, 'remoteListLoader.cjs') },
};

/**
 * Where an app's builds go: its dist/ folder, or COPYTECH_OUTPUT_DIR (a deployment's folder, a test's
 * copy of the site); the server build goes to server/ inside it. (webpack's --output-path would send
 * both builds to one folder.)
 */
function outputDir(/** @type {string} */ appDir) {
  return process.env.COPYTECH_OUTPUT_DIR ? path.resolve(process.env.COPYTECH_OUTPUT_DIR) : path.join(appDir, 'dist');
}

/**
 * Text files a browser fetches, compressed once at build time (brotli at its best quality, and gzip
 * for clients without brotli) so the server sends them compressed without spending CPU per request.
 * Build statistics are never served, so they are not compressed either.
 */
const PRECOMPRESS = /^(?!.*-stats\.json$).*\.(js|css|json|html|svg)$/;

function precompressionPlugins() {
  return [
    new CompressionPlugin({
      test: PRECOMPRESS,
      algorithm: 'brotliCompress',
      filename: '[path][base].br',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
      threshold: 1024,
      minRatio: 0.9,
    }),
    new CompressionPlugin({
      test: PRECOMPRESS,
      algorithm: 'gzip',
      filename: '[path][base].gz',
      compressionOptions: { level: 9 },
      threshold: 1024,
      minRatio: 0.9,
    }),
  ];
}

/**
 * @typedef {object} AppOptions
 * @property {string} appDir            absolute path of the app (its package folder)
 * @property {string} name              federation name (an app's `name` in shared/apps.json)
 * @property {Record<string, string>} [exposes]  remote only: exposed modules (`./Name` to source path)
 * @property {string} [title]           title of the app's HTML page
 * @property {string} [template]        HTML template; defaults to the standalone page template
 * @property {Record<string, number>} [budgets] gzip byte budget per part, enforced in production builds
 *   (budgets.cjs): 'firstLoad' for the app's page; a remote also 'remoteEntry' and 'expose:<key>' for each expose
 */

/** TypeScript and JSX through swc, in both builds of an app. */
function scriptRule({ development, target }) {
  return {
    test: /\.[cm]?[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic', development } }, target },
      },
    },
  };
}

/**
 * The server build of an app, beside its browser build, in dist/server: a commonjs-module container
 * (target async-node) with the Node runtime plugin of @module-federation/node, which the server
 * loads at run time through the federation runtime to render pages (docs/architecture.md
 * "How a page loads"). It exposes what the browser build exposes (the shell: its ServerApp);
 * CSS Modules give the same class names as in the browser and emit no CSS.
 *
 * @param {AppOptions & { serverExposes?: Record<string, string> }} options
 * @returns {import('webpack').Configuration}
 */
function createServerConfig(options) {
  const { appDir, name } = options;
  const isHost = name === 'shell';
  const exposes = isHost ? options.serverExposes : options.exposes;
  return {
    name: `${name}-server`,
    mode: 'production',
    context: appDir,
    target: 'async-node',
    entry: {},
    devtool: false,
    output: {
      path: path.join(outputDir(appDir), 'server'),
      // Asset URLs in the server's HTML are the browser's: where this site serves the app's browser
      // build. (The container's own chunks are read from its folder, not from this path.)
      publicPath: isHost ? '/' : `/remotes/${name}/`,
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:10].js',
      uniqueName: `copytech_${name}_server`,
      library: { type: 'commonjs-module' },
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'] },
    module: {
      rules: [
        scriptRule({ development: false, target: 'es2022' }),
        REMOTE_LIST_RULE,
        {
          test: /\.module\.css$/,
          use: { loader: 'css-loader', options: { modules: cssModules(name, false, { exportOnlyLocals: true }) } },
        },
        // Global CSS is the browser's business: the page links it.
        { test: /\.css$/, exclude: /\.module\.css$/, type: 'javascript/auto', use: { loader: path.join(__dirname, 'emptyLoader.cjs') } },
        {
          test: /\.(png|jpe?g|webp|svg|woff2?)$/,
          type: 'asset',
          generator: { emit: false },
          parser: { dataUrlCondition: { maxSize: 2048 } },
        },
      ],
    },
    plugins: [
      // A module with a server twin: `./x.browser` is `./x.server` in a server build (e.g. the
      // content room's HTML parser: the browser's DOMParser in the browser, parse5 on the server).
      new webpack.NormalModuleReplacementPlugin(/\.browser$/, (resource) => {
        resource.request = resource.request.replace(/\.browser$/, '.server');
      }),
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        library: { type: 'commonjs-module', name },
        remoteType: 'script',
        exposes,
        remotes: {},
        shared: serverSharedConfig(isHost),
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin')],
        manifest: { fileName: 'mf-manifest.json' },
        dts: false,
        dev: false,
      }),
    ],
    optimization: {
      // Readable (names kept, nothing compressed: a server error's stack says where), without comments.
      minimize: true,
      minimizeOptions: { javascript: { compress: false, mangle: false, format: { comments: false, beautify: true } } },
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/** @param {Record<string, string> | undefined} exposes @returns {Record<string, string> | undefined} */
const federationExposes = (exposes) => exposes && Object.fromEntries(Object.entries(exposes).map(([key, source]) => [`./${key}`, source]));

/**
 * The app whose folder is `appDir`, from shared/apps.json: its name, exposes and server exposes as
 * the federation plugin takes them.
 * @param {string} appDir
 */
function appOptionsOf(appDir) {
  const folder = path.basename(appDir);
  const app = APPS.find((entry) => entry.folder === folder);
  if (!app) throw new Error(`${folder} is not an app of shared/apps.json: add its entry there (docs/adding-a-remote-or-page.md)`);
  return {
    name: /** @type {string} */ (app.name),
    exposes: federationExposes(app.exposes),
    serverExposes: federationExposes(app.serverExposes),
  };
}

/**
 * An app's builds: in production its browser build and its server build (webpack runs both);
 * in development (the dev servers) the browser build alone, and the site renders in the browser.
 * Its name and exposes come from its entry in shared/apps.json, found by the app's folder.
 *
 * @param {Omit<AppOptions, 'name' | 'exposes'>} appOptions
 */
function createAppConfigs(appOptions) {
  /** @type {AppOptions & { serverExposes?: Record<string, string> }} */
  const options = { ...appOptions, ...appOptionsOf(appOptions.appDir) };
  const browser = createAppConfig(options);
  /** @type {(env: Record<string, unknown>, argv: {mode?: string}) => import('webpack').Configuration | import('webpack').Configuration[]} */
  return (env, argv) => {
    const config = browser(env, argv);
    if (argv.mode === 'development' || process.env.COPYTECH_BROWSER_ONLY === '1') return config;
    return [config, createServerConfig(options)];
  };
}

/**
 * The browser build's loaders: scripts through swc, CSS Modules and global CSS extracted, small assets inlined.
 * @param {string} name @param {boolean} dev
 * @returns {import('webpack').RuleSetRule[]}
 */
function browserRules(name, dev) {
  return [
    scriptRule({ development: dev, target: 'es2020' }),
    REMOTE_LIST_RULE,
    {
      test: /\.module\.css$/,
      use: [
        MiniCssExtractPlugin.loader,
        {
          loader: 'css-loader',
          options: { modules: cssModules(name, dev) },
        },
      ],
    },
    {
      test: /\.css$/,
      exclude: /\.module\.css$/,
      use: [MiniCssExtractPlugin.loader, 'css-loader'],
    },
    { test: /\.(png|jpe?g|webp|svg|woff2?)$/, type: 'asset', parser: { dataUrlCondition: { maxSize: 2048 } } },
  ];
}

/** The browser build's plugins: the federation, CSS, the standalone page, start-up preloads, precompression, budgets. */
/** @param {AppOptions} options @param {boolean} dev */
function browserPlugins(options, dev) {
  const { name, exposes } = options;
  const isHost = name === 'shell';
  return [
    new ModuleFederationPlugin({
      name,
      filename: isHost ? undefined : 'remoteEntry.js',
      exposes: isHost ? undefined : exposes,
      remotes: {},
      shared: sharedConfig(),
      manifest: { fileName: 'mf-manifest.json' },
      dts: false,
      dev: false,
      // The runtime core comes from the page, once (see federationRuntime.cjs).
      experiments: { externalRuntime: true },
    }),
    new FederationRuntimeProviderPlugin({ resolveDir: repoRoot, production: !dev }),
    new MiniCssExtractPlugin({
      filename: dev ? '[name].css' : '[name].[contenthash:10].css',
      chunkFilename: dev ? '[id].css' : '[id].[contenthash:10].css',
    }),
    new HtmlWebpackPlugin({
      template: options.template || path.join(__dirname, 'standalone.html'),
      title: options.title || `Copytech ${name} (standalone)`,
      chunks: ['main'],
      scriptLoading: 'defer',
      // The dev server answers every deep path with this page, so there its scripts load from
      // the root; built, a remote's standalone page lives under /remotes/{name}/ (relative).
      publicPath: dev ? '/' : 'auto',
    }),
    new StartupPreloadPlugin(),
    ...(dev ? [] : precompressionPlugins()),
    new BudgetPlugin({ app: name, budgets: options.budgets }),
  ];
}

/**
 * The browser build's chunking: stable ids, and the singleton libraries in one chunk.
 * @returns {import('webpack').Configuration['optimization']}
 */
function browserOptimization() {
  return {
    moduleIds: 'deterministic',
    chunkIds: 'deterministic',
    splitChunks: {
      cacheGroups: {
        // The shared singleton libraries in one chunk rather than eleven: a page needs all of
        // them before its first paint, and on a phone over HTTP/1.1 every extra request on a
        // connection costs a round trip. Measured with Lighthouse (mobile): 18 to 10 script
        // requests on a product page, FCP 2.3 s to 2.0 s. @copytech/shared stays apart: it
        // changes with every release, the libraries seldom, and a returning visitor keeps them.
        singletons: {
          test: (/** @type {{ resource?: string }} */ module) => SINGLETON_LIBRARY.test(module.resource || ''),
          chunks: 'async',
          name: 'singletons',
          enforce: true,
          priority: 20,
        },
      },
    },
  };
}

/** The dev server of an app: its own port, every path answered with its page, the API proxied to the site. */
/** @param {number} port */
function devServer(port) {
  const apiOrigin = process.env.API_ORIGIN || 'http://localhost:8080';
  return {
    port,
    hot: false,
    liveReload: true,
    historyApiFallback: true,
    headers: { 'Access-Control-Allow-Origin': '*' },
    client: { overlay: { errors: true, warnings: false } },
    proxy: [{ context: ['/api', '/assets', '/remotes.json', '/remotes', '/favicon.svg'], target: apiOrigin, changeOrigin: false }],
  };
}

/** @param {AppOptions} options */
function createAppConfig(options) {
  const { appDir, name } = options;
  const isHost = name === 'shell';
  const port = DEV_PORTS[name];

  /** @type {(env: Record<string, unknown>, argv: {mode?: string}) => import('webpack').Configuration} */
  return (_env, argv) => {
    const mode = argv.mode === 'development' ? 'development' : 'production';
    const dev = mode === 'development';

    return {
      mode,
      context: appDir,
      target: 'web',
      entry: { main: './src/index.ts' },
      devtool: dev ? 'eval-cheap-module-source-map' : false,
      output: {
        path: outputDir(appDir),
        // The shell lives at the site root; a remote may be served from any host or CDN path.
        publicPath: isHost ? '/' : 'auto',
        // Entry files keep stable names (served no-cache); every other chunk is content-hashed and immutable.
        // (The federation runtime cannot compute a hashed path for an entry chunk.)
        filename: '[name].js',
        chunkFilename: '[name].[contenthash:10].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        uniqueName: `copytech_${name}`,
        // dist/server is the server build's (createServerConfig), written by the same webpack run.
        clean: { keep: /^server[\\/]/ },
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        // react-router's package exports map only its development build (warnings and checks);
        // production bundles take the production build it also ships.
        alias: dev
          ? {}
          : { 'react-router$': REACT_ROUTER_PRODUCTION, mobx$: MOBX_PRODUCTION, 'mobx-persist-store$': MOBX_PERSIST_STORE_ES2015 },
      },
      // The federation's bundler runtime and @module-federation/runtime come from the page's
      // runtime file, like the core (experiments.externalRuntime in browserPlugins).
      externals: [federationRuntimeExternals],
      module: { rules: browserRules(name, dev) },
      plugins: browserPlugins(options, dev),
      optimization: browserOptimization(),
      performance: { hints: false },
      stats: dev ? 'minimal' : 'errors-warnings',
      devServer: devServer(port),
    };
  };
}

module.exports = { createAppConfig, createAppConfigs, createServerConfig, DEV_PORTS, SHARED_SINGLETONS };
