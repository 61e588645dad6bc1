/**
 * @jest-environment node
 *
 * The repository explains itself: what the code relies on is written in its own docs/, and no file
 * points at anything a clone does not have. This scans every file git knows of (tracked, and new
 * files not ignored) and fails, naming file:line, for:
 *
 * - a reference to the product specification or design kept outside the repository (by their file
 *   names), to the catalogue fact sheet, or to an issue number ("issue 6", "issues #12");
 * - a relative path that climbs out of the repository into the folder beside it (`../shared/` from
 *   the repository's root), or that folder's absolute path;
 * - a pointer `docs/<file>.md "<Section>"` (or `"A" and "B"`) whose file does not exist in docs/ or
 *   has no heading of that title, and any mention of a docs/*.md file that does not exist;
 * - a command `npm run X` (`npm test`, `npm start`), with or without `-w Y`, named in a Markdown
 *   file, whose script X is not in the package.json it runs in (the root's, or Y's);
 * - a CODEOWNERS line naming a path that does not exist, an owner that is not one of the teams, or a
 *   room or server feature folder without a line of its own.
 *
 * Write rules down in docs/product-rules.md, the API in docs/api.md, architecture in
 * docs/architecture.md, how to extend the site in docs/adding-a-remote-or-page.md, and point at their
 * sections from comments.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const REPO = path.resolve(__dirname, '..', '..');
const SELF = path.relative(REPO, __filename).split(path.sep).join('/');

const BINARY = /\.(png|jpe?g|gif|webp|ico|avif|woff2?|ttf|otf|eot|pdf|zip|gz|br|sqlite|db)$/i;

/** Every file git knows of, tracked or new (not ignored), that is text: repository-relative paths. */
function repositoryFiles(): Array<{ file: string; lines: string[] }> {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: REPO,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter(Boolean);
  const files: Array<{ file: string; lines: string[] }> = [];
  for (const file of [...new Set(listed)]) {
    if (BINARY.test(file) || path.basename(file) === 'package-lock.json') continue;
    const full = path.join(REPO, file);
    if (!fs.existsSync(full) || !fs.statSync(full).isFile()) continue; // deleted in the work tree
    const text = fs.readFileSync(full, 'utf8');
    if (text.includes('\0')) continue;
    files.push({ file, lines: text.split(/\r?\n/) });
  }
  return files;
}

const FORBIDDEN: Array<{ pattern: RegExp; what: string }> = [
  { pattern: /\b(?:SPEC|DESIGN)\.md\b/i, what: 'the specification or design outside the repository' },
  { pattern: /catalogue-facts/i, what: 'the catalogue fact sheet outside the repository' },
  { pattern: /\bissues? #?\d+/i, what: 'an issue number' },
];

/** The folder beside the repository that relative paths must not reach into. */
const OUTSIDE = path.join(path.dirname(REPO), 'shared');

function isInside(dir: string, target: string): boolean {
  const relative = path.relative(dir, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** Problems with references to what the repository does not hold, on one line. */
function forbiddenOn(file: string, line: string): string[] {
  const problems = FORBIDDEN.filter(({ pattern }) => pattern.test(line)).map(({ what }) => what);
  for (const match of line.matchAll(/((?:\.\.\/)+)shared\//g)) {
    const target = path.resolve(REPO, path.dirname(file), match[1]!, 'shared');
    if (!isInside(REPO, target)) problems.push(`a path out of the repository (${match[0]})`);
  }
  if (line.includes(OUTSIDE + '/') || line.endsWith(OUTSIDE)) problems.push(`the folder beside the repository (${OUTSIDE})`);
  return problems;
}

/** `docs/<file>.md "Section"`, also `"A", "B" and "C"`; the match may run onto the next line of a comment. */
const POINTER = /docs\/([\w.-]+\.md)[ \t]+("[^"\n]+"(?:(?:,[ \t]*|[ \t]+and[ \t]+|[ \t]+or[ \t]+)"[^"\n]+")*)/g;
const DOC_MENTION = /(?<![\w./-])docs\/([\w.-]+\.md)\b/g;

/** A comment's next line without its comment marker, to read a pointer that was wrapped. */
function continuation(next: string | undefined): string {
  return (next ?? '').replace(/^\s*(?:\*(?!\/)|\/\/+|#+|<!--)?\s*/, '');
}

const headingCache = new Map<string, Set<string> | null>();

/** The titles of a docs file's headings, with and without their numbers ("2. Routes" and "Routes"); null if no such file. */
function headingsOf(doc: string): Set<string> | null {
  if (!headingCache.has(doc)) {
    const full = path.join(REPO, 'docs', doc);
    if (!fs.existsSync(full)) {
      headingCache.set(doc, null);
    } else {
      const titles = new Set<string>();
      let fenced = false;
      for (const line of fs.readFileSync(full, 'utf8').split(/\r?\n/)) {
        if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
        const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
        if (!heading) continue;
        const title = heading[1]!.replace(/`/g, '');
        titles.add(title);
        titles.add(title.replace(/^\d+(?:\.\d+)*\.?\s+/, ''));
      }
      headingCache.set(doc, titles);
    }
  }
  return headingCache.get(doc)!;
}

/** Problems with the docs pointers and mentions on one line. */
function pointersOn(line: string, next: string | undefined): string[] {
  const problems: string[] = [];
  for (const match of line.matchAll(DOC_MENTION)) {
    if (headingsOf(match[1]!) === null) problems.push(`docs/${match[1]} does not exist`);
  }
  const joined = `${line} ${continuation(next)}`;
  for (const match of joined.matchAll(POINTER)) {
    if (match.index! >= line.length) continue; // it starts on the next line, which reports it
    const headings = headingsOf(match[1]!);
    if (headings === null) continue; // reported as a mention
    for (const [, section] of match[2]!.matchAll(/"([^"]+)"/g)) {
      if (!headings.has(section!)) problems.push(`docs/${match[1]} has no heading "${section}"`);
    }
  }
  return problems;
}

const files = repositoryFiles();

function report(
  check: (file: string, line: string, next: string | undefined) => string[],
  skip: (file: string) => boolean = () => false,
): string[] {
  const found: string[] = [];
  for (const { file, lines } of files) {
    if (skip(file)) continue;
    lines.forEach((line, index) => {
      for (const problem of check(file, line, lines[index + 1])) found.push(`${file}:${index + 1}: ${problem}: ${line.trim()}`);
    });
  }
  return found;
}

/** A package.json's scripts; null when the folder has none. */
function scriptsOf(folder: string): Record<string, string> | null {
  const file = path.join(REPO, folder, 'package.json');
  if (!fs.existsSync(file)) return null;
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
}

const WORKSPACES = (JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;

/**
 * Every `npm run X [-w Y …]`, `npm test` and `npm start` in a text (across line breaks), with the
 * workspaces it names before any `--`; none means the repository's root.
 */
export function npmCommandsIn(text: string): Array<{ script: string; workspaces: string[]; command: string }> {
  const found: Array<{ script: string; workspaces: string[]; command: string }> = [];
  const COMMAND = /\bnpm\s+(?:run(?:-script)?\s+([\w:.-]+)|(test|start)\b)((?:\s+(?:-w|--workspace)(?:\s+|=)[^\s`'"|]+)*)/g;
  for (const match of text.matchAll(COMMAND)) {
    const workspaces = [...match[3]!.matchAll(/(?:-w|--workspace)(?:\s+|=)([^\s`'"|]+)/g)].map((w) => w[1]!.replace(/[),.;:]+$/, ''));
    found.push({ script: match[1] ?? match[2]!, workspaces, command: match[0].replace(/\s+/g, ' ') });
  }
  return found;
}

/**
 * Why a command would fail with "Missing script", or null. A workspace written with a placeholder
 * (`-w <app>`, `-w mfe-<name>`) stands for the workspaces it matches: at least one must have the script.
 */
export function missingScript({ script, workspaces }: { script: string; workspaces: string[] }): string | null {
  if (workspaces.length === 0) return scriptsOf('.')?.[script] !== undefined ? null : `the root package.json has no script "${script}"`;
  for (const workspace of workspaces) {
    const pattern = new RegExp(`^${workspace.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/<[^>]+>/g, '[\\w-]+')}$`);
    const matching = WORKSPACES.filter((name) => pattern.test(name));
    if (matching.length === 0) return `no workspace "${workspace}"`;
    if (!matching.some((name) => scriptsOf(name)?.[script] !== undefined)) return `${workspace}/package.json has no script "${script}"`;
  }
  return null;
}

const TEAMS = [
  '@copytech/platform',
  '@copytech/catalogue',
  '@copytech/basket',
  '@copytech/checker',
  '@copytech/content',
  '@copytech/releases',
];

/** What is wrong with CODEOWNERS: unknown paths or owners, and rooms or server features it does not name. */
export function codeOwnersProblems(text: string): string[] {
  const problems: string[] = [];
  const named = new Set<string>();
  text.split(/\r?\n/).forEach((line, index) => {
    const [pattern, ...owners] = line.replace(/#.*/, '').trim().split(/\s+/);
    if (!pattern) return;
    if (owners.length === 0) problems.push(`line ${index + 1}: ${pattern} has no owner`);
    for (const owner of owners) if (!TEAMS.includes(owner)) problems.push(`line ${index + 1}: ${owner} is not one of the teams`);
    if (pattern === '*') return;
    const relative = pattern.replace(/^\//, '').replace(/\/$/, '');
    if (!fs.existsSync(path.join(REPO, relative))) problems.push(`line ${index + 1}: ${pattern} does not exist`);
    named.add(relative);
  });
  const features = fs
    .readdirSync(path.join(REPO, 'server/src/features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `server/src/features/${entry.name}`);
  for (const folder of [...WORKSPACES, ...features]) if (!named.has(folder)) problems.push(`${folder} has no line of its own`);
  return problems;
}

/**
 * The constants table of docs/product-rules.md: each `NAME` in a row's first cell must be declared
 * (`const NAME`) in one of the files its last cell names. Rows without a file are not checked.
 */
export function constantsTableProblems(markdown: string, read: (file: string) => string | null): string[] {
  const problems: string[] = [];
  const lines = markdown.split(/\r?\n/);
  const start = lines.findIndex((line) => /^##\s+(?:\d+\.\s+)?Constants\s*$/.test(line));
  if (start < 0) return ['no "Constants" section'];
  for (const line of lines.slice(start + 1)) {
    if (/^##\s/.test(line)) break;
    if (!line.startsWith('|')) continue;
    const cells = line.slice(1, -1).split('|');
    const names = [...cells[0]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]!);
    const where = [...cells[cells.length - 1]!.matchAll(/`([\w./-]+\.tsx?)`/g)].map((match) => match[1]!);
    if (names.length === 0 || where.length === 0) continue;
    const sources = where.map((file) => ({ file, text: read(file) }));
    for (const { file, text } of sources) if (text === null) problems.push(`${file} does not exist`);
    for (const name of names) {
      const declared = new RegExp(`\\bconst\\s+${name}\\b`);
      if (!sources.some(({ text }) => text !== null && declared.test(text)))
        problems.push(`${name} is not declared in ${where.join(', ')}`);
    }
  }
  return problems;
}

const readRepoFile = (file: string): string | null => {
  const full = path.join(REPO, file);
  return fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : null;
};

describe('the repository explains itself', () => {
  it('reads the files git knows of, this one and the docs among them', () => {
    const names = files.map(({ file }) => file);
    expect(names).toEqual(
      expect.arrayContaining([SELF, 'docs/product-rules.md', 'docs/architecture.md', 'docs/adding-a-remote-or-page.md', 'package.json']),
    );
  });

  it('points at nothing outside the repository: no external specification, fact sheet, issue number or path out of it', () => {
    // This file names what it looks for.
    expect(
      report(
        (file, line) => forbiddenOn(file, line),
        (file) => file === SELF,
      ),
    ).toEqual([]);
  });

  it('names only docs files that exist, and only headings they have', () => {
    // This file's own examples of bad pointers are in the last test.
    expect(
      report(
        (_file, line, next) => pointersOn(line, next),
        (file) => file === SELF,
      ),
    ).toEqual([]);
  });

  it('names only npm scripts that exist, in the package.json each command runs in', () => {
    const markdown = files.filter(({ file }) => file.endsWith('.md'));
    expect(markdown.map(({ file }) => file)).toEqual(expect.arrayContaining(['README.md', 'docs/deploy.md', 'server/README.md']));
    const found: string[] = [];
    let seen = 0;
    for (const { file, lines } of markdown) {
      for (const command of npmCommandsIn(lines.join('\n'))) {
        seen += 1;
        const problem = missingScript(command);
        if (problem) found.push(`${file}: ${command.command}: ${problem}`);
      }
    }
    expect(seen).toBeGreaterThan(50);
    expect(found).toEqual([]);
  });

  it('names, for each constant of docs/product-rules.md "Constants", the file that declares it', () => {
    expect(constantsTableProblems(fs.readFileSync(path.join(REPO, 'docs/product-rules.md'), 'utf8'), readRepoFile)).toEqual([]);
  });

  it('has a CODEOWNERS that names a team for every room and every server feature, and only paths that exist', () => {
    expect(codeOwnersProblems(fs.readFileSync(path.join(REPO, 'CODEOWNERS'), 'utf8'))).toEqual([]);
  });

  it('would see a bad reference or pointer', () => {
    expect(forbiddenOn('shared/src/x.ts', ' * the quote rules (SPEC.md section 5)')).toHaveLength(1);
    expect(forbiddenOn('shared/src/x.ts', ' * (issue 8, item 2)')).toHaveLength(1);
    expect(forbiddenOn('package.json', 'see ../shared/reference/catalogue-facts.md')).toHaveLength(2);
    expect(forbiddenOn('scripts/dev.mjs', "require('../shared/build/createAppConfig.cjs')")).toEqual([]);
    expect(pointersOn(' * (docs/product-rules.md "Quote form")', undefined)).toEqual([]);
    expect(pointersOn(' * (docs/product-rules.md "Quote flow" and "Nowhere")', undefined)).toEqual([
      'docs/product-rules.md has no heading "Nowhere"',
    ]);
    expect(pointersOn(' * the rules (docs/product-rules.md', ' * "Routes") of the site')).toEqual([]);
    expect(pointersOn(' * see docs/no-such-file.md "Anything"', undefined)).toEqual(['docs/no-such-file.md does not exist']);
  });

  it('would see a command whose script does not exist, a constant in the wrong file, and a CODEOWNERS that leaves a room out', () => {
    const commands = npmCommandsIn(
      'run `npm run build -w\nserver` and `npm test -w mfe-basket -w mfe-<name>`, then `npm run release -- list -w x`',
    );
    expect(commands.map(({ script, workspaces }) => [script, workspaces])).toEqual([
      ['build', ['server']],
      ['test', ['mfe-basket', 'mfe-<name>']],
      ['release', []],
    ]);
    expect(commands.map(missingScript)).toEqual([null, null, null]);
    expect(missingScript({ script: 'bench:mail', workspaces: [] })).toBe('the root package.json has no script "bench:mail"');
    expect(missingScript({ script: 'dev', workspaces: ['e2e'] })).toBe('e2e/package.json has no script "dev"');
    expect(missingScript({ script: 'build', workspaces: ['mfe-nowhere'] })).toBe('no workspace "mfe-nowhere"');
    expect(missingScript({ script: 'topology', workspaces: ['mfe-<name>'] })).toBe('mfe-<name>/package.json has no script "topology"');
    const table = '## 11. Constants\n\n| constant | value | where |\n|---|---|---|\n';
    expect(constantsTableProblems(table + '| `MAX_QUOTE_PRODUCTS` | 5 | `shared/src/domain/quote.ts` |\n', readRepoFile)).toEqual([]);
    expect(constantsTableProblems(table + '| `MAX_QUOTE_PRODUCTS` | 5 | `shared/src/domain/catalogue.ts` |\n', readRepoFile)).toEqual([
      'MAX_QUOTE_PRODUCTS is not declared in shared/src/domain/catalogue.ts',
    ]);
    expect(constantsTableProblems(table + '| `X_LIMIT` | 1 | `shared/src/nowhere.ts` |\n', readRepoFile)).toEqual([
      'shared/src/nowhere.ts does not exist',
      'X_LIMIT is not declared in shared/src/nowhere.ts',
    ]);
    const owners = fs.readFileSync(path.join(REPO, 'CODEOWNERS'), 'utf8');
    expect(codeOwnersProblems(owners.replace(/^\/server\/src\/features\/report\/.*$/m, ''))).toEqual([
      'server/src/features/report has no line of its own',
    ]);
    expect(codeOwnersProblems('/mfe-nowhere/ @copytech/sales\n')).toEqual(
      expect.arrayContaining(['line 1: @copytech/sales is not one of the teams', 'line 1: /mfe-nowhere/ does not exist']),
    );
  });
});
