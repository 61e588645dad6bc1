/**
 * The release gate's checks of a candidate's manifests and shared packages (server/src/features/releases/gate.ts,
 * gateManifest.ts, gateChecks.ts), on copies of the REAL builds (gateFixtures.ts) changed the way
 * a faulty release would be. The live shell is the repo's real shell build and the server's
 * packages are its node_modules. The render check is gateRender.test.ts's: here every sample page
 * is answered rendered, so that each refusal below is the manifests' alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '@copytech/shared/domain';
import { REPO_ROOT } from '../../config';
import { checkRelease, describeBuild, type GateCandidate, type GateContext } from './gate';
import { serverProvidedVersions, sharedOfManifestText } from './gateChecks';
import {
  candidateFrom,
  copyOfBuild,
  editManifest,
  ensureRealBuilds,
  previousMajorChecker,
  readText,
  realDist,
} from '../../../test/gateFixtures';

beforeAll(() => ensureRealBuilds(), 15 * 60_000);

function context(overrides: Partial<GateContext> = {}): GateContext & { rendered: string[][] } {
  const rendered: string[][] = [];
  return {
    shellProvides: sharedOfManifestText(fs.readFileSync(path.join(REPO_ROOT, 'shell', 'dist', 'mf-manifest.json'), 'utf8')),
    serverProvides: serverProvidedVersions(),
    sampleUrls: ['/sample'],
    liveTargets: Object.fromEntries(
      REMOTE_NAMES.map((name) => [name, { id: 'local', serverEntry: `file:///live/${name}` }]),
    ) as GateContext['liveTargets'],
    budgetMs: 400,
    renderSamples: async (urls) => {
      rendered.push(urls);
      return { loads: [], renders: urls.map((url) => ({ url, ms: 12, ok: true, usedRemote: true, used: [] })) };
    },
    rendered,
    ...overrides,
  };
}

const check = (candidate: GateCandidate, overrides: Partial<GateContext> = {}) => checkRelease(candidate, context(overrides));

describe('the release gate: manifests and shared packages', () => {
  it.each(REMOTE_NAMES)('passes the real build of %s', async (remote) => {
    const result = await check(candidateFrom(remote, copyOfBuild(remote)));
    expect(result.reasons).toEqual([]);
    expect(result.passed).toBe(true);
    expect(result.renders).toEqual([{ url: '/sample', ms: 12, ok: true }]);
  });

  it('refuses a manifest it cannot read, naming which and why', async () => {
    const candidate = candidateFrom('checker', copyOfBuild('checker'));
    const result = await check({ ...candidate, browserManifest: { error: 'HTTP 404 at https://cdn.example/checker/7/mf-manifest.json' } });
    expect(result.passed).toBe(false);
    expect(result.reasons).toEqual(['browser manifest: not readable (HTTP 404 at https://cdn.example/checker/7/mf-manifest.json)']);

    const dir = copyOfBuild('checker');
    fs.rmSync(path.join(dir, 'server', 'mf-manifest.json'));
    const missing = await check(candidateFrom('checker', dir));
    expect(missing.reasons).toEqual([expect.stringMatching(/^server manifest: not readable \(ENOENT/)]);
  });

  it('refuses a malformed manifest, and one that is not a manifest', async () => {
    const candidate = candidateFrom('checker', copyOfBuild('checker'));
    const text = candidate.serverManifest as string;
    const result = await check({ ...candidate, serverManifest: text.slice(0, text.length / 2), browserManifest: '[1, 2]' });
    expect(result.reasons).toEqual([
      'browser manifest: not a Module Federation manifest (its JSON is not an object)',
      'server manifest is not valid JSON',
    ]);
    // and the server build is not rendered: nothing says where it is
    expect(result.renders).toEqual([]);
  });

  it('refuses an incomplete manifest: no metaData, no remoteEntry, no exposes, no shared', async () => {
    const dir = copyOfBuild('content');
    editManifest(dir, 'mf-manifest.json', (json) => {
      delete (json.metaData as { remoteEntry?: unknown }).remoteEntry;
      delete json.exposes;
    });
    editManifest(dir, 'server/mf-manifest.json', (json) => {
      delete (json as { shared?: unknown }).shared;
    });
    const result = await check(candidateFrom('content', dir));
    expect(result.reasons).toEqual(['browser manifest: no remoteEntry', 'browser manifest: no exposes', 'server manifest: no shared']);

    editManifest(dir, 'mf-manifest.json', (json) => {
      delete json.metaData;
    });
    expect((await check(candidateFrom('content', dir))).reasons).toContain('browser manifest: no metaData');
  });

  it('refuses a build of another remote, and one whose browser files are not found beside its manifest', async () => {
    const checker = candidateFrom('checker', copyOfBuild('checker'));
    const basket = candidateFrom('basket', copyOfBuild('basket'));
    const result = await check({ ...checker, serverManifest: basket.serverManifest });
    expect(result.reasons).toContain('server manifest names "basket", not "checker"');
    expect(result.reasons).toContain('server manifest: expose "SavingsChecker" missing (the shell\'s contract requires it)');

    const dir = copyOfBuild('checker');
    editManifest(dir, 'mf-manifest.json', (json) => {
      (json.metaData as { publicPath: string }).publicPath = '/remotes/checker/';
    });
    expect((await check(candidateFrom('checker', dir))).reasons).toEqual([
      'browser manifest: publicPath is "/remotes/checker/", not "auto" (a release\'s files are found beside its manifest)',
    ]);
  });

  it("refuses a build that does not expose what the shell's contract requires, in either manifest", async () => {
    const dir = copyOfBuild('catalogue');
    editManifest(dir, 'mf-manifest.json', (json) => {
      json.exposes = (json.exposes as Array<{ name: string }>).filter((expose) => expose.name !== 'FeaturedProducts');
    });
    editManifest(dir, 'server/mf-manifest.json', (json) => {
      json.exposes = (json.exposes as Array<{ name: string }>).filter((expose) => expose.name !== 'CatalogueRoutes');
    });
    expect((await check(candidateFrom('catalogue', dir))).reasons).toEqual([
      'browser manifest: expose "FeaturedProducts" missing (the shell\'s contract requires it)',
      'server manifest: expose "CatalogueRoutes" missing (the shell\'s contract requires it)',
    ]);
  });

  it('refuses a server manifest whose entry is not the one the release is loaded by', async () => {
    const dir = copyOfBuild('checker');
    editManifest(dir, 'server/mf-manifest.json', (json) => {
      (json.metaData as { remoteEntry: { name: string } }).remoteEntry.name = 'entry.0123456789.js';
    });
    const candidate = candidateFrom('checker', dir);
    expect((await check(candidate)).reasons).toEqual([
      `server manifest: its remoteEntry is "entry.0123456789.js", but the release's server entry is ${candidate.serverEntry}`,
    ]);
  });

  it('refuses an expose naming a file outside the release', async () => {
    const dir = copyOfBuild('checker');
    editManifest(dir, 'mf-manifest.json', (json) => {
      (json.exposes as Array<{ assets: { js: { sync: string[] } } }>)[0]!.assets.js.sync.push('../../shell/main.js');
    });
    expect((await check(candidateFrom('checker', dir))).reasons).toEqual([
      'browser manifest: expose "SavingsChecker" names "../../shell/main.js", which is not a plain relative file name',
    ]);
  });

  it('refuses a checker built against the previous major of @copytech/shared, naming the package', async () => {
    const { dir, current, older } = previousMajorChecker();
    const result = await check(candidateFrom('checker', dir));
    expect(result.passed).toBe(false);
    // (the rewrite, as the e2e test's, also changes any other package required at ^<current>: its reasons may follow)
    expect(result.reasons).toEqual(
      expect.arrayContaining([
        `@copytech/shared: the browser build requires ^${older}; the live shell provides ${current} (a different major)`,
        `@copytech/shared: the server build requires ^${older}; the live shell provides ${current} (a different major)`,
      ]),
    );
    expect(result.reasons.filter((reason) => !reason.startsWith('@copytech/shared'))).not.toContainEqual(
      expect.stringMatching(/manifest|render/),
    );
  });

  it('refuses a @copytech/shared of another major even when its range would allow it', async () => {
    const dir = copyOfBuild('content');
    // The major after the repository's own (the live shell is built from it).
    const { version } = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'shared', 'package.json'), 'utf8')) as { version: string };
    const another = `${Number(version.split('.')[0]) + 1}.0.0`;
    editManifest(dir, 'mf-manifest.json', (json) => {
      const entry = json.shared.find((shared) => shared.name === '@copytech/shared')!;
      entry.version = another;
      entry.requiredVersion = '*';
    });
    expect((await check(candidateFrom('content', dir))).reasons).toEqual([
      `@copytech/shared: the browser build was made with ${another}; the live shell provides ${version} (a different major)`,
    ]);
  });

  const shell = () => sharedOfManifestText(fs.readFileSync(path.join(REPO_ROOT, 'shell', 'dist', 'mf-manifest.json'), 'utf8'));
  const nextMajor = (version: string) => `^${Number(version.split('.')[0]) + 1}.0.0`;

  it.each(['react', 'react-dom', 'react-router-dom', 'mobx', 'mobx-react-lite'])(
    'refuses a build requiring a %s the live shell does not provide',
    async (name) => {
      const dir = copyOfBuild('basket');
      const provided = shell().find((entry) => entry.name === name)!.version;
      editManifest(dir, 'mf-manifest.json', (json) => {
        json.shared.find((entry) => entry.name === name)!.requiredVersion = nextMajor(provided);
      });
      expect((await check(candidateFrom('basket', dir))).reasons).toEqual([
        `${name}: the browser build requires ${nextMajor(provided)}; the live shell provides ${provided}`,
      ]);
    },
  );

  it.each(['react', 'react-router-dom', 'mobx', 'mobx-react-lite'])(
    'refuses a server build requiring a %s the server does not provide',
    async (name) => {
      const dir = copyOfBuild('catalogue');
      const provided = serverProvidedVersions()[name]!;
      editManifest(dir, 'server/mf-manifest.json', (json) => {
        const entry = json.shared.find((shared) => shared.name === name) ?? {
          name,
          version: provided,
          requiredVersion: '',
          singleton: true,
        };
        if (!json.shared.includes(entry)) json.shared.push(entry);
        entry.requiredVersion = nextMajor(provided);
      });
      expect((await check(candidateFrom('catalogue', dir))).reasons).toEqual([
        `${name}: the server build requires ${nextMajor(provided)}; the server provides ${provided}`,
      ]);
    },
  );

  it('refuses a build when the server provides an older react than it requires', async () => {
    const provided = serverProvidedVersions();
    const result = await check(candidateFrom('checker', copyOfBuild('checker')), {
      serverProvides: { ...provided, react: '18.3.1', 'react/jsx-runtime': '18.3.1' },
    });
    expect(result.reasons).toEqual([
      'react/jsx-runtime: the server build requires ^19.0.0; the server provides 18.3.1',
      'react: the server build requires ^19.0.0; the server provides 18.3.1',
    ]);
  });

  it('refuses a singleton that neither the live shell nor the server provides, and a range that is not one', async () => {
    const dir = copyOfBuild('checker');
    const extra = { name: 'zustand', version: '5.0.2', requiredVersion: '^5.0.0', singleton: true };
    editManifest(dir, 'mf-manifest.json', (json) => {
      json.shared.push(extra);
      json.shared.find((entry) => entry.name === 'mobx')!.requiredVersion = 'the newest';
    });
    editManifest(dir, 'server/mf-manifest.json', (json) => {
      json.shared.push(extra, { ...extra, name: 'lodash', singleton: false });
    });
    expect((await check(candidateFrom('checker', dir))).reasons).toEqual([
      'mobx: the browser build requires "the newest", which is not a version range',
      'zustand: the browser build shares it as a singleton; the live shell does not provide it',
      'zustand: the server build shares it as a singleton; neither the server nor the live shell provides it',
    ]);
  });

  it('refuses when the live shell cannot be read, saying so', async () => {
    const result = await check(candidateFrom('checker', copyOfBuild('checker')), { shellProvides: { error: 'ENOENT: no such file' } });
    expect(result.reasons).toEqual([
      "the live shell's browser manifest (shell/dist/mf-manifest.json) cannot be read (ENOENT: no such file)",
    ]);
  });

  it('lists every reason at once, the render check included', async () => {
    const { dir } = previousMajorChecker();
    editManifest(dir, 'mf-manifest.json', (json) => {
      json.name = 'content';
      json.exposes = [];
    });
    const ctx = context({
      sampleUrls: ['/discover-print-savings'],
      renderSamples: async (urls) => ({
        loads: [{ expose: 'SavingsChecker', ms: 20, error: 'remote checker: boom' }],
        renders: urls.map((url) => ({ url, ms: 950, ok: false, error: 'remote checker: boom', usedRemote: false, used: [] })),
      }),
    });
    const result = await checkRelease(candidateFrom('checker', dir), ctx);
    expect(result.passed).toBe(false);
    expect(result.reasons.slice(0, 2)).toEqual([
      'browser manifest names "content", not "checker"',
      'browser manifest: expose "SavingsChecker" missing (the shell\'s contract requires it)',
    ]);
    expect(result.reasons).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^@copytech\/shared: the browser build requires/),
        expect.stringMatching(/^@copytech\/shared: the server build requires/),
      ]),
    );
    expect(result.reasons.slice(-3)).toEqual([
      'server build: "SavingsChecker" did not load (remote checker: boom)',
      'render /discover-print-savings: failed (remote checker: boom)',
      "render /discover-print-savings: the page rendered none of checker's exposed modules",
    ]);
    expect(result.renders).toEqual([{ url: '/discover-print-savings', ms: 950, ok: false }]);
  });

  it('renders the candidate in place of its live release, with the other remotes live', async () => {
    const ctx = context();
    const candidate = candidateFrom('checker', copyOfBuild('checker'));
    await checkRelease(candidate, ctx);
    expect(ctx.rendered).toEqual([['/sample']]);
    let targets: unknown;
    await checkRelease(candidate, { ...ctx, renderSamples: async (urls, given) => ((targets = given), { loads: [], renders: [] }) });
    expect(targets).toEqual({ ...ctx.liveTargets, checker: { id: candidate.id, serverEntry: candidate.serverEntry } });
  });
});

describe('describeBuild: what the registry keeps of a build', () => {
  it('reads the entry, each expose’s files, the shared packages and the exposes of a real build', () => {
    const text = readText(realDist('catalogue'), 'mf-manifest.json');
    const build = describeBuild('catalogue', text);
    expect(build.entryFile).toBe('remoteEntry.js');
    expect(build.exposeNames.sort()).toEqual(['CatalogueRoutes', 'FeaturedProducts', 'SiteSearch']);
    expect(build.exposes.CatalogueRoutes!.js.length).toBeGreaterThan(0);
    for (const files of Object.values(build.exposes))
      for (const file of [...files.js, ...files.css]) expect(fs.existsSync(path.join(realDist('catalogue'), file))).toBe(true);
    expect(build.shared.find((entry) => entry.name === 'react')).toMatchObject({ singleton: true, requiredVersion: '^19.0.0' });
  });

  it('throws with the reasons for a manifest the gate would refuse', () => {
    expect(() => describeBuild('checker' as RemoteName, '{}')).toThrow('browser manifest: no metaData');
  });
});
