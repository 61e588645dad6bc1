/**
 * The releases API on one instance (SQLite): deploy tokens and their scopes, uploads (content
 * addressed, idempotent, paths checked, refused by the gate and then removed), the store's files as
 * served, the refusal of an upload while instances use different stores, preview links, and the
 * public live list. Origin releases: originReleases.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { REMOTE_NAMES } from '@copytech/shared/domain';
import type { FastifyInstance } from 'fastify';
import type { GateFactory } from './releasesPlugin';
import { signPreview, verifyPreview } from './previewLinks';
import { manualClock, testApp, testConfig } from '../../../test/helpers';
import { bearer, buildOf, localTokens, manifestGate, multipartOf, upload } from '../../../test/releasesFixtures';

let app: FastifyInstance;
let varDir: string;
let tokens: ReturnType<typeof localTokens>;

beforeEach(async () => {
  const config = testConfig();
  varDir = config.varDir;
  app = await testApp(config, { releases: { gate: manifestGate, autoStart: false } });
  tokens = localTokens(varDir);
});
afterEach(async () => app.close());

const storeFolder = (remote: string, id: string) => path.join(varDir, 'releases', remote, id);
const historyCount = async () => (await app.db.selectFrom('release_history').select('id').execute()).length;

describe('deploy tokens', () => {
  it('are made at first start in VAR_DIR, owner-only, one per remote and a platform token', () => {
    const file = path.join(varDir, 'deploy-tokens.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(Object.keys(tokens).sort()).toEqual([...REMOTE_NAMES, 'platform'].sort());
    for (const [scope, token] of Object.entries(tokens)) expect(token).toMatch(new RegExp(`^ctd_${scope}_[A-Za-z0-9_-]{43}$`));
  });

  it('none: 401 with WWW-Authenticate; another remote: 403; nothing changes either way', async () => {
    const first = await upload(app, 'checker', tokens.checker, buildOf('checker'));
    const { release } = first.json() as { release: string };
    const before = await historyCount();
    const none = await app.inject({ method: 'POST', url: '/api/releases/checker/promote', payload: { release } });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(none.json()).toMatchObject({ error: 'Unauthorized' });
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/releases/checker/promote',
      payload: { release },
      headers: bearer(tokens.catalogue),
    });
    expect(wrong.statusCode).toBe(403);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/releases/checker/promote',
      payload: { release },
      headers: bearer(`ctd_checker_${'A'.repeat(43)}`),
    });
    expect(unknown.statusCode).toBe(401);
    const otherUpload = await upload(app, 'checker', tokens.basket, buildOf('checker', { marker: 'two' }));
    expect(otherUpload.statusCode).toBe(403);
    expect((await app.inject({ url: '/api/releases/checker' })).statusCode).toBe(401);
    expect(await historyCount()).toBe(before);
    expect(app.releases.snapshot().remotes.checker.live.id).toBe('local');
  });
});

describe('uploads', () => {
  it('the same files twice are the same release: 201 created, then 200 not created', async () => {
    // larger than the JSON body limit (64 KB): uploads are streamed, not parsed as a body
    const files = { ...buildOf('checker'), 'big.js': 'x'.repeat(300_000) };
    const first = await upload(app, 'checker', tokens.checker, files);
    expect(first.statusCode).toBe(201);
    const body = first.json() as { release: string };
    expect(body).toMatchObject({ remote: 'checker', gate: 'passed', created: true });
    expect(body.release).toMatch(/^[0-9a-f]{12}$/);
    const second = await upload(app, 'checker', tokens.checker, { ...files });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ remote: 'checker', release: body.release, gate: 'passed', created: false });
    const other = await upload(app, 'checker', tokens.checker, buildOf('checker', { marker: 'two' }));
    expect((other.json() as { release: string }).release).not.toBe(body.release);
    expect(fs.readdirSync(path.join(varDir, 'releases', 'checker')).sort()).toEqual(
      [body.release, (other.json() as { release: string }).release].sort(),
    );
    expect(fs.readdirSync(path.join(varDir, 'releases', '.incoming'))).toEqual([]);
    // stats files are the build's: not kept
    expect(fs.existsSync(path.join(storeFolder('checker', body.release), 'mf-manifest-stats.json'))).toBe(false);
    const kept = app.releases.find('checker', body.release)!;
    expect(kept).toMatchObject({
      source: 'store',
      manifestUrl: `/releases/checker/${body.release}/mf-manifest.json`,
      exposes: ['SavingsChecker'],
    });
    expect(kept.serverEntry).toBe(`file://${storeFolder('checker', body.release)}/server/remoteEntry.js`);
  });

  it.each([
    ['../escape.js', /"\.\." segments/],
    ['/etc/passwd', /relative/],
    ['server/../../x.js', /"\.\." segments/],
    ['a b.js', /only letters/],
    ['.store-id', /hidden/],
  ])('refuses the path %s (400), keeping nothing', async (name, message) => {
    const response = await upload(app, 'checker', tokens.checker, { ...buildOf('checker'), [name]: 'x' });
    expect(response.statusCode).toBe(400);
    expect((response.json() as { message: string }).message).toMatch(message);
    expect(fs.existsSync(path.join(varDir, 'releases', 'checker'))).toBe(false);
    expect(fs.readdirSync(path.join(varDir, 'releases', '.incoming'))).toEqual([]);
    expect(fs.existsSync(path.join(varDir, 'escape.js'))).toBe(false);
  });

  it('a build the gate refuses: 422 with every reason, its files removed, nothing registered', async () => {
    const response = await upload(app, 'checker', tokens.checker, buildOf('checker', { namedAs: 'basket', exposes: [] }));
    expect(response.statusCode).toBe(422);
    const body = response.json() as { release: string; gate: string; reasons: string[] };
    expect(body.gate).toBe('refused');
    expect(body.reasons).toEqual([
      'browser manifest names "basket", not "checker"',
      'browser manifest: exposes "SavingsChecker" missing',
      'server manifest names "basket", not "checker"',
      'server manifest: exposes "SavingsChecker" missing',
    ]);
    expect(fs.existsSync(storeFolder('checker', body.release))).toBe(false);
    expect(app.releases.find('checker', body.release)).toBeNull();
    const missing = await upload(app, 'checker', tokens.checker, { 'remoteEntry.js': 'x' });
    expect(missing.json()).toMatchObject({
      gate: 'refused',
      reasons: [expect.stringMatching(/^browser manifest: not readable/), expect.stringMatching(/^server manifest: not readable/)],
    });
  });

  it('is refused (409, saying to publish with --origin) while live instances use different stores', async () => {
    await app.db
      .insertInto('release_instances')
      .values({
        instance_id: 'other-instance',
        store_id: '00000000-0000-4000-8000-000000000000',
        pid: 1,
        hostname: 'b',
        pointer_version: 1,
        seen_at: Date.now(),
      })
      .execute();
    const response = await upload(app, 'checker', tokens.checker, buildOf('checker'));
    expect(response.statusCode).toBe(409);
    expect((response.json() as { message: string }).message).toMatch(/--origin/);
    expect(fs.existsSync(path.join(varDir, 'releases', 'checker'))).toBe(false);
    // an instance not seen for a minute is not alive: uploads are allowed again
    await app.db
      .updateTable('release_instances')
      .set({ seen_at: Date.now() - 60_000 })
      .where('instance_id', '=', 'other-instance')
      .execute();
    expect((await upload(app, 'checker', tokens.checker, buildOf('checker'))).statusCode).toBe(201);
  });

  it('serves the files immutable, for any origin, precompressed, never stats, maps or the store id', async () => {
    const files = { ...buildOf('checker'), 'remoteEntry.js.gz': 'gzipped', 'x.js.map': '{}' };
    const { release } = (await upload(app, 'checker', tokens.checker, files)).json() as { release: string };
    const entry = await app.inject({ url: `/releases/checker/${release}/remoteEntry.js` });
    expect(entry.statusCode).toBe(200);
    expect(entry.body).toContain('checker browser entry');
    expect(entry.headers).toMatchObject({
      'cache-control': 'public, max-age=31536000, immutable',
      'access-control-allow-origin': '*',
      'cross-origin-resource-policy': 'cross-origin',
    });
    const gz = await app.inject({ url: `/releases/checker/${release}/remoteEntry.js`, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body).toBe('gzipped');
    for (const url of [
      `/releases/checker/${release}/x.js.map`,
      '/releases/.store-id',
      `/releases/.incoming/x`,
      `/releases/checker/${release}/../../.store-id`,
    ])
      expect([url, (await app.inject({ url })).statusCode]).toEqual([url, 404]);
  });
});

describe('preview links', () => {
  it('are signed for a kept release, expire, and a forged or altered one is refused', async () => {
    const { release } = (await upload(app, 'checker', tokens.checker, buildOf('checker'))).json() as { release: string };
    const response = await app.inject({
      method: 'POST',
      url: '/api/releases/checker/preview',
      payload: { release, hours: 2 },
      headers: bearer(tokens.checker),
    });
    expect(response.statusCode).toBe(200);
    const { url } = response.json() as { url: string };
    expect(url).toMatch(/^http:\/\/localhost(:\d+)?\/preview\?t=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    const token = new URL(url).searchParams.get('t')!;
    const check = app.releases.verifyPreview(token);
    expect(check).toEqual({ ok: true, claim: { remote: 'checker', release, issuedAt: expect.any(Number), expiresAt: expect.any(Number) } });
    if (check.ok) expect(Math.round((check.claim.expiresAt - Date.now()) / 3_600_000)).toBe(2);
    const [payload, signature] = token.split('.') as [string, string];
    const altered = Buffer.from(JSON.stringify({ r: 'checker', i: release, e: Date.now() + 1e12 })).toString('base64url');
    expect(app.releases.verifyPreview(`${altered}.${signature}`)).toEqual({ ok: false, reason: 'forged' });
    expect(app.releases.verifyPreview(`${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`)).toEqual({
      ok: false,
      reason: 'forged',
    });
    // The same bytes spelt otherwise: the last character's two spare bits flipped.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelt = alphabet[alphabet.indexOf(signature.at(-1)!) ^ 1]!;
    expect(Buffer.from(signature.slice(0, -1) + respelt, 'base64url')).toEqual(Buffer.from(signature, 'base64url'));
    expect(app.releases.verifyPreview(`${payload}.${signature.slice(0, -1)}${respelt}`)).toEqual({ ok: false, reason: 'forged' });
    expect(app.releases.verifyPreview('nonsense')).toEqual({ ok: false, reason: 'malformed' });
    const otherKey = signPreview(Buffer.alloc(32, 7), { remote: 'checker', release, issuedAt: Date.now(), expiresAt: Date.now() + 60_000 });
    expect(app.releases.verifyPreview(otherKey)).toEqual({ ok: false, reason: 'forged' });
    const key = Buffer.from((await app.db.selectFrom('release_settings').select('value').executeTakeFirstOrThrow()).value, 'hex');
    const expired = signPreview(key, { remote: 'checker', release, issuedAt: Date.now() - 2, expiresAt: Date.now() - 1 });
    expect(app.releases.verifyPreview(expired)).toEqual({ ok: false, reason: 'expired' });
    const unknown = signPreview(key, { remote: 'checker', release: 'abcdefabcdef', issuedAt: Date.now(), expiresAt: Date.now() + 60_000 });
    expect(app.releases.verifyPreview(unknown)).toEqual({ ok: false, reason: 'unknown release' });
    expect(verifyPreview(key, token, check.ok ? check.claim.expiresAt : 0, () => true)).toEqual({ ok: false, reason: 'expired' });
    const tooLong = await app.inject({
      method: 'POST',
      url: '/api/releases/checker/preview',
      payload: { release, hours: 169 },
      headers: bearer(tokens.checker),
    });
    expect(tooLong.statusCode).toBe(400);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/releases/checker/preview',
      payload: { release: 'abcdefabcdef' },
      headers: bearer(tokens.checker),
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the public live list', () => {
  it("says each remote's live release and canary, nothing else, never cached", async () => {
    const { release } = (await upload(app, 'checker', tokens.checker, buildOf('checker'))).json() as { release: string };
    const promote = (body: object) =>
      app.inject({ method: 'POST', url: '/api/releases/checker/promote', payload: body, headers: bearer(tokens.checker) });
    expect((await promote({ release, percent: 20 })).statusCode).toBe(200);
    const live = await app.inject({ url: '/api/releases/live' });
    expect(live.headers['cache-control']).toBe('no-store');
    expect(live.json()).toEqual({
      catalogue: { release: 'local' },
      basket: { release: 'local' },
      checker: { release: 'local', canary: { release, percent: 20 } },
      content: { release: 'local' },
    });
    expect((await promote({ release: 'local', percent: 120 })).statusCode).toBe(400);
    expect((await promote({ release: '../x' })).statusCode).toBe(400);
    expect((await promote({ release: 'abcdefabcdef' })).statusCode).toBe(404);
  });

  it('multipart with a field instead of files is refused (400)', async () => {
    const { payload, headers } = multipartOf({});
    const body = Buffer.from(payload.toString().replace(/^(--\S+)--/, '$1\r\nContent-Disposition: form-data; name="x"\r\n\r\ny\r\n$1--'));
    const response = await app.inject({
      method: 'POST',
      url: '/api/releases/checker',
      payload: body,
      headers: { ...headers, ...bearer(tokens.checker) },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('limits, audit and the instance', () => {
  it('every change is one log line naming who, from and to, and no token', async () => {
    const config = testConfig({ logLevel: 'info' });
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const logged = await testApp(config, { logger: { stream }, releases: { gate: manifestGate, autoStart: false } });
    try {
      const token = localTokens(config.varDir).checker;
      const { release } = (await upload(logged, 'checker', token, buildOf('checker'))).json() as { release: string };
      await logged.inject({
        method: 'POST',
        url: '/api/releases/checker/promote',
        payload: { release, percent: 10 },
        headers: bearer(token),
      });
      const changes = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((l) => l.msg === 'release pointer changed');
      expect(changes).toEqual([
        expect.objectContaining({ remote: 'checker', action: 'canary', from: 'local', to: release, percent: 10, actor: 'local' }),
      ]);
      expect(lines.filter((l) => l.includes('release registered'))).toHaveLength(1);
      // A preview link is a credential too: its request is logged without it.
      const link = (
        await logged.inject({ method: 'POST', url: '/api/releases/checker/preview', payload: { release }, headers: bearer(token) })
      ).json() as { url: string };
      const previewToken = new URL(link.url).searchParams.get('t')!;
      expect((await logged.inject({ method: 'GET', url: `/preview?t=${previewToken}` })).statusCode).toBe(303);
      expect(lines.some((l) => l.includes('/preview?t=[redacted]'))).toBe(true);
      expect(lines.join('\n')).not.toContain(previewToken.split('.')[1]);
      expect(lines.join('\n')).not.toContain(token);
      expect(lines.join('\n')).not.toContain(token.slice(12));
    } finally {
      await logged.close();
    }
  });

  it('keeps its store id and says in its heartbeat which store and version it serves; stops on close', async () => {
    const storeId = fs.readFileSync(path.join(varDir, 'releases', '.store-id'), 'utf8').trim();
    expect(storeId).toMatch(/^[0-9a-f-]{36}$/);
    const row = await app.db.selectFrom('release_instances').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ store_id: storeId, pid: process.pid, instance_id: app.releases.heartbeat.instanceId });
    expect(Number(row.pointer_version)).toBe(app.releases.snapshot().version);
  });
});

describe('the poll', () => {
  it('follows a change written by another instance, and stops when the app closes', async () => {
    const config = testConfig({ releases: { ...testConfig().releases, pollMs: 50 } });
    const polling = await testApp(config, { releases: { gate: manifestGate } });
    const token = localTokens(config.varDir).checker;
    const { release } = (await upload(polling, 'checker', token, buildOf('checker'))).json() as { release: string };
    // as another instance would: the pointer and a history row, straight into the database
    const write = async (to: string, id: number) => {
      await polling.db.updateTable('remote_pointers').set({ live_release: to }).where('remote', '=', 'checker').execute();
      await polling.db
        .insertInto('release_history')
        .values({
          id,
          remote: 'checker',
          action: 'promote',
          from_release: null,
          to_release: to,
          percent: null,
          actor: 'elsewhere',
          reason: null,
          at: new Date().toISOString(),
        })
        .execute();
    };
    await write(release, 100);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(polling.releases.snapshot()).toMatchObject({ version: 100, remotes: { checker: { live: { id: release } } } });
    // closed, the registry reads nothing more (the app's close calls this, before the database goes)
    await polling.releases.registry.close();
    await write('local', 101);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(polling.releases.snapshot()).toMatchObject({ version: 100, remotes: { checker: { live: { id: release } } } });
    await polling.close();
  });
});

describe('the token guard comes first', () => {
  it('a request without a token is a 401 whatever its body (never a 400 that says what the body lacks)', async () => {
    const bad = await app.inject({ method: 'POST', url: '/api/releases/checker/promote', payload: { nonsense: true } });
    expect(bad.statusCode).toBe(401);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/releases/checker/promote',
      payload: { nonsense: true },
      headers: bearer(tokens.content),
    });
    expect(wrong.statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'POST', url: '/api/releases/shop/promote', payload: {}, headers: bearer(tokens.content) })).statusCode,
    ).toBe(400);
  });
});

describe('promote runs the gate again', () => {
  it('a release the gate now refuses is not promoted (422 with the reasons), and the verdict is kept', async () => {
    const config = testConfig();
    const later: string[] = [];
    const gate: GateFactory = (options) => {
      const inner = manifestGate(options);
      return {
        async check(candidate) {
          const result = await inner.check(candidate);
          return later.length ? { ...result, passed: false, reasons: [...result.reasons, ...later] } : result;
        },
        close: () => inner.close(),
      };
    };
    const checked = await testApp(config, { releases: { gate, autoStart: false } });
    try {
      const token = localTokens(config.varDir).checker;
      const { release } = (await upload(checked, 'checker', token, buildOf('checker'))).json() as { release: string };
      later.push('@copytech/shared: the build requires ^3.9.0; the live shell provides 4.0.0 (a different major)');
      const version = checked.releases.snapshot().version;
      const response = await checked.inject({
        method: 'POST',
        url: '/api/releases/checker/promote',
        payload: { release },
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ remote: 'checker', release, gate: 'refused', reasons: [later[0]] });
      expect(checked.releases.snapshot()).toMatchObject({ version, remotes: { checker: { live: { id: 'local' }, canary: null } } });
      expect(checked.releases.find('checker', release)?.gate).toMatchObject({ passed: false, reasons: [later[0]] });
    } finally {
      await checked.close();
    }
  });
});

describe('limits and the site', () => {
  it('a file over 10 MB is refused (413), nothing kept', async () => {
    const response = await upload(app, 'checker', tokens.checker, { ...buildOf('checker'), 'huge.js': 'x'.repeat(10 * 1024 * 1024 + 1) });
    expect(response.statusCode).toBe(413);
    expect(fs.existsSync(path.join(varDir, 'releases', 'checker'))).toBe(false);
    expect(fs.readdirSync(path.join(varDir, 'releases', '.incoming'))).toEqual([]);
  });

  it("the store is served when the site is served too (its routes are not taken by the shell's files)", async () => {
    const config = testConfig({ serveSite: true });
    const site = await testApp(config, { releases: { gate: manifestGate, autoStart: false } });
    try {
      const token = localTokens(config.varDir).checker;
      const { release } = (await upload(site, 'checker', token, buildOf('checker'))).json() as { release: string };
      const entry = await site.inject({ url: `/releases/checker/${release}/remoteEntry.js` });
      expect(entry.statusCode).toBe(200);
      expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await site.inject({ url: `/releases/checker/${release}/nothing.js` })).statusCode).toBe(404);
    } finally {
      await site.close();
    }
  });
});

describe('a preview link in time', () => {
  it('works until its hours have passed, then is expired', async () => {
    const config = testConfig();
    const clock = manualClock(Date.now());
    const timed = await testApp(config, { clock, releases: { gate: manifestGate, autoStart: false } });
    try {
      const token = localTokens(config.varDir).checker;
      const { release } = (await upload(timed, 'checker', token, buildOf('checker'))).json() as { release: string };
      const answer = await timed.inject({
        method: 'POST',
        url: '/api/releases/checker/preview',
        payload: { release, hours: 1 },
        headers: bearer(token),
      });
      const link = new URL((answer.json() as { url: string }).url).searchParams.get('t')!;
      clock.advance(59 * 60_000);
      expect(timed.releases.verifyPreview(link).ok).toBe(true);
      clock.advance(60_000);
      expect(timed.releases.verifyPreview(link)).toEqual({ ok: false, reason: 'expired' });
    } finally {
      await timed.close();
    }
  });
});

describe("a preview link's lifetime", () => {
  it('is a day unless asked otherwise, and a week at most', async () => {
    const config = testConfig();
    const clock = manualClock(Date.now());
    const timed = await testApp(config, { clock, releases: { gate: manifestGate, autoStart: false } });
    try {
      const token = localTokens(config.varDir).checker;
      const { release } = (await upload(timed, 'checker', token, buildOf('checker'))).json() as { release: string };
      const ask = (payload: object) =>
        timed.inject({ method: 'POST', url: '/api/releases/checker/preview', payload: { release, ...payload }, headers: bearer(token) });
      const made = clock();
      const daily = (await ask({})).json() as { url: string; expiresAt: string };
      expect(daily.expiresAt).toBe(new Date(made + 24 * 3_600_000).toISOString());
      const week = await ask({ hours: 168 });
      expect(week.statusCode).toBe(200);
      expect((week.json() as { expiresAt: string }).expiresAt).toBe(new Date(made + 168 * 3_600_000).toISOString());
      const link = new URL(daily.url).searchParams.get('t')!;
      clock.advance(24 * 3_600_000 - 1);
      expect(timed.releases.verifyPreview(link).ok).toBe(true);
      clock.advance(1);
      expect(timed.releases.verifyPreview(link)).toEqual({ ok: false, reason: 'expired' });
    } finally {
      await timed.close();
    }
  });

  it('a link whose signature has a character too many is damaged: a 400 page, never an error', async () => {
    const { release } = (await upload(app, 'checker', tokens.checker, buildOf('checker'))).json() as { release: string };
    const made = await app.inject({
      method: 'POST',
      url: '/api/releases/checker/preview',
      payload: { release },
      headers: bearer(tokens.checker),
    });
    const link = new URL((made.json() as { url: string }).url).searchParams.get('t')!;
    expect(app.releases.verifyPreview(`${link}A`)).toEqual({ ok: false, reason: 'malformed' });
    const opened = await app.inject({ method: 'GET', url: `/preview?t=${link}A` });
    expect(opened.statusCode).toBe(400);
    expect(opened.body).toContain('the link is incomplete or damaged');
  });
});
