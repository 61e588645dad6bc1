/**
 * @jest-environment node
 *
 * No circles (docs/architecture.md "Rooms and boundaries"): import-x/no-cycle in eslint.config.mjs
 * fails on two files that import each other and on a longer loop, and passes a chain and a
 * type-only import back up it. The rule reads the files it
 * follows from disk, so each case is written to a folder of its own inside the room, linted with
 * the repository's own config in a child process, and removed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const REPO = path.resolve(__dirname, '..', '..');

/** Writes `files` (path inside the repository → source) for the lint, and the no-cycle messages of each. */
function cycleMessages(files: Record<string, string>): Record<string, string[]> {
  const paths = Object.keys(files).map((file) => path.join(REPO, file));
  try {
    for (const [file, code] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(REPO, file)), { recursive: true });
      fs.writeFileSync(path.join(REPO, file), code);
    }
    const script = `
      const { ESLint } = require('eslint');
      const files = JSON.parse(process.argv[1]);
      (async () => {
        const eslint = new ESLint({ cwd: ${JSON.stringify(REPO)} });
        const results = await eslint.lintFiles(files);
        const out = {};
        for (const result of results)
          out[result.filePath] = result.messages.filter((m) => m.ruleId === 'import-x/no-cycle' || m.fatal).map((m) => m.message);
        process.stdout.write(JSON.stringify(out));
      })().catch((error) => { console.error(error); process.exit(1); });
    `;
    const output = execFileSync(process.execPath, ['-e', script, JSON.stringify(paths)], { cwd: REPO, encoding: 'utf8' });
    const byPath = JSON.parse(output) as Record<string, string[]>;
    return Object.fromEntries(Object.keys(files).map((file) => [file, byPath[path.join(REPO, file)] ?? []]));
  } finally {
    for (const file of paths) fs.rmSync(file, { force: true });
    for (const dir of new Set(paths.map((file) => path.dirname(file)))) fs.rmSync(dir, { recursive: true, force: true });
  }
}

const dir = `shared/src/domain/cycleCase${process.pid}`;

it('fails two files that import each other, and each file of a longer loop', () => {
  const messages = cycleMessages({
    [`${dir}/a.ts`]: "import { b } from './b';\nexport const a = (): number => b() + 1;\n",
    [`${dir}/b.ts`]: "import { a } from './a';\nexport const b = (): number => a() - 1;\n",
    [`${dir}/c.ts`]: "import { d } from './d';\nexport const c = (): number => d();\n",
    [`${dir}/d.ts`]: "import { e } from './e';\nexport const d = (): number => e();\n",
    [`${dir}/e.ts`]: "import { c } from './c';\nexport const e = (): number => c();\n",
  });
  for (const file of ['a', 'b', 'c', 'd', 'e']) expect(messages[`${dir}/${file}.ts`]).toEqual([expect.stringMatching(/^Dependency cycle/)]);
});

it('passes a chain, and a type-only import back up it', () => {
  const messages = cycleMessages({
    [`${dir}/chainTop.ts`]: "import { low } from './chainLow';\nexport const top = (): number => low;\n",
    [`${dir}/chainLow.ts`]: "import type { Top } from './chainTypes';\nexport const low = 1;\nexport type Low = Top;\n",
    [`${dir}/chainTypes.ts`]: "import type { top } from './chainTop';\nexport type Top = typeof top;\n",
  });
  expect(messages[`${dir}/chainTop.ts`]).toEqual([]);
  expect(messages[`${dir}/chainLow.ts`]).toEqual([]);
  expect(messages[`${dir}/chainTypes.ts`]).toEqual([]);
});
