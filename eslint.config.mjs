// ESLint for every room: JavaScript's and typescript-eslint's recommended rules, the rules of hooks,
// and the house's import boundaries (docs/architecture.md "Rooms and boundaries"):
// - a remote never imports another remote or the shell;
// - shared code is imported by its package name, never by a relative path into shared/src;
// - code that runs in the browser (shared, shell, the remotes) never imports the server.
// Formatting is Prettier's (`npm run lint` runs both); no rule here is about layout.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The rooms are the workspaces of shared/apps.json, each with its role.
const apps = createRequire(import.meta.url)('./shared/build/apps.cjs');
const ROOMS = apps.WORKSPACES.map((workspace) => workspace.folder);
const REMOTES = apps.REMOTES.map((remote) => remote.folder);
const HOST = apps.HOST.folder;
const BROWSER_ROOMS = apps.BROWSER_FOLDERS;
const foldersOf = (role) => apps.WORKSPACES.filter((workspace) => workspace.role === role).map((workspace) => workspace.folder);
const [LIBRARY] = foldersOf('library');

/**
 * A no-restricted-imports pattern matching an import of any of `rooms`: by its workspace name
 * (`mfe-basket/src/x`) or by a relative path that climbs into it (`../../mfe-basket/src/x`). Only
 * the path's first folder after the climb counts, so `react-dom/server` or a room's own
 * `./server/x` is not the server room.
 */
const importsOf = (rooms, message) => ({ regex: `^(?:\\.\\./)*(?:${rooms.join('|')})(?:/|$)`, message });

const SHARED_BY_PATH = {
  regex: '(?:^|/)(?:shared|@copytech/shared)/src(?:/|$)',
  message:
    'Import shared code by its package name: @copytech/shared or one of its entries (/domain, /forms, /formRules, /write, /contactForm, /newsletter, /ssr, /standalone, /terms).',
};
const SERVER = importsOf(foldersOf('server'), 'Browser code never imports the server: what both sides need belongs in @copytech/shared.');

/** The boundary rule of one room: what its files may not import. */
function boundaries(room) {
  const patterns = [];
  if (REMOTES.includes(room)) {
    patterns.push(
      importsOf(
        [...REMOTES.filter((other) => other !== room), HOST],
        'A remote never imports another remote or the shell: go through the contracts of @copytech/shared.',
      ),
    );
  }
  if (room !== LIBRARY) patterns.push(SHARED_BY_PATH);
  if (BROWSER_ROOMS.includes(room)) patterns.push(SERVER);
  return {
    files: [`${room}/**/*.{ts,tsx,js,mjs,cjs}`],
    rules: {
      'no-restricted-imports': ['error', { patterns }],
      // The same patterns for `import('...')`, which no-restricted-imports does not look at. (A
      // selector's regex cannot hold a '/', so it is written \u002F.)
      'no-restricted-syntax': [
        'error',
        ...patterns.map(({ regex, message }) => ({
          selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\u002F')}/]`,
          message,
        })),
      ],
    },
  };
}

/**
 * The server's layout (docs/architecture.md "Rooms and boundaries"): the platform (every folder of
 * server/src but features/, and every file but app.ts) never imports a feature, not even a type:
 * where it needs what a feature has, it declares an interface and app.ts passes the feature's
 * implementation in. A feature imports another feature only through that feature's index.ts.
 */
const SERVER_FEATURES = fs
  .readdirSync(new URL('./server/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const PLATFORM_IMPORTS_FEATURE = {
  regex: '^(?:\\./|(?:\\.\\./)+)features(?:/|$)',
  message: 'The server platform never imports a feature: declare an interface here and let app.ts pass the feature in.',
};
const featureDeepImport = (feature) => ({
  regex: `^(?:\\.\\./)+(?:${SERVER_FEATURES.filter((other) => other !== feature).join('|')})/.`,
  message: "Import another feature only through its index.ts (`'../catalogue'`), never a file inside it.",
});

/** The server's own rules, added to the boundary patterns its files already have. */
function serverLayout() {
  const inherited = boundaries('server').rules['no-restricted-imports'][1].patterns;
  const block = (files, ignores, patterns) => ({
    files,
    ignores,
    rules: {
      'no-restricted-imports': ['error', { patterns: [...inherited, ...patterns] }],
      'no-restricted-syntax': [
        'error',
        ...[...inherited, ...patterns].map(({ regex, message }) => ({
          selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\u002F')}/]`,
          message,
        })),
      ],
    },
  });
  return [
    block(['server/src/**/*.{ts,mts,js,mjs}'], ['server/src/features/**', 'server/src/app.ts'], [PLATFORM_IMPORTS_FEATURE]),
    ...SERVER_FEATURES.map((feature) => block([`server/src/features/${feature}/**/*.{ts,mts,js,mjs}`], [], [featureDeepImport(feature)])),
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      'var/',
      '**/var/',
      'e2e/test-results/',
      'e2e/playwright-report/',
      '**/*.d.ts',
      '.stryker-tmp/',
      'reports/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node, ...globals.jest },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Unused names are errors, except a leading underscore (a parameter kept for its position).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // `import type` keeps type-only imports out of the bundles. `typeof import('./x')` stays
      // allowed: it types a module loaded lazily without importing it at the top.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      // Input rules strip control characters on purpose (`[\u0000-\u001f]`).
      'no-control-regex': 'off',
    },
  },
  {
    // No circles: two files that import each other, directly or round a longer loop, are one
    // thing split in two or a dependency pointing the wrong way (docs/architecture.md "Rooms and
    // boundaries"). Resolved as Node and the bundlers resolve them: TypeScript sources, the
    // workspaces' package exports.
    files: ['**/*.{ts,tsx,js,mjs,cjs,mts}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs'],
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mts', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
          conditionNames: ['types', 'import', 'require', 'default'],
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // One file holds one thing, and one function does one job (docs/architecture.md "Rooms and
    // boundaries"); tests may be longer.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['**/*.test.{ts,tsx}', 'e2e/**'],
    rules: { 'max-lines': ['error', { max: 400 }], 'max-lines-per-function': ['error', { max: 80 }] },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off', 'no-redeclare': ['error', { builtinGlobals: false }] },
  },
  {
    // A jest.mock factory is hoisted above the imports, so what it needs it takes with require().
    files: ['**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Playwright's fixtures are functions taking `use` and an empty `{}`: not React hooks.
    files: ['e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
  ...ROOMS.map(boundaries),
  ...serverLayout(),
  {
    // Typed rules for the server: a promise is awaited, returned or handed on, never dropped, and
    // never passed where a plain value or a void callback is expected.
    files: ['server/src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
);
