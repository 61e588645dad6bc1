/**
 * The browser manifests (mf-manifest.json) of the remotes this server serves from their local
 * builds: each remote's entry script and, per exposed module, the files it needs, for the page's
 * head (startupHints.ts, pages/stylesheets.ts). Read from disk and read again when the file
 * changes; the files are looked at (a fs.stat each) at most every RECHECK_MS, so a remote rebuilt
 * alone is seen by the pages that follow, without a restart, and a page costs no file access.
 *
 * A remote on another origin (REMOTE_*_URL) is not read here: the browser fetches its manifest.
 * A manifest that is missing, malformed or names an unsafe file reads as no build.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '@copytech/shared/domain';
import type { Config } from '../config';

/** How often the manifests on disk are looked at for a new build, at most. */
export const RECHECK_MS = 250;

export interface ExposeAssets {
  /** stylesheets of the module and of the chunks it loads on demand, relative to the remote's folder */
  css: string[];
  /** scripts the module needs before it runs, relative to the remote's folder */
  js: string[];
}

export interface LocalBuild {
  /** The entry script's URL, as the page should load it. */
  entry: string;
  /** per exposed module ('CatalogueRoutes') */
  exposes: Map<string, ExposeAssets>;
}

/** A file name a manifest may name: relative, no parent segments, nothing to escape. */
export const SAFE_FILE = /^(?!.*\.\.)[A-Za-z0-9_][A-Za-z0-9_./-]*$/;

const files = (lists: unknown[], extension: string) =>
  lists
    .flatMap((list) => (Array.isArray(list) ? list : []))
    .filter((file): file is string => typeof file === 'string' && SAFE_FILE.test(file) && file.endsWith(extension));

/** The files of each expose, from an mf-manifest.json. */
export function exposeAssets(manifest: unknown): Map<string, ExposeAssets> {
  const result = new Map<string, ExposeAssets>();
  const exposes = (manifest as { exposes?: unknown } | null)?.exposes;
  if (!Array.isArray(exposes)) return result;
  type Assets = { css?: { sync?: unknown; async?: unknown }; js?: { sync?: unknown } };
  for (const expose of exposes as Array<{ name?: unknown; assets?: Assets }>) {
    if (typeof expose?.name !== 'string') continue;
    const { css, js } = expose.assets ?? {};
    result.set(expose.name, { css: files([css?.sync, css?.async], '.css'), js: files([js?.sync], '.js') });
  }
  return result;
}

/** Reads the fields of an mf-manifest.json the page's head needs; null when it is not one. */
export function parseRemoteManifest(json: unknown, baseUrl: string): LocalBuild | null {
  if (typeof json !== 'object' || json === null) return null;
  const { metaData } = json as { metaData?: unknown };
  if (typeof metaData !== 'object' || metaData === null) return null;
  const { remoteEntry, publicPath } = metaData as { remoteEntry?: { name?: unknown; path?: unknown }; publicPath?: unknown };
  // Files are resolved against the manifest's folder ('auto'); a fixed public path is not supported here.
  if (publicPath !== 'auto') return null;
  const entryFile = [remoteEntry?.path, remoteEntry?.name].filter((part) => typeof part === 'string' && part !== '').join('/');
  if (!SAFE_FILE.test(entryFile)) return null;
  return { entry: baseUrl + entryFile, exposes: exposeAssets(json) };
}

export const localManifestUrl = (name: RemoteName) => `/remotes/${name}/mf-manifest.json`;

export type LocalBuilds = (name: RemoteName) => Promise<LocalBuild | null>;

export function createLocalBuilds(config: Pick<Config, 'siteRoot' | 'remoteManifests'>): LocalBuilds {
  const known = new Map<RemoteName, { mtimeMs: number; build: LocalBuild | null }>();
  let checked = 0;
  let checking: Promise<void> | null = null;

  async function readOne(name: RemoteName): Promise<void> {
    const file = path.join(config.siteRoot, `mfe-${name}`, 'dist', 'mf-manifest.json');
    try {
      const { mtimeMs } = await fs.stat(file);
      if (known.get(name)?.mtimeMs === mtimeMs) return;
      const build = parseRemoteManifest(JSON.parse(await fs.readFile(file, 'utf8')), `/remotes/${name}/`);
      known.set(name, { mtimeMs, build });
    } catch {
      known.delete(name);
    }
  }

  /** At most one look per RECHECK_MS, shared by the pages that ask meanwhile. */
  function recheck(): Promise<void> {
    if (!checking && Date.now() - checked >= RECHECK_MS) {
      checked = Date.now();
      const local = REMOTE_NAMES.filter((name) => config.remoteManifests[name] === localManifestUrl(name));
      checking = Promise.all(local.map(readOne)).then(
        () => {
          checking = null;
        },
        () => {
          checking = null;
        },
      );
    }
    return checking ?? Promise.resolve();
  }

  return async function localBuild(name) {
    if (config.remoteManifests[name] !== localManifestUrl(name)) return null;
    await recheck();
    return known.get(name)?.build ?? null;
  };
}
