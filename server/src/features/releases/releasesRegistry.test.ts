/**
 * The release registry on SQLite and on PostgreSQL: seeding, promote, canary, rollback (and what it
 * rolls back to), the automatic rollback's re-check, the history's rows; and on one PostgreSQL
 * shared by two instances: a change through one is what the other serves within 2 s, without a
 * restart, and instances starting together seed each remote once.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import { loadConfig, StartupError, type Config } from '../../config';
import type { LiveSnapshot } from '../../pages/releases/model';
import { parseDeployTokens } from '../../deployTokens';
import { hashToken, newToken } from './tokens';
import { newPageView } from './pageViews';
import { configOn, testApp } from '../../../test/helpers';
import { databases, postgresDatabase, postgresSkipped } from '../../../test/postgres';
import { bearer, buildOf, localTokens, manifestGate, upload } from '../../../test/releasesFixtures';

const manual = { gate: manifestGate, autoStart: false };

async function uploaded(app: FastifyInstance, token: string, marker: string): Promise<string> {
  const response = await upload(app, 'checker', token, buildOf('checker', { marker }));
  expect(response.statusCode).toBe(201);
  return (response.json() as { release: string }).release;
}

const history = async (app: FastifyInstance) =>
  (await app.releases.registry.list('checker')).history.map(({ action, from, to, percent, actor }) => ({
    action,
    from,
    to,
    percent,
    actor,
  }));

describe.each(databases())('the registry on %s', (database) => {
  let app: FastifyInstance;
  let token: string;
  let config: Config;
  beforeEach(async () => {
    config = configOn(database);
    app = await testApp(config, { releases: manual });
    token = localTokens(config.varDir).checker;
  });
  afterEach(async () => app.close());

  const post = (path: string, payload: object = {}) =>
    app.inject({ method: 'POST', url: `/api/releases/checker/${path}`, payload, headers: bearer(token) });

  it('seeds every remote with its local build once, with a seed row in the history', async () => {
    const snapshot = app.releases.snapshot();
    expect(Object.values(snapshot.remotes).map((r) => [r.live.id, r.live.source, r.canary])).toEqual(
      Array(4).fill(['local', 'local', null]),
    );
    expect(snapshot.version).toBe(4);
    expect(await history(app)).toEqual([{ action: 'seed', from: null, to: 'local', percent: null, actor: 'local' }]);
  });

  it('promote, canary, rollback: the pointer, the snapshot and the history move together', async () => {
    const seen: LiveSnapshot[] = [];
    app.releases.subscribe((snapshot) => seen.push(snapshot));
    const a = await uploaded(app, token, 'a');
    const b = await uploaded(app, token, 'b');
    expect((await post('promote', { release: a })).json()).toMatchObject({ live: a, canary: null, changed: true });
    expect((await post('promote', { release: a })).json()).toMatchObject({ live: a, changed: false });
    expect((await post('promote', { release: b, percent: 25 })).json()).toMatchObject({ live: a, canary: { release: b, percent: 25 } });
    expect((await post('promote', { release: a, percent: 10 })).statusCode).toBe(409);
    // a running canary: rollback ends it, the live release stays
    expect((await post('rollback', { reason: 'slow' })).json()).toMatchObject({ live: a, canary: null });
    expect((await post('promote', { release: b, percent: 50 })).statusCode).toBe(200);
    expect((await post('promote', { release: b, percent: 100 })).json()).toMatchObject({ live: b, canary: null });
    // no canary: back to the release live before, then the one before that, then nothing
    expect((await post('rollback')).json()).toMatchObject({ live: a, from: b, to: a });
    expect((await post('rollback')).json()).toMatchObject({ live: 'local', from: a, to: 'local' });
    const none = await post('rollback');
    expect(none.statusCode).toBe(409);
    expect((none.json() as { message: string }).message).toMatch(/^Nothing to roll back to/);
    expect(await history(app)).toEqual([
      { action: 'rollback', from: a, to: 'local', percent: null, actor: 'local' },
      { action: 'rollback', from: b, to: a, percent: null, actor: 'local' },
      { action: 'promote', from: a, to: b, percent: null, actor: 'local' },
      { action: 'canary', from: a, to: b, percent: 50, actor: 'local' },
      { action: 'rollback', from: b, to: a, percent: 25, actor: 'local' },
      { action: 'canary', from: a, to: b, percent: 25, actor: 'local' },
      { action: 'promote', from: 'local', to: a, percent: null, actor: 'local' },
      { action: 'seed', from: null, to: 'local', percent: null, actor: 'local' },
    ]);
    const listing = (await app.inject({ url: '/api/releases/checker', headers: bearer(token) })).json() as {
      live: string;
      releases: Array<{ id: string; registeredBy: string; gate: { passed: boolean } | null }>;
      history: Array<{ reason: string | null }>;
    };
    expect(listing.live).toBe('local');
    expect(listing.releases.map((r) => r.id).sort()).toEqual([a, b, 'local'].sort());
    expect(listing.history[4]!.reason).toBe('slow');
    // every change replaced the snapshot at once (no poll here), its version the history's id
    expect(seen.map((s) => [s.version, s.remotes.checker.live.id, s.remotes.checker.canary?.percent ?? null])).toEqual([
      [5, a, null],
      [6, a, 25],
      [7, a, null],
      [8, a, 50],
      [9, b, null],
      [10, a, null],
      [11, 'local', null],
    ]);
  });

  it('the automatic rollback ends only the canary still running, once, with its reason', async () => {
    const a = await uploaded(app, token, 'a');
    await post('promote', { release: a, percent: 30 });
    const { registry } = app.releases;
    expect(await registry.autoRollback('checker', 'abcdefabcdef', 'failure rate 50% over 60 views')).toBe(false);
    const [first, second] = await Promise.all([
      registry.autoRollback('checker', a, 'failure rate 12% over 60 views (server 7, browser 0)'),
      registry.autoRollback('checker', a, 'failure rate 12% over 60 views (server 7, browser 0)'),
    ]);
    expect([first, second].sort()).toEqual([false, true]);
    expect(app.releases.snapshot().remotes.checker).toMatchObject({ live: { id: 'local' }, canary: null });
    const rows = (await registry.list('checker')).history.filter((h) => h.action === 'auto-rollback');
    expect(rows).toEqual([
      expect.objectContaining({
        from: a,
        to: 'local',
        percent: 30,
        actor: 'canary-health',
        reason: 'failure rate 12% over 60 views (server 7, browser 0)',
      }),
    ]);
  });

  it('a restart keeps the pointers; REMOTE_*_URL no longer changes a remote that has one', async () => {
    const a = await uploaded(app, token, 'a');
    await post('promote', { release: a });
    const origin = await originServer('content');
    try {
      const remoteManifests = { ...config.remoteManifests, checker: `${origin.url}/mf-manifest.json` };
      const again = await testApp({ ...config, remoteManifests }, { releases: manual });
      try {
        expect(again.releases.snapshot().remotes.checker.live.id).toBe(a);
        expect(origin.requests).toEqual([]);
      } finally {
        await again.close();
      }
    } finally {
      origin.close();
    }
  });
});

/** A folder of a build on another origin (a CDN), counting the requests it answers. */
async function originServer(remote: 'content' | 'checker') {
  const files = buildOf(remote);
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url!);
    const name = request.url!.replace(/^\/r1\//, '');
    if (files[name] === undefined) return response.writeHead(404).end();
    response.writeHead(200).end(files[name]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/r1`, requests, close: () => server.close() };
}

describe('seeding from REMOTE_*_URL', () => {
  it('a remote without a pointer starts on the origin release the setting names, read from there', async () => {
    const origin = await originServer('content');
    try {
      const config = configOn('sqlite', {}, { REMOTE_CONTENT_URL: `${origin.url}/mf-manifest.json` });
      const app = await testApp(config, { releases: manual });
      try {
        const { live } = app.releases.snapshot().remotes.content;
        expect(live).toMatchObject({
          source: 'origin',
          manifestUrl: `${origin.url}/mf-manifest.json`,
          serverEntry: `${origin.url}/server/remoteEntry.js`,
          registeredBy: 'REMOTE_CONTENT_URL',
          exposes: ['ContentPage'],
        });
        expect(live.id).toMatch(/^[0-9a-f]{12}$/);
        expect(origin.requests.sort()).toEqual(['/r1/mf-manifest.json', '/r1/server/mf-manifest.json']);
        expect(app.releases.snapshot().remotes.catalogue.live.id).toBe('local');
      } finally {
        await app.close();
      }
    } finally {
      origin.close();
    }
  });
});

describe('DEPLOY_TOKENS', () => {
  it('takes hashed, labelled entries per remote, and platform entries', () => {
    const token = newToken('basket');
    const entry = `basket:basket-ci:${hashToken(token).toString('hex')}`;
    expect(parseDeployTokens(` ${entry} , checker:qa:${'ab'.repeat(32)},platform:ops:${'cd'.repeat(32)}`)).toEqual([
      { scope: 'basket', label: 'basket-ci', hash: hashToken(token) },
      { scope: 'checker', label: 'qa', hash: Buffer.from('ab'.repeat(32), 'hex') },
      { scope: 'platform', label: 'ops', hash: Buffer.from('cd'.repeat(32), 'hex') },
    ]);
    expect(parseDeployTokens('')).toBeNull();
  });

  it.each([
    ['checker:qa', /entry 1 of 1 must be scope:label:sha256hex/],
    [`checker:qa:${'ab'.repeat(32)},shop:qa:${'ab'.repeat(32)}`, /entry 2 of 2 must start with a remote's name or platform/],
    [`checker:q a:${'ab'.repeat(32)}`, /entry 1 of 1: the label/],
    ['checker:qa:secret-token-in-clear', /entry 1 of 1: the hash must be the token's SHA-256/],
  ])('a malformed entry stops the start, naming its position, never the hash: %s', (value, message) => {
    let error: unknown;
    try {
      loadConfig({ DEPLOY_TOKENS: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('abab');
    expect((error as Error).message).not.toContain('secret-token');
  });

  it('a configured token works for its remote only; the local file is not made', async () => {
    const token = newToken('checker');
    const config = configOn('sqlite', {}, { DEPLOY_TOKENS: `checker:checker-ci:${hashToken(token).toString('hex')}` });
    const app = await testApp(config, { releases: manual });
    try {
      expect(fs.existsSync(`${config.varDir}/deploy-tokens.json`)).toBe(false);
      const response = await upload(app, 'checker', token, buildOf('checker'));
      expect(response.statusCode).toBe(201);
      const { release } = response.json() as { release: string };
      expect(app.releases.find('checker', release)?.registeredBy).toBe('checker-ci');
      expect((await upload(app, 'basket', token, buildOf('basket'))).statusCode).toBe(403);
    } finally {
      await app.close();
    }
  });
});

const onPostgres = postgresSkipped() ? describe.skip : describe;

onPostgres('two instances on one PostgreSQL', () => {
  it('start together and seed each remote once', async () => {
    const database = postgresDatabase();
    const apps = await Promise.all([1, 2, 3].map(() => testApp(configOn('sqlite', { database }), { releases: manual })));
    try {
      const rows = await apps[0]!.db.selectFrom('release_history').select(['remote', 'action']).execute();
      expect(rows.map((r) => `${r.remote}:${r.action}`).sort()).toEqual(['basket:seed', 'catalogue:seed', 'checker:seed', 'content:seed']);
      expect(apps.map((app) => app.releases.snapshot().version)).toEqual([4, 4, 4]);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  });

  it('a promote through one is what the other serves within 2 s, without a restart', async () => {
    const database = postgresDatabase();
    const shared = configOn('sqlite', { database });
    // both use one store folder here (an upload needs one store); the pointer is what is followed
    const a = await testApp(shared, { releases: { gate: manifestGate } });
    const b = await testApp(
      { ...configOn('sqlite', { database }), releases: { ...shared.releases, storeDir: `${shared.varDir}/releases` } },
      { releases: { gate: manifestGate } },
    );
    try {
      const token = localTokens(shared.varDir).checker;
      const release = await uploaded(a, token, 'a');
      const seen = new Promise<number>((resolve) => {
        const started = Date.now();
        b.releases.subscribe((snapshot) => {
          if (snapshot.remotes.checker.live.id === release) resolve(Date.now() - started);
        });
      });
      const promoted = await a.inject({
        method: 'POST',
        url: '/api/releases/checker/promote',
        payload: { release },
        headers: bearer(token),
      });
      expect(promoted.statusCode).toBe(200);
      expect(a.releases.snapshot().remotes.checker.live.id).toBe(release);
      expect(await seen).toBeLessThan(2_000);
      expect((await b.inject({ url: '/api/releases/live' })).json()).toMatchObject({ checker: { release } });
      // b's heartbeat says which version it applied
      await b.releases.heartbeat.beat();
      const beat = await a.db
        .selectFrom('release_instances')
        .select('pointer_version')
        .where('instance_id', '=', b.releases.heartbeat.instanceId)
        .executeTakeFirstOrThrow();
      expect(Number(beat.pointer_version)).toBe(a.releases.snapshot().version);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe.each(databases())('canary health wired to the registry on %s', (database) => {
  it('a canary failing too often is rolled back automatically, its reason in the history; a new canary starts counting afresh', async () => {
    const config = configOn(database);
    const app = await testApp(
      { ...config, releases: { ...config.releases, canaryMinViews: 10, canaryMaxFailureRate: 0.2 } },
      { releases: manual },
    );
    try {
      const token = localTokens(config.varDir).checker;
      const release = await uploaded(app, token, 'a');
      const promote = () =>
        app.inject({ method: 'POST', url: '/api/releases/checker/promote', payload: { release, percent: 40 }, headers: bearer(token) });
      const { health } = app.releases;
      const reportOf = (failure: 'browser' | 'server' | null) => ({
        pageView: newPageView(),
        remote: 'checker' as const,
        release,
        failure,
        expiresAt: Date.now() + 60_000,
      });
      // counted before the canary starts: forgotten when it starts
      for (let i = 0; i < 10; i += 1) health.report(reportOf('server'));
      await health.flush();
      expect((await promote()).statusCode).toBe(200);
      for (let i = 0; i < 7; i += 1) health.report(reportOf(null));
      await health.flush();
      expect(app.releases.snapshot().remotes.checker.canary?.release.id).toBe(release);
      for (let i = 0; i < 3; i += 1) health.report(reportOf('browser'));
      await health.flush();
      expect(app.releases.snapshot().remotes.checker.canary).toBeNull();
      const [latest] = (await app.releases.registry.list('checker')).history;
      expect(latest).toMatchObject({
        action: 'auto-rollback',
        from: release,
        to: 'local',
        percent: 40,
        actor: 'canary-health',
        reason: 'failure rate 30% over 10 views (server 0, browser 3)',
      });
    } finally {
      await app.close();
    }
  });
});

describe('the release settings', () => {
  it('have working defaults and refuse values that cannot work, naming the setting', () => {
    expect(loadConfig({}).releases).toEqual({
      pollMs: 500,
      storeDir: null,
      deployTokens: null,
      perMinute: 30,
      canaryMinViews: 50,
      canaryMaxFailureRate: 0.05,
      // the tests run the server from its sources: it follows the local builds (startSnapshot.test.ts)
      followLocal: true,
      origins: [],
    });
    expect(loadConfig({ RELEASE_STORE_DIR: '/srv/releases', CANARY_MAX_FAILURE_RATE: '0.2' }).releases).toMatchObject({
      storeDir: '/srv/releases',
      canaryMaxFailureRate: 0.2,
    });
    for (const [name, value] of [
      ['RELEASE_POLL_MS', '10'],
      ['RELEASE_POLL_MS', 'soon'],
      ['RATE_LIMIT_RELEASES_PER_MINUTE', '0'],
      ['CANARY_MAX_FAILURE_RATE', '5%'],
      ['CANARY_MAX_FAILURE_RATE', '1'],
      ['CANARY_MIN_VIEWS', '-1'],
      ['RELEASE_FOLLOW_LOCAL', 'yes'],
    ] as const)
      expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^${name} must`));
  });
});
