/**
 * What the index page tells the browser up front, so a page's first paint does not wait on a
 * chain of round trips (index → main.js → /remotes.json → a remote's mf-manifest.json → its
 * remoteEntry.js → the exposed module's chunks):
 *
 * - the remotes configuration (the same data as GET /remotes.json, for the releases this page
 *   uses, with their ids), inline as a JSON data block;
 * - for each remote, its release's entry script instead of its manifest when its files are known
 *   (releaseFiles.ts: a local build as its manifest on disk names it, so a remote rebuilt alone
 *   is live on the page loads that follow; a release as it was registered);
 * - a preload of the entry script of the remote that renders the route;
 * - a preload of the route's first API read (a content page, a product) and, on a product page,
 *   of its main image, so they do not wait for the JavaScript that asks for them. The URLs come
 *   from the same builders the rooms fetch with (API_PATHS, productImageUrl in
 *   @copytech/shared/domain): a preload is used only by a request for exactly its URL.
 *
 * The remote's own chunks are not preloaded: a preload that fails or hangs stays in the browser's
 * preload cache, and a Retry of the remote would be answered from it (the retry loads the entry
 * from a fresh URL, see resetRemote, but chunk URLs cannot change). Measured with Lighthouse on a
 * list page, preloading them too gained about 0.1 s of LCP; robustness wins.
 *
 * A page the server rendered keeps only the image preload (indexPage.ts): its scripts start after
 * its first paint (shell/src/startup.ts), and its reads are in the page already.
 *
 * A release on another origin gets no preload, and one whose files are not known (seeded from
 * REMOTE_*_URL) keeps its manifest URL: the browser fetches that manifest itself. Everything here is
 * a hint: when a manifest is missing or malformed the page gets the plain manifest URL and works as
 * it would without hints.
 */
import {
  API_PATHS,
  matchSitePath,
  productImageUrl,
  REMOTE_NAMES,
  remoteOfRoute,
  type RemoteName,
  type RemotesManifest,
} from '@copytech/shared/domain';
import { inlineJson } from '@copytech/shared/ssr';
import type { Config } from '../config';
import type { Selection } from './releases/model';
import { productReadUrl, type PageAnswer } from './pageHead';
import type { FilesOf } from './releaseFiles';

export interface Preload {
  href: string;
  as: 'script' | 'fetch' | 'image';
}

export interface StartupHints {
  remotes: RemotesManifest;
  preloads: Preload[];
}

/**
 * The reads a page starts with, as the rooms make them (the content room by slug, the catalogue's
 * product page by modelId): the content page, or a product page's product and main image. The page
 * has been resolved already (pageHead.ts), so a Not Found page preloads nothing.
 */
function dataPreloads(page: Pick<PageAnswer, 'status' | 'route' | 'product'>): Preload[] {
  if (page.status !== 200) return [];
  const { route, product } = page;
  if (route.kind === 'content') return [{ href: API_PATHS.page(route.slug), as: 'fetch' }];
  if (route.kind !== 'product' || !product) return [];
  return [
    { href: productReadUrl(route), as: 'fetch' },
    { href: productImageUrl(product, 'x540'), as: 'image' },
  ];
}

/**
 * Builds the hints from the releases the page uses (`selection`) and their browser files
 * (releaseFiles.ts: a local build as it is rebuilt, or what a release recorded).
 */
export function createStartupHints(config: Config) {
  return async function startupHints(
    page: Pick<PageAnswer, 'status' | 'route' | 'product'>,
    pathname: string,
    selection: Selection,
    filesOf: FilesOf,
  ): Promise<StartupHints> {
    const builds = await Promise.all(REMOTE_NAMES.map(async (name) => [name, await filesOf(name)] as const));
    const remotes = Object.fromEntries(
      builds.map(([name, build]) => [name, build?.entry ?? selection[name].release.manifestUrl]),
    ) as Record<RemoteName, string>;
    const releases = Object.fromEntries(REMOTE_NAMES.map((name) => [name, selection[name].release.id]));
    const preloads: Preload[] = [];
    // The room the shell hands the path to (matchSitePath, as the shell does): a 404 inside a
    // remote's section (an unknown list or product) is rendered by that remote, its Not Found.
    const owner = remoteOfRoute(matchSitePath(pathname));
    const build = owner && builds.find(([name]) => name === owner)?.[1];
    // Only this site's own files: a release on another origin is left to the browser to fetch.
    if (build && build.entry.startsWith('/')) preloads.push({ href: build.entry, as: 'script' });
    preloads.push(...dataPreloads(page));
    return { remotes: { remotes, timeoutMs: config.remoteTimeoutMs, releases }, preloads };
  };
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The tags that go at the end of the index page's head. */
export function renderStartupHints(hints: StartupHints, marketingScriptUrl: string): string {
  return [
    `<meta name="copytech:marketing-script" content="${escapeAttribute(marketingScriptUrl)}">`,
    `<script type="application/json" id="copytech-remotes">${inlineJson(hints.remotes)}</script>`,
    ...hints.preloads.map(({ href, as }) => {
      // A fetch() preload must say crossorigin to match fetch()'s mode; the page's main image is
      // its largest paint, so it goes first among images.
      const extra = as === 'fetch' ? ' crossorigin' : as === 'image' ? ' fetchpriority="high"' : '';
      return `<link rel="preload" as="${as}" href="${escapeAttribute(href)}"${extra}>`;
    }),
  ].join('');
}
