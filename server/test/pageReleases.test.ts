/**
 * What a page request does with releases (server/src/pages/indexPage.ts, features/releases/previewRoutes.ts,
 * features/releases/remotesRoutes.ts, http/security.ts): each page rendered with the releases the visitor's cookies
 * select, the headers that say so, the page cache only for live pages, previews and their bar,
 * the page-view token of a canary page. Rendered with hand-written server builds (releaseFixtures.ts).
 */
import type { FastifyInstance } from 'fastify';
import { testApp, testConfig } from './helpers';
import { previewBar, ukTime } from '../src/pages/previewBar';
import { previewToken, siteWithReleases, storeRelease, TestReleases, useReleases } from './releaseFixtures';
import { canaryViewOf } from './canaryFixtures';

const HOUR = 3600_000;
const siteRoot = siteWithReleases();
const candidate = storeRelease('checker', '0a1b2c3d4e5f', 'checker candidate');
const onCdn = storeRelease('checker', '0a1b2c3d4eff', 'checker from the CDN', { origin: 'https://cdn.example.com' });
const broken = storeRelease('checker', 'badbadbadbad', 'checker broken', { throws: true });

let app: FastifyInstance;
let releases: TestReleases;

beforeEach(async () => {
  app = await testApp(testConfig({ serveSite: true, siteRoot, serverRender: true, renderBudgetMs: 5000 }));
  releases = new TestReleases(siteRoot, [candidate, onCdn, broken]);
  useReleases(app, releases);
});
afterEach(() => app.close());

const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const cookiesOf = (headers: Record<string, unknown>) =>
  ([] as string[]).concat((headers['set-cookie'] as string[] | string | undefined) ?? []);
const cspOf = (headers: Record<string, unknown>) => String(headers['content-security-policy']);

describe('pages on the live releases', () => {
  it('say which releases rendered them and how long each slot took, rendered or from the page cache', async () => {
    const first = await get('/discover-print-savings');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('checker local');
    expect(first.headers['x-remote-releases']).toBe('catalogue=local, basket=local, checker=local, content=local');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(cookiesOf(first.headers)).toEqual([]);
    // Streamed: its timing follows the body.
    expect(first.trailers['server-timing']).toMatch(
      /^remote-checker;dur=\d+\.\d;desc="local", remote-content;dur=\d+\.\d;desc="local", render;dur=\d+\.\d$/,
    );
    const again = await get('/discover-print-savings');
    expect(again.headers.etag).toBeDefined();
    expect(again.headers['x-remote-releases']).toBe('catalogue=local, basket=local, checker=local, content=local');
    expect(again.headers['server-timing']).toBe(first.trailers['server-timing']);
    // no canary: no page-view token, and nothing counted for any release by a render
    expect(first.body).not.toContain('copytech-canary');
    expect(canaryViewOf(again.body)).toBeNull();
    expect(releases.reports).toEqual([]);
  });

  it('a promote is never answered from the page cache of the release before', async () => {
    await get('/');
    expect((await get('/')).headers.etag).toBeDefined();
    releases.set('checker', { live: candidate });
    const after = await get('/');
    expect(after.body).toContain('checker candidate');
    expect(after.headers['x-remote-releases']).toBe(`catalogue=local, basket=local, checker=${candidate.id}, content=local`);
    // The release's recorded files: its stylesheet, its entry in the page's remotes config.
    expect(after.body).toContain(`<link rel="stylesheet" href="/releases/checker/${candidate.id}/static/css/checker.${candidate.id}.css">`);
    const config = JSON.parse(/<script type="application\/json" id="copytech-remotes">(.*?)<\/script>/.exec(after.body)![1]!);
    expect(config.remotes.checker).toBe(`/releases/checker/${candidate.id}/remoteEntry.js`);
    expect(config.remotes.content).toBe('/remotes/content/remoteEntry.js');
    expect(config.releases).toEqual({ catalogue: 'local', basket: 'local', checker: candidate.id, content: 'local' });
  });
});

describe('a canary', () => {
  it('gives a fresh visitor a bucket; its pages are its own, rendered for it and never shared', async () => {
    releases.set('checker', { canary: { release: candidate, percent: 50 } });
    const fresh = await get('/');
    expect(cookiesOf(fresh.headers)).toEqual([
      expect.stringMatching(/^ct_canary=\d{1,2}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000$/),
    ]);

    const canary = await get('/', 'ct_canary=10');
    expect(canary.body).toContain('checker candidate');
    expect(canary.headers['cache-control']).toBe('private, no-cache');
    expect(canary.headers['x-remote-releases']).toBe(`catalogue=local, basket=local, checker=${candidate.id}, content=local`);
    expect(cookiesOf(canary.headers)).toEqual([]);
    // Never kept: a live visitor after it gets the live page, and the canary visitor its own again.
    const live = await get('/', 'ct_canary=90');
    expect(live.body).toContain('checker local');
    // While a canary runs every page is private: a shared cache cannot tell buckets apart.
    expect(live.headers['cache-control']).toBe('private, no-cache');
    expect((await get('/', 'ct_canary=10')).body).toContain('checker candidate');
    expect((await get('/', 'ct_canary=10')).headers.etag).toBeUndefined();
    // a render counts nothing: only a browser's report does
    expect(releases.reports).toEqual([]);
  });

  it('a canary page carries a page-view token after its body, one per page view, naming its canary releases; a live page none', async () => {
    releases.set('checker', { canary: { release: candidate, percent: 50 } });
    const first = await get('/discover-print-savings', 'ct_canary=10');
    const second = await get('/discover-print-savings', 'ct_canary=10');
    const view = canaryViewOf(first.body)!;
    expect(view.remotes).toEqual(['checker']);
    // after the body and its data block, before the shell's script
    expect(first.body.indexOf('id="copytech-canary"')).toBeGreaterThan(first.body.indexOf('id="copytech-page-data"'));
    expect(first.body.indexOf('id="copytech-canary"')).toBeLessThan(first.body.indexOf('src=/main.js'));
    const check = releases.verifyPageView(view.token);
    expect(check).toMatchObject({ ok: true, claim: { canaries: { checker: candidate.id }, serverFailed: [] } });
    const other = releases.verifyPageView(canaryViewOf(second.body)!.token);
    expect(other.ok && check.ok && other.claim.pageView !== check.claim.pageView).toBe(true);
    expect(check.ok && check.claim.expiresAt - Date.now()).toBeGreaterThan(4.9 * 60_000);
    // a visitor outside the share: the live page, no token
    expect(canaryViewOf((await get('/discover-print-savings', 'ct_canary=90')).body)).toBeNull();
    // the canary page is the visitor's own: never kept, never sent again with the same token
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(second.headers.etag).toBeUndefined();
  });

  it('a slot the candidate fails to render is named in the token as a server failure (and the page is still served)', async () => {
    releases.set('checker', { canary: { release: broken, percent: 50 } });
    const page = await get('/discover-print-savings', 'ct_canary=1');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('content local');
    const check = releases.verifyPageView(canaryViewOf(page.body)!.token);
    expect(check).toMatchObject({ ok: true, claim: { canaries: { checker: broken.id }, serverFailed: ['checker'] } });
    expect(releases.reports).toEqual([]);
  });

  it('/remotes.json names the same releases as the page', async () => {
    releases.set('checker', { canary: { release: candidate, percent: 50 } });
    const body = (await get('/remotes.json', 'ct_canary=3')).json();
    expect(body.remotes.checker).toBe(candidate.manifestUrl);
    expect(body.releases.checker).toBe(candidate.id);
    const live = await get('/remotes.json', 'ct_canary=80');
    expect(live.json().releases.checker).toBe('local');
    expect(live.headers['cache-control']).toBe('private, no-cache');
    releases.set('checker', { canary: null });
    expect((await get('/remotes.json', 'ct_canary=80')).headers['cache-control']).toBe('no-cache');
  });
});

describe('a canary page left to the browser', () => {
  it('carries its page-view token too (server rendering off), and a page with no canary of the visitor none', async () => {
    const off = await testApp(testConfig({ serveSite: true, siteRoot, serverRender: false }));
    try {
      const own = new TestReleases(siteRoot, [candidate]);
      useReleases(off, own);
      own.set('checker', { canary: { release: candidate, percent: 50 } });
      const page = await off.inject({ method: 'GET', url: '/', headers: { cookie: 'ct_canary=3' } });
      expect(page.body).toContain('<div id=root></div>');
      const view = canaryViewOf(page.body)!;
      expect(own.verifyPageView(view.token)).toMatchObject({ ok: true, claim: { canaries: { checker: candidate.id }, serverFailed: [] } });
      expect(page.headers['cache-control']).toBe('private, no-cache');
      expect(canaryViewOf((await off.inject({ method: 'GET', url: '/', headers: { cookie: 'ct_canary=97' } })).body)).toBeNull();
    } finally {
      await off.close();
    }
  });
});

describe('the Content-Security-Policy', () => {
  it('allows the live and canary releases on other origins on every answer; a preview adds its own only to its pages', async () => {
    expect(cspOf((await get('/')).headers)).not.toContain('cdn.example.com');
    releases.set('checker', { canary: { release: onCdn, percent: 10 } });
    expect(cspOf((await get('/')).headers)).toMatch(/script-src 'self' https:\/\/cdn\.example\.com/);
    expect(cspOf((await get('/remotes.json')).headers)).toContain('https://cdn.example.com');
    releases.set('checker', { canary: null });
    expect(cspOf((await get('/api/health/live')).headers)).not.toContain('cdn.example.com');

    const token = previewToken({ remote: 'checker', release: onCdn.id, expiresAt: Date.now() + HOUR });
    const preview = await get('/', `ct_preview=${token}`);
    expect(cspOf(preview.headers)).toMatch(/style-src 'self' https:\/\/cdn\.example\.com/);
    expect(cspOf((await get('/')).headers)).not.toContain('cdn.example.com');
  });
});

describe('a preview', () => {
  it('a valid link: the cookie, then every page with the release, a bar outside #root, never stored', async () => {
    const expiresAt = Date.now() + 24 * HOUR;
    const token = previewToken({ remote: 'checker', release: candidate.id, expiresAt });
    const open = await get(`/preview?t=${token}`);
    expect(open.statusCode).toBe(303);
    expect(open.headers.location).toBe('/');
    expect(open.headers['cache-control']).toBe('no-store');
    const [cookie] = cookiesOf(open.headers);
    expect(cookie).toBe(`ct_preview=${token}; Path=/; HttpOnly; SameSite=Lax; Expires=${new Date(expiresAt).toUTCString()}`);

    const page = await get('/discover-print-savings', `ct_preview=${token}`);
    expect(page.body).toContain('checker candidate');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['x-remote-releases']).toContain(`checker=${candidate.id}`);
    expect(page.body).toMatch(
      new RegExp(
        `<aside class="release-preview" aria-label="Preview">.*checker release <code>${candidate.id}</code>, its link expires \\d{1,2} \\w{3} \\d{4}, \\d\\d:\\d\\d UK time\\..*<button type="submit" class="release-preview__exit">Exit preview</button></form></aside>(<link [^>]+>)*<div id="root">`,
      ),
    );
    // A preview link is a bearer link: the bar says who can open it, and until when.
    expect(page.body).toContain(
      `, its link expires ${ukTime(expiresAt)}. Anyone who has the link can open this preview until it expires, unless the team revokes it.</p>`,
    );
    expect(page.body).not.toContain('Only this browser');
    expect(page.body).toContain('<input type="hidden" name="back" value="/discover-print-savings">');
    expect(page.body).toContain('<link rel="stylesheet" href="/releases/preview.css">');
    // Another visitor: live, no bar.
    const other = await get('/discover-print-savings');
    expect(other.body).toContain('checker local');
    expect(other.body).not.toContain('release-preview');
    const css = await get('/releases/preview.css');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.body).toContain(':focus-visible');
  });

  it.each([
    [
      'forged',
      previewToken({ remote: 'checker', release: '0a1b2c3d4e5f', expiresAt: Date.now() + HOUR }, 'not our key'),
      400,
      'it was not made by this site',
    ],
    ['expired', previewToken({ remote: 'checker', release: '0a1b2c3d4e5f', expiresAt: Date.now() - 1000 }), 410, 'it has expired'],
    ['malformed', 'nonsense', 400, 'the link is incomplete or damaged'],
    [
      'of a release not kept',
      previewToken({ remote: 'checker', release: '999999999999', expiresAt: Date.now() + HOUR }),
      400,
      'the release it names is no longer kept',
    ],
  ])('a %s link is refused with a clear page, and the visitor stays on live', async (_kind, token, status, why) => {
    const res = await get(`/preview?t=${encodeURIComponent(token)}`);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain(`This preview link cannot be used: ${why}`);
    expect(res.body).toContain('<a href="/">Go to the live site</a>');
    expect(cookiesOf(res.headers)).toEqual([expect.stringMatching(/^ct_preview=; .*Max-Age=0/)]);
  });

  it('the bar of two previews says each link’s expiry, and that anyone who has one of the links can open its preview', () => {
    const bar = previewBar(
      [
        { remote: 'checker', release: candidate.id, issuedAt: 0, expiresAt: Date.parse('2026-12-01T10:00:00Z') },
        { remote: 'content', release: '0a1b2c3d4e5a', issuedAt: 0, expiresAt: Date.parse('2026-07-01T10:00:00Z') },
      ],
      '/"x',
    );
    expect(bar).toContain(
      `checker release <code>${candidate.id}</code>, its link expires 1 Dec 2026, 10:00 UK time; content release <code>0a1b2c3d4e5a</code>, its link expires 1 Jul 2026, 11:00 UK time. Anyone who has one of these links can open its preview until it expires, unless the team revokes it.`,
    );
    expect(bar).toContain('<input type="hidden" name="back" value="/&quot;x">');
  });

  it('no link at all is malformed', async () => {
    expect((await get('/preview')).statusCode).toBe(400);
  });

  it('Exit preview clears the cookie and goes back to the same page, only a path of this site', async () => {
    const post = (back: string) =>
      app.inject({
        method: 'POST',
        url: '/preview/exit',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `back=${encodeURIComponent(back)}`,
      });
    const exit = await post('/printers/multifunctionals?page=2');
    expect(exit.statusCode).toBe(303);
    expect(exit.headers.location).toBe('/printers/multifunctionals?page=2');
    expect(cookiesOf(exit.headers)).toEqual([expect.stringMatching(/^ct_preview=; .*Max-Age=0/)]);
    for (const elsewhere of ['//evil.example', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      expect((await post(elsewhere)).headers.location).toBe('/');
    }
  });

  it('a cookie whose link no longer verifies is ignored and cleared', async () => {
    const token = previewToken({ remote: 'checker', release: candidate.id, expiresAt: Date.now() - 1 });
    const page = await get('/', `ct_preview=${token}`);
    expect(page.body).toContain('checker local');
    expect(page.body).not.toContain('release-preview');
    expect(cookiesOf(page.headers)).toEqual([expect.stringMatching(/^ct_preview=; .*Max-Age=0/)]);
    // An answer that sets a cookie is never for a shared cache.
    expect(page.headers['cache-control']).toBe('private, no-cache');
  });
});
