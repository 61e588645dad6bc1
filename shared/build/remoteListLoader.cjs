// @ts-check
/**
 * A webpack loader for shared/src/remoteList.ts: the module's two values, computed here from
 * shared/apps.json at build time, in place of the code that reads the file at run time. The root of
 * @copytech/shared is downloaded whole before every page's first paint; this way a page gets the
 * two short lists it needs and not the whole list of apps. shared/build/remoteListLoader.test.ts
 * holds the output equal to what the module itself exports.
 *
 * @this {{ addDependency(file: string): void }}
 * @returns {string}
 */
module.exports = function remoteListLoader() {
  const { readApps } = require('./apps.cjs');
  const file = require('node:path').join(__dirname, '..', 'apps.json');
  this.addDependency(file);
  const { REMOTES } = readApps(file);
  const names = REMOTES.map((remote) => remote.name);
  const exposes = Object.fromEntries(REMOTES.map((remote) => [remote.name, Object.keys(remote.exposes ?? {})]));
  return `export const REMOTE_NAMES = ${JSON.stringify(names)};\nexport const REQUIRED_EXPOSES = ${JSON.stringify(exposes)};\n`;
};
