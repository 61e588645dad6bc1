// @ts-check
/**
 * The list of apps and workspaces (shared/apps.json), read for the repository's tooling: the ESLint
 * boundaries, the Jest projects, the scripts (dev, build, test-room, release) and the webpack
 * factory. TypeScript reads the same file through @copytech/shared (REMOTE_NAMES, REQUIRED_EXPOSES).
 *
 * The file is checked as it is read, so a mistake in it (a remote without exposes, two apps on one
 * dev port) stops the tool that reads it with a message that names the entry.
 *
 * Roles: `library` (shared code), `host` (the shell), `remote` (a team's room, loaded by the shell at
 * run time), `server` (the API and the server rendering), `tests` (the end-to-end suite).
 */
const fs = require('node:fs');
const path = require('node:path');

const ROLES = ['library', 'host', 'remote', 'server', 'tests'];
const NAME = /^[a-z][a-z0-9]*$/;
const FOLDER = /^[a-z][a-z0-9-]*$/;
const EXPOSE = /^[A-Z][A-Za-z0-9]*$/;

/**
 * @typedef {object} Workspace
 * @property {string} folder  the workspace's folder at the repository's root (also its npm workspace)
 * @property {'library'|'host'|'remote'|'server'|'tests'} role
 * @property {string} [name]  an app's federation name (host and remotes)
 * @property {number} [devPort]  an app's dev-server port
 * @property {Record<string, string>} [exposes]  a remote's exposed modules: name to source path
 * @property {Record<string, string>} [serverExposes]  the host's modules exposed to the server only
 */

/** @param {unknown} exposes @param {string} where */
function checkExposes(exposes, where) {
  if (typeof exposes !== 'object' || exposes === null || Object.keys(exposes).length === 0)
    throw new Error(`${where}: exposes must name at least one module`);
  for (const [key, source] of Object.entries(exposes)) {
    if (!EXPOSE.test(key)) throw new Error(`${where}: the expose "${key}" must be a component's name (PascalCase)`);
    if (typeof source !== 'string' || !source.startsWith('./src/'))
      throw new Error(`${where}: the expose "${key}" must point at a file under ./src/`);
  }
}

/** @param {any} entry @param {number} index @returns {Workspace} */
function checkEntry(entry, index) {
  const where = `apps.json workspaces[${index}]`;
  if (!entry || !FOLDER.test(entry.folder)) throw new Error(`${where}: folder must be a folder name (lower case, digits, '-')`);
  if (!ROLES.includes(entry.role)) throw new Error(`${where} (${entry.folder}): role must be one of ${ROLES.join(', ')}`);
  const isApp = entry.role === 'host' || entry.role === 'remote';
  if (isApp) {
    if (!NAME.test(entry.name)) throw new Error(`${where} (${entry.folder}): an app needs a name (lower case letters and digits)`);
    if (!Number.isInteger(entry.devPort)) throw new Error(`${where} (${entry.folder}): an app needs a devPort`);
  } else if ('name' in entry || 'devPort' in entry) {
    throw new Error(`${where} (${entry.folder}): only the host and the remotes have a name and a devPort`);
  }
  // The server finds a remote's local build by this name (mfe-<name>/dist) and serves it at /remotes/<name>/.
  if (entry.role === 'remote' && entry.folder !== `mfe-${entry.name}`)
    throw new Error(`${where} (${entry.folder}): a remote's folder is mfe-<name>, here mfe-${entry.name}`);
  if (entry.role === 'remote') checkExposes(entry.exposes, `${where} (${entry.folder})`);
  else if ('exposes' in entry) throw new Error(`${where} (${entry.folder}): only a remote has exposes`);
  return entry;
}

/** @param {Workspace[]} workspaces */
function checkList(workspaces) {
  const unique = (/** @type {string} */ what, /** @type {unknown[]} */ values) => {
    const seen = new Set();
    for (const value of values) {
      if (seen.has(value)) throw new Error(`apps.json: two workspaces have the ${what} ${String(value)}`);
      seen.add(value);
    }
  };
  unique(
    'folder',
    workspaces.map((w) => w.folder),
  );
  const apps = workspaces.filter((w) => w.role === 'host' || w.role === 'remote');
  unique(
    'name',
    apps.map((w) => w.name),
  );
  unique(
    'devPort',
    apps.map((w) => w.devPort),
  );
  if (workspaces.filter((w) => w.role === 'host').length !== 1) throw new Error('apps.json: exactly one workspace is the host');
}

/** Reads and checks a list of apps (the repository's, or a copy given by path). */
function readApps(file = path.join(__dirname, '..', 'apps.json')) {
  const json = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!Array.isArray(json.workspaces)) throw new Error(`${file}: "workspaces" must be a list`);
  /** @type {Workspace[]} */
  const workspaces = json.workspaces.map(checkEntry);
  checkList(workspaces);
  const apps = workspaces.filter((w) => w.role === 'host' || w.role === 'remote');
  return {
    /** Every workspace, in the order of the root package.json's `workspaces`. */
    WORKSPACES: workspaces,
    /** The shell and the remotes: what webpack builds and the browser runs. */
    APPS: apps,
    HOST: /** @type {Workspace} */ (apps.find((w) => w.role === 'host')),
    REMOTES: apps.filter((w) => w.role === 'remote'),
    /** The code that runs in a browser: the shared library, the shell and the remotes. */
    BROWSER_FOLDERS: workspaces.filter((w) => w.role === 'library' || w.role === 'host' || w.role === 'remote').map((w) => w.folder),
    /** Dev-server ports by app name: stable, so the dev remotes.json can point at them. */
    DEV_PORTS: Object.fromEntries(apps.map((w) => [/** @type {string} */ (w.name), /** @type {number} */ (w.devPort)])),
  };
}

module.exports = { readApps, ...readApps() };
