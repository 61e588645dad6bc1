/**
 * Releases that live on another origin (a CDN bucket): the folder's URL, its two manifests read
 * from there (browser: <folder>/mf-manifest.json, server: <folder>/server/mf-manifest.json), and
 * the release id made of the three, so registering the same folder with the same files twice
 * gives the same release. Every read goes through originFetch.ts: a listed origin, public
 * addresses, no redirect, at most 2 MB within 5 s.
 */
import { createHash } from 'node:crypto';
import type { RemoteName } from '@copytech/shared/domain';
import type { GateCandidate } from './gate';
import { readOriginText, type OriginPolicy } from '../../pages/releases/originFetch';

/** An http(s) folder URL, with one trailing slash, no query or fragment; null when it is not one. */
export function normaliseOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return null;
  url.search = '';
  url.hash = '';
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/`;
  return url.href;
}

/** The release folder of a manifest URL (REMOTE_*_URL names the browser manifest). */
export const folderOfManifest = (manifestUrl: string): string => new URL('.', manifestUrl).href;

export const originReleaseId = (origin: string, browser: string, server: string): string =>
  createHash('sha256').update(`${origin}\0${browser}\0${server}`).digest('hex').slice(0, 12);

/** The gate's candidate for a folder on another origin, its manifests read from there. */
export async function originCandidate(remote: RemoteName, origin: string, policy: OriginPolicy): Promise<GateCandidate> {
  const manifestUrl = `${origin}mf-manifest.json`;
  const [browserManifest, serverManifest] = await Promise.all([
    readOriginText(manifestUrl, policy),
    readOriginText(`${origin}server/mf-manifest.json`, policy),
  ]);
  const text = (value: string | { error: string }) => (typeof value === 'string' ? value : '');
  return {
    remote,
    id: originReleaseId(origin, text(browserManifest), text(serverManifest)),
    manifestUrl,
    serverEntry: `${origin}server/remoteEntry.js`,
    browserManifest,
    serverManifest,
  };
}
