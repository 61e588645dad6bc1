/**
 * Preview links: a signed, expiring claim "whoever holds this link may see release <id> of
 * <remote>". A link is a bearer credential: it works from any browser it is opened in, until it
 * expires or is revoked (`npm run release -- unpreview`, credentials.ts).
 *
 * token = base64url(JSON {r: remote, i: release, m: made at, e: expiry, in epoch ms}) '.' base64url(HMAC-SHA256(key, payload))
 *
 * The key is 32 random bytes kept in the database (release_settings), made by the first instance
 * that starts (insert-if-absent) and read by every other: every instance signs and verifies with
 * the same key, with nothing to configure. Verifying is synchronous (a request checks a cookie on
 * every page): the key and the revocations are held in memory.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { REMOTE_NAMES, type RemoteName } from '@copytech/shared/domain';
import type { Db } from '../../db/database';
import { RELEASE_ID, type PreviewCheck, type PreviewClaim } from '../../pages/releases/model';

export const PREVIEW_KEY_SETTING = 'preview-signing-key';
/** A link lasts 24 hours unless asked otherwise, and never more than a week. */
export const PREVIEW_DEFAULT_HOURS = 24;
export const PREVIEW_MAX_HOURS = 168;

/** The signing key: the one in the database, made there first if there is none yet. */
export async function previewKey(db: Db): Promise<Buffer> {
  await db
    .insertInto('release_settings')
    .values({ key: PREVIEW_KEY_SETTING, value: randomBytes(32).toString('hex') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('release_settings').select('value').where('key', '=', PREVIEW_KEY_SETTING).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'hex');
}

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest();

export function signPreview(key: Buffer, claim: PreviewClaim): string {
  const payload = Buffer.from(JSON.stringify({ r: claim.remote, i: claim.release, m: claim.issuedAt, e: claim.expiresAt })).toString(
    'base64url',
  );
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

function claimOf(payload: string): PreviewClaim | null {
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { r?: unknown; i?: unknown; m?: unknown; e?: unknown };
    const { r, i, m = 0, e } = value;
    if (typeof r !== 'string' || !(REMOTE_NAMES as readonly string[]).includes(r)) return null;
    if (typeof i !== 'string' || !RELEASE_ID.test(i)) return null;
    if (typeof e !== 'number' || !Number.isSafeInteger(e)) return null;
    if (typeof m !== 'number' || !Number.isSafeInteger(m) || m < 0) return null;
    return { remote: r as RemoteName, release: i, issuedAt: m, expiresAt: e };
  } catch {
    return null;
  }
}

/**
 * Checks a token: well formed, signed with this key, not expired, not revoked (`revoked`: made
 * at or before a revocation of its release), and naming a release the registry keeps (`known`).
 * The signature is checked before anything the payload says is believed.
 */
export function verifyPreview(
  key: Buffer,
  token: string,
  now: number,
  known: (remote: RemoteName, release: string) => boolean,
  revoked: (claim: PreviewClaim) => boolean = () => false,
): PreviewCheck {
  const match = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: 'malformed' };
  const [, payload, signature] = match as unknown as [string, string, string];
  // Compared as the text the link carries: base64url's last character holds two spare bits a
  // decoder ignores, so comparing decoded bytes would let four spellings of one signature pass.
  const expected = Buffer.from(mac(key, payload).toString('base64url'));
  if (!timingSafeEqual(Buffer.from(signature), expected)) return { ok: false, reason: 'forged' };
  const claim = claimOf(payload);
  if (!claim) return { ok: false, reason: 'malformed' };
  if (claim.expiresAt <= now) return { ok: false, reason: 'expired' };
  if (revoked(claim)) return { ok: false, reason: 'revoked' };
  if (!known(claim.remote, claim.release)) return { ok: false, reason: 'unknown release' };
  return { ok: true, claim };
}
