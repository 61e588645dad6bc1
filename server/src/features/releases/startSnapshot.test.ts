/**
 * `npm start` does not follow a rebuilt folder (startSnapshot.ts), on SQLite and PostgreSQL: a
 * server started as production (RELEASE_FOLLOW_LOCAL off, the built server's default) snapshots
 * each remote's dist as a release at start (the id `npm run release -- publish` of that folder
 * gives), renders the snapshot, and a rebuild of the folder changes nothing served until it is
 * published and promoted. A restart keeps it; a start with a new build replaces an earlier start's
 * snapshot, never a release a team promoted. With RELEASE_FOLLOW_LOCAL a rebuild is followed as
 * before. Several instances snapshot only into a store they all share.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { REMOTE_NAMES, type RemoteName } from '@copytech/shared/domain';
import { loadConfig, REPO_ROOT, type Config } from '../../config';
import { START_ACTOR } from './startSnapshot';
import { configOn, testApp } from '../../../test/helpers';
import { databases, postgresDatabase, postgresSkipped } from '../../../test/postgres';
import { siteWithReleases } from '../../../test/releaseFixtures';
import { bearer, buildOf, localTokens, manifestGate, upload } from '../../../test/releasesFixtures';

const manual = { gate: manifestGate, autoStart: false };
const PAGE = '/discover-print-savings';

/** A server container of `remote` whose every exposed module renders `text` (as releaseFixtures' are). */
const container = (remote: RemoteName, text: string) => `
const React = require('react');
function Exposed() { return React.createElement('p', { className: 'said' }, ${JSON.stringify(text)}); }
module.exports = { ${remote}: { init: async () => undefined, get: async () => () => ({ default: Exposed, __esModule: true }) } };
`;

function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/**
 * A site whose remotes' dist folders are as a build leaves them: complete manifests, browser and
 * server entries (the server's renders "<remote> local"), statistics, a map and the standalone page.
 */
function siteWithBuilds(): string {
  const siteRoot = siteWithReleases();
  for (const remote of REMOTE_NAMES) {
    const dist = path.join(siteRoot, `mfe-${remote}`, 'dist');
    for (const [name, text] of Object.entries(buildOf(remote))) if (name !== 'server/remoteEntry.js') write(path.join(dist, name), text);
    write(path.join(dist, 'index.html'), `<!doctype html><title>${remote} alone</title>`);
    write(path.join(dist, 'remoteEntry.js.map'), '{}');
  }
  return siteRoot;
}

/** A rebuild of one remote in place: new server and browser entries. */
function rebuild(siteRoot: string, remote: RemoteName, text: string): void {
  const dist = path.join(siteRoot, `mfe-${remote}`, 'dist');
  write(path.join(dist, 'server', 'remoteEntry.js'), container(remote, text));
  write(path.join(dist, 'remoteEntry.js'), `/* ${remote} browser entry, ${text} */`);
}

const production = (database: 'sqlite' | 'postgres', siteRoot: string, follow = false): Config => {
  const config = configOn(database, { serveSite: true, siteRoot, serverRender: true, renderBudgetMs: 5000 });
  // the store named, as one instance on PostgreSQL must for its builds to be snapshotted
  return { ...config, releases: { ...config.releases, followLocal: follow, storeDir: path.join(config.varDir, 'releases') } };
};

/** The app and the JSON log lines it writes. */
async function started(config: Config): Promise<{ app: FastifyInstance; lines: Array<Record<string, unknown>> }> {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = await testApp({ ...config, logLevel: 'info' }, { logger: { stream }, releases: manual });
  return { app, lines };
}

const liveOf = (app: FastifyInstance, remote: RemoteName) => app.releases.snapshot().remotes[remote].live;
const page = async (app: FastifyInstance) => {
  const response = await app.inject({ url: PAGE });
  return { body: response.body, releases: String(response.headers['x-remote-releases']) };
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const history = async (app: FastifyInstance, remote: RemoteName) =>
  (await app.releases.registry.list(remote)).history.map(({ action, from, to, actor }) => ({ action, from, to, actor }));

/** `npm run release -- publish <remote> --from <folder>` against the app, as a team's CI runs it. */
async function publishCommand(app: FastifyInstance, remote: RemoteName, from: string, token: string): Promise<Record<string, unknown>> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const args = [path.join(REPO_ROOT, 'scripts', 'release.mjs'), 'publish', remote, '--from', from, '--server', url, '--token', token];
  const stdout = await new Promise<string>((resolve, reject) =>
    execFile(process.execPath, args, { env: { PATH: process.env.PATH ?? '' }, timeout: 30_000 }, (error, out, err) =>
      error && !out ? reject(new Error(err)) : resolve(out),
    ),
  );
  return JSON.parse(stdout.trimEnd().split('\n').at(-1)!) as Record<string, unknown>;
}

describe.each(databases())('a server started as production on %s', (database) => {
  it("snapshots each remote's dist at start and renders it; a rebuild changes nothing served until it is published and promoted", async () => {
    const siteRoot = siteWithBuilds();
    const config = production(database, siteRoot);
    const { app, lines } = await started(config);
    try {
      const token = localTokens(config.varDir).checker;
      for (const remote of REMOTE_NAMES)
        expect(liveOf(app, remote)).toMatchObject({
          id: expect.stringMatching(/^[0-9a-f]{12}$/),
          source: 'store',
          registeredBy: START_ACTOR,
        });
      const snapshot = liveOf(app, 'checker').id;
      expect(await history(app, 'checker')).toEqual([
        { action: 'promote', from: 'local', to: snapshot, actor: START_ACTOR },
        { action: 'seed', from: null, to: 'local', actor: 'local' },
      ]);
      expect(lines.find((line) => line.remote === 'checker' && line.release === snapshot)?.msg).toBe(
        `checker: the build in mfe-checker/dist is snapshotted as release ${snapshot} and live`,
      );
      // The snapshot is what the release command's upload of the same folder gives: the same release.
      const dist = path.join(siteRoot, 'mfe-checker', 'dist');
      expect(await publishCommand(app, 'checker', dist, token)).toEqual({
        remote: 'checker',
        release: snapshot,
        gate: 'passed',
        created: false,
      });
      // Its files are in the store (not the standalone page, statistics or maps), and it is what pages render.
      const kept = path.join(config.varDir, 'releases', 'checker', snapshot);
      expect(fs.existsSync(path.join(kept, 'server', 'remoteEntry.js'))).toBe(true);
      for (const left of ['index.html', 'mf-manifest-stats.json', 'remoteEntry.js.map'])
        expect(fs.existsSync(path.join(kept, left))).toBe(false);
      const before = await page(app);
      expect(before.body).toContain('checker local');
      expect(before.releases).toContain(`checker=${snapshot}`);
      expect(before.body).toContain(`/releases/checker/${snapshot}/remoteEntry.js`);

      rebuild(siteRoot, 'checker', 'checker rebuilt');
      await pause(400); // past the federation host's and the manifests' 250 ms look at local builds
      const after = await page(app);
      expect(after.body).toContain('checker local');
      expect(after.body).not.toContain('checker rebuilt');
      expect(after.releases).toBe(before.releases);
      expect((await app.inject({ url: `/releases/checker/${snapshot}/remoteEntry.js` })).body).not.toContain('rebuilt');

      // Shipped as any release: published, then promoted.
      const published = await publishCommand(app, 'checker', dist, token);
      expect(published).toMatchObject({ gate: 'passed', created: true });
      expect(published.release).not.toBe(snapshot);
      expect((await page(app)).body).toContain('checker local');
      const promoted = await app.inject({
        method: 'POST',
        url: '/api/releases/checker/promote',
        payload: { release: published.release },
        headers: bearer(token),
      });
      expect(promoted.statusCode).toBe(200);
      const shipped = await page(app);
      expect(shipped.body).toContain('checker rebuilt');
      expect(shipped.releases).toContain(`checker=${String(published.release)}`);
    } finally {
      await app.close();
    }
  });

  it("a restart keeps the snapshot; a new build replaces an earlier start's snapshot, never a release a team promoted", async () => {
    const siteRoot = siteWithBuilds();
    const config = production(database, siteRoot);
    const first = await started(config);
    const one = liveOf(first.app, 'content').id;
    const versionAfterFirst = first.app.releases.snapshot().version;
    await first.app.close();

    // The same build again: the same release, live already; nothing changes.
    const second = await started(config);
    try {
      expect(liveOf(second.app, 'content').id).toBe(one);
      expect(second.app.releases.snapshot().version).toBe(versionAfterFirst);
      expect(second.lines.some((line) => line.msg === `content: the build in mfe-content/dist is release ${one}, live already`)).toBe(true);
    } finally {
      await second.app.close();
    }

    // A new build: live over the earlier start's snapshot, and a rollback goes back to it.
    rebuild(siteRoot, 'content', 'content two');
    const third = await started(config);
    const two = liveOf(third.app, 'content').id;
    try {
      expect(two).not.toBe(one);
      expect((await history(third.app, 'content'))[0]).toEqual({ action: 'promote', from: one, to: two, actor: START_ACTOR });
      expect((await page(third.app)).body).toContain('content two');
      const token = localTokens(config.varDir).content;
      const back = await third.app.inject({ method: 'POST', url: '/api/releases/content/rollback', payload: {}, headers: bearer(token) });
      expect(back.json()).toMatchObject({ from: two, to: one });
      // a team's release, promoted: a start never replaces it
      const teams = (await upload(third.app, 'content', token, buildOf('content', { marker: 'team' }))).json() as { release: string };
      const promote = await third.app.inject({
        method: 'POST',
        url: '/api/releases/content/promote',
        payload: { release: teams.release },
        headers: bearer(token),
      });
      expect(promote.statusCode).toBe(200);
    } finally {
      await third.app.close();
    }

    rebuild(siteRoot, 'content', 'content three');
    const fourth = await started(config);
    try {
      const live = liveOf(fourth.app, 'content');
      expect(live.registeredBy).toBe('local'); // the local deploy token's label
      const kept = fourth.lines.find((line) => line.remote === 'content' && typeof line.msg === 'string' && line.msg.includes('only kept'));
      expect(kept).toMatchObject({ live: live.id, liveBy: 'local' });
      const three = String(kept!.release);
      expect(fourth.app.releases.find('content', three)).toMatchObject({ registeredBy: START_ACTOR, source: 'store' });
      expect(three).not.toBe(two);
      // the other remotes, still on the first start's snapshots, are unchanged
      expect(liveOf(fourth.app, 'checker').registeredBy).toBe(START_ACTOR);
    } finally {
      await fourth.app.close();
    }
  });

  it('with RELEASE_FOLLOW_LOCAL, the local build stays live and is followed as it is rebuilt', async () => {
    const siteRoot = siteWithBuilds();
    const { app } = await started(production(database, siteRoot, true));
    try {
      for (const remote of REMOTE_NAMES) expect(liveOf(app, remote).id).toBe('local');
      expect((await page(app)).releases).toBe('catalogue=local, basket=local, checker=local, content=local');
      expect(fs.existsSync(path.join(app.releases.store.root, 'checker'))).toBe(false);
      expect((await page(app)).body).toContain('checker local');
      rebuild(siteRoot, 'checker', 'checker rebuilt');
      await pause(400);
      expect((await page(app)).body).toContain('checker rebuilt');
    } finally {
      await app.close();
    }
  });

  it('snapshots nothing while a live instance serves from another store, and says so', async () => {
    const siteRoot = siteWithBuilds();
    const config = production(database, siteRoot);
    const before = await started({ ...config, releases: { ...config.releases, followLocal: true } });
    await before.app.db
      .insertInto('release_instances')
      .values({
        instance_id: 'other',
        store_id: '00000000-0000-4000-8000-000000000000',
        pid: 1,
        hostname: 'b',
        pointer_version: 0,
        seen_at: Date.now(),
      })
      .execute();
    await before.app.close();
    const { app, lines } = await started(config);
    try {
      for (const remote of REMOTE_NAMES) expect(liveOf(app, remote).id).toBe('local');
      expect(fs.existsSync(path.join(app.releases.store.root, 'checker'))).toBe(false);
      expect(lines.find((line) => line.level === 40 && String(line.msg).includes('not snapshotted'))?.reason).toBe(
        '2 release stores are in use by the running instances',
      );
    } finally {
      await app.close();
    }
  });
});

const onPostgres = postgresSkipped() ? describe.skip : describe;

onPostgres('several instances on one PostgreSQL', () => {
  it('each with a store of its own (RELEASE_STORE_DIR unset): nothing is snapshotted, `local` stays live, and each says why', async () => {
    const siteRoot = siteWithBuilds();
    const database = postgresDatabase();
    const config = () => {
      const base = production('sqlite', siteRoot);
      return { ...base, database, releases: { ...base.releases, storeDir: null } };
    };
    const [a, b] = await Promise.all([started(config()), started(config())]);
    try {
      for (const { app, lines } of [a, b]) {
        for (const remote of REMOTE_NAMES) expect(liveOf(app, remote).id).toBe('local');
        expect(lines.find((line) => line.level === 40 && String(line.msg).includes('not snapshotted'))?.reason).toMatch(
          /RELEASE_STORE_DIR/,
        );
      }
    } finally {
      await Promise.all([a.app.close(), b.app.close()]);
    }
  });

  it('sharing RELEASE_STORE_DIR, started together: one snapshot per remote, live on both, made live once', async () => {
    const siteRoot = siteWithBuilds();
    const database = postgresDatabase();
    const first = production('sqlite', siteRoot);
    const storeDir = path.join(first.varDir, 'shared-releases');
    const config = (base: Config) => ({ ...base, database, releases: { ...base.releases, storeDir } });
    const [a, b] = await Promise.all([started(config(first)), started(config(production('sqlite', siteRoot)))]);
    try {
      await Promise.all([a.app.releases.registry.refresh(), b.app.releases.registry.refresh()]);
      for (const remote of REMOTE_NAMES) {
        const id = liveOf(a.app, remote).id;
        expect(id).toMatch(/^[0-9a-f]{12}$/);
        expect(liveOf(b.app, remote).id).toBe(id);
        expect((await history(a.app, remote)).filter((row) => row.actor === START_ACTOR)).toHaveLength(1);
      }
      expect((await page(b.app)).releases).toContain(`checker=${liveOf(a.app, 'checker').id}`);
    } finally {
      await Promise.all([a.app.close(), b.app.close()]);
    }
  });
});

describe('RELEASE_FOLLOW_LOCAL', () => {
  it('is on from the sources (npm run dev, the tests), set by 1 or 0, and refuses anything else naming itself', () => {
    expect(loadConfig({}).releases.followLocal).toBe(true);
    expect(loadConfig({ RELEASE_FOLLOW_LOCAL: '0' }).releases.followLocal).toBe(false);
    expect(loadConfig({ RELEASE_FOLLOW_LOCAL: 'false' }).releases.followLocal).toBe(false);
    expect(loadConfig({ RELEASE_FOLLOW_LOCAL: '1' }).releases.followLocal).toBe(true);
    expect(() => loadConfig({ RELEASE_FOLLOW_LOCAL: 'yes' })).toThrow(/^RELEASE_FOLLOW_LOCAL must be 1/);
  });
});
