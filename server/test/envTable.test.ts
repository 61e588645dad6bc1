/**
 * The one table of environment variables (docs/deploy.md "Environment variables") says what the
 * server reads: every variable server/src reads is a row of it, and no row names a variable
 * nothing reads. Where the table gives a plain default (a number, an address, a word), setting the
 * variable to it must give the configuration the server has without it. And the table is the only
 * one: the READMEs link to it instead of keeping a copy that would drift.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, REPO_ROOT } from '../src/config';

interface Row {
  names: string[];
  defaults: string;
  line: number;
}

/** The rows of the first table under a `## <heading>` of a Markdown text. */
export function variableRows(markdown: string, heading: string): Row[] {
  const lines = markdown.split(/\r?\n/);
  const start = lines.findIndex((line) => line.trim() === `## ${heading}`);
  if (start < 0) throw new Error(`no heading "## ${heading}"`);
  const rows: Row[] = [];
  let inTable = false;
  for (let index = start + 1; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (/^#{1,2}\s/.test(line)) break;
    if (!line.startsWith('|')) {
      if (inTable) break;
      continue;
    }
    inTable = true;
    const cells = line
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim());
    const names = [...cells[0]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!);
    if (names.length > 0) rows.push({ names, defaults: cells[1] ?? '', line: index + 1 });
  }
  return rows;
}

/** The names a piece of server source reads from an environment: `env.NAME`, `process.env.NAME`, `env['NAME']`. */
export function variablesInSource(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g)) names.add(match[1]!);
  for (const match of source.matchAll(/\benv\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\]/g)) names.add(match[1]!);
  return [...names];
}

/** Every variable loadConfig() asks for, names it builds at run time included (REMOTE_<NAME>_URL). */
function variablesLoadConfigReads(): string[] {
  const asked = new Set<string>();
  const env = new Proxy({} as NodeJS.ProcessEnv, {
    get(_target, key) {
      if (typeof key === 'string') asked.add(key);
      return undefined;
    },
  });
  loadConfig(env);
  return [...asked];
}

/** The server's own source files (not tests), relative to the repository. */
function serverSources(dir = path.join(REPO_ROOT, 'server', 'src')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** What the server reads: loadConfig() as it runs, and every file of server/src as written. */
function variablesTheServerReads(): Set<string> {
  const read = new Set(variablesLoadConfigReads());
  for (const file of serverSources()) for (const name of variablesInSource(fs.readFileSync(file, 'utf8'))) read.add(name);
  return read;
}

/** A default the test can set: plain values, one per variable of the row ("50, 0.05"); not none/on/off. */
export function plainDefaults(row: Row): Record<string, string> | null {
  const values = row.defaults.replace(/`/g, '').split(/,\s*/);
  if (values.length !== row.names.length) return null;
  if (!values.every((value) => /^[\w.@-]+$/.test(value) && !['none', 'on', 'off'].includes(value))) return null;
  return Object.fromEntries(row.names.map((name, index) => [name, values[index]!]));
}

const deploy = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'deploy.md'), 'utf8');
const rows = variableRows(deploy, 'Environment variables');

describe('docs/deploy.md "Environment variables"', () => {
  it('lists every variable the server reads, and only those', () => {
    const read = variablesTheServerReads();
    expect([...read]).toEqual(expect.arrayContaining(['PORT', 'DATABASE_URL', 'REMOTE_CHECKER_URL', 'OUTBOX_CONCURRENCY', 'NODE_ENV']));
    const documented = rows.flatMap((row) => row.names);
    expect(documented.filter((name, index) => documented.indexOf(name) !== index)).toEqual([]);
    expect({
      readButNotInTheTable: [...read].filter((name) => !documented.includes(name)).sort(),
      inTheTableButNeverRead: documented.filter((name) => !read.has(name)).sort(),
    }).toEqual({ readButNotInTheTable: [], inTheTableButNeverRead: [] });
  });

  it('gives each default as config.ts has it, where it is a plain value', () => {
    const unset = loadConfig({});
    const checked: string[] = [];
    const wrong: string[] = [];
    for (const row of rows) {
      const env = plainDefaults(row);
      if (!env) continue;
      checked.push(...row.names);
      let config;
      try {
        config = loadConfig(env);
      } catch (error) {
        wrong.push(`line ${row.line}: ${row.names.join(', ')} = ${row.defaults}: ${(error as Error).message}`);
        continue;
      }
      if (JSON.stringify(config) !== JSON.stringify(unset))
        wrong.push(`line ${row.line}: ${row.names.join(', ')} = ${row.defaults} is not the default`);
    }
    expect(checked.length).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  });

  it('is the only table of them: the READMEs link to it', () => {
    const read = variablesTheServerReads();
    for (const readme of ['README.md', 'server/README.md']) {
      const text = fs.readFileSync(path.join(REPO_ROOT, readme), 'utf8');
      const copies = text
        .split(/\r?\n/)
        .filter((line) => [...line.matchAll(/^\|\s*`([A-Z][A-Z0-9_]*)`/g)].some((match) => read.has(match[1]!)));
      expect([readme, copies]).toEqual([readme, []]);
      expect(text).toContain('docs/deploy.md');
    }
  });

  it('would see a missing row, a wrong default and a variable read in code', () => {
    const table = ['## Environment variables', '', '| variable | default | meaning |', '|---|---|---|', '| `PORT` | 8080 | port |'];
    expect(
      variableRows([...table, '| `CANARY_MIN_VIEWS`, `CANARY_MAX_FAILURE_RATE` | 50, 0.05 | canary |'].join('\n'), 'Environment variables'),
    ).toEqual([
      { names: ['PORT'], defaults: '8080', line: 5 },
      { names: ['CANARY_MIN_VIEWS', 'CANARY_MAX_FAILURE_RATE'], defaults: '50, 0.05', line: 6 },
    ]);
    expect(plainDefaults({ names: ['RENDER_BUDGET_MS'], defaults: '500', line: 1 })).toEqual({ RENDER_BUDGET_MS: '500' });
    expect(JSON.stringify(loadConfig({ RENDER_BUDGET_MS: '500' }))).not.toBe(JSON.stringify(loadConfig({})));
    expect(plainDefaults({ names: ['SMTP_URL'], defaults: 'none', line: 1 })).toBeNull();
    expect(plainDefaults({ names: ['TRUST_PROXY'], defaults: 'nobody (`false`)', line: 1 })).toBeNull();
    expect(variablesInSource("const a = process.env.NEW_SETTING; const b = env['OTHER_ONE']; env.lower;")).toEqual([
      'NEW_SETTING',
      'OTHER_ONE',
    ]);
  });
});
