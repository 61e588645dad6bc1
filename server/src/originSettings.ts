/**
 * The settings that name other origins, read with the rest of the configuration (config.ts) and by
 * the reader of release origins (pages/releases/originFetch.ts), which also runs where config.ts
 * cannot be loaded (a sandboxed render process may not look for the repository's folders): this
 * module reads nothing but the values it is given.
 *
 * - REMOTE_<NAME>_URL: a remote's browser manifest on another origin (default: the site's own
 *   /remotes/<name>/);
 * - RELEASE_ORIGINS: the origins `publish --origin` may name.
 */
import { REMOTE_NAMES, type RemoteName } from '@copytech/shared/domain';

/** A setting that cannot be used; config.ts turns it into a StartupError (one line, no stack). */
export class OriginSettingError extends Error {}

/** REMOTE_<NAME>_URL per remote: the manifest URL the browser fetches (default: the site's own /remotes/<name>/). */
export const remoteManifestsFrom = (env: NodeJS.ProcessEnv): Record<RemoteName, string> =>
  Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, env[`REMOTE_${name.toUpperCase()}_URL`] || `/remotes/${name}/mf-manifest.json`]),
  ) as Record<RemoteName, string>;

/** What is wrong with one RELEASE_ORIGINS entry, or null when it is an origin. */
function originProblem(entry: string): string | null {
  if (entry.includes('@')) return 'must not carry credentials';
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(entry)?.[1]?.toLowerCase();
  if (scheme !== 'https' && scheme !== 'http') return 'must start with https:// (or http://)';
  if (/[?#]/.test(entry)) return 'must not have a query or a fragment';
  if (/^[^:]+:\/\/[^/]*\/./.test(entry)) return 'must not have a path (list the origin, https://cdn.example.com, not a folder)';
  try {
    return new URL(entry).hostname ? null : 'must name a host';
  } catch {
    return 'is not a URL';
  }
}

/**
 * RELEASE_ORIGINS: comma-separated origins, scheme://host[:port] (a trailing slash is allowed),
 * https:// or http://; empty entries are skipped. Each is kept as its URL origin (the host in
 * lower case, an IP address in its plain form, the scheme's default port dropped), which is how
 * a release folder's URL is compared with them. A wrong entry is an error naming its position;
 * its value is shown only when it carries no credentials.
 */
export function parseReleaseOrigins(value: string | undefined): string[] {
  return (value ?? '').split(',').flatMap((raw, index) => {
    const entry = raw.trim();
    if (entry === '') return [];
    const problem = originProblem(entry);
    if (problem)
      throw new OriginSettingError(
        `RELEASE_ORIGINS entry ${index + 1} ${problem}, got ${entry.includes('@') ? 'a URL with credentials (not shown)' : `"${entry}"`}`,
      );
    return [new URL(entry).origin];
  });
}
