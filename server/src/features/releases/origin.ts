/**
 * Releases that live on another origin (a CDN bucket): the folder's URL, its two manifests read
 * from there (browser: <folder>/mf-manifest.json, server: <folder>/server/mf-manifest.json), and
 * the release id made of the three, so registering the same folder with the same files twice
 * gives the same release.
 */
import { createHash } from 'node:crypto';
import type { RemoteName } from '@copytech/shared/domain';
import type { GateCandidate } from './gate';

export const MANIFEST_TIMEOUT_MS = 5_000;
/** A manifest is a few kilobytes; anything far larger is not one. */
const MANIFEST_MAX_BYTES = 2 * 1024 * 1024;

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

/** The body as text, read no further than MANIFEST_MAX_BYTES. */
async function boundedText(response: Response, url: string): Promise<string | { error: string }> {
  const tooLarge = { error: `more than ${MANIFEST_MAX_BYTES} bytes at ${url}` };
  if (Number(response.headers.get('content-length') ?? 0) > MANIFEST_MAX_BYTES) return tooLarge;
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    if (bytes > MANIFEST_MAX_BYTES) {
      await response.body.cancel().catch(() => undefined);
      return tooLarge;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The text at a URL, or why it could not be read (a short sentence naming the URL). */
export async function readText(url: string, timeoutMs = MANIFEST_TIMEOUT_MS): Promise<string | { error: string }> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
    if (!response.ok) return { error: `HTTP ${response.status} at ${url}` };
    return await boundedText(response, url);
  } catch (error) {
    const name = (error as Error).name;
    return { error: name === 'TimeoutError' ? `no answer within ${timeoutMs} ms from ${url}` : `${(error as Error).message} at ${url}` };
  }
}

export const originReleaseId = (origin: string, browser: string, server: string): string =>
  createHash('sha256').update(`${origin}\0${browser}\0${server}`).digest('hex').slice(0, 12);

/** The gate's candidate for a folder on another origin, its manifests read from there. */
export async function originCandidate(remote: RemoteName, origin: string): Promise<GateCandidate> {
  const manifestUrl = `${origin}mf-manifest.json`;
  const [browserManifest, serverManifest] = await Promise.all([readText(manifestUrl), readText(`${origin}server/mf-manifest.json`)]);
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
