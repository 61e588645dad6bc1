// @ts-check
/**
 * One Jest run for every room of shared/apps.json (the end-to-end suite is Playwright's): browser
 * rooms in jsdom, the server in node. Transpiled by swc.
 */
const { WORKSPACES } = require('./shared/build/apps.cjs');

const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
    module: { type: 'commonjs' },
  },
];

/** @param {import('./shared/build/apps.cjs').Workspace} workspace */
function project({ folder: dir, role }) {
  const env = role === 'server' ? 'node' : 'jsdom';
  return {
    displayName: dir,
    rootDir: `<rootDir>/${dir}`,
    testEnvironment: env,
    // Jest 30 wraps the worker's globals to clean them between files ('soft', the default); with
    // enough files in one worker the wrapped setters nest until a suite fails to start (maximum
    // call stack, seen in shell/src/layout/a11y/ScrollManager.test.tsx). Each file's environment is new anyway.
    testEnvironmentOptions: { globalsCleanup: 'off' },
    transform: { '^.+\\.[cm]?[jt]sx?$': swc },
    moduleNameMapper: { '\\.css$': 'identity-obj-proxy' },
    setupFilesAfterEnv: env === 'jsdom' ? ['<rootDir>/../jest.setup.dom.ts'] : ['<rootDir>/test/jest.timeout.ts'],
    // The server's tests run on SQLite and on a throwaway PostgreSQL cluster (server/test/postgres.ts).
    ...(role === 'server'
      ? { globalSetup: '<rootDir>/test/postgres.setup.ts', globalTeardown: '<rootDir>/test/postgres.teardown.ts' }
      : {}),
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/test/**/*.test.ts?(x)', '<rootDir>/build/**/*.test.ts?(x)'],
    // ESM-only packages that jest must transpile, also when nested (light-my-request's cookie,
    // @fastify/static's content-disposition: Node loads them with require(esm), jest cannot)
    transformIgnorePatterns: ['/node_modules/(?!(.*/node_modules/)?(altcha|altcha-lib|cookie|content-disposition)/)'],
  };
}

/** @type {import('jest').Config} */
module.exports = {
  rootDir: __dirname,
  projects: WORKSPACES.filter((workspace) => workspace.role !== 'tests').map(project),
};
