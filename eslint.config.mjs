// ESLint for every room: JavaScript's and typescript-eslint's recommended rules, the rules of hooks,
// and the house's import boundaries (docs/architecture.md "Rooms and boundaries"):
// - a remote never imports another remote or the shell;
// - shared code is imported by its package name, never by a relative path into shared/src;
// - code that runs in the browser (shared, shell, the remotes) never imports the server.
// Formatting is Prettier's (`npm run lint` runs both); no rule here is about layout.
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const REMOTES = ['mfe-catalogue', 'mfe-basket', 'mfe-checker', 'mfe-content'];
const BROWSER_ROOMS = ['shared', 'shell', ...REMOTES];

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
const SERVER = importsOf(['server'], 'Browser code never imports the server: what both sides need belongs in @copytech/shared.');

/** The boundary rule of one room: what its files may not import. */
function boundaries(room) {
  const patterns = [];
  if (REMOTES.includes(room)) {
    patterns.push(
      importsOf(
        [...REMOTES.filter((other) => other !== room), 'shell'],
        'A remote never imports another remote or the shell: go through the contracts of @copytech/shared.',
      ),
    );
  }
  if (room !== 'shared') patterns.push(SHARED_BY_PATH);
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

export default tseslint.config(
  {
    ignores: ['**/node_modules/', '**/dist/', 'var/', '**/var/', 'e2e/test-results/', 'e2e/playwright-report/', '**/*.d.ts'],
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
  ...['shared', 'shell', ...REMOTES, 'server', 'e2e'].map(boundaries),
);
