// @ts-check
/**
 * Mutation testing of what a change touched, one room at a time (docs/mutation-testing.md "What a
 * change touched, in CI"): `scripts/mutation/changed.mjs` writes the room's plan (its touched files,
 * their changed lines and their tests, from `plan.mjs`) and runs this with MUTATION_PLAN naming it.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { common, jestProject } from './stryker.config.common.mjs';
import { choosesOwnEnvironment, roomTests } from './scripts/mutation/plan.mjs';

const require = createRequire(import.meta.url);

const planFile = process.env.MUTATION_PLAN ?? '';
if (!planFile) throw new Error('Set MUTATION_PLAN to a room plan written by scripts/mutation/changed.mjs');
/** @type {import('./scripts/mutation/plan.mjs').RoomPlan} */
const plan = JSON.parse(fs.readFileSync(planFile, 'utf8'));
const { room, files } = plan;

/** @type {{ projects: Array<Record<string, unknown>> }} */
const jestConfig = require('./jest.config.cjs');
const project = jestConfig.projects.find((p) => p.displayName === room);
if (!project) throw new Error(`jest.config.cjs has no project "${room}"`);

// Each file's own tests where plan.mjs found them; where it found none for some file, Jest finds
// the tests related to the mutated files among all the room's tests.
// Tests that choose their environment with a `@jest-environment` docblock are left out: Jest loads
// that environment by name, never Stryker's, so it reports no coverage and Stryker's first run stops.
const ownEnvironment = roomTests(process.cwd(), room).filter((test) => choosesOwnEnvironment(process.cwd(), test));
const escape = (/** @type {string} */ test) => `/${test.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
const named = [...new Set(files.flatMap((file) => file.tests))];
const allNamed = files.every((file) => file.tests.length > 0);
const testMatch = allNamed ? named.map((test) => `<rootDir>/${test.slice(room.length + 1)}`) : /** @type {string[]} */ (project.testMatch);

// The server's PostgreSQL cases are left out, as in its groups (stryker.config.server.mjs).
if (room === 'server') process.env.TEST_POSTGRES = 'skip';

const base = common(allNamed ? `changed-${room}` : `changed-${room}-related`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  // A fresh judgement of the touched lines every time (no incremental file to trust or keep).
  incremental: false,
  mutate: files.flatMap((file) => file.ranges.map(([first, last]) => `${file.file}:${first}-${last}`)),
  tsconfigFile: `${room}/tsconfig.json`,
  // A mutant in code that runs when a module loads (a constant table) is run against all the touched
  // files' tests with the module loaded afresh: the touched lines are few, and a constant is often
  // what a change touched. (The groups ignore them, where there are hundreds.)
  ignoreStatic: false,
  // ... so Stryker's advice to ignore them, when they take much of a run's time, does not apply here.
  warnings: { slow: false },
  plugins: ['@stryker-mutator/*', './scripts/mutation/progressReporter.mjs'],
  reporters: ['progress-lines', 'clear-text', 'json', 'html'],
  // changed.mjs judges the score over every room it ran, and over what the budget allowed.
  thresholds: { ...base.thresholds, break: null },
  jest: {
    projectType: 'custom',
    enableFindRelatedTests: !allNamed,
    config: { ...jestProject(room, testMatch), testPathIgnorePatterns: ownEnvironment.map(escape) },
  },
};
