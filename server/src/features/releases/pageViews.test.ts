/**
 * Page-view tokens (server/src/features/releases/pageViews.ts): signed and checked, refused when
 * altered, signed with another key, expired; and kept apart from preview links: neither kind of
 * token verifies as the other, even under one key.
 */
import { randomBytes } from 'node:crypto';
import { newPageView, signPageView, verifyPageView } from './pageViews';
import { signPreview, verifyPreview } from './previewLinks';

const key = randomBytes(32);
const now = Date.parse('2026-11-26T09:00:00Z');
const claim = {
  pageView: newPageView(),
  canaries: { checker: '3f9a0c1d2e4b' },
  serverFailed: ['checker' as const],
  expiresAt: now + 300_000,
};

describe('page-view tokens', () => {
  it('verify as signed, until they expire', () => {
    const token = signPageView(key, claim);
    expect(verifyPageView(key, token, now)).toEqual({ ok: true, claim });
    expect(verifyPageView(key, token, now + 299_999).ok).toBe(true);
    expect(verifyPageView(key, token, now + 300_000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('are refused when altered, signed with another key, or not a token', () => {
    const token = signPageView(key, claim);
    const [payload, signature] = token.split('.') as [string, string];
    const other = Buffer.from(JSON.stringify({ v: claim.pageView, c: { checker: 'abcdefabcdef' }, f: [], e: claim.expiresAt })).toString(
      'base64url',
    );
    expect(verifyPageView(key, `${other}.${signature}`, now)).toEqual({ ok: false, reason: 'forged' });
    expect(verifyPageView(randomBytes(32), token, now)).toEqual({ ok: false, reason: 'forged' });
    // base64url's last character has spare bits: another spelling of the same signature is refused too
    const last = signature.at(-1)!;
    const respelled = signature.slice(0, -1) + (last === 'A' ? 'B' : 'A');
    expect(verifyPageView(key, `${payload}.${respelled}`, now)).toEqual({ ok: false, reason: 'forged' });
    for (const bad of ['', 'x', `${payload}.`, `${payload}.${signature}x`, `${'a'.repeat(700)}.${signature}`])
      expect(verifyPageView(key, bad, now)).toEqual({ ok: false, reason: 'forged' });
  });

  it('are never preview links, nor preview links page-view tokens, under the same key', () => {
    const preview = signPreview(key, { remote: 'checker', release: '3f9a0c1d2e4b', expiresAt: now + 3_600_000, issuedAt: now });
    expect(verifyPageView(key, preview, now)).toEqual({ ok: false, reason: 'forged' });
    const token = signPageView(key, claim);
    expect(verifyPreview(key, token, now, () => true)).toEqual({ ok: false, reason: 'forged' });
  });

  it('carry a fresh page view each time: 16 random bytes', () => {
    const ids = new Set(Array.from({ length: 1000 }, newPageView));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
