/**
 * Candidate builds for the release gate's tests, made from the REAL builds in the repo's dist
 * folders (built here first when they are missing, as `npm run build` makes them): each candidate
 * is a copy of a remote's dist folder, as the release store would hold it, changed the way a
 * faulty release would be (a manifest rewritten, a file missing, a module that throws or is slow).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { APPS as ALL_APPS } from '@copytech/shared/apps';
import type { RemoteName } from '@copytech/shared/domain';
import { REPO_ROOT } from '../src/config';
import type { GateCandidate } from '../src/features/releases/gate';
import { tempDir } from './helpers';

const APPS = ALL_APPS.map((app) => app.folder);

const missingBuilds = () => APPS.filter((app) => !fs.existsSync(path.join(REPO_ROOT, app, 'dist', 'server', 'remoteEntry.js')));

/**
 * The real builds of the shell and every remote; any missing one is built (a few minutes, once).
 * Test files run in parallel: one builds while the others wait for its lock to go.
 */
export function ensureRealBuilds(): void {
  if (missingBuilds().length === 0) return;
  const lock = path.join(REPO_ROOT, 'node_modules', '.cache', 'gate-real-builds.lock');
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      sleep(1000);
      if (missingBuilds().length === 0) return;
    }
  }
  try {
    const missing = missingBuilds();
    if (missing.length > 0)
      execFileSync('npm', ['run', 'build', ...missing.flatMap((app) => ['-w', app])], { cwd: REPO_ROOT, stdio: 'inherit' });
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

export const realDist = (remote: RemoteName) => path.join(REPO_ROOT, `mfe-${remote}`, 'dist');

/** A copy of a remote's real dist folder (browser build and server/), without the precompressed copies. */
export function copyOfBuild(remote: RemoteName): string {
  const dir = tempDir(`ct-gate-${remote}-`);
  fs.cpSync(realDist(remote), dir, { recursive: true, filter: (source) => !/\.(br|gz)$/.test(source) });
  return dir;
}

export function readText(dir: string, file: string): string {
  return fs.readFileSync(path.join(dir, file), 'utf8');
}

/** The candidate the registry would hand the gate for a build in `dir`. */
export function candidateFrom(remote: RemoteName, dir: string, id = 'a1b2c3d4e5f6'): GateCandidate {
  const read = (file: string) => {
    try {
      return readText(dir, file);
    } catch (error) {
      return { error: (error as Error).message };
    }
  };
  return {
    remote,
    id,
    manifestUrl: `/releases/${remote}/${id}/mf-manifest.json`,
    serverEntry: pathToFileURL(path.join(dir, 'server', 'remoteEntry.js')).href,
    browserManifest: read('mf-manifest.json'),
    serverManifest: read('server/mf-manifest.json'),
  };
}

/** Rewrites a manifest of a candidate folder as JSON. */
export function editManifest(dir: string, file: string, edit: (json: Record<string, unknown> & { shared: SharedEntry[] }) => void): void {
  const full = path.join(dir, file);
  const json = JSON.parse(fs.readFileSync(full, 'utf8'));
  edit(json);
  fs.writeFileSync(full, JSON.stringify(json, null, 2));
}
export interface SharedEntry {
  name: string;
  version: string;
  requiredVersion: string;
  singleton: boolean;
}

/**
 * The checker's build as a build made against the previous major of @copytech/shared says it
 * (as e2e/tests/platform.spec.ts makes it): the version it provides and the one it requires, in
 * its entries and manifests, browser and server.
 */
export function previousMajorChecker(): { dir: string; current: string; older: string } {
  const { version } = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'shared', 'package.json'), 'utf8')) as { version: string };
  const older = `${Number(version.split('.')[0]) - 1}.9.0`;
  const dir = copyOfBuild('checker');
  for (const file of ['remoteEntry.js', 'mf-manifest.json', 'server/remoteEntry.js', 'server/mf-manifest.json']) {
    const text = readText(dir, file);
    const rewritten = text.replaceAll(`"^${version}"`, `"^${older}"`).replaceAll(`"${version}"`, `"${older}"`);
    if (rewritten === text) throw new Error(`${file} does not name @copytech/shared ${version}`);
    fs.writeFileSync(path.join(dir, file), rewritten);
  }
  return { dir, current: version, older };
}

/**
 * Wraps a candidate's server container so that one exposed module misbehaves when it renders:
 * `fault` is code run at the start of every render of that module (it may throw, or take time).
 * The real container is kept beside it and loaded as the server loads containers. Each load of
 * the wrapper counts itself in `globalThis.__copytechCandidateLoads` of the process it ran in (a
 * test reads its own process's count: none when the candidate ran in the gate's sandbox).
 */
export function faultyExpose(dir: string, remote: RemoteName, expose: string, fault: string): void {
  const server = path.join(dir, 'server');
  fs.renameSync(path.join(server, 'remoteEntry.js'), path.join(server, 'real-remoteEntry.js'));
  fs.writeFileSync(
    path.join(server, 'remoteEntry.js'),
    `
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const React = require('react');
// Which process ran the candidate's code (read by the tests).
globalThis.__copytechCandidateLoads = (globalThis.__copytechCandidateLoads ?? 0) + 1;
const file = path.join(__dirname, 'real-remoteEntry.js');
const real = { exports: {} };
new vm.Script('(function (exports, module, require, __dirname, __filename) {' + fs.readFileSync(file, 'utf8') + '\\n})', { filename: file })
  .runInThisContext()(real.exports, real, require, __dirname, file);
const container = real.exports[${JSON.stringify(remote)}] ?? real.exports;
async function get(request) {
  const factory = await container.get(request);
  if (request !== ${JSON.stringify(`./${expose}`)}) return factory;
  return () => {
    const module = factory();
    const Real = module.default;
    return { __esModule: true, default: function Faulty(props) { ${fault}; return React.createElement(Real, props); } };
  };
}
module.exports = new Proxy(container, { get: (target, key) => (key === 'get' ? get : Reflect.get(target, key, target)) });
`,
  );
}
