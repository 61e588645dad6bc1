/**
 * The release store: uploaded builds, content-addressed and immutable, in
 * RELEASE_STORE_DIR (default $VAR_DIR/releases) as <remote>/<id>/ (the remote's dist tree as
 * uploaded: browser files, and server/ for the server build), served at /releases/<remote>/<id>/
 * once registered (releasesRoutes.ts). An upload holds only the types a release may hold
 * (pages/releases/fileTypes.ts: code, styles, JSON, fonts, images other than SVG), never a page:
 * any other file refuses it whole, each named.
 *
 * An upload is streamed into a folder of its own under .incoming/, each file hashed as it is
 * written; the release id is the SHA-256 (12 hex digits) of the sorted lines
 * `<relative path>\0<file's sha256>\n`, so the same files give the same id. The folder is then
 * renamed into place in one step (rename is atomic on one file system) and never written again;
 * when the id's folder is there already, the upload is dropped and the kept folder stands.
 *
 * A store is one instance's unless several instances mount the same folder. Each store keeps a
 * random id in <store>/.store-id, which every instance reports in its heartbeat (instances.ts):
 * an upload is refused when live instances report different stores, since the others could not
 * serve it (publish to a CDN and register it with --origin instead).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { RemoteName } from '@copytech/shared/domain';
import { HttpError } from '../../http/errors';
import { KEPT_TYPES, NOT_SERVED, releaseFileType } from '../../pages/releases/fileTypes';

export const UPLOAD_LIMITS = { files: 3000, fileBytes: 10 * 1024 * 1024, totalBytes: 60 * 1024 * 1024 } as const;
const STORE_ID_FILE = '.store-id';
const INCOMING = '.incoming';
/** An upload folder left by a crash is removed after this long. */
const INCOMING_STALE_MS = 60 * 60_000;
const SAFE_PATH = /^[A-Za-z0-9_.\-/]+$/;
/** A refusal names at most this many files of types a release does not keep (and says how many more). */
const NAMED_AT_MOST = 100;
export { NOT_SERVED };

/** A file of an upload as a multipart part gives it. */
export interface UploadPart {
  filename: string;
  file: NodeJS.ReadableStream & { truncated?: boolean };
}

export interface ReceivedUpload {
  dir: string;
  id: string;
  files: number;
  bytes: number;
}

/** A relative path of a build's file, or why it is refused (absolute, `..`, odd characters). */
export function checkRelativePath(value: string): string | null {
  if (value.length === 0 || value.length > 300) return 'a path must have 1 to 300 characters';
  if (!SAFE_PATH.test(value)) return `"${value.replace(/[^\x20-\x7e]/g, '?').slice(0, 100)}": only letters, digits and _ . - / are allowed`;
  if (value.startsWith('/')) return `"${value}": the path must be relative`;
  const segments = value.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return `"${value}": empty, "." and ".." segments are not allowed`;
  if (segments.some((s) => s.startsWith('.'))) return `"${value}": hidden files are not allowed`;
  return null;
}

/** The id of a set of files: their paths and contents' hashes, sorted. */
export function uploadReleaseId(files: ReadonlyArray<{ path: string; sha256: string }>): string {
  const lines = [...files]
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map((f) => `${f.path}\0${f.sha256}\n`)
    .join('');
  return createHash('sha256').update(lines).digest('hex').slice(0, 12);
}

const overTotal = () => new HttpError(413, `The upload is refused: more than ${UPLOAD_LIMITS.totalBytes / 1024 / 1024} MB in all.`);

/** Reads a part to its end without keeping it (the next part of a multipart body follows it); its bytes count. */
async function drain(stream: NodeJS.ReadableStream, allowance: number): Promise<number> {
  let bytes = 0;
  for await (const chunk of stream) {
    bytes += (chunk as Buffer).length;
    if (bytes > allowance) throw overTotal();
  }
  return bytes;
}

/** The refusal of an upload holding files a release does not keep: each named (up to NAMED_AT_MOST). */
function refusedTypes(files: string[]): HttpError {
  const named = files.slice(0, NAMED_AT_MOST).join(', ');
  const more = files.length > NAMED_AT_MOST ? ` and ${files.length - NAMED_AT_MOST} more` : '';
  const count = files.length === 1 ? 'a file' : `${files.length} files`;
  return new HttpError(
    400,
    `The upload is refused: ${count} of a type a release does not keep: ${named}${more}. ` +
      `A release holds only ${KEPT_TYPES}; nothing was kept.`,
  );
}

export class ReleaseStore {
  readonly storeId: string;

  constructor(readonly root: string) {
    fs.mkdirSync(path.join(root, INCOMING), { recursive: true });
    this.storeId = this.readOrMakeStoreId();
    this.removeStaleIncoming();
  }

  folderOf(remote: RemoteName, id: string): string {
    return path.join(this.root, remote, id);
  }

  manifestUrlOf(remote: RemoteName, id: string): string {
    return `/releases/${remote}/${id}/mf-manifest.json`;
  }

  serverEntryOf(remote: RemoteName, id: string): string {
    return pathToFileURL(path.join(this.folderOf(remote, id), 'server', 'remoteEntry.js')).href;
  }

  has(remote: RemoteName, id: string): boolean {
    return fs.existsSync(this.folderOf(remote, id));
  }

  /**
   * Streams the parts into a new folder under .incoming/, checking each path, each file's type
   * (pages/releases/fileTypes.ts) and the limits. A refusal removes what was written: 400 for a
   * bad path, or for files of types a release does not keep (every one named, the whole upload
   * read first), 413 over a limit.
   */
  async receive(parts: AsyncIterable<UploadPart>): Promise<ReceivedUpload> {
    const dir = path.join(this.root, INCOMING, `${Date.now()}-${randomBytes(6).toString('hex')}`);
    fs.mkdirSync(dir);
    const hashes: Array<{ path: string; sha256: string }> = [];
    const seen = new Set<string>();
    const refused: string[] = [];
    let bytes = 0;
    try {
      for await (const part of parts) {
        const problem = checkRelativePath(part.filename) ?? (seen.has(part.filename) ? `"${part.filename}" is sent twice` : null);
        if (problem) throw new HttpError(400, `The upload is refused: ${problem}.`);
        if (seen.size >= UPLOAD_LIMITS.files) throw new HttpError(413, `The upload is refused: more than ${UPLOAD_LIMITS.files} files.`);
        seen.add(part.filename);
        // Statistics and maps are dropped; a file of another type is refused, and once one is,
        // nothing more is written (the rest is still read, to name every refused file).
        const kept = !NOT_SERVED.test(part.filename) && releaseFileType(part.filename) !== null;
        if (!kept && !NOT_SERVED.test(part.filename)) refused.push(part.filename);
        if (!kept || refused.length > 0) {
          bytes += await drain(part.file, UPLOAD_LIMITS.totalBytes - bytes);
          continue;
        }
        const written = await this.writePart(dir, part, UPLOAD_LIMITS.totalBytes - bytes);
        bytes += written.bytes;
        hashes.push({ path: part.filename, sha256: written.sha256 });
      }
      if (refused.length > 0) throw refusedTypes(refused);
      if (hashes.length === 0) throw new HttpError(400, 'The upload is refused: it holds no files.');
    } catch (error) {
      fs.rmSync(dir, { recursive: true, force: true });
      throw error;
    }
    return { dir, id: uploadReleaseId(hashes), files: hashes.length, bytes };
  }

  /** Moves a received upload into place; false when the release's folder was there already (the upload is dropped). */
  place(remote: RemoteName, id: string, incoming: string): boolean {
    const target = this.folderOf(remote, id);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    if (fs.existsSync(target)) {
      fs.rmSync(incoming, { recursive: true, force: true });
      return false;
    }
    try {
      fs.renameSync(incoming, target);
      return true;
    } catch (error) {
      // another upload of the same files won the rename
      fs.rmSync(incoming, { recursive: true, force: true });
      if (fs.existsSync(target)) return false;
      throw error;
    }
  }

  /** Removes a release the gate refused (it was never registered). */
  remove(remote: RemoteName, id: string): void {
    fs.rmSync(this.folderOf(remote, id), { recursive: true, force: true });
  }

  /** A manifest's text (browser: mf-manifest.json, server: server/mf-manifest.json), or why not. */
  readManifest(remote: RemoteName, id: string, which: 'browser' | 'server'): string | { error: string } {
    const relative = which === 'browser' ? 'mf-manifest.json' : 'server/mf-manifest.json';
    try {
      return fs.readFileSync(path.join(this.folderOf(remote, id), relative), 'utf8');
    } catch {
      return { error: `${relative} is not in the upload` };
    }
  }

  private async writePart(dir: string, part: UploadPart, allowance: number): Promise<{ bytes: number; sha256: string }> {
    const file = path.resolve(dir, part.filename);
    // checkRelativePath already refused anything that could leave the folder; this is the second lock
    if (!file.startsWith(`${dir}${path.sep}`)) throw new HttpError(400, `The upload is refused: "${part.filename}" is outside the build.`);
    try {
      fs.mkdirSync(path.dirname(file), { recursive: true });
    } catch (error) {
      if (!['EEXIST', 'ENOTDIR'].includes(String((error as { code?: string }).code))) throw error;
      throw new HttpError(400, `The upload is refused: "${part.filename}" is under a path that is also a file.`);
    }
    const hash = createHash('sha256');
    let bytes = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        if (bytes > allowance) return done(overTotal());
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(part.file, meter, fs.createWriteStream(file, { flags: 'wx', mode: 0o644 }));
    } catch (error) {
      if (['EEXIST', 'EISDIR'].includes(String((error as { code?: string }).code)))
        throw new HttpError(400, `The upload is refused: "${part.filename}" is also a folder of the upload.`);
      throw error;
    }
    if (part.file.truncated)
      throw new HttpError(413, `The upload is refused: "${part.filename}" is over ${UPLOAD_LIMITS.fileBytes / 1024 / 1024} MB.`);
    return { bytes, sha256: hash.digest('hex') };
  }

  private readOrMakeStoreId(): string {
    const file = path.join(this.root, STORE_ID_FILE);
    // Written whole beside it, then linked into place: an instance starting at the same moment
    // on the same folder either makes the link or finds the other's complete file.
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(temporary, `${randomUUID()}\n`, { mode: 0o644 });
    try {
      fs.linkSync(temporary, file);
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(temporary, { force: true });
    }
    const id = fs.readFileSync(file, 'utf8').trim();
    if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error(`${file} does not hold a store id; remove it to make a new one`);
    return id;
  }

  private removeStaleIncoming(): void {
    const incoming = path.join(this.root, INCOMING);
    for (const name of fs.readdirSync(incoming)) {
      const started = Number(name.split('-')[0]);
      if (Number.isFinite(started) && Date.now() - started > INCOMING_STALE_MS)
        fs.rmSync(path.join(incoming, name), { recursive: true, force: true });
    }
  }
}
