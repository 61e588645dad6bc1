/**
 * The server's layout rules of eslint.config.mjs (docs/architecture.md "Rooms and boundaries"): the
 * platform never imports a feature (not even a type, nor by import()), a feature imports another
 * only through its index.ts, and a promise is never dropped. ESLint runs in a child process with
 * the repository's own config, on source text given a path in the server, so what is tested is the
 * config `npm run lint` uses.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const REPO = path.resolve(__dirname, '..', '..');
const RULES = [
  'no-restricted-imports',
  'no-restricted-syntax',
  '@typescript-eslint/no-floating-promises',
  '@typescript-eslint/no-misused-promises',
];

interface Case {
  file: string;
  code: string;
}

/**
 * Lint each case as if it were that file; the messages of the layout rules. A file that exists is
 * linted with its type information (the typed rules need it); a new one without.
 */
function layoutMessages(cases: Case[]): string[][] {
  const script = `
    const fs = require('node:fs');
    const { ESLint } = require('eslint');
    const [cases, rules] = JSON.parse(process.argv[1]);
    (async () => {
      const typed = new ESLint({ cwd: ${JSON.stringify(REPO)} });
      const untyped = new ESLint({ cwd: ${JSON.stringify(REPO)}, overrideConfig: { files: ['server/src/**/*.ts'], languageOptions: { parserOptions: { projectService: false } }, rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' } } });
      const out = [];
      for (const { file, code } of cases) {
        const eslint = fs.existsSync(file) ? typed : untyped;
        const [result] = await eslint.lintText(code, { filePath: file });
        out.push(result.messages.filter((m) => rules.includes(m.ruleId) || m.fatal).map((m) => m.message));
      }
      process.stdout.write(JSON.stringify(out));
    })().catch((error) => { console.error(error); process.exit(1); });
  `;
  const output = execFileSync(process.execPath, ['-e', script, JSON.stringify([cases, RULES])], { cwd: REPO, encoding: 'utf8' });
  return JSON.parse(output) as string[][];
}

const bad: Array<Case & { because: RegExp }> = [
  {
    file: 'server/src/http/Bad.ts',
    code: "import type { ContentStore } from '../features/content';\nexport type C = ContentStore;\n",
    because: /platform never imports a feature/,
  },
  {
    file: 'server/src/pages/releases/Bad.ts',
    code: "import { CatalogueRepository } from '../../features/catalogue/repository';\nexport { CatalogueRepository };\n",
    because: /platform never imports a feature/,
  },
  {
    file: 'server/src/db/Bad.ts',
    code: "export const load = () => import('../features/quote');\n",
    because: /platform never imports a feature/,
  },
  {
    file: 'server/src/features/quote/Bad.ts',
    code: "import { CatalogueRepository } from '../catalogue/repository';\nexport { CatalogueRepository };\n",
    because: /only through its index\.ts/,
  },
  {
    file: 'server/src/features/catalogue/search/Bad.ts',
    code: "import { insertQuote } from '../../quote/quoteStore';\nexport { insertQuote };\n",
    because: /only through its index\.ts/,
  },
  {
    file: 'server/src/main.ts',
    code: 'async function later(): Promise<void> {}\nlater();\n',
    because: /Promises must be awaited/,
  },
  {
    file: 'server/src/main.ts',
    code: 'async function later(): Promise<void> {}\nsetInterval(later, 1000);\n',
    because: /Promise returned in function argument where a void return was expected/,
  },
];

const good: Case[] = [
  { file: 'server/src/app.ts', code: "import { quotePlugin } from './features/quote';\nexport { quotePlugin };\n" },
  {
    file: 'server/src/features/quote/Good.ts',
    code: "import { productsByModelIds } from '../catalogue';\nimport { insertQuote } from './quoteStore';\nimport { queueJobs } from '../../outbox/outbox';\nexport { productsByModelIds, insertQuote, queueJobs };\n",
  },
  {
    file: 'server/src/features/catalogue/search/Good.ts',
    code: "import { productFromRow } from '../productRecord';\nexport { productFromRow };\n",
  },
  { file: 'server/src/http/Good.ts', code: "import { openDatabase } from '../db/database';\nexport { openDatabase };\n" },
  {
    file: 'server/src/main.ts',
    code: 'async function later(): Promise<void> {}\nvoid later();\nexport const run = async () => later();\n',
  },
];

describe('lint: the server layout', () => {
  let badMessages: string[][];
  let goodMessages: string[][];
  beforeAll(() => {
    const all = layoutMessages([...bad, ...good]);
    badMessages = all.slice(0, bad.length);
    goodMessages = all.slice(bad.length);
  }, 120_000);

  it.each(bad.map((c, index) => [c.file, c.code.trim().replaceAll('\n', ' '), index] as const))('fails %s: %s', (_file, _line, index) => {
    expect(badMessages[index]).toEqual([expect.stringMatching(bad[index]!.because)]);
  });

  it('passes imports within a feature, of a feature through its index.ts, of the platform, and promises handed on', () => {
    expect(goodMessages).toEqual(good.map(() => []));
  });
});
