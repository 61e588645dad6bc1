/**
 * Preview links are bearer links that can be revoked (docs/deploy.md "The steps", 2): `unpreview` revokes every link of a release, or of every release of a remote, made
 * until then; a revoked link fails with a reason of its own, whose page says so in plain words,
 * and a browser that holds one goes back to live. No answer of the preview routes names a path of
 * the server.
 */
import { createHmac } from 'node:crypto';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { REPO_ROOT, type Config } from '../../config';
import { testApp, testConfig } from '../../../test/helpers';
import { bearer, buildOf, localTokens, manifestGate, upload } from '../../../test/releasesFixtures';

let app: FastifyInstance;
let config: Config;
let tokens: ReturnType<typeof localTokens>;
const answers: Array<{ body: string }> = [];

beforeEach(async () => {
  config = testConfig();
  app = await testApp(config, { releases: { gate: manifestGate, autoStart: false } });
  tokens = localTokens(config.varDir);
});
afterEach(async () => {
  await app.close();
  const said = answers.splice(0).map((answer) => answer.body);
  for (const where of [config.varDir, REPO_ROOT, os.tmpdir()]) expect(said.filter((body) => body.includes(where))).toEqual([]);
});

async function post(url: string, token: string | null, payload: object = {}) {
  const answer = await app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
  answers.push(answer);
  return answer;
}
async function get(url: string, cookie?: string) {
  const answer = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  answers.push(answer);
  return answer;
}
async function released(remote: 'checker' | 'content', marker: string): Promise<string> {
  const answer = await upload(app, remote, tokens[remote], buildOf(remote, { marker }));
  answers.push(answer);
  return (answer.json() as { release: string }).release;
}
async function linkOf(remote: 'checker' | 'content', release: string): Promise<string> {
  const answer = await post(`/api/releases/${remote}/preview`, tokens[remote], { release });
  expect(answer.statusCode).toBe(200);
  return new URL((answer.json() as { url: string }).url).searchParams.get('t')!;
}

describe('unpreview', () => {
  it('of a release: its links made until now are refused as revoked, with a page saying so; other releases and new links work', async () => {
    const a = await released('checker', 'a');
    const b = await released('checker', 'b');
    const [oldA, oldB] = [await linkOf('checker', a), await linkOf('checker', b)];
    expect(app.releases.verifyPreview(oldA).ok).toBe(true);

    const revoked = await post('/api/releases/checker/preview/revoke', tokens.checker, { release: a });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.headers['cache-control']).toBe('no-store');
    expect(revoked.json()).toEqual({ remote: 'checker', release: a, revokedBefore: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });

    expect(app.releases.verifyPreview(oldA)).toEqual({ ok: false, reason: 'revoked' });
    expect(app.releases.verifyPreview(oldB).ok).toBe(true);
    const page = await get(`/preview?t=${oldA}`);
    expect(page.statusCode).toBe(410);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(
      'This preview link cannot be used: the team withdrew it, so it no longer opens the preview for anyone who has it.',
    );
    expect(page.headers['set-cookie']).toMatch(/^ct_preview=; .*Max-Age=0/);
    // a link made after the revocation works, even within the same millisecond
    const fresh = await linkOf('checker', a);
    expect(app.releases.verifyPreview(fresh).ok).toBe(true);
    expect((await get(`/preview?t=${fresh}`)).statusCode).toBe(303);
  });

  it("of a remote: every release's links are refused, not another remote's; a browser holding one is back on live", async () => {
    const a = await released('checker', 'a');
    const c = await released('content', 'c');
    const [checkerLink, contentLink] = [await linkOf('checker', a), await linkOf('content', c)];
    const cookie = `ct_preview=${checkerLink}~${contentLink}`;
    expect((await get('/remotes.json', cookie)).json()).toMatchObject({ releases: { checker: a, content: c } });

    expect((await post('/api/releases/checker/preview/revoke', tokens.checker)).json()).toMatchObject({ remote: 'checker', release: null });
    expect(app.releases.verifyPreview(checkerLink)).toEqual({ ok: false, reason: 'revoked' });
    expect(app.releases.verifyPreview(contentLink).ok).toBe(true);
    const after = await get('/remotes.json', cookie);
    expect(after.json()).toMatchObject({ releases: { checker: 'local', content: c } });
    expect(String(after.headers['set-cookie'])).toMatch(
      new RegExp(`^ct_preview=${contentLink.replace(/[.]/g, '\\.')}; Path=/; HttpOnly; SameSite=Lax; Expires=`),
    );
  });

  it('takes the remote’s token or a platform token; an unknown release is a 404; a bad body a 400; nothing changes', async () => {
    const a = await released('checker', 'a');
    const link = await linkOf('checker', a);
    expect((await post('/api/releases/checker/preview/revoke', null, { release: a })).statusCode).toBe(401);
    expect((await post('/api/releases/checker/preview/revoke', tokens.content, { release: a })).statusCode).toBe(403);
    expect((await post('/api/releases/checker/preview/revoke', tokens.checker, { release: 'abcdefabcdef' })).statusCode).toBe(404);
    expect((await post('/api/releases/checker/preview/revoke', tokens.checker, { release: '../x' })).statusCode).toBe(400);
    expect((await post('/api/releases/shop/preview/revoke', tokens.checker)).statusCode).toBe(400);
    expect(app.releases.verifyPreview(link).ok).toBe(true);
    expect((await post('/api/releases/checker/preview/revoke', tokens.platform, { release: a })).statusCode).toBe(200);
    expect(app.releases.verifyPreview(link)).toEqual({ ok: false, reason: 'revoked' });
    const [row] = await app.db.selectFrom('preview_revocations').selectAll().execute();
    expect(row).toMatchObject({ remote: 'checker', release: a, revoked_by: 'platform:local' });
  });

  it('refuses a release that is not a release id (12 lowercase hex digits, or local) as a bad request, not an unknown release', async () => {
    for (const release of ['0a1b2c3d', '0a1b2c3d4e5f0', 'x0a1b2c3d4e5f', '0A1B2C3D4E5F', 'locals']) {
      const answer = await post('/api/releases/checker/preview/revoke', tokens.checker, { release });
      expect([release, answer.statusCode]).toEqual([release, 400]);
    }
    expect((await app.db.selectFrom('preview_revocations').selectAll().execute()).length).toBe(0);
  });

  it('a link from before links said when they were made is refused once its release has been revoked', async () => {
    const a = await released('checker', 'a');
    const key = Buffer.from((await app.db.selectFrom('release_settings').select('value').executeTakeFirstOrThrow()).value, 'hex');
    // signed as links were before they carried `m`, when they were made
    const payload = Buffer.from(JSON.stringify({ r: 'checker', i: a, e: Date.now() + 3_600_000 })).toString('base64url');
    const token = `${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`;
    expect(app.releases.verifyPreview(token)).toEqual({
      ok: true,
      claim: { remote: 'checker', release: a, issuedAt: 0, expiresAt: expect.any(Number) },
    });
    await post('/api/releases/checker/preview/revoke', tokens.checker, { release: a });
    expect(app.releases.verifyPreview(token)).toEqual({ ok: false, reason: 'revoked' });
  });
});

describe('what the preview routes say', () => {
  it('a preview link and the list of releases name no path of the server', async () => {
    const a = await released('checker', 'a');
    await linkOf('checker', a);
    const list = await get('/api/releases/checker');
    expect(list.statusCode).toBe(401);
    const listing = await app.inject({ method: 'GET', url: '/api/releases/checker', headers: bearer(tokens.checker) });
    answers.push(listing);
    const releases = (listing.json() as { releases: Array<{ id: string; serverEntry: string }> }).releases;
    expect(releases.map((release) => release.serverEntry)).toEqual(['server/remoteEntry.js', 'server/remoteEntry.js']);
    for (const bad of ['nonsense', `${'A'.repeat(20)}.${'B'.repeat(43)}`]) expect((await get(`/preview?t=${bad}`)).statusCode).toBe(400);
    expect((await post('/api/releases/checker/preview', tokens.checker, { release: 'abcdefabcdef' })).statusCode).toBe(404);
  });
});
