/**
 * The server build of a release on another origin (a CDN folder), copied to this machine's disk
 * once and loaded from there, like a local or a stored build.
 *
 * Why: loaded over http, a container's Node runtime finds the URL of its own chunks by looking
 * through every federation instance of the process for the first that loaded a container of its
 * name (its public path, `/remotes/<name>/`, is relative). With several hosts alive together (the
 * live releases beside a canary or a preview, hostPool.ts) that can be another host's container of
 * the same remote, and the chunks of another release are loaded. From disk, a container loads
 * its chunks beside its own file. A release is immutable, so the copy never goes stale.
 *
 * The files copied are those the build's server manifest (server/mf-manifest.json) names: the
 * entry, every exposed module's chunks and the shared modules' chunks, each read as every release
 * origin is (pages/releases/originFetch.ts: a listed origin, public addresses checked before the
 * connection and connected to, no redirect, at most 20 MB a file within 5 s). Any failure leaves
 * the release loaded over http (the copy is tried again after RETRY_AFTER_MS); what a failure says
 * never quotes what the origin answered.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SAFE_FILE } from './localManifests';
import { processOriginPolicy, readOrigin, type OriginPolicy } from './releases/originFetch';

/** Where the copies are kept (render processes may read it: sandbox/sandbox.ts). */
export const ORIGIN_COPIES_DIR = path.join(os.tmpdir(), `copytech-origin-builds-${process.getuid?.() ?? 'user'}`);
const DIR = ORIGIN_COPIES_DIR;
const TIMEOUT_MS = 5_000;
/** After a failed copy, the release is loaded over http for this long before another try. */
const RETRY_AFTER_MS = 30_000;
const MAX_BYTES = 20 * 1024 * 1024;

type Assets = { js?: { sync?: unknown; async?: unknown } };
const names = (lists: unknown[]) =>
  lists
    .flatMap((list) => (Array.isArray(list) ? list : []))
    .filter((file): file is string => typeof file === 'string' && SAFE_FILE.test(file));

/** The files of a server build its manifest names, relative to its folder. */
export function serverBuildFiles(manifest: unknown): string[] | null {
  const { metaData, exposes, shared } = (manifest ?? {}) as {
    metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
    exposes?: unknown;
    shared?: unknown;
  };
  const entry = [metaData?.remoteEntry?.path, metaData?.remoteEntry?.name]
    .filter((part) => typeof part === 'string' && part !== '')
    .join('/');
  if (!SAFE_FILE.test(entry)) return null;
  const chunks = [...(Array.isArray(exposes) ? exposes : []), ...(Array.isArray(shared) ? shared : [])].flatMap(
    (item: { assets?: Assets }) => names([item?.assets?.js?.sync, item?.assets?.js?.async]),
  );
  return [...new Set([entry, ...chunks])];
}

async function fetchFile(url: URL, origins: OriginPolicy): Promise<Buffer> {
  const body = await readOrigin(url.href, origins, { timeoutMs: TIMEOUT_MS, maxBytes: MAX_BYTES });
  if (!Buffer.isBuffer(body)) throw new Error(body.error);
  return body;
}

/** The server manifest's JSON; a text that is not JSON is said to be so, never quoted. */
function manifestJson(text: string, url: URL): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${url.href} is not valid JSON`);
  }
}

/**
 * Copies the build whose entry is `entry` (an http(s) URL) to disk, reading it through `origins`;
 * the file URL of its entry there. Throws (a sentence that quotes nothing read) when it cannot.
 */
export async function copyOriginBuild(entry: string, origins: OriginPolicy): Promise<string> {
  const folder = path.join(DIR, createHash('sha256').update(entry).digest('hex').slice(0, 24));
  const manifestFile = path.join(folder, 'mf-manifest.json');
  const base = new URL('.', entry);
  const manifestUrl = new URL('mf-manifest.json', base);
  const manifestText = await fs.readFile(manifestFile, 'utf8').catch(async () => (await fetchFile(manifestUrl, origins)).toString('utf8'));
  const files = serverBuildFiles(manifestJson(manifestText, manifestUrl));
  if (!files) throw new Error('the server manifest names no entry');
  const entryFile = path.join(folder, files[0]!);
  if (
    await fs.stat(entryFile).then(
      () => true,
      () => false,
    )
  )
    return pathToFileURL(entryFile).href;
  // Written aside, then moved into place whole: another thread may be copying the same build.
  const temporary = `${folder}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  try {
    for (const file of ['mf-manifest.json', ...files]) {
      const target = path.join(temporary, file);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, await fetchFile(new URL(file, base), origins));
    }
    await fs.rename(temporary, folder).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    });
  } finally {
    await fs.rm(temporary, { recursive: true, force: true });
  }
  return pathToFileURL(entryFile).href;
}

const copies = new Map<string, Promise<string>>();
const failed = new Map<string, number>();

/**
 * The entry to load a release's server build from: its copy on disk for an http(s) one, else as
 * it is. A copy that fails is said once (warn) and not tried again for RETRY_AFTER_MS: the
 * release is loaded over http meanwhile, with no wait for the origin. The origin is read through
 * `origins` (default: the policy of this process's own settings, RELEASE_ORIGINS and
 * REMOTE_<NAME>_URL from its environment).
 */
export async function loadableEntry(
  entry: string,
  log: { warn(object: object, message: string): void },
  origins: OriginPolicy = processOriginPolicy(),
): Promise<string> {
  if (!/^https?:\/\//.test(entry)) return entry;
  if (Date.now() - (failed.get(entry) ?? -Infinity) < RETRY_AFTER_MS) return entry;
  let copied = copies.get(entry);
  if (!copied) {
    copied = copyOriginBuild(entry, origins);
    copies.set(entry, copied);
  }
  try {
    return await copied;
  } catch (error) {
    if (copies.get(entry) === copied) {
      copies.delete(entry);
      failed.set(entry, Date.now());
      log.warn(
        { entry, reason: (error as Error).message },
        'a release on another origin could not be copied to disk: it is loaded over http',
      );
    }
    return entry;
  }
}
