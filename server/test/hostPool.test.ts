/**
 * One federation host per set of releases (server/src/pages/hostPool.ts): made on first use, at
 * most MAX_HOSTS, and a host whose releases are no longer live dropped with everything the
 * federation runtime keeps for its containers.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { REMOTE_NAMES } from '@copytech/shared/domain';
import { REPO_ROOT } from '../src/config';
import type { RenderTargets } from '../src/pages/releases/model';
import { createHostPool, currentReleases, MAX_HOSTS, RECENT_MS, withHost } from '../src/pages/hostPool';
import { ensureRealBuilds } from './gateFixtures';
import { localRelease, siteWithReleases, storeRelease, TestReleases } from './releaseFixtures';

const siteRoot = siteWithReleases();
const log = { warn: () => undefined };
type Federation = { __INSTANCES__: unknown[]; moduleInfo: Record<string, unknown>; __SHARE__: Record<string, unknown> };
const federation = () => (globalThis as unknown as { __FEDERATION__: Federation }).__FEDERATION__;

function targetsWith(checker: { id: string; serverEntry: string }): RenderTargets {
  return Object.fromEntries(
    REMOTE_NAMES.map((name) => [
      name,
      name === 'checker' ? checker : { id: 'local', serverEntry: localRelease(siteRoot, name).serverEntry },
    ]),
  ) as RenderTargets;
}

const noReads = async () => ({ ok: false as const, status: 404 });

describe('the federation hosts of releases', () => {
  it('renders each set of releases with its own containers', async () => {
    const candidate = storeRelease('checker', '0a1b2c3d4e5f', 'checker candidate');
    const releases = new TestReleases(siteRoot, [candidate]);
    const pool = createHostPool({ siteRoot, budgetMs: 5000, log });
    const live = { targets: targetsWith(localRelease(siteRoot, 'checker')), current: currentReleases(releases.snapshot()) };
    releases.set('checker', { canary: { release: candidate, percent: 10 } });
    const canary = { targets: targetsWith(candidate), current: currentReleases(releases.snapshot()) };
    expect((await withHost(pool, live, (held) => held.renderer.render('/', noReads)))?.html).toContain('checker local');
    expect((await withHost(pool, canary, (held) => held.renderer.render('/', noReads)))?.html).toContain('checker candidate');
    expect(pool.size).toBe(2);
    pool.close();
  });

  it('a swap drops the old host: its containers, instances, module info and share scope leave the runtime', async () => {
    const pool = createHostPool({ siteRoot, budgetMs: 5000, log });
    const releases = new TestReleases(siteRoot);
    const before = {
      instances: federation()?.__INSTANCES__.length ?? 0,
      info: Object.keys(federation()?.moduleInfo ?? {}).length,
      share: Object.keys(federation()?.__SHARE__ ?? {}).length,
    };
    for (let swap = 0; swap < 20; swap += 1) {
      const release = storeRelease('checker', `00000000${String(swap).padStart(4, '0')}`, `checker ${swap}`);
      releases.kept.push(release);
      releases.set('checker', { live: release });
      const use = { targets: targetsWith(release), current: currentReleases(releases.snapshot()) };
      expect((await withHost(pool, use, (held) => held.renderer.render('/', noReads)))?.html).toContain(`checker ${swap}`);
      expect(pool.size).toBe(1);
    }
    pool.close();
    expect(federation().__INSTANCES__.length).toBe(before.instances);
    expect(Object.keys(federation().moduleInfo).length).toBe(before.info);
    expect(Object.keys(federation().__SHARE__).length).toBe(before.share);
  });

  it('keeps at most MAX_HOSTS; a host not live is kept RECENT_MS after its last use (a preview), never during a render', async () => {
    let now = 0;
    const pool = createHostPool({ siteRoot, budgetMs: 5000, log, now: () => now });
    const releases = new TestReleases(siteRoot);
    const current = currentReleases(releases.snapshot());
    pool.prune(current);
    const previews = Array.from({ length: MAX_HOSTS + 2 }, (_, n) =>
      storeRelease('checker', `0000000000${String(n).padStart(2, '0')}`, `preview ${n}`),
    );
    const held = previews.map((release) => {
      now += 1;
      return pool.acquire(targetsWith(release));
    });
    // In use: dropped from the pool over the bound, but still renders until released.
    expect(pool.size).toBe(MAX_HOSTS);
    expect((await held[0]!.renderer.render('/', noReads))?.html).toContain('preview 0');
    for (const one of held) one.release();
    now += RECENT_MS - 100;
    pool.prune(current);
    expect(pool.size).toBe(MAX_HOSTS);
    now += 200;
    pool.prune(current);
    expect(pool.size).toBe(0);
    pool.close();
  });
});

describe('the real builds: a canary host beside the live one', () => {
  beforeAll(() => ensureRealBuilds(), 600_000);

  it('each host loads its own copy of every container, so shared packages (@copytech/shared from the shell) resolve in both', () => {
    // In a process of its own: the containers' federation globals are the process's.
    const script = path.join(__dirname, 'fixtures', 'twoHosts.mts');
    const out = execFileSync(process.execPath, ['--import', 'tsx', script, REPO_ROOT], {
      cwd: path.join(__dirname, '..'),
      encoding: 'utf8',
    });
    const results = JSON.parse(out.trim().split('\n').at(-1)!) as Array<{
      host: string;
      clientRendered: string[];
      candidate: boolean;
      heading: boolean;
    }>;
    expect(results).toHaveLength(4);
    for (const result of results) {
      expect(result).toEqual({ host: result.host, clientRendered: [], candidate: result.host === 'candidate', heading: true });
    }
  }, 120_000);
});
