/**
 * @jest-environment node
 *
 * The import boundaries of eslint.config.mjs (docs/architecture.md "Rooms and boundaries") fail on
 * a bad import and pass a good one. ESLint runs in a child process with the repository's own
 * config, on source text given a path in each room, so what is tested is the config `npm run lint` uses.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const REPO = path.resolve(__dirname, '..', '..');
const { REMOTES, HOST, BROWSER_FOLDERS } = require('./apps.cjs') as typeof import('./apps.cjs');

interface Case {
  file: string;
  code: string;
}

/** Lint each case as if it were that file of the repository; the messages of no-restricted-imports. */
function boundaryMessages(cases: Case[]): string[][] {
  const script = `
    const { ESLint } = require('eslint');
    const cases = JSON.parse(process.argv[1]);
    (async () => {
      const eslint = new ESLint({ cwd: ${JSON.stringify(REPO)}, overrideConfig: { files: ['server/src/**/*.ts'], languageOptions: { parserOptions: { projectService: false } }, rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' } } });
      const out = [];
      for (const { file, code } of cases) {
        const [result] = await eslint.lintText(code, { filePath: file });
        out.push(result.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax' || m.fatal).map((m) => m.message));
      }
      process.stdout.write(JSON.stringify(out));
    })().catch((error) => { console.error(error); process.exit(1); });
  `;
  const output = execFileSync(process.execPath, ['-e', script, JSON.stringify(cases)], { cwd: REPO, encoding: 'utf8' });
  return JSON.parse(output) as string[][];
}

/**
 * Every remote of shared/apps.json importing every other remote and the host: by a relative path,
 * by a deeper relative path, and by import() with the workspace's name, in turn.
 */
const crossings: Array<Case & { because: RegExp }> = REMOTES.flatMap((remote) =>
  [...REMOTES.filter((other) => other !== remote), HOST].map(({ folder: other }, index) => ({
    file: `${remote.folder}/src/exposed/Bad.tsx`,
    code: [
      `import { x } from '../../${other}/src/x';\nexport { x };\n`,
      `import { y } from '../../../${other}/src/lists/y';\nexport { y };\n`,
      `export const load = () => import('${other}/src/exposed/Z');\n`,
    ][index % 3]!,
    because: /never imports another remote or the shell/,
  })),
);

const bad: Array<Case & { because: RegExp }> = [
  ...crossings,
  {
    file: 'shell/src/Bad.ts',
    code: "import { basketStore } from '../../shared/src/stores/BasketStore';\nexport { basketStore };\n",
    because: /by its package name/,
  },
  {
    file: 'server/src/Bad.ts',
    code: "import type { Product } from '../../shared/src/domain/product';\nexport type P = Product;\n",
    because: /by its package name/,
  },
  {
    file: 'mfe-catalogue/src/Bad.ts',
    code: "import { resolveSiteRoute } from '@copytech/shared/src/domain/resolveSiteRoute';\nexport { resolveSiteRoute };\n",
    because: /by its package name/,
  },
  ...BROWSER_FOLDERS.map((folder) => ({
    file: `${folder}/src/Bad.ts`,
    code: "import type { Config } from '../../server/src/config';\nexport type C = Config;\n",
    because: /never imports the server/,
  })),
];

const good: Case[] = [
  {
    file: 'mfe-basket/src/exposed/Good.tsx',
    code: "import { basketStore } from '@copytech/shared';\nimport { productPath } from '@copytech/shared/domain';\nexport { basketStore, productPath };\n",
  },
  { file: 'mfe-catalogue/src/lists/Good.ts', code: "import { thing } from '../product/thing';\nexport { thing };\n" },
  { file: 'shared/src/stores/Good.ts', code: "import { productPath } from '../domain/catalogue';\nexport { productPath };\n" },
  { file: 'server/src/Good.ts', code: "import { productPath } from '@copytech/shared/domain';\nexport { productPath };\n" },
  { file: 'e2e/tests/Good.ts', code: "import { productPath } from '@copytech/shared/domain';\nexport { productPath };\n" },
];

describe('lint: import boundaries', () => {
  let badMessages: string[][];
  let goodMessages: string[][];
  beforeAll(() => {
    const all = boundaryMessages([...bad, ...good]);
    badMessages = all.slice(0, bad.length);
    goodMessages = all.slice(bad.length);
  }, 60_000);

  it.each(bad.map((c, index) => [c.file, c.code.split('\n')[0], index] as const))('fails %s: %s', (_file, _line, index) => {
    expect(badMessages[index]).toEqual([expect.stringMatching(bad[index]!.because)]);
  });

  it('passes imports by package name and within a room', () => {
    expect(goodMessages).toEqual(good.map(() => []));
  });
});
