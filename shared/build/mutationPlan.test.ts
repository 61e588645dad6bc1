/**
 * @jest-environment node
 *
 * What CI mutation-tests of a change (docs/mutation-testing.md "What a change touched, in CI"):
 * `scripts/mutation/plan.mjs` run as CI runs it, in a throwaway git repository of two commits, and
 * the verdict of `scripts/mutation/score.mjs` on the results.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { shareOf, verdict } from '../../scripts/mutation/score.mjs';

const REPO = path.resolve(__dirname, '..', '..');
const PLAN = path.join(REPO, 'scripts', 'mutation', 'plan.mjs');

interface Plan {
  base: string;
  chosen: string;
  rooms: Array<{ room: string; lines: number; files: Array<{ file: string; ranges: Array<[number, number]>; tests: string[] }> }>;
}

const lines = (count: number, word: string) =>
  Array.from({ length: count }, (_, i) => `export const ${word}${i} = ${i};`).join('\n') + '\n';

let dir: string;
const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), text);
};
const plan = (env: Record<string, string> = {}, args: string[] = []): Plan =>
  JSON.parse(
    execFileSync(process.execPath, [PLAN, ...args], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, MUTATION_BASE: '', ...env, MUTATION_ROOT: dir },
    }),
  );

let first: string;
let side: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mutation-plan-'));
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'test@example.com');
  git('config', 'user.name', 'Test');
  write('shared/apps.json', fs.readFileSync(path.join(REPO, 'shared', 'apps.json'), 'utf8'));
  write('shared/build/apps.cjs', fs.readFileSync(path.join(REPO, 'shared', 'build', 'apps.cjs'), 'utf8'));
  write('server/src/limits.ts', lines(10, 'limit'));
  write('server/src/features/catalogue/search/rank.ts', lines(4, 'weight'));
  write('server/src/features/catalogue/search.test.ts', "import './search/rank';\n");
  write('mfe-basket/src/total.ts', lines(5, 'total'));
  write('mfe-basket/src/basket/sum.test.ts', "import { total0 } from '../total';\n");
  git('add', '-A');
  git('commit', '-qm', 'first');
  first = git('rev-parse', 'HEAD');
  write('.ci/mutation-base', `${first}\n`);
  // The change: two lines changed and one deleted, a new component, a search rule, a test changed
  // (not mutated), and files that are not code to mutate (a test helper, types, a tests room).
  const limits = lines(10, 'limit').split('\n');
  limits[2] = 'export const limit2 = 20;';
  limits[3] = 'export const limit3 = 30;';
  limits.splice(7, 1);
  write('server/src/limits.ts', limits.join('\n'));
  write('server/src/features/catalogue/search/rank.ts', lines(5, 'weight'));
  write('mfe-basket/src/Total.tsx', 'export const Total = () => null;\nexport const Nothing = () => null;\n');
  write('mfe-basket/src/basket/sum.test.ts', "import { total0 } from '../total';\nimport { Total } from '../Total';\n");
  write('mfe-basket/src/testing/fakeBasket.ts', lines(3, 'fake'));
  // A test that picks its own environment cannot report coverage to Stryker: never a judge.
  write('mfe-basket/src/serverRender.test.tsx', "/**\n * @jest-environment node\n */\nimport { Total } from './Total';\n");
  // A page reached by a test only through the module that imports it.
  write('server/src/pages/quotePage.ts', 'export const page = 1;\n');
  write('server/src/app.ts', "import { page } from './pages/quotePage';\nexport const app = page;\n");
  write('server/test/app.test.ts', "import { app } from '../src/app';\n");
  write('server/src/types.d.ts', 'export type A = string;\n');
  write('e2e/src/steps.ts', lines(3, 'step'));
  write('server/src/notes.md', 'words\n');
  git('add', '-A');
  git('commit', '-qm', 'second');
  // A commit that is not in main's history (a branch rebased away).
  git('checkout', '-q', '-b', 'side', first);
  write('server/src/side.ts', lines(2, 'side'));
  git('add', '-A');
  git('commit', '-qm', 'side');
  side = git('rev-parse', 'HEAD');
  git('checkout', '-q', 'main');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the plan of what a change touched', () => {
  it("names the lines each commit since .ci/mutation-base added or changed, in each room's code, and the tests that judge them", () => {
    const answer = plan();
    expect(answer.base).toBe(first);
    expect(answer.chosen).toMatch(/since [0-9a-f]{12} \(\.ci\/mutation-base/);
    expect(answer.rooms).toEqual([
      {
        room: 'mfe-basket',
        lines: 2,
        // A test that imports it judges it; an unchanged file whose test changed is not mutated.
        files: [{ file: 'mfe-basket/src/Total.tsx', ranges: [[1, 2]], tests: ['mfe-basket/src/basket/sum.test.ts'] }],
      },
      {
        room: 'server',
        lines: 6,
        files: [
          { file: 'server/src/app.ts', ranges: [[1, 2]], tests: ['server/test/app.test.ts'] },
          // A search rule is judged by the search group's tests that exist.
          {
            file: 'server/src/features/catalogue/search/rank.ts',
            ranges: [[5, 5]],
            tests: ['server/src/features/catalogue/search.test.ts'],
          },
          // A deleted line is no range; a file no test reaches within two imports is left to Jest's related tests.
          { file: 'server/src/limits.ts', ranges: [[3, 4]], tests: [] },
          { file: 'server/src/pages/quotePage.ts', ranges: [[1, 1]], tests: ['server/test/app.test.ts'] },
        ],
      },
    ]);
  });

  it('compares with MUTATION_BASE or --base when named, and with the last commits when the base is not in the history', () => {
    expect(plan({ MUTATION_BASE: 'HEAD' }).rooms).toEqual([]);
    expect(plan({}, ['--base', 'HEAD']).chosen).toMatch(/\(--base\)$/);
    for (const gone of [side, '0123456789abcdef0123456789abcdef01234567']) {
      const lost = plan({ MUTATION_BASE: gone });
      expect(lost.base).toBe(first);
      expect(lost.chosen).toBe(`${gone} is not an ancestor of HEAD: the last 1 commits, from ${first.slice(0, 12)}`);
    }
  });
});

describe('the verdict on the touched lines', () => {
  const mutant = (status: string, file = 'a.ts') => ({ file, line: 1, mutatorName: 'X', status });

  it('counts killed and timed-out mutants against survivors and mutants no test reached, and nothing else', () => {
    const four = [mutant('Killed'), mutant('Killed'), mutant('Killed'), mutant('Timeout'), mutant('CompileError'), mutant('Ignored')];
    expect(verdict([...four, mutant('Survived')], 80)).toMatchObject({ score: 80, passed: true });
    const low = verdict([...four, mutant('Survived'), mutant('NoCoverage', 'b.ts')], 80);
    expect(low.passed).toBe(false);
    expect(low.score).toBeCloseTo(66.67, 1);
    expect(low.undetected.map((m) => [m.file, m.status])).toEqual([
      ['a.ts', 'Survived'],
      ['b.ts', 'NoCoverage'],
    ]);
    expect(low.files.get('a.ts')).toEqual({ killed: 3, timeout: 1, survived: 1, noCoverage: 0, other: 2 });
  });

  it('passes a change with no mutant to judge', () => {
    expect(verdict([mutant('CompileError')], 80)).toMatchObject({ score: null, passed: true });
  });

  it("shares what is left of the budget by touched lines, with a room's floor while it lasts", () => {
    expect(shareOf(600, 30, 120, 60)).toBe(150);
    expect(shareOf(600, 1, 120, 60)).toBe(60);
    expect(shareOf(600, 120, 120, 60)).toBe(600);
    // The budget is never overrun: the last rooms get what is left, and none once it is spent.
    expect(shareOf(50.5, 10, 10, 60)).toBe(50);
    expect(shareOf(-3, 10, 10, 60)).toBe(0);
  });
});
