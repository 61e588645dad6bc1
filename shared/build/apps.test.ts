/**
 * @jest-environment node
 *
 * shared/apps.json is the one list of apps. Here: the root package.json's workspaces are the
 * list's folders, every entry names files that exist, a broken list is refused with the entry named,
 * and a fifth remote added to a copy of the list is taken up, with nothing else edited, by the
 * tools that read it (ESLint's boundaries, the Jest projects, the webpack factory, test-room).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type webpack from 'webpack';

const REPO = path.resolve(__dirname, '..', '..');
const { readApps, WORKSPACES, APPS, REMOTES, HOST } = require('./apps.cjs') as typeof import('./apps.cjs');

type Entry = Record<string, unknown>;
const listJson = (): { workspaces: Entry[] } => JSON.parse(fs.readFileSync(path.join(REPO, 'shared', 'apps.json'), 'utf8'));

describe('shared/apps.json', () => {
  it('lists the root package.json workspaces, in their order (npm needs them written out there)', () => {
    const rootPackage = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { workspaces: string[] };
    expect(rootPackage.workspaces).toEqual(WORKSPACES.map((workspace) => workspace.folder));
  });

  it('names folders, configs and exposed modules that exist', () => {
    for (const { folder } of WORKSPACES) expect(fs.existsSync(path.join(REPO, folder, 'package.json'))).toBe(true);
    for (const { folder } of APPS) expect(fs.existsSync(path.join(REPO, folder, 'webpack.config.cjs'))).toBe(true);
    const sources = [...REMOTES, HOST].flatMap(({ folder, exposes, serverExposes }) =>
      Object.values({ ...exposes, ...serverExposes }).map((source) => path.join(REPO, folder, source)),
    );
    expect(sources.length).toBeGreaterThan(REMOTES.length);
    expect(sources.filter((file) => !fs.existsSync(file))).toEqual([]);
  });

  it.each<[string, (list: Entry[]) => void, RegExp]>([
    [
      'a remote without exposes',
      (list) => delete list[2]!.exposes,
      /workspaces\[2\] \(mfe-catalogue\): exposes must name at least one module/,
    ],
    ['two apps on one port', (list) => (list[3]!.devPort = list[2]!.devPort), /two workspaces have the devPort 3001/],
    ['an unknown role', (list) => (list[7]!.role = 'docs'), /workspaces\[7\] \(e2e\): role must be one of/],
    [
      'a second host',
      (list) => {
        list[2]!.role = 'host';
        delete list[2]!.exposes;
      },
      /exactly one workspace is the host/,
    ],
    [
      'an expose outside src',
      (list) => (list[5]!.exposes = { ContentPage: '../x.tsx' }),
      /"ContentPage" must point at a file under \.\/src\//,
    ],
    [
      'a remote whose folder is not mfe-<name>',
      (list) => (list[4]!.folder = 'checker'),
      /\(checker\): a remote's folder is mfe-<name>, here mfe-checker/,
    ],
    ['a name on a workspace that is no app', (list) => (list[6]!.name = 'api'), /only the host and the remotes have a name/],
  ])('refuses %s, naming it', (_what, breakIt, message) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apps-json-'));
    const list = listJson();
    breakIt(list.workspaces);
    fs.writeFileSync(path.join(dir, 'apps.json'), JSON.stringify(list));
    expect(() => readApps(path.join(dir, 'apps.json'))).toThrow(message);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

/**
 * A copy of the repository's tooling (eslint.config.mjs, jest.config.cjs, shared/build, the
 * scripts) beside a copy of the list with one more remote, `printshop` in `mfe-printshop`.
 */
function repoWithFifthRemote(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fifth-remote-'));
  for (const file of ['eslint.config.mjs', 'jest.config.cjs', 'scripts/test-room.mjs', 'shared/package.json'])
    fs.cpSync(path.join(REPO, file), path.join(dir, file), { recursive: true });
  fs.cpSync(path.join(REPO, 'shared', 'build'), path.join(dir, 'shared', 'build'), {
    recursive: true,
    filter: (source) => !source.endsWith('.test.ts'),
  });
  fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  // eslint.config.mjs reads the names of the server's feature folders: the copy has them, empty.
  const features = path.join('server', 'src', 'features');
  for (const entry of fs.readdirSync(path.join(REPO, features), { withFileTypes: true }))
    if (entry.isDirectory()) fs.mkdirSync(path.join(dir, features, entry.name), { recursive: true });
  const list = listJson();
  const serverAt = list.workspaces.findIndex((entry) => entry.role === 'server');
  list.workspaces.splice(serverAt, 0, {
    folder: 'mfe-printshop',
    role: 'remote',
    name: 'printshop',
    devPort: 3005,
    exposes: { PrintshopPage: './src/exposed/PrintshopPage.tsx' },
  });
  fs.writeFileSync(path.join(dir, 'shared', 'apps.json'), JSON.stringify(list, null, 2));
  return dir;
}

/** ESLint's boundary messages for each case, run with the config found in `cwd`. */
function boundaryMessages(cwd: string, cases: Array<{ file: string; code: string }>): string[][] {
  const script = `
    const { ESLint } = require('eslint');
    (async () => {
      const eslint = new ESLint({ cwd: process.cwd() });
      const out = [];
      for (const { file, code } of JSON.parse(process.argv[1])) {
        const [result] = await eslint.lintText(code, { filePath: file });
        out.push(result.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax' || m.fatal).map((m) => m.message));
      }
      process.stdout.write(JSON.stringify(out));
    })().catch((error) => { console.error(error); process.exit(1); });
  `;
  const output = execFileSync(process.execPath, ['-e', script, JSON.stringify(cases)], { cwd, encoding: 'utf8' });
  return JSON.parse(output) as string[][];
}

describe('a fifth remote: one entry in a copy of the list', () => {
  let dir: string;
  beforeAll(() => {
    dir = repoWithFifthRemote();
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const crossings = [
    { file: 'mfe-printshop/src/Bad.ts', code: "import { x } from '../../mfe-basket/src/x';\nexport { x };\n" },
    { file: 'mfe-basket/src/Bad.ts', code: "export const load = () => import('../../mfe-printshop/src/x');\n" },
    { file: 'mfe-printshop/src/Bad.ts', code: "import { routes } from '../../shell/src/routes';\nexport { routes };\n" },
    { file: 'mfe-printshop/src/Bad.ts', code: "import type { Config } from '../../server/src/config';\nexport type C = Config;\n" },
    { file: 'mfe-printshop/src/Bad.ts', code: "import { p } from '../../shared/src/domain/catalogue';\nexport { p };\n" },
  ];

  it('gets the boundaries of a remote from ESLint', () => {
    expect(boundaryMessages(dir, crossings)).toEqual([
      [expect.stringMatching(/never imports another remote or the shell/)],
      [expect.stringMatching(/never imports another remote or the shell/)],
      [expect.stringMatching(/never imports another remote or the shell/)],
      [expect.stringMatching(/never imports the server/)],
      [expect.stringMatching(/by its package name/)],
    ]);
    // The repository's own list has no such remote: there, importing it is no crossing.
    expect(boundaryMessages(REPO, [crossings[1]!])).toEqual([[]]);
  }, 60_000);

  it('gets a Jest project in jsdom, and test-room.mjs knows it', () => {
    const projects = (require(path.join(dir, 'jest.config.cjs')) as { projects: Array<{ displayName: string; testEnvironment: string }> })
      .projects;
    expect(projects.find((project) => project.displayName === 'mfe-printshop')?.testEnvironment).toBe('jsdom');
    const usage = spawnSync(process.execPath, [path.join(dir, 'scripts', 'test-room.mjs')], { encoding: 'utf8' });
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/mfe-content, mfe-printshop, server/);
  });

  it('gets its federation name, exposes and dev port from the webpack factory', () => {
    const { createAppConfigs, DEV_PORTS } = require(
      path.join(dir, 'shared', 'build', 'createAppConfig.cjs'),
    ) as typeof import('./createAppConfig.cjs');
    expect(DEV_PORTS.printshop).toBe(3005);
    const config = createAppConfigs({ appDir: path.join(dir, 'mfe-printshop'), budgets: {} })(
      {},
      { mode: 'development' },
    ) as webpack.Configuration;
    const federation = config.plugins?.find((plugin) => plugin?.constructor.name === 'ModuleFederationPlugin') as unknown as {
      _options: { name: string; exposes: Record<string, string> };
    };
    expect(federation._options).toMatchObject({ name: 'printshop', exposes: { './PrintshopPage': './src/exposed/PrintshopPage.tsx' } });
    expect((config.devServer as { port: number }).port).toBe(3005);
  });
});
