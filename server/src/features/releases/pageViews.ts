/**
 * Page-view tokens: what a page that uses canary releases carries, signed, so that a browser's
 * report of a canary remote (POST /api/releases/beacon) counts only for a page this site served to
 * a visitor in the canary's bucket, once per page view (docs/architecture.md "Releases of a
 * remote").
 *
 * token = base64url(JSON {v: page view, c: {remote: release}, f: [remotes whose server render failed], e: expiry in epoch ms})
 *         '.' base64url(HMAC-SHA256(key, "copytech page view\n" + payload))
 *
 * The key is 32 random bytes kept in the database (release_settings, `page-view-signing-key`),
 * made by the first instance that starts and read by every other, like the preview links' key
 * (previewLinks.ts) but a key of its own, and the MAC covers a context line of its own: a preview
 * token never verifies as a page view's, nor a page view's as a preview link.
 *
 * A token lasts PAGE_VIEW_TOKEN_MS: 5 minutes. Long enough for a page on a slow phone to load its
 * scripts after the first paint and its remotes' first modules (each load is bounded by
 * REMOTE_TIMEOUT_MS, 8 s; a slow 3G link takes a minute or so for the whole page), and for a
 * remote the page loads on the visitor's first clicks; short enough that the spent reports kept
 * to refuse a replay (release_beacon_reports) are at most 5 minutes of canary page views.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { REMOTE_NAMES, type RemoteName } from '@copytech/shared/domain';
import type { Db } from '../../db/database';
import { RELEASE_ID, type PageViewCheck, type PageViewClaim } from '../../pages/releases/model';

export const PAGE_VIEW_KEY_SETTING = 'page-view-signing-key';
export const PAGE_VIEW_TOKEN_MS = 5 * 60_000;
/** The MAC's context: a token signed for anything else never verifies here. */
const CONTEXT = 'copytech page view\n';
const PAGE_VIEW_ID = /^[A-Za-z0-9_-]{22}$/;
/** A token: payload '.' 43 characters of signature (4 canaries and their failures fit in about 200). */
export const PAGE_VIEW_TOKEN = /^([A-Za-z0-9_-]{1,600})\.([A-Za-z0-9_-]{43})$/;

/** The signing key: the one in the database, made there first if there is none yet. */
export async function pageViewKey(db: Db): Promise<Buffer> {
  await db
    .insertInto('release_settings')
    .values({ key: PAGE_VIEW_KEY_SETTING, value: randomBytes(32).toString('hex') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('release_settings').select('value').where('key', '=', PAGE_VIEW_KEY_SETTING).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'hex');
}

/** A fresh page view's id: 16 random bytes. */
export const newPageView = (): string => randomBytes(16).toString('base64url');

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(CONTEXT).update(payload).digest('base64url');

export function signPageView(key: Buffer, claim: PageViewClaim): string {
  const payload = Buffer.from(JSON.stringify({ v: claim.pageView, c: claim.canaries, f: claim.serverFailed, e: claim.expiresAt })).toString(
    'base64url',
  );
  return `${payload}.${mac(key, payload)}`;
}

const isRemote = (value: unknown): value is RemoteName => typeof value === 'string' && (REMOTE_NAMES as readonly string[]).includes(value);

function claimOf(payload: string): PageViewClaim | null {
  try {
    const { v, c, f, e } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof v !== 'string' || !PAGE_VIEW_ID.test(v)) return null;
    if (typeof c !== 'object' || c === null || Array.isArray(c)) return null;
    const canaries: Partial<Record<RemoteName, string>> = {};
    for (const [remote, release] of Object.entries(c)) {
      if (!isRemote(remote) || typeof release !== 'string' || !RELEASE_ID.test(release)) return null;
      canaries[remote] = release;
    }
    if (!Array.isArray(f) || !f.every(isRemote)) return null;
    if (typeof e !== 'number' || !Number.isSafeInteger(e)) return null;
    return { pageView: v, canaries, serverFailed: f, expiresAt: e };
  } catch {
    return null;
  }
}

/**
 * Checks a token: its form, its signature with this key (before anything the payload says is
 * believed), then its expiry. What it names (still the running canary? reported before?) is the
 * beacon's to check.
 */
export function verifyPageView(key: Buffer, token: string, now: number): PageViewCheck {
  const match = PAGE_VIEW_TOKEN.exec(token);
  if (!match) return { ok: false, reason: 'forged' };
  const [, payload, signature] = match as unknown as [string, string, string];
  // Compared as text: base64url's last character holds two spare bits a decoder ignores.
  if (!timingSafeEqual(Buffer.from(signature), Buffer.from(mac(key, payload)))) return { ok: false, reason: 'forged' };
  const claim = claimOf(payload);
  if (!claim) return { ok: false, reason: 'malformed' };
  if (claim.expiresAt <= now) return { ok: false, reason: 'expired' };
  return { ok: true, claim };
}
