/**
 * Which release of each remote a request uses (docs/architecture.md "Releases of a remote"): the
 * live one, the canary for visitors in its share, or the release a preview link named.
 *
 * - Canary: while any remote has one, every visitor has a bucket, a random whole number 0..99 kept
 *   in the `ct_canary` cookie (first-party, HttpOnly, 30 days). The visitor gets the candidate when
 *   bucket < percent: the same release on every request (sticky), and raising the percent keeps the
 *   visitors who had it. The cookie is set only while a canary runs and the visitor has none.
 * - Preview: the `ct_preview` cookie holds the preview links' tokens, one per remote, joined by `~`
 *   (a new link for a remote replaces that remote's). Each is checked on every request (signature,
 *   expiry, release still kept); one that no longer verifies is dropped from the cookie and the
 *   visitor is on live for that remote.
 *
 * A page that uses a canary or a preview release is private: never kept in the page cache or sent
 * to another visitor. Nothing here reads the database: the snapshot is in memory.
 */
import { randomInt } from 'node:crypto';
import { REMOTE_NAMES, SITE_COOKIES, type RemoteName } from '@copytech/shared/domain';
import type { LiveReleases, LiveSnapshot, PreviewCheck, PreviewClaim, RenderTargets, Selection } from './model';

/** Named in the cookie policy's list (BROWSER_STORAGE), so the policy names what the server sets. */
export const CANARY_COOKIE = SITE_COOKIES.canary;
export const PREVIEW_COOKIE = SITE_COOKIES.preview;
export const CANARY_COOKIE_MAX_AGE_S = 30 * 24 * 3600;
/** A token as previewLinks.ts writes it: base64url payload '.' base64url signature. */
const TOKEN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
/** At most one token per remote, and a bounded cookie whatever a browser sends. */
const MAX_PREVIEW_TOKENS = REMOTE_NAMES.length;

export interface ChosenReleases {
  selection: Selection;
  /** Set-Cookie header values to send with the answer */
  setCookies: string[];
  /** true when any remote was chosen as a canary or a preview: the page is the visitor's own */
  private: boolean;
  /** the verified previews the page shows (its bar) */
  previews: PreviewClaim[];
}

/** The cookies of a request's Cookie header (the first of each name). */
export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 1) continue;
    const name = part.slice(0, at).trim();
    if (name in cookies || !/^[\w-]+$/.test(name)) continue;
    cookies[name] = part.slice(at + 1).trim();
  }
  return cookies;
}

export interface CookieOptions {
  secure: boolean;
}

function cookie(name: string, value: string, attributes: string[], options: CookieOptions): string {
  return [`${name}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', ...attributes, ...(options.secure ? ['Secure'] : [])].join('; ');
}

export const canaryCookie = (bucket: number, options: CookieOptions) =>
  cookie(CANARY_COOKIE, String(bucket), [`Max-Age=${CANARY_COOKIE_MAX_AGE_S}`], options);

/** The preview cookie holding these tokens until the last of them expires; cleared when there is none. */
export function previewCookie(tokens: Array<{ token: string; expiresAt: number }>, options: CookieOptions): string {
  if (tokens.length === 0) return clearPreviewCookie(options);
  const until = Math.max(...tokens.map((entry) => entry.expiresAt));
  return cookie(PREVIEW_COOKIE, tokens.map((entry) => entry.token).join('~'), [`Expires=${new Date(until).toUTCString()}`], options);
}

export const clearPreviewCookie = (options: CookieOptions) =>
  cookie(PREVIEW_COOKIE, '', ['Expires=Thu, 01 Jan 1970 00:00:00 GMT', 'Max-Age=0'], options);

/** The visitor's canary bucket from the cookie, or null when it has none (or not a valid one). */
export function bucketOf(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,2}$/.test(value)) return null;
  return Number(value);
}

/** Whether any remote has a canary running. */
export const canaryRunning = (snapshot: LiveSnapshot) => REMOTE_NAMES.some((name) => snapshot.remotes[name].canary !== null);

/** The preview cookie's tokens, each verified; those that no longer verify are dropped. */
export function verifiedPreviews(
  value: string | undefined,
  verifyPreview: (token: string) => PreviewCheck,
): { valid: Array<{ token: string; claim: PreviewClaim }>; dropped: boolean } {
  const tokens = (value ?? '').split('~').filter(Boolean);
  const valid: Array<{ token: string; claim: PreviewClaim }> = [];
  let dropped = tokens.length > MAX_PREVIEW_TOKENS;
  for (const token of tokens.slice(0, MAX_PREVIEW_TOKENS)) {
    const check = TOKEN.test(token) ? verifyPreview(token) : ({ ok: false, reason: 'malformed' } as const);
    // One token per remote: the later one in the cookie is the newer link.
    if (check.ok) {
      const before = valid.findIndex((entry) => entry.claim.remote === check.claim.remote);
      if (before !== -1) valid.splice(before, 1);
      valid.push({ token, claim: check.claim });
    } else dropped = true;
  }
  return { valid, dropped };
}

export interface ChooseOptions extends CookieOptions {
  /** a new visitor's bucket, 0..99 (tests give their own) */
  newBucket?: () => number;
}

/**
 * Each remote's release for a request with these cookies: its preview, else its canary if the
 * visitor's bucket is in the canary's share, else its live release.
 */
export function chooseReleases(
  releases: Pick<LiveReleases, 'snapshot' | 'find'>,
  cookies: Record<string, string | undefined>,
  verifyPreview: (token: string) => PreviewCheck,
  options: ChooseOptions,
): ChosenReleases {
  const snapshot = releases.snapshot();
  const setCookies: string[] = [];
  let bucket = bucketOf(cookies[CANARY_COOKIE]);
  if (canaryRunning(snapshot) && bucket === null) {
    bucket = options.newBucket ? options.newBucket() : randomInt(100);
    setCookies.push(canaryCookie(bucket, options));
  }

  const previews = cookies[PREVIEW_COOKIE] ? verifiedPreviews(cookies[PREVIEW_COOKIE], verifyPreview) : { valid: [], dropped: false };
  const previewed = new Map<RemoteName, NonNullable<ReturnType<LiveReleases['find']>>>();
  const kept: Array<{ token: string; claim: PreviewClaim }> = [];
  for (const entry of previews.valid) {
    const release = releases.find(entry.claim.remote, entry.claim.release);
    if (release) {
      previewed.set(entry.claim.remote, release);
      kept.push(entry);
    }
  }
  if (previews.dropped || kept.length !== previews.valid.length) {
    setCookies.push(
      previewCookie(
        kept.map(({ token, claim }) => ({ token, expiresAt: claim.expiresAt })),
        options,
      ),
    );
  }

  let isPrivate = false;
  const selection = Object.fromEntries(
    REMOTE_NAMES.map((name) => {
      const { live, canary } = snapshot.remotes[name];
      const preview = previewed.get(name);
      if (preview) {
        isPrivate = true;
        return [name, { release: preview, as: 'preview' }];
      }
      if (canary && bucket !== null && bucket < canary.percent) {
        isPrivate = true;
        return [name, { release: canary.release, as: 'canary' }];
      }
      return [name, { release: live, as: 'live' }];
    }),
  ) as Selection;
  return { selection, setCookies, private: isPrivate, previews: kept.map((entry) => entry.claim) };
}

/** What a render needs of a selection: each remote's server build. */
export function renderTargets(selection: Selection): RenderTargets {
  return Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, { id: selection[name].release.id, serverEntry: selection[name].release.serverEntry }]),
  ) as RenderTargets;
}

/** The live selection (every remote on its live release): what the page cache and startup use. */
export function liveSelection(snapshot: LiveSnapshot): Selection {
  return Object.fromEntries(REMOTE_NAMES.map((name) => [name, { release: snapshot.remotes[name].live, as: 'live' }])) as Selection;
}

/** `X-Remote-Releases: catalogue=<id>, basket=<id>, checker=<id>, content=<id>` */
export const releasesHeader = (selection: Selection) => REMOTE_NAMES.map((name) => `${name}=${selection[name].release.id}`).join(', ');
