/**
 * Deploy tokens in the registry's database (docs/deploy.md "What a team needs"): a platform token makes, lists and revokes them through the API, effective at once; a
 * remote's token manages none; a platform token acts on every remote; DEPLOY_TOKENS and the local
 * tokens file seed them (a revoked one stays revoked, a removed entry stays in force and the start
 * log says so); when a token was last used is written at most once a minute.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { REMOTE_NAMES } from '@copytech/shared/domain';
import { REPO_ROOT, type Config } from '../../config';
import { manualClock, testApp, testConfig } from '../../../test/helpers';
import { bearer, buildOf, localTokens, manifestGate, upload } from '../../../test/releasesFixtures';
import { hashToken, newToken, tokenEntry } from './tokens';

const manual = { gate: manifestGate, autoStart: false };
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

type Inject = Awaited<ReturnType<FastifyInstance['inject']>>;

function logLines() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

const call = (app: FastifyInstance, method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

describe('deploy tokens through the API', () => {
  let app: FastifyInstance;
  let config: Config;
  let tokens: ReturnType<typeof localTokens>;
  const answers: Inject[] = [];
  const api = async (method: 'GET' | 'POST', url: string, token?: string, payload?: object) => {
    const answer = await call(app, method, url, token, payload);
    answers.push(answer);
    return answer;
  };
  beforeEach(async () => {
    config = testConfig();
    app = await testApp(config, { releases: manual });
    tokens = localTokens(config.varDir);
  });
  afterEach(async () => {
    await app.close();
    // No answer of the token routes names a path of the server (its folders, the repository, the temp folder).
    const said = answers.splice(0).map((answer) => answer.body);
    for (const where of [config.varDir, REPO_ROOT, os.tmpdir()]) expect(said.filter((body) => body.includes(where))).toEqual([]);
  });

  it('a platform token makes one, shown once; it works at once for its remote only; the list names it, never a hash', async () => {
    const made = await api('POST', '/api/releases/tokens', tokens.platform, { scope: 'checker', label: 'checker-ci' });
    expect(made.statusCode).toBe(201);
    expect(made.headers['cache-control']).toBe('no-store');
    const { token, ...view } = made.json() as { token: string; id: string };
    expect(view).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{16}$/),
      scope: 'checker',
      label: 'checker-ci',
      source: 'api',
      createdAt: expect.stringMatching(ISO),
      createdBy: 'platform:local',
      lastUsedAt: null,
      revokedAt: null,
      revokedBy: null,
    });
    expect(token).toMatch(/^ctd_checker_[A-Za-z0-9_-]{43}$/);

    // at once, on this instance: its remote, and nothing else
    const published = await upload(app, 'checker', token, buildOf('checker'));
    expect(published.statusCode).toBe(201);
    expect(app.releases.find('checker', (published.json() as { release: string }).release)?.registeredBy).toBe('checker-ci');
    expect((await api('POST', '/api/releases/basket/rollback', token, {})).statusCode).toBe(403);

    const listed = await api('GET', '/api/releases/tokens', tokens.platform);
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    const rows = (listed.json() as { tokens: Array<{ id: string; source: string; scope: string; lastUsedAt: string | null }> }).tokens;
    expect(rows[0]).toEqual({ ...view, lastUsedAt: expect.stringMatching(ISO) });
    expect(rows.filter((row) => row.source === 'local').map((row) => row.scope)).toEqual(
      expect.arrayContaining([...REMOTE_NAMES, 'platform']),
    );
    for (const known of [token, ...Object.values(tokens)]) {
      expect(listed.body).not.toContain(known);
      expect(listed.body).not.toContain(hashToken(known).toString('hex'));
    }
    expect(listed.body).not.toMatch(/hash/i);
    // the database keeps the hash, never the token
    const stored = await app.db.selectFrom('deploy_tokens').selectAll().where('id', '=', view.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(hashToken(token).toString('hex'));
    expect(JSON.stringify(await app.db.selectFrom('deploy_tokens').selectAll().execute())).not.toContain(token.slice(12));
  });

  it('a revoked token is refused at once; revoking it again changes nothing; an unknown id is a 404', async () => {
    const { token, id } = (await api('POST', '/api/releases/tokens', tokens.platform, { scope: 'basket', label: 'basket-ci' })).json() as {
      token: string;
      id: string;
    };
    expect((await api('POST', '/api/releases/basket/rollback', token, {})).statusCode).toBe(409);
    const revoked = await api('POST', `/api/releases/tokens/${id}/revoke`, tokens.platform, {});
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ id, scope: 'basket', label: 'basket-ci', revokedAt: expect.stringMatching(ISO), changed: true });
    expect((revoked.json() as { revokedBy: string }).revokedBy).toBe('platform:local');
    const refused = await api('POST', '/api/releases/basket/rollback', token, {});
    expect(refused.statusCode).toBe(401);
    expect((refused.json() as { message: string }).message).toBe('The deploy token is not known to this server, or it was revoked.');
    const again = await api('POST', `/api/releases/tokens/${id}/revoke`, tokens.platform);
    expect(again.json()).toMatchObject({ id, changed: false });
    const missing = await api('POST', '/api/releases/tokens/0123456789abcdef/revoke', tokens.platform);
    expect(missing.statusCode).toBe(404);
    // the local basket token is not touched
    expect((await api('POST', '/api/releases/basket/rollback', tokens.basket, {})).statusCode).toBe(409);
  });

  it('only a platform token manages tokens: a remote token 403, none 401, a bad body or id 400, and nothing changes', async () => {
    const before = (await app.db.selectFrom('deploy_tokens').selectAll().execute()).length;
    const [anyId] = (await app.db.selectFrom('deploy_tokens').select('id').execute()).map((row) => row.id);
    for (const [method, url, payload] of [
      ['POST', '/api/releases/tokens', { scope: 'checker', label: 'x' }],
      ['GET', '/api/releases/tokens', undefined],
      ['POST', `/api/releases/tokens/${anyId}/revoke`, {}],
    ] as const) {
      const remote = await api(method, url, tokens.checker, payload);
      expect([url, remote.statusCode]).toEqual([url, 403]);
      expect((remote.json() as { message: string }).message).toBe(
        'Only a platform token may manage deploy tokens; this one is for checker.',
      );
      const none = await api(method, url, undefined, payload);
      expect([url, none.statusCode, none.headers['www-authenticate']]).toEqual([url, 401, 'Bearer realm="releases"']);
    }
    for (const payload of [
      { scope: 'shop', label: 'x' },
      { scope: 'checker', label: 'a b' },
      { scope: 'checker', label: 'x'.repeat(61) },
      { scope: 'checker' },
      { scope: 'checker', label: '' },
    ])
      expect([payload, (await api('POST', '/api/releases/tokens', tokens.platform, payload)).statusCode]).toEqual([payload, 400]);
    expect((await api('POST', '/api/releases/tokens/nope/revoke', tokens.platform)).statusCode).toBe(400);
    expect((await app.db.selectFrom('deploy_tokens').selectAll().execute()).length).toBe(before);
    expect(await app.db.selectFrom('deploy_tokens').select('id').where('revoked_at', 'is not', null).execute()).toEqual([]);
  });

  it("a platform token acts on every remote's releases, named platform:<label> in the history", async () => {
    for (const remote of ['checker', 'basket'] as const) {
      const { release } = (await upload(app, remote, tokens.platform, buildOf(remote))).json() as { release: string };
      expect((await api('POST', `/api/releases/${remote}/promote`, tokens.platform, { release })).statusCode).toBe(200);
      expect((await api('POST', `/api/releases/${remote}/rollback`, tokens.platform, { reason: 'emergency' })).statusCode).toBe(200);
      const [latest] = (await app.releases.registry.list(remote)).history;
      expect(latest).toMatchObject({ action: 'rollback', actor: 'platform:local', reason: 'emergency' });
    }
  });
});

describe('what is logged of tokens', () => {
  it('every change is one log line naming the token by id, scope and label and who changed it, never the token or its hash', async () => {
    const config = testConfig({ logLevel: 'info' });
    const { lines, stream } = logLines();
    const app = await testApp(config, { logger: { stream }, releases: manual });
    try {
      const { platform } = localTokens(config.varDir);
      const made = (await call(app, 'POST', '/api/releases/tokens', platform, { scope: 'content', label: 'content-ci' })).json() as {
        id: string;
        token: string;
      };
      await call(app, 'POST', `/api/releases/tokens/${made.id}/revoke`, platform);
      const changes = lines.filter((line) => /^deploy token (made|revoked)$/.test(String(line.msg)));
      expect(changes.map(({ msg, id, scope, label, actor }) => ({ msg, id, scope, label, actor }))).toEqual([
        { msg: 'deploy token made', id: made.id, scope: 'content', label: 'content-ci', actor: 'platform:local' },
        { msg: 'deploy token revoked', id: made.id, scope: 'content', label: 'content-ci', actor: 'platform:local' },
      ]);
      const said = JSON.stringify(lines);
      for (const token of [made.token, platform]) {
        expect(said).not.toContain(token.slice(12));
        expect(said).not.toContain(hashToken(token).toString('hex'));
      }
    } finally {
      await app.close();
    }
  });
});

describe('when a token was last used', () => {
  it('is written at most once a minute per token; uses in between are written by the next write or on close', async () => {
    const clock = manualClock(Date.parse('2026-12-01T09:00:00Z'));
    const config = testConfig();
    const app = await testApp(config, { clock, releases: manual });
    const { checker } = localTokens(config.varDir);
    const lastUsed = async () =>
      (
        await app.db
          .selectFrom('deploy_tokens')
          .select('last_used_at')
          .where('token_hash', '=', hashToken(checker).toString('hex'))
          .executeTakeFirstOrThrow()
      ).last_used_at;
    const rollbackWithToken = async () => {
      expect((await call(app, 'POST', '/api/releases/checker/rollback', checker, {})).statusCode).toBe(409);
      // the write is not the request's: it follows on the next turns of the event loop
      for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
    };
    let closed = false;
    try {
      expect(await lastUsed()).toBeNull();
      await rollbackWithToken();
      expect(await lastUsed()).toBe('2026-12-01T09:00:00.000Z');
      clock.advance(30_000);
      await rollbackWithToken();
      await rollbackWithToken();
      expect(await lastUsed()).toBe('2026-12-01T09:00:00.000Z');
      clock.advance(31_000);
      await rollbackWithToken();
      expect(await lastUsed()).toBe('2026-12-01T09:01:01.000Z');
      clock.advance(5_000);
      await rollbackWithToken();
      expect(await lastUsed()).toBe('2026-12-01T09:01:01.000Z');
      const { db } = app;
      const keep = db.destroy.bind(db);
      // closing writes the use not yet written, before the database goes
      let atClose: string | null = null;
      db.destroy = async () => {
        atClose = await lastUsed();
        return keep();
      };
      await app.close();
      closed = true;
      expect(atClose).toBe('2026-12-01T09:01:06.000Z');
    } finally {
      if (!closed) await app.close();
    }
  });
});

describe('DEPLOY_TOKENS and the local tokens file seed the database', () => {
  const restart = async (varDir: string, env: NodeJS.ProcessEnv, logs?: Writable) =>
    testApp(testConfig({ varDir, logLevel: 'info' }, env), { releases: manual, ...(logs ? { logger: { stream: logs } } : {}) });
  const rollback = (app: FastifyInstance, remote: 'checker' | 'basket', token: string) =>
    call(app, 'POST', `/api/releases/${remote}/rollback`, token, {}).then((answer) => answer.statusCode);

  it('the local tokens keep working once DEPLOY_TOKENS is set; the start log says which tokens are in force, never a hash', async () => {
    const varDir = testConfig().varDir;
    await (await restart(varDir, {})).close();
    const local = localTokens(varDir);
    const ci = newToken('checker');
    const { lines, stream } = logLines();
    const app = await restart(varDir, { DEPLOY_TOKENS: tokenEntry('checker', 'checker-ci', ci) }, stream);
    try {
      expect(await rollback(app, 'checker', local.checker)).toBe(409);
      expect(await rollback(app, 'basket', local.basket)).toBe(409);
      expect(await rollback(app, 'checker', ci)).toBe(409);
      expect((await call(app, 'GET', '/api/releases/tokens', local.platform)).statusCode).toBe(200);
      const inForce = lines.find((line) => String(line.msg).startsWith('deploy tokens in force'));
      expect(inForce).toMatchObject({
        level: 30,
        seeded: 1,
        revoked: 0,
        localFile: '$VAR_DIR/deploy-tokens.json',
        inForce: {
          checker: { DEPLOY_TOKENS: 1, local: 1, labels: ['checker-ci', 'local'] },
          basket: { local: 1, labels: ['local'] },
          platform: { local: 1, labels: ['local'] },
        },
      });
      const said = JSON.stringify(lines);
      for (const token of [ci, ...Object.values(local)]) {
        expect(said).not.toContain(token.slice(12));
        expect(said).not.toContain(hashToken(token).toString('hex'));
      }
      // the file is not rewritten while DEPLOY_TOKENS is set
      expect(localTokens(varDir)).toEqual(local);
    } finally {
      await app.close();
    }
  });

  it('a revoked entry stays revoked when DEPLOY_TOKENS lists it again; a removed entry stays in force, and the start log says so', async () => {
    const varDir = testConfig().varDir;
    const ci = newToken('checker');
    const basket = newToken('basket');
    const ops = newToken('platform');
    const all = [tokenEntry('checker', 'checker-ci', ci), tokenEntry('basket', 'basket-ci', basket), tokenEntry('platform', 'ops', ops)];
    const first = await restart(varDir, { DEPLOY_TOKENS: all.join(',') });
    expect(fs.existsSync(path.join(varDir, 'deploy-tokens.json'))).toBe(false);
    const listed = (await call(first, 'GET', '/api/releases/tokens', ops)).json() as { tokens: Array<{ id: string; label: string }> };
    const ciId = listed.tokens.find((row) => row.label === 'checker-ci')!.id;
    const basketId = listed.tokens.find((row) => row.label === 'basket-ci')!.id;
    expect((await call(first, 'POST', `/api/releases/tokens/${ciId}/revoke`, ops)).statusCode).toBe(200);
    await first.close();

    const again = await restart(varDir, { DEPLOY_TOKENS: all.join(',') });
    expect(await rollback(again, 'checker', ci)).toBe(401);
    await again.close();

    const { lines, stream } = logLines();
    const later = await restart(varDir, { DEPLOY_TOKENS: all[2]! }, stream);
    try {
      expect(await rollback(later, 'basket', basket)).toBe(409);
      const warning = lines.find((line) => String(line.msg).startsWith('deploy tokens seeded from DEPLOY_TOKENS that it no longer lists'));
      expect(warning).toMatchObject({ level: 40, tokens: [{ id: basketId, scope: 'basket', label: 'basket-ci' }] });
      expect(String(warning!.msg)).toContain('npm run release -- revoke-token <id>');
      expect(lines.find((line) => String(line.msg).startsWith('deploy tokens in force'))).toMatchObject({
        seeded: 0,
        revoked: 1,
        inForce: { checker: { labels: [] }, basket: { DEPLOY_TOKENS: 1, labels: ['basket-ci'] } },
      });
    } finally {
      await later.close();
    }
  });

  it('a local tokens file from before the platform token gets one; its other tokens stay as they were', async () => {
    const varDir = testConfig().varDir;
    const older = Object.fromEntries(REMOTE_NAMES.map((remote) => [remote, newToken(remote)]));
    fs.writeFileSync(path.join(varDir, 'deploy-tokens.json'), JSON.stringify(older), { mode: 0o600 });
    const app = await restart(varDir, {});
    try {
      const now = localTokens(varDir);
      expect(now).toEqual({ ...older, platform: expect.stringMatching(/^ctd_platform_[A-Za-z0-9_-]{43}$/) });
      expect(fs.statSync(path.join(varDir, 'deploy-tokens.json')).mode & 0o777).toBe(0o600);
      expect((await call(app, 'GET', '/api/releases/tokens', now.platform)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('the release command against this server', () => {
  const run = (args: string[], env: Record<string, string>) =>
    new Promise<{ code: number; result: Record<string, unknown> }>((resolve) => {
      execFile(
        process.execPath,
        [path.join(REPO_ROOT, 'scripts', 'release.mjs'), ...args],
        { env: { PATH: process.env.PATH ?? '', ...env } },
        (error, stdout) =>
          resolve({
            code: error ? Number((error as { code?: number }).code) : 0,
            result: JSON.parse(stdout.trimEnd().split('\n').at(-1)!) as Record<string, unknown>,
          }),
      );
    });

  it('token, tokens and revoke-token with the local platform token: the token works at once, and not once revoked', async () => {
    const config = testConfig();
    const app = await testApp(config, { releases: manual });
    try {
      const server = await app.listen({ port: 0, host: '127.0.0.1' });
      const env = { VAR_DIR: config.varDir };
      const made = await run(['token', 'content', '--label', 'content-ci', '--server', server], env);
      expect(made.code).toBe(0);
      const { token, id } = made.result as { token: string; id: string };
      expect(await (await fetch(`${server}/api/releases/content`, { headers: bearer(token) })).status).toBe(200);
      const listed = await run(['tokens', '--server', server], env);
      expect((listed.result.tokens as Array<{ id: string }>).map((row) => row.id)).toContain(id);
      expect((await run(['revoke-token', id, '--server', server], env)).result).toMatchObject({ id, changed: true });
      expect(await (await fetch(`${server}/api/releases/content`, { headers: bearer(token) })).status).toBe(401);
      const unpreview = await run(['unpreview', 'content', '--server', server], env);
      expect(unpreview).toMatchObject({ code: 0, result: { remote: 'content', release: null } });
    } finally {
      await app.close();
    }
  });
});
