// @ts-check
/**
 * What the two mutation-testing runs share (docs/mutation-testing.md): `stryker.config.shared.mjs`
 * mutates the domain rules in shared/ under the shared room's jsdom tests, and
 * `stryker.config.server.mjs` the server's write path, outbox and HTTP security under the server's
 * node tests. Two runs because the jest runner measures coverage per test through one test
 * environment, and Jest's `projects` (jest.config.cjs) give each room its own.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * One room's project from jest.config.cjs as a single-project Jest config for the jest runner, with
 * only the tests named. `rootDir` stays relative: Jest resolves it in Stryker's sandbox, the copy
 * of the repository the mutants are written into.
 *
 * @param {string} room the project's displayName in jest.config.cjs, which is also its folder
 * @param {string[]} testMatch globs under the room's folder (`<rootDir>/...`)
 */
export function jestProject(room, testMatch) {
  /** @type {{ projects: Array<Record<string, unknown>> }} */
  const jestConfig = require('./jest.config.cjs');
  const project = jestConfig.projects.find((p) => p.displayName === room);
  if (!project) throw new Error(`jest.config.cjs has no project "${room}"`);
  // An empty `projects` replaces the root config's list of rooms (Stryker merges this over it).
  return { ...project, projects: [], rootDir: room, testMatch };
}

/**
 * The options both runs use.
 *
 * @param {string} name the run's name: its reports and incremental file are named after it
 * @returns {Partial<import('@stryker-mutator/api/core').StrykerOptions>}
 */
export function common(name) {
  return {
    packageManager: 'npm',
    testRunner: 'jest',
    // Mutants that do not compile are reported as such, not run.
    checkers: ['typescript'],
    typescriptChecker: { prioritizePerformanceOverAccuracy: true },
    // Each mutant runs only the tests that reached it in the first (dry) run.
    coverageAnalysis: 'perTest',
    // Only mutants in changed code, or covered by changed tests, run again (the file is git-ignored).
    incremental: true,
    incrementalFile: `reports/mutation/${name}.incremental.json`,
    reporters: ['clear-text', 'progress', 'html', 'json'],
    htmlReporter: { fileName: `reports/mutation/${name}.html` },
    jsonReporter: { fileName: `reports/mutation/${name}.json` },
    clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, reportMutants: true },
    // One mutant at a time by default (the machine's other work goes on); `--concurrency N` to use more.
    concurrency: 1,
    timeoutMS: 3_000,
    tempDirName: '.stryker-tmp',
    // What the sandbox need not copy: built output, the browser tests, reports, run-time data.
    ignorePatterns: ['dist', 'e2e', 'reports', 'var', '*.tsbuildinfo'],
    // Below 80% on these files the run fails.
    thresholds: { high: 90, low: 80, break: 80 },
  };
}
