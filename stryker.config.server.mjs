// @ts-check
/**
 * Mutation testing of the server in groups (scripts/mutation/serverGroups.mjs), each judged by the
 * tests that concern it (docs/mutation-testing.md): `npm run test:mutation:server` runs those at
 * the threshold one after the other; `MUTATION_GROUP=http npx stryker run stryker.config.server.mjs`
 * runs one group.
 *
 * In groups because a mutant runs every test that reached its code, and the security headers'
 * hook is reached by every request: judged by all the server tests at once, each of its mutants
 * would run the whole list.
 */
import { common, jestProject } from './stryker.config.common.mjs';
import { SERVER_GROUPS as GROUPS } from './scripts/mutation/serverGroups.mjs';

const name = process.env.MUTATION_GROUP ?? '';
const group = GROUPS[name];
if (!group) throw new Error(`Set MUTATION_GROUP to one of ${Object.keys(GROUPS).join(', ')} (got "${name}")`);

// The PostgreSQL cases are left out: each test run would start its own cluster, and the rules
// mutated here are the same on both databases (their SQLite cases try them).
process.env.TEST_POSTGRES = 'skip';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...common(`server-${name}`),
  mutate: group.mutate,
  tsconfigFile: 'server/tsconfig.json',
  // A mutant in code that runs when a module loads (a constant) cannot be traced to the tests that
  // use it and would run every test file of the group: those are left out (reported as ignored).
  ignoreStatic: true,
  jest: {
    projectType: 'custom',
    enableFindRelatedTests: false,
    config: jestProject(
      'server',
      group.tests.map((test) => `<rootDir>/${test}.test.ts`),
    ),
  },
};
