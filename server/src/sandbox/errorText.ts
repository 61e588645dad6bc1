/**
 * What the server says of an error thrown by team code (a remote's build in the release gate or in
 * a page's render): its first line only, at most ERROR_TEXT_MAX characters, with every path of this
 * machine taken out, except those inside the release itself (said relative to it, so a team can
 * find its file), and every secret the log rule knows (http/secretRedaction.ts). A refusal, a
 * render's fallback reason and a log line all say the same bounded text, so a build cannot make
 * the server repeat what it read, nor learn where the server keeps its files.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { redactLine } from '../http/secretRedaction';

export const ERROR_TEXT_MAX = 200;
export const SERVER_PATH = '[server path]';

/**
 * Folders whose paths are the server's own: the site's checkout, the data folder, the temporary
 * and home folders, the working directory, and the usual top-level folders of a Unix machine.
 */
let serverRoots: string[] = [];
export function registerServerPaths(paths: Array<string | null | undefined>): void {
  serverRoots = [...new Set([...serverRoots, ...paths.filter((p): p is string => typeof p === 'string' && p.length > 1)])];
}
registerServerPaths([process.cwd(), os.tmpdir(), os.homedir(), path.dirname(process.execPath)]);

const TOP_LEVEL =
  '(?:etc|proc|sys|dev|root|home|usr|var|tmp|opt|srv|mnt|media|run|lib|lib64|bin|sbin|boot|snap|nix|work|app|data|workspace)';
/** A file URL, or an absolute path under a top-level folder, up to the next space or quote. */
const PATHLIKE = new RegExp(`file:\\/\\/[^\\s'"\`()<>]+|(?<![\\w.:/-])\\/${TOP_LEVEL}(?:\\/[^\\s'"\`()<>:,]*)?`, 'g');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text of an error: its message (or the value itself), its first line. */
function firstLine(error: unknown): string {
  const text =
    error instanceof Error
      ? error.message
      : typeof error === 'string'
        ? error
        : ((error as { message?: unknown })?.message ?? String(error));
  return String(text).split(/\r?\n/, 1)[0]!.trim();
}

/** Each path of this machine in `text`: relative when inside one of `within`, else SERVER_PATH. */
export function withoutServerPaths(text: string, within: string[] = []): string {
  const inside = (file: string) => {
    for (const folder of within) {
      const relative = path.relative(folder, file);
      if (relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative)) return relative;
    }
    return null;
  };
  const replace = (match: string) => {
    let file = match;
    if (match.startsWith('file:')) {
      try {
        file = fileURLToPath(match.split(/[?#]/)[0]!);
      } catch {
        return SERVER_PATH;
      }
    }
    return inside(file) ?? SERVER_PATH;
  };
  let out = text.replace(PATHLIKE, replace);
  // The server's own folders, wherever they are (a checkout under /srv/site, a data folder elsewhere).
  for (const root of [...serverRoots].sort((a, b) => b.length - a.length)) {
    if (!out.includes(root)) continue;
    out = out.replace(new RegExp(`${escapeRegExp(root)}(?:\\/[^\\s'"\`()<>:,]*)?`, 'g'), (match) => inside(match) ?? SERVER_PATH);
  }
  return out;
}

/**
 * The one line the server says of an error from team code: first line, no server path (paths in
 * `within`, the release's folders, are said relative to them), no secret, at most ERROR_TEXT_MAX.
 */
export function errorText(error: unknown, within: string[] = []): string {
  const line = redactLine(withoutServerPaths(firstLine(error), within));
  const bounded = line.length > ERROR_TEXT_MAX ? `${line.slice(0, ERROR_TEXT_MAX - 1)}…` : line;
  return bounded || 'unknown error';
}

/** Bounds every string of a value a sandboxed process sent (a log line's fields): what errorText does to each, and at most 20 fields. */
export function boundedFields(object: unknown, within: string[] = []): Record<string, unknown> {
  if (typeof object !== 'object' || object === null) return {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object).slice(0, 20)) {
    const name = key.slice(0, 40);
    if (typeof value === 'string') out[name] = errorText(value, within);
    else if (typeof value === 'number' || typeof value === 'boolean' || value === null) out[name] = value;
    else if (Array.isArray(value))
      out[name] = value.slice(0, 10).map((item) => (typeof item === 'string' ? errorText(item, within) : String(item)));
    else out[name] = errorText(JSON.stringify(value) ?? '', within);
  }
  return out;
}
