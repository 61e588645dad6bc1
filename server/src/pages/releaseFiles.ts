/**
 * The browser files of the release a page uses for each remote (docs/architecture.md "Releases of
 * a remote"), for the page's head: the remote's entry script and, per exposed module, its
 * stylesheets and scripts, as URLs the page can load.
 *
 * - `local`: the remote's build on this server, read from its manifest on disk as it is rebuilt
 *   (localManifests.ts), under /remotes/<name>/.
 * - a release in the store or on another origin: the files its registration recorded
 *   (Release.browser, from its browser manifest), resolved against the folder of its manifest
 *   (its manifest's publicPath is 'auto': the browser resolves them the same way). Immutable, so
 *   nothing is read per page.
 */
import type { RemoteName } from '@copytech/shared/domain';
import type { Release, Selection } from './releases/model';
import { localManifestUrl, SAFE_FILE, type ExposeAssets, type LocalBuilds } from './localManifests';

export interface ReleaseFiles {
  /** the entry script's URL */
  entry: string;
  /** per exposed module ('CatalogueRoutes'): its files' URLs */
  exposes: Map<string, ExposeAssets>;
}

/** The folder of a manifest's URL ('/releases/checker/3f9a…/' or 'https://cdn…/checker/7/'), with its trailing slash. */
export const manifestFolder = (manifestUrl: string) => manifestUrl.replace(/[?#].*$/, '').replace(/[^/]*$/, '');

const safe = (files: string[]) => files.filter((file) => SAFE_FILE.test(file));

/** The files a store or origin release recorded, as URLs; null when it recorded none. */
export function recordedFiles(release: Release): ReleaseFiles | null {
  if (!release.browser || !SAFE_FILE.test(release.browser.entryFile)) return null;
  const folder = manifestFolder(release.manifestUrl);
  const exposes = new Map<string, ExposeAssets>();
  for (const [name, files] of Object.entries(release.browser.exposes)) {
    exposes.set(name, { css: safe(files.css).map((file) => folder + file), js: safe(files.js).map((file) => folder + file) });
  }
  return { entry: folder + release.browser.entryFile, exposes };
}

const recordedSeen = new WeakMap<Release, ReleaseFiles | null>();
/** A release is immutable: its files are worked out once. */
function recordedOnce(release: Release): ReleaseFiles | null {
  if (!recordedSeen.has(release)) recordedSeen.set(release, recordedFiles(release));
  return recordedSeen.get(release) ?? null;
}

/** The files of a remote's chosen release, for one page: resolved once per remote. */
export type FilesOf = (name: RemoteName) => Promise<ReleaseFiles | null>;

export function releaseFilesFor(selection: Selection, localBuild: LocalBuilds): FilesOf {
  const found = new Map<RemoteName, Promise<ReleaseFiles | null>>();
  return (name) => {
    let files = found.get(name);
    if (!files) {
      const { release } = selection[name];
      files =
        release.source === 'local'
          ? release.manifestUrl === localManifestUrl(name)
            ? localBuild(name).then((build) => build && localFiles(name, build))
            : Promise.resolve(null)
          : Promise.resolve(recordedOnce(release));
      found.set(name, files);
    }
    return files;
  };
}

const localSeen = new WeakMap<object, ReleaseFiles>();

/** A local build's files (relative to /remotes/<name>/) as URLs; worked out once per build read. */
function localFiles(name: RemoteName, build: { entry: string; exposes: Map<string, ExposeAssets> }): ReleaseFiles {
  const seen = localSeen.get(build);
  if (seen) return seen;
  const base = `/remotes/${name}/`;
  const exposes = new Map<string, ExposeAssets>();
  for (const [expose, files] of build.exposes) {
    exposes.set(expose, { css: files.css.map((file) => base + file), js: files.js.map((file) => base + file) });
  }
  const files = { entry: build.entry, exposes };
  localSeen.set(build, files);
  return files;
}
