// @ts-check
/**
 * Mutation testing of the domain rules (shared/src/domain): `npm run test:mutation:shared`, and
 * the first half of `npm run test:mutation` (docs/mutation-testing.md).
 */
import { common, jestProject } from './stryker.config.common.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...common('shared'),
  mutate: ['shared/src/domain/**/*.ts', '!shared/src/domain/**/*.test.ts'],
  tsconfigFile: 'shared/tsconfig.json',
  jest: {
    projectType: 'custom',
    enableFindRelatedTests: true,
    // the rules' own tests and the forms' (which try the patterns and limits through the schemas)
    // in node: the domain rules use no DOM (shared/src/domain/index.ts), and a run starts faster
    config: {
      ...jestProject('shared', ['<rootDir>/src/domain/**/*.test.ts', '<rootDir>/src/forms/**/*.test.ts']),
      testEnvironment: 'node',
      setupFilesAfterEnv: [],
    },
  },
};
