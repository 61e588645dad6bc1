// @ts-check
/**
 * The libraries every app shares as federation singletons (docs/architecture.md "Composition";
 * docs/adding-a-remote-or-page.md "7. Shared singletons and the @copytech/shared version"): which
 * they are, the share configuration of the browser builds and of the server builds, and the
 * production builds of react-router and mobx that the browser builds alias.
 */
const fs = require('node:fs');
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '..', '..');
const sharedPkg = require('../package.json');

/** Packages every app shares as singletons (docs/architecture.md "Composition"). */
const SHARED_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  'react-router-dom',
  'mobx',
  'mobx-react-lite',
  '@copytech/shared',
];

const REACT_ROUTER_PRODUCTION = path.join(
  path.dirname(require.resolve('react-router/package.json', { paths: [repoRoot] })),
  'dist',
  'production',
  'index.mjs',
);

/** The files of the shared singleton libraries (and their own dependencies) as webpack resolves them. */
const SINGLETON_LIBRARY =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|mobx|mobx-react-lite|mobx-persist-store|react-router|react-router-dom|cookie|set-cookie-parser|use-sync-external-store)[\\/]|[\\/]shared[\\/]build[\\/]react-router-dom\.ts$/;

// mobx's package entry picks its build at run time from process.env; production bundles take the
// minified production build it ships (about 1 KB gzip less).
const MOBX_PRODUCTION = path.join(
  path.dirname(require.resolve('mobx/package.json', { paths: [repoRoot] })),
  'dist',
  'mobx.esm.production.min.js',
);

// mobx-persist-store's package entry for bundlers ("module") is its ES5 build, which carries its own
// copy of TypeScript's async and generator helpers in every file; its ES2015 build (ES modules, native
// async functions, which every browser the site supports runs) is about 1.1 KB gzip less in every
// page's first load.
const MOBX_PERSIST_STORE_ES2015 = path.join(
  path.dirname(require.resolve('mobx-persist-store/package.json', { paths: [repoRoot] })),
  'lib',
  'esm2015',
  'index.js',
);

/** @param {string} pkgName */
function installedVersion(pkgName) {
  if (pkgName === '@copytech/shared') return sharedPkg.version;
  const base = pkgName.startsWith('@') ? pkgName.split('/').slice(0, 2).join('/') : pkgName.split('/')[0];
  const pkgJson = require.resolve(`${base}/package.json`, { paths: [repoRoot] });
  return JSON.parse(fs.readFileSync(pkgJson, 'utf8')).version;
}

/**
 * Shared packages provided by a module other than the package itself (a tree-shakable facade
 * with the exports the apps use; see react-router-dom.ts beside this file).
 */
const SHARED_PROVIDERS = { 'react-router-dom': path.join(__dirname, 'react-router-dom.ts') };

function sharedConfig() {
  /** @type {Record<string, {singleton: true, requiredVersion: string, version: string, import?: string}>} */
  const shared = {};
  for (const name of SHARED_SINGLETONS) {
    const version = installedVersion(name);
    const major = version.split('.')[0];
    shared[name] = { singleton: true, requiredVersion: `^${major}.0.0`, version };
    if (name === '@copytech/shared') {
      // The shell provides the one instance. A remote built against a newer @copytech/shared
      // (new exports it relies on) must not run on an older shell's copy: with strictVersion its
      // load fails cleanly, and its slot offers Retry, instead of breaking on a missing export.
      // Bump shared/package.json's version with every change to it; deploy the shell first.
      Object.assign(shared[name], { requiredVersion: `^${version}`, strictVersion: true });
    }
    if (name in SHARED_PROVIDERS) shared[name].import = SHARED_PROVIDERS[/** @type {keyof typeof SHARED_PROVIDERS} */ (name)];
  }
  return shared;
}

/**
 * Packages the server provides to every server build (server/src/pages/federationHost.ts): a
 * server container never bundles them, so one copy of each runs in the server process. The shell's
 * server build provides @copytech/shared (with the same CSS Modules names as its browser build);
 * a remote's server build consumes the shell's.
 */
const SERVER_PROVIDED = ['react', 'react/jsx-runtime', 'react-dom', 'react-router-dom', 'mobx', 'mobx-react-lite'];

function serverSharedConfig(/** @type {boolean} */ isHost) {
  /** @type {Record<string, object>} */
  const shared = {};
  for (const name of SERVER_PROVIDED) {
    const version = installedVersion(name);
    shared[name] = { singleton: true, requiredVersion: `^${version.split('.')[0]}.0.0`, version, import: false };
  }
  shared['@copytech/shared'] = {
    singleton: true,
    version: sharedPkg.version,
    requiredVersion: `^${sharedPkg.version}`,
    strictVersion: true,
    ...(isHost ? {} : { import: false }),
  };
  return shared;
}

module.exports = {
  SHARED_SINGLETONS,
  SINGLETON_LIBRARY,
  REACT_ROUTER_PRODUCTION,
  MOBX_PRODUCTION,
  MOBX_PERSIST_STORE_ES2015,
  installedVersion,
  sharedConfig,
  serverSharedConfig,
};
