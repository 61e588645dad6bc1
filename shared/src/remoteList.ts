/**
 * The remotes of shared/apps.json and the names of their exposes, as the contracts give them
 * (REMOTE_NAMES and REQUIRED_EXPOSES in ./contracts.ts).
 *
 * An app's webpack build does not bundle this module as written: shared/build/remoteListLoader.cjs
 * puts the two values in its place, read from the same file at build time. The root of
 * @copytech/shared is downloaded before every page's first paint, so a page gets these two short
 * lists rather than the whole list of apps (folders, ports, source paths) and the code that reads
 * it. Everywhere else (the server, the tests) this module reads the file itself.
 */
import { REMOTE_APPS } from './apps';

/** Every remote's name, in the order of shared/apps.json. */
export const REMOTE_NAMES: readonly string[] = REMOTE_APPS.map((remote) => remote.name);

/** The names of each remote's exposes. */
export const REQUIRED_EXPOSES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  REMOTE_APPS.map((remote) => [remote.name, Object.keys(remote.exposes ?? {})]),
);
