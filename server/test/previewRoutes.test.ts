/**
 * Opening preview links one after another (server/src/features/releases/previewRoutes.ts, GET
 * /preview): a link for another remote is added to the previews the browser has, a newer link for
 * the same remote replaces that remote's, and the cookie lasts until the last of its links expires.
 */
import type { FastifyInstance } from 'fastify';
import { testApp, testConfig } from './helpers';
import { previewToken, siteWithReleases, storeRelease, TestReleases, useReleases } from './releaseFixtures';

const HOUR = 3600_000;
const siteRoot = siteWithReleases();
const checker = storeRelease('checker', '0a1b2c3d4e5f', 'checker candidate');
const checkerNewer = storeRelease('checker', '0a1b2c3d4e60', 'checker newer candidate');
const content = storeRelease('content', 'ffeeddccbbaa', 'content candidate');

let app: FastifyInstance;

beforeEach(async () => {
  app = await testApp(testConfig({ serveSite: true, siteRoot }));
  useReleases(app, new TestReleases(siteRoot, [checker, checkerNewer, content]));
});
afterEach(() => app.close());

/** Opens a link in a browser holding `held` (the ct_preview cookie's value); the cookie it then holds. */
async function open(token: string, held?: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/preview?t=${token}`, headers: held ? { cookie: `ct_preview=${held}` } : {} });
  expect(res.statusCode).toBe(303);
  return String(res.headers['set-cookie']);
}
const valueOf = (setCookie: string) => /^ct_preview=([^;]*);/.exec(setCookie)![1]!;

describe('opening preview links one after another', () => {
  it("adds another remote's link to those the browser has, until the last of them expires", async () => {
    const later = Date.now() + 6 * HOUR;
    const first = previewToken({ remote: 'checker', release: checker.id, expiresAt: later });
    const second = previewToken({ remote: 'content', release: content.id, expiresAt: Date.now() + HOUR });
    const cookie = await open(second, valueOf(await open(first)));
    expect(cookie).toBe(`ct_preview=${first}~${second}; Path=/; HttpOnly; SameSite=Lax; Expires=${new Date(later).toUTCString()}`);
  });

  it("replaces the same remote's link with the newer one, keeping the other remotes'", async () => {
    const soon = Date.now() + HOUR;
    const older = previewToken({ remote: 'checker', release: checker.id, expiresAt: soon });
    const other = previewToken({ remote: 'content', release: content.id, expiresAt: soon });
    const newer = previewToken({ remote: 'checker', release: checkerNewer.id, expiresAt: soon });
    expect(valueOf(await open(newer, `${older}~${other}`))).toBe(`${other}~${newer}`);
    // and the page then shows the newer release
    const page = await app.inject({ method: 'GET', url: '/', headers: { cookie: `ct_preview=${other}~${newer}` } });
    expect(page.headers['x-remote-releases']).toContain(`checker=${checkerNewer.id}`);
    expect(page.headers['x-remote-releases']).toContain(`content=${content.id}`);
  });
});
