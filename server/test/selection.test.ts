/** Which release of each remote a request uses (server/src/pages/releases/selection.ts): canary buckets, previews, cookies. */
import {
  chooseReleases,
  CANARY_COOKIE,
  parseCookies,
  PREVIEW_COOKIE,
  releasesHeader,
  type ChosenReleases,
} from '../src/pages/releases/selection';
import { previewToken, siteWithReleases, storeRelease, TestReleases } from './releaseFixtures';

const siteRoot = siteWithReleases();
const candidate = storeRelease('checker', '0a1b2c3d4e5f', 'checker candidate');
const other = storeRelease('content', 'ffeeddccbbaa', 'content candidate');
const HOUR = 3600_000;

function choose(releases: TestReleases, cookies: Record<string, string> = {}): ChosenReleases {
  return chooseReleases(releases, cookies, releases.verifyPreview, { secure: false });
}

/** The cookies a browser keeps from a first answer's Set-Cookie headers. */
const kept = (chosen: ChosenReleases) => parseCookies(chosen.setCookies.map((header) => header.split(';')[0]).join('; '));

describe('choosing releases per request', () => {
  it('with no canary and no preview: every remote live, no cookie, shared', () => {
    const releases = new TestReleases(siteRoot, [candidate]);
    const chosen = choose(releases);
    expect(chosen.setCookies).toEqual([]);
    expect(chosen.private).toBe(false);
    expect(releasesHeader(chosen.selection)).toBe('catalogue=local, basket=local, checker=local, content=local');
  });

  it('a canary at 50%: of 400 fresh visitors between 40% and 60% get the candidate, each always the same', () => {
    const releases = new TestReleases(siteRoot, [candidate]);
    releases.set('checker', { canary: { release: candidate, percent: 50 } });
    let candidates = 0;
    for (let visitor = 0; visitor < 400; visitor += 1) {
      const first = choose(releases);
      expect(first.setCookies).toHaveLength(1);
      expect(first.setCookies[0]).toMatch(/^ct_canary=\d{1,2}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000$/);
      const cookies = kept(first);
      const got = first.selection.checker.as;
      if (got === 'canary') candidates += 1;
      expect(first.private).toBe(got === 'canary');
      // The same visitor, again and again: the same release, and no new cookie.
      for (let again = 0; again < 3; again += 1) {
        const next = choose(releases, cookies);
        expect(next.selection.checker.as).toBe(got);
        expect(next.setCookies).toEqual([]);
      }
    }
    expect(candidates).toBeGreaterThanOrEqual(160);
    expect(candidates).toBeLessThanOrEqual(240);
  });

  it('raising the percent keeps the visitors who had the candidate; 0 < bucket < percent decides', () => {
    const releases = new TestReleases(siteRoot, [candidate]);
    releases.set('checker', { canary: { release: candidate, percent: 20 } });
    expect(choose(releases, { [CANARY_COOKIE]: '19' }).selection.checker).toMatchObject({ as: 'canary', release: { id: candidate.id } });
    expect(choose(releases, { [CANARY_COOKIE]: '20' }).selection.checker.as).toBe('live');
    releases.set('checker', { canary: { release: candidate, percent: 60 } });
    expect(choose(releases, { [CANARY_COOKIE]: '19' }).selection.checker.as).toBe('canary');
    expect(choose(releases, { [CANARY_COOKIE]: '59' }).selection.checker.as).toBe('canary');
    // A bucket that is not one (forged, out of range) is replaced.
    expect(choose(releases, { [CANARY_COOKIE]: '100' }).setCookies).toHaveLength(1);
    expect(choose(releases, { [CANARY_COOKIE]: '-1' }).setCookies).toHaveLength(1);
  });

  it('the bucket cookie is set only while a canary runs', () => {
    const releases = new TestReleases(siteRoot, [candidate]);
    expect(choose(releases).setCookies).toEqual([]);
    releases.set('checker', { canary: { release: candidate, percent: 5 } });
    expect(choose(releases).setCookies[0]).toMatch(/^ct_canary=/);
    releases.set('checker', { canary: null });
    expect(choose(releases).setCookies).toEqual([]);
  });

  it('a preview: that remote on the previewed release, whatever the canary; private', () => {
    const releases = new TestReleases(siteRoot, [candidate, other]);
    releases.set('content', { canary: { release: other, percent: 50 } });
    const token = previewToken({ remote: 'checker', release: candidate.id, expiresAt: Date.now() + HOUR });
    const chosen = chooseReleases(releases, { [PREVIEW_COOKIE]: token, [CANARY_COOKIE]: '99' }, releases.verifyPreview, { secure: true });
    expect(chosen.selection.checker).toMatchObject({ as: 'preview', release: { id: candidate.id } });
    expect(chosen.selection.content.as).toBe('live');
    expect(chosen.private).toBe(true);
    expect(chosen.previews).toEqual([
      { remote: 'checker', release: candidate.id, issuedAt: expect.any(Number), expiresAt: expect.any(Number) },
    ]);
    expect(chosen.setCookies).toEqual([]);
  });

  it('two previews at once (tokens joined by ~); a token that no longer verifies is dropped from the cookie, that remote live', () => {
    const releases = new TestReleases(siteRoot, [candidate, other]);
    const checker = previewToken({ remote: 'checker', release: candidate.id, expiresAt: Date.now() + HOUR });
    const content = previewToken({ remote: 'content', release: other.id, expiresAt: Date.now() + 2 * HOUR });
    const both = choose(releases, { [PREVIEW_COOKIE]: `${checker}~${content}` });
    expect([both.selection.checker.as, both.selection.content.as]).toEqual(['preview', 'preview']);

    const expired = previewToken({ remote: 'checker', release: candidate.id, expiresAt: Date.now() - 1 });
    const forged = previewToken({ remote: 'basket', release: candidate.id, expiresAt: Date.now() + HOUR }, 'another key');
    const chosen = choose(releases, { [PREVIEW_COOKIE]: `${expired}~${content}~${forged}~not a token` });
    expect(chosen.selection.checker.as).toBe('live');
    expect(chosen.selection.content.as).toBe('preview');
    expect(chosen.setCookies).toEqual([
      expect.stringMatching(new RegExp(`^ct_preview=${content.replace(/[.]/g, '\\.')}; Path=/; HttpOnly; SameSite=Lax; Expires=`)),
    ]);

    const none = choose(releases, { [PREVIEW_COOKIE]: expired });
    expect(none.private).toBe(false);
    expect(none.setCookies).toEqual([expect.stringMatching(/^ct_preview=; .*Max-Age=0/)]);
  });

  it('a preview of a release no longer kept is dropped', () => {
    const releases = new TestReleases(siteRoot, [candidate]);
    const token = previewToken({ remote: 'checker', release: candidate.id, expiresAt: Date.now() + HOUR });
    releases.kept = releases.kept.filter((release) => release !== candidate);
    const chosen = choose(releases, { [PREVIEW_COOKIE]: token });
    expect(chosen.selection.checker.as).toBe('live');
    expect(chosen.setCookies[0]).toMatch(/^ct_preview=;/);
  });

  it('parses a Cookie header: first of each name, odd parts ignored', () => {
    expect(parseCookies('a=1; ct_canary=7; ct_canary=8; junk; =x; b = 2')).toEqual({ a: '1', ct_canary: '7', b: '2' });
    expect(parseCookies(undefined)).toEqual({});
  });
});

describe('the preview cookie', () => {
  const newer = storeRelease('checker', '0a1b2c3d4e60', 'checker newer candidate');
  const basket = storeRelease('basket', '0a1b2c3d4e61', 'basket candidate');
  const catalogue = storeRelease('catalogue', '0a1b2c3d4e62', 'catalogue candidate');
  const soon = Date.now() + HOUR;
  const later = Date.now() + 3 * HOUR;

  it('lasts until the last of its links expires', () => {
    const releases = new TestReleases(siteRoot, [candidate, other]);
    const checker = previewToken({ remote: 'checker', release: candidate.id, expiresAt: later });
    const content = previewToken({ remote: 'content', release: other.id, expiresAt: soon });
    const expired = previewToken({ remote: 'basket', release: candidate.id, expiresAt: Date.now() - 1 });
    const chosen = choose(releases, { [PREVIEW_COOKIE]: `${checker}~${content}~${expired}` });
    expect(chosen.setCookies).toEqual([
      `ct_preview=${checker}~${content}; Path=/; HttpOnly; SameSite=Lax; Expires=${new Date(later).toUTCString()}`,
    ]);
  });

  it('with two links of one remote uses the later one only, and the bar names that one', () => {
    const releases = new TestReleases(siteRoot, [candidate, newer]);
    const first = previewToken({ remote: 'checker', release: candidate.id, expiresAt: soon });
    const second = previewToken({ remote: 'checker', release: newer.id, expiresAt: soon });
    const chosen = choose(releases, { [PREVIEW_COOKIE]: `${first}~${second}` });
    expect(chosen.selection.checker).toMatchObject({ as: 'preview', release: { id: newer.id } });
    expect(chosen.previews).toEqual([{ remote: 'checker', release: newer.id, issuedAt: expect.any(Number), expiresAt: soon }]);
  });

  it('holds one link for each remote at most: four are all used as they are, a fifth is dropped', () => {
    const releases = new TestReleases(siteRoot, [candidate, other, basket, catalogue]);
    const four = [candidate, other, basket, catalogue].map((release) =>
      previewToken({ remote: release.remote, release: release.id, expiresAt: soon }),
    );
    const all = choose(releases, { [PREVIEW_COOKIE]: four.join('~') });
    expect(releasesHeader(all.selection)).toBe(
      `catalogue=${catalogue.id}, basket=${basket.id}, checker=${candidate.id}, content=${other.id}`,
    );
    expect(all.setCookies).toEqual([]);
    const fifth = previewToken({ remote: 'checker', release: candidate.id, expiresAt: later });
    const more = choose(releases, { [PREVIEW_COOKIE]: [...four, fifth].join('~') });
    expect(more.setCookies).toEqual([
      `ct_preview=${four.join('~')}; Path=/; HttpOnly; SameSite=Lax; Expires=${new Date(soon).toUTCString()}`,
    ]);
  });
});
