// @ts-check
/**
 * What a change touched, as mutation testing reads it (docs/mutation-testing.md "What a change
 * touched, in CI"): the source lines that the commits since a base commit added or changed, per
 * room, and for each touched file the test files that judge it.
 *
 * `node scripts/mutation/plan.mjs [--base <commit>]` prints the plan as JSON; `changed.mjs` runs it.
 *
 * The base is, in order: `--base`, the MUTATION_BASE environment variable, the commit named in
 * `.ci/mutation-base` (the last commit that landed, written there with each submission). A base
 * that is not an ancestor of HEAD (a history rewritten, a shallow clone) falls back to the last
 * FALLBACK_COMMITS commits, and the plan says so.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { SERVER_GROUPS } from './serverGroups.mjs';

const require = createRequire(import.meta.url);
const FALLBACK_COMMITS = 10;

/** A source file mutation testing may change: a room's own code, not tests, test helpers or types. */
const SOURCE = /^([a-z][a-z0-9-]*)\/src\/.+\.tsx?$/;
const NOT_SOURCE = [/\.test\.tsx?$/, /\.d\.ts$/, /\/(test|testing|__fixtures__)\//, /\/testing\.tsx?$/];

/**
 * The added or changed lines of each file in a unified diff with no context (`git diff -U0`), as
 * inclusive [first, last] ranges of the new file. A hunk that only deletes lines has none.
 *
 * @param {string} diff
 * @returns {Map<string, Array<[number, number]>>}
 */
export function changedRanges(diff) {
  /** @type {Map<string, Array<[number, number]>>} */
  const ranges = new Map();
  let file = null;
  for (const line of diff.split('\n')) {
    if (line.startsWith('+++ ')) {
      const name = line.slice(4).trim();
      file = name === '/dev/null' ? null : name.replace(/^b\//, '');
      continue;
    }
    const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (!hunk || file === null) continue;
    const start = Number(hunk[1]);
    const count = hunk[2] === undefined ? 1 : Number(hunk[2]);
    if (count === 0) continue;
    const list = ranges.get(file) ?? [];
    list.push([start, start + count - 1]);
    ranges.set(file, list);
  }
  return ranges;
}

/**
 * Whether a path is a room's source file that mutation testing judges.
 *
 * @param {string} file a path from the repository's root
 * @param {ReadonlySet<string>} rooms the rooms' folders
 */
export function isMutableSource(file, rooms) {
  const match = SOURCE.exec(file);
  if (!match || !rooms.has(match[1] ?? '')) return false;
  return !NOT_SOURCE.some((pattern) => pattern.test(file));
}

/**
 * A room's files, test files or source files, as paths from the root.
 *
 * @param {string} root @param {string} room @param {(name: string) => boolean} keep
 * @returns {string[]}
 */
function roomFiles(root, room, keep) {
  const out = [];
  const walk = (/** @type {string} */ rel) => {
    const abs = path.join(root, rel);
    if (!fs.existsSync(abs)) return;
    for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
      const child = path.posix.join(rel, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(child);
      } else if (keep(entry.name)) out.push(child);
    }
  };
  walk(room);
  return out.sort();
}

/** A room's test files. @param {string} root @param {string} room */
export function roomTests(root, room) {
  return roomFiles(root, room, (name) => /\.test\.tsx?$/.test(name));
}

/** Each test file's answer to choosesOwnEnvironment, read once per process (a test judges many touched files). */
const ownEnvironmentRead = new Map();

/**
 * Whether a test file picks its own environment with a `@jest-environment` docblock: Jest then loads
 * that environment by name, never Stryker's, so the file reports no coverage to Stryker and cannot
 * judge a mutant (stryker.config.changed.mjs leaves it out).
 *
 * @param {string} root @param {string} test
 */
export function choosesOwnEnvironment(root, test) {
  const file = path.join(root, test);
  let answer = ownEnvironmentRead.get(file);
  if (answer === undefined) {
    const head = fs.readFileSync(file, 'utf8').slice(0, 2_000);
    answer = /^\s*\/\*\*[\s\S]*?@jest-environment\s/.test(head) && /@jest-environment\s[\s\S]*?\*\//.test(head);
    ownEnvironmentRead.set(file, answer);
  }
  return answer;
}
/**
 * How many lines the ranges of some touched files cover.
 *
 * @param {Array<{ ranges: Array<[number, number]> }>} files
 */
export function linesOf(files) {
  return files.reduce((sum, file) => sum + file.ranges.reduce((n, [first, last]) => n + last - first + 1, 0), 0);
}

/** The modules a file imports by relative path, from the root and without extension (`./a/b` from `x/y.ts` is `x/a/b`). */
function importTargets(/** @type {string} */ file, /** @type {string} */ text) {
  const targets = new Set();
  for (const match of text.matchAll(/(?:from\s+|import\s*\(\s*|require\s*\(\s*|jest\.mock\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1] ?? ''));
    targets.add(target.replace(/\.(tsx?|jsx?|mjs|cjs)$/, '').replace(/\/index$/, ''));
  }
  return targets;
}

/** A module's name as imports name it: its path without extension or `/index`. @param {string} file */
const moduleOf = (file) => file.replace(/\.tsx?$/, '').replace(/\/index$/, '');

/**
 * Who imports whom in a room: for each module, the room's files (tests and sources) that import it.
 *
 * @param {string} root @param {string} room
 * @returns {Map<string, Set<string>>}
 */
function importersIn(root, room) {
  /** @type {Map<string, Set<string>>} */
  const importers = new Map();
  for (const file of roomFiles(root, room, (name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))) {
    for (const target of importTargets(file, fs.readFileSync(path.join(root, file), 'utf8'))) {
      const set = importers.get(target) ?? new Set();
      set.add(file);
      importers.set(target, set);
    }
  }
  return importers;
}

const isTest = (/** @type {string} */ file) => /\.test\.tsx?$/.test(file);

/**
 * The tests that judge a touched file: a server file in one of the server's mutation groups is
 * judged by that group's tests; any other file by the room's test files that import it or are
 * named after it, else by those that import a module that imports it (two steps, no further: a
 * test that reaches the file only through the whole app would run for every mutant). Tests that
 * choose their own environment are left out. Empty when none is found: Jest then finds the tests
 * related to the file among all the room's tests.
 *
 * @param {string} root @param {string} file
 * @param {{ tests: string[], importers: Map<string, Set<string>> }} room
 */
export function testsFor(root, file, room) {
  const usable = (/** @type {string} */ test) => fs.existsSync(path.join(root, test)) && !choosesOwnEnvironment(root, test);
  if (file.startsWith('server/')) {
    for (const group of Object.values(SERVER_GROUPS)) {
      const prefixes = group.mutate.map((glob) => glob.replace(/\*\*\/\*\.ts$/, '')); // a folder's glob is its path and '/'
      if (prefixes.some((prefix) => file === prefix || (prefix.endsWith('/') && file.startsWith(prefix))))
        return group.tests.map((test) => `server/${test}.test.ts`).filter(usable);
    }
  }
  const module = moduleOf(file);
  const base = path.posix.basename(module);
  const direct = [...(room.importers.get(module) ?? [])];
  const named = room.tests.filter(
    (test) => path.posix.dirname(test) === path.posix.dirname(file) && path.posix.basename(test).replace(/\.test\.tsx?$/, '') === base,
  );
  const first = [...new Set([...named, ...direct.filter(isTest)])].filter(usable).sort();
  if (first.length > 0) return first;
  const second = direct.filter((importer) => !isTest(importer)).flatMap((importer) => [...(room.importers.get(moduleOf(importer)) ?? [])]);
  return [...new Set(second.filter(isTest))].filter(usable).sort();
}

/** @param {string} root @param {string[]} args */
function git(root, args) {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/**
 * The base to compare with, and how it was chosen.
 *
 * @param {string} root @param {string | undefined} asked
 * @returns {{ commit: string, chosen: string }}
 */
export function resolveBase(root, asked) {
  const file = path.join(root, '.ci', 'mutation-base');
  const fromFile = fs.existsSync(file) ? (fs.readFileSync(file, 'utf8').trim().split(/\s+/)[0] ?? '') : '';
  const [named, source] = asked
    ? [asked, '--base']
    : process.env.MUTATION_BASE
      ? [process.env.MUTATION_BASE, 'MUTATION_BASE']
      : [fromFile, '.ci/mutation-base, the last landed commit'];
  if (named) {
    try {
      const commit = git(root, ['rev-parse', '--verify', '--quiet', `${named}^{commit}`]).trim();
      git(root, ['merge-base', '--is-ancestor', commit, 'HEAD']);
      return { commit, chosen: `the commits since ${commit.slice(0, 12)} (${source})` };
    } catch {
      // not here, or not an ancestor: fall through
    }
  }
  const count = Number(git(root, ['rev-list', '--count', 'HEAD']).trim());
  const back = Math.min(FALLBACK_COMMITS, count - 1);
  const commit = git(root, ['rev-parse', `HEAD~${back}`]).trim();
  const why = named ? `${named} is not an ancestor of HEAD` : 'no base is named';
  return { commit, chosen: `${why}: the last ${back} commits, from ${commit.slice(0, 12)}` };
}

/**
 * @typedef {{ file: string, ranges: Array<[number, number]>, tests: string[] }} TouchedFile
 * @typedef {{ room: string, files: TouchedFile[], lines: number }} RoomPlan
 * @typedef {{ base: string, chosen: string, rooms: RoomPlan[] }} Plan
 */

/**
 * The plan for the commits since `base`: each room's touched source files, their added or
 * changed lines, and their tests.
 *
 * @param {{ root: string, base?: string }} options
 * @returns {Plan}
 */
export function touchedPlan({ root, base }) {
  const { WORKSPACES } = require(path.join(root, 'shared', 'build', 'apps.cjs'));
  /** @type {Set<string>} */
  const rooms = new Set(
    WORKSPACES.filter((/** @type {{ role: string }} */ w) => w.role !== 'tests').map((/** @type {{ folder: string }} */ w) => w.folder),
  );
  const resolved = resolveBase(root, base);
  const diff = git(root, ['diff', '-U0', '--no-color', '--no-renames', '--diff-filter=AM', resolved.commit, 'HEAD', '--', '*.ts', '*.tsx']);
  /** @type {Map<string, RoomPlan>} */
  const byRoom = new Map();
  /** @type {Map<string, { tests: string[], importers: Map<string, Set<string>> }>} */
  const roomsRead = new Map();
  for (const [file, ranges] of changedRanges(diff)) {
    if (!isMutableSource(file, rooms)) continue;
    const room = file.split('/')[0] ?? '';
    const plan = byRoom.get(room) ?? { room, files: [], lines: 0 };
    if (!roomsRead.has(room)) roomsRead.set(room, { tests: roomTests(root, room), importers: importersIn(root, room) });
    const tests = testsFor(root, file, /** @type {{ tests: string[], importers: Map<string, Set<string>> }} */ (roomsRead.get(room)));
    plan.files.push({ file, ranges, tests });
    plan.lines = linesOf(plan.files);
    byRoom.set(room, plan);
  }
  return { base: resolved.commit, chosen: resolved.chosen, rooms: [...byRoom.values()].sort((a, b) => a.room.localeCompare(b.room)) };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const at = process.argv.indexOf('--base');
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  process.stdout.write(
    `${JSON.stringify(touchedPlan({ root: process.env.MUTATION_ROOT || root, base: at > 0 ? process.argv[at + 1] : undefined }), null, 2)}\n`,
  );
}
