/**
 * The release gate's render check (server/src/features/releases/gateRender.ts, gateWorker.ts): a candidate's
 * server build rendered with the live shell and the other remotes' live builds (the REAL builds
 * of the repo, gateFixtures.ts) for real pages of the site, read from a server's database and API
 * in process. In process here (jest runs the TypeScript sources); the last block bundles the
 * worker script as build.mjs does and checks in a sandboxed process, as the built server does.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { build } from 'esbuild';
import { REMOTE_NAMES, type RemoteName } from '@copytech/shared/domain';
import { REPO_ROOT } from '../../config';
import { inProcessReader } from '../../pages/inProcessApi';
import { createGate, gateSampleUrls, type Gate, type GateOptions } from './gate';
import { candidateFrom, copyOfBuild, ensureRealBuilds, faultyExpose, previousMajorChecker } from '../../../test/gateFixtures';
import { tempDir, testApp } from '../../../test/helpers';

const BUDGET_MS = 1000;
let app: FastifyInstance;
const logged: string[] = [];

beforeAll(async () => {
  ensureRealBuilds();
  app = await testApp();
}, 15 * 60_000);
afterAll(async () => {
  await app.close();
});

function gateWith(options: Partial<GateOptions> = {}): Gate {
  return createGate({
    siteRoot: REPO_ROOT,
    budgetMs: BUDGET_MS,
    readApi: inProcessReader(app),
    sampleUrls: (remote) => gateSampleUrls(app.sitemap, remote),
    log: {
      warn: (object, message) => logged.push(`${message} ${JSON.stringify(object)}`),
      info: (object, message) => logged.push(`${message} ${JSON.stringify(object)}`),
    },
    workerFile: null,
    ...options,
  });
}

describe('the sample pages a remote is rendered on', () => {
  it('are real pages of the site each remote renders, from the database', async () => {
    const samples = Object.fromEntries(
      await Promise.all(REMOTE_NAMES.map(async (remote) => [remote, await gateSampleUrls(app.sitemap, remote)])),
    );
    expect(samples.checker).toEqual(['/discover-print-savings']);
    expect(samples.content.length).toBeGreaterThanOrEqual(3);
    expect(samples.content).toContain('/');
    expect(samples.content.some((url: string) => url.startsWith('/blog'))).toBe(true);
    // a list, a product page, and the home page's featured products
    expect(samples.catalogue).toHaveLength(4);
    expect(samples.catalogue.at(-1)).toBe('/');
    expect(samples.catalogue.filter((url: string) => url.split('/').length === 5)).not.toHaveLength(0);
    // the basket owns no page: the home page and a product page
    expect(samples.basket).toEqual(['/', samples.catalogue.find((url: string) => url.split('/').length === 5)]);
  });
});

describe('the render check, in process', () => {
  const gate = gateWith();
  afterAll(() => gate.close());

  it.each(REMOTE_NAMES)(
    'passes the real build of %s, each sample page within the render budget, in under 10 s',
    async (remote: RemoteName) => {
      const result = await gate.check(candidateFrom(remote, copyOfBuild(remote)));
      expect(result.reasons).toEqual([]);
      expect(result.passed).toBe(true);
      expect(result.renders.length).toBeGreaterThan(0);
      for (const render of result.renders) expect(render).toEqual({ url: expect.any(String), ms: expect.any(Number), ok: true });
      expect(result.ms).toBeLessThan(10_000);
      console.log(
        `gate (in process) ${remote}: ${result.ms} ms; ${result.renders.map((render) => `${render.url} ${render.ms} ms`).join(', ')}`,
      );
    },
  );

  it('refuses a build whose module fails to render, naming the page', async () => {
    const dir = copyOfBuild('checker');
    faultyExpose(dir, 'checker', 'SavingsChecker', "throw new Error('the savings table is undefined')");
    const result = await gate.check(candidateFrom('checker', dir));
    expect(result.passed).toBe(false);
    expect(result.reasons).toEqual([expect.stringMatching(/^render \/discover-print-savings: failed \(the savings table is undefined/)]);
    expect(result.renders).toEqual([{ url: '/discover-print-savings', ms: expect.any(Number), ok: false }]);
  });

  it('refuses a build that renders over the render budget, with its time', async () => {
    const budgetMs = 300;
    const tight = gateWith({ budgetMs });
    const dir = copyOfBuild('content');
    faultyExpose(dir, 'content', 'ContentPage', `const until = Date.now() + ${budgetMs + 200}; while (Date.now() < until);`);
    const result = await tight.check(candidateFrom('content', dir));
    await tight.close();
    expect(result.passed).toBe(false);
    expect(result.reasons).toHaveLength(result.renders.length);
    // Rendered whole but late, or cut at the budget (a part left to the browser): either way, over the budget.
    const over = new RegExp(
      `^render /\\S*: (\\d+ ms, over the render budget of ${budgetMs} ms|failed \\(not rendered within the render budget of ${budgetMs} ms)`,
    );
    for (const reason of result.reasons) expect(reason).toMatch(over);
    for (const render of result.renders) expect(render.ms).toBeGreaterThan(budgetMs);
  });

  it('refuses a build whose server build does not load', async () => {
    const dir = copyOfBuild('catalogue');
    fs.rmSync(path.join(dir, 'server', 'remoteEntry.js'));
    const result = await gate.check(candidateFrom('catalogue', dir));
    expect(result.passed).toBe(false);
    expect(result.reasons).toEqual([
      expect.stringMatching(/^server build: "CatalogueRoutes" did not load \(catalogue: /),
      expect.stringMatching(/^server build: "FeaturedProducts" did not load \(catalogue: /),
      expect.stringMatching(/^server build: "SiteSearch" did not load \(catalogue: /),
      ...result.renders
        .slice(0, 3)
        .flatMap((render) => [expect.stringMatching(new RegExp(`^render ${render.url}: failed \\(remote catalogue: `))]),
    ]);
  });

  it('refuses a basket whose modules do not load on the server (no page renders them there: the drawers open in the browser)', async () => {
    const basket = copyOfBuild('basket');
    faultyExpose(basket, 'basket', 'InstantQuote', '');
    fs.appendFileSync(
      path.join(basket, 'server', 'remoteEntry.js'),
      "\nif (typeof window === 'undefined') throw new Error('needs a window');\n",
    );
    const result = await gate.check(candidateFrom('basket', basket));
    expect(result.passed).toBe(false);
    expect(result.reasons).toEqual([
      expect.stringMatching(/^server build: "BasketDrawer" did not load \(basket: .*needs a window/),
      expect.stringMatching(/^server build: "InstantQuote" did not load \(basket: .*needs a window/),
    ]);
  });

  it('refuses a checker built against the previous major of @copytech/shared: the server cannot render it either', async () => {
    const { dir } = previousMajorChecker();
    const result = await gate.check(candidateFrom('checker', dir));
    expect(result.passed).toBe(false);
    expect(result.reasons).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^@copytech\/shared: the browser build requires/),
        expect.stringMatching(/^@copytech\/shared: the server build requires/),
        expect.stringMatching(/^render \/discover-print-savings: failed \(/),
      ]),
    );
  });
});

describe('the render check, in a sandboxed process of its own', () => {
  // Inside the server's folder, so that the script's require() finds the server's packages, as in dist/.
  const cache = path.join(__dirname, '../../../node_modules/.cache');
  fs.mkdirSync(cache, { recursive: true });
  const dir = fs.mkdtempSync(path.join(cache, 'ct-gate-'));
  const workerFile = path.join(dir, 'gate-worker.mjs');
  let gate: Gate;

  beforeAll(async () => {
    await build({
      entryPoints: [path.join(__dirname, 'gateWorker.ts')],
      outfile: workerFile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      logLevel: 'warning',
      // As build.mjs: npm packages stay external (resolved from server/node_modules), @copytech/shared is bundled.
      plugins: [
        {
          name: 'externals',
          setup: (b) =>
            b.onResolve({ filter: /^[^./]/ }, (args) =>
              args.path.startsWith('@copytech/shared')
                ? undefined
                : { path: require.resolve(args.path, { paths: [__dirname] }), external: true },
            ),
        },
      ],
    });
    gate = gateWith({ workerFile });
  }, 60_000);
  afterAll(async () => {
    await gate.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('passes a real build, with the API read through the server, in under 10 s', async () => {
    const result = await gate.check(candidateFrom('catalogue', copyOfBuild('catalogue')));
    expect(result.reasons).toEqual([]);
    expect(result.renders).toHaveLength(4);
    expect(result.ms).toBeLessThan(10_000);
    console.log(`gate (sandbox) catalogue: ${result.ms} ms; ${result.renders.map((render) => `${render.url} ${render.ms} ms`).join(', ')}`);
  });

  it("loads the candidate's code in the sandbox only, and refuses what fails there", async () => {
    const candidate = copyOfBuild('checker');
    faultyExpose(candidate, 'checker', 'SavingsChecker', "throw new Error('the savings table is undefined')");
    const loadsHere = (globalThis as { __copytechCandidateLoads?: number }).__copytechCandidateLoads ?? 0;
    const result = await gate.check(candidateFrom('checker', candidate));
    expect(result.reasons).toEqual([expect.stringMatching(/^render \/discover-print-savings: failed \(the savings table is undefined/)]);
    expect((globalThis as { __copytechCandidateLoads?: number }).__copytechCandidateLoads ?? 0).toBe(loadsHere);
  });

  it("gives a build that goes for the server's secrets nothing: its refusal and the log hold none of them", async () => {
    // What the issue's hostile checker build did: read VAR_DIR's tokens and the environment, then throw them.
    const varDir = tempDir('ct-gate-var-');
    const tokensFile = path.join(varDir, 'deploy-tokens.json');
    fs.writeFileSync(tokensFile, JSON.stringify({ catalogue: `ctd_catalogue_${'s'.repeat(43)}` }), { mode: 0o600 });
    const tokens = fs.readFileSync(tokensFile, 'utf8');
    process.env.COPYTECH_GATE_TEST_SECRET = 'postgres://copytech:hunter2-not-for-teams@db.internal/copytech';
    const candidate = copyOfBuild('checker');
    faultyExpose(
      candidate,
      'checker',
      'SavingsChecker',
      `let stolen = '';
       try { stolen += require('fs').readFileSync(${JSON.stringify(tokensFile)}, 'utf8'); } catch (error) { stolen += 'tokens: ' + error.code + ' at ' + ${JSON.stringify(tokensFile)}; }
       stolen += ' env: ' + JSON.stringify(process.env) + ' pid ' + process.pid + ' cwd ' + process.cwd();
       throw new Error(stolen + '\\n' + stolen)`,
    );
    logged.length = 0;
    const result = await gate.check(candidateFrom('checker', candidate));
    delete process.env.COPYTECH_GATE_TEST_SECRET;
    expect(result.passed).toBe(false);
    const said = JSON.stringify(result) + logged.join('\n');
    expect(said).not.toContain(tokens.slice(16, 60));
    expect(said).not.toContain('ctd_catalogue_');
    expect(said).not.toContain('hunter2');
    expect(said).not.toContain('COPYTECH_GATE_TEST_SECRET');
    expect(said).not.toContain(varDir);
    expect(said).not.toContain(REPO_ROOT);
    // one line, bounded: the error's first line, its paths taken out
    expect(result.reasons).toEqual([
      expect.stringMatching(
        /^render \/discover-print-savings: failed \(tokens: ERR_ACCESS_DENIED at \[server path\] env: \{"NODE_ENV":"\w+"\} pid \d+ cwd \[server path\]/,
      ),
    ]);
    for (const reason of result.reasons) expect(reason.length).toBeLessThan(300);
  });

  it('answers a refusal when the worker takes too long, and ends it', async () => {
    const slow = gateWith({ workerFile, renderTimeoutMs: 50 });
    const result = await slow.check(candidateFrom('checker', copyOfBuild('checker')));
    expect(result.reasons).toEqual(["render: the server build could not be rendered in the gate's sandbox (no answer within 50 ms)"]);
    await slow.close();
  });
});
