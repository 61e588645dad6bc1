/**
 * What the index page tells the browser up front, so a page's first paint does not wait on a
 * chain of round trips (index → main.js → /remotes.json → a remote's mf-manifest.json → its
 * remoteEntry.js → the exposed module's chunks):
 *
 * - the remotes configuration (the same data as GET /remotes.json), inline as a JSON data block;
 * - for a remote served by this server from its own build, its entry script instead of its
 *   manifest, read from the manifest on disk at request time (a remote rebuilt alone is live on the
 *   next page load);
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
 * A remote on another origin (REMOTE_*_URL) keeps its manifest URL and gets no preloads: the
 * browser fetches its manifest as before. Everything here is a hint: when a manifest is missing or
 * malformed the page gets the plain manifest URL and works as it would without hints.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { API_PATHS, modelIdFromSlugs, productImageUrl, REMOTE_NAMES, type Product, type RemoteName, type RemotesManifest } from '@copytech/shared/domain';
import type { Config } from '../config';
import { remoteForRoute } from '../siteRoutes';

export interface Preload {
  href: string;
  as: 'script' | 'fetch' | 'image';
}

/** What the server can look up to name a product page's reads. */
export interface ProductLookup {
  byModelId(modelId: string): Promise<Product | null>;
}

export interface StartupHints {
  remotes: RemotesManifest;
  preloads: Preload[];
}

interface RemoteBuild {
  /** The entry script's URL, as the page should load it. */
  entry: string;
}

/** A file name the manifest may name: relative, no parent segments, nothing to escape. */
const SAFE_FILE = /^(?!.*\.\.)[A-Za-z0-9_][A-Za-z0-9_./-]*$/;

/** Reads the fields of an mf-manifest.json this needs; null when it is not one. */
export function parseRemoteManifest(json: unknown, baseUrl: string): RemoteBuild | null {
  if (typeof json !== 'object' || json === null) return null;
  const { metaData } = json as { metaData?: unknown };
  if (typeof metaData !== 'object' || metaData === null) return null;
  const { remoteEntry, publicPath } = metaData as { remoteEntry?: { name?: unknown; path?: unknown }; publicPath?: unknown };
  // Files are resolved against the manifest's folder ('auto'); a fixed public path is not supported here.
  if (publicPath !== 'auto') return null;
  const entryFile = [remoteEntry?.path, remoteEntry?.name].filter((part) => typeof part === 'string' && part !== '').join('/');
  if (!SAFE_FILE.test(entryFile)) return null;
  return { entry: baseUrl + entryFile };
}

const localManifestUrl = (name: RemoteName) => `/remotes/${name}/mf-manifest.json`;

/** A CMS slug as the content room fetches them (it never fetches anything else). */
const CONTENT_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The reads a route starts with, as the rooms make them (shell routes.tsx, catalogue
 * CatalogueRoutes.tsx): the content page by slug, or a product page's product and main image.
 */
async function dataPreloads(pathname: string, products: ProductLookup): Promise<Preload[]> {
  let path: string;
  try {
    path = decodeURIComponent(pathname).replace(/\/+$/, '') || '/';
  } catch {
    return [];
  }
  const segments = path.split('/').slice(1);
  const contentSlug = path === '/' ? 'home' : /^\/(contact-us|customer-support)$/.test(path) ? segments[0] : segments[0] === 'services' && segments.length === 2 ? segments[1] : null;
  if (contentSlug) return CONTENT_SLUG.test(contentSlug) ? [{ href: API_PATHS.page(contentSlug), as: 'fetch' }] : [];

  const [section, ...rest] = segments;
  const productSlugs =
    (section === 'printers' && rest.length === 3) || (section === 'scanners' && (rest.length === 2 || rest.length === 3)) || (section === 'finishers' && rest.length === 2)
      ? rest.slice(-2)
      : null;
  if (!productSlugs) return [];
  const modelId = modelIdFromSlugs(productSlugs[0]!, productSlugs[1]!);
  const product = modelId ? await products.byModelId(modelId).catch(() => null) : null;
  if (!product || !product.isActive) return [];
  return [
    { href: section === 'scanners' ? API_PATHS.scanner(modelId) : API_PATHS.product(modelId), as: 'fetch' },
    { href: productImageUrl(product, 'x540'), as: 'image' },
  ];
}

export function createStartupHints(config: Config, products: ProductLookup) {
  const cache = new Map<RemoteName, { mtimeMs: number; build: RemoteBuild | null }>();

  /** The remote's build as this server serves it, or null when it is elsewhere or unreadable. */
  async function localBuild(name: RemoteName): Promise<RemoteBuild | null> {
    if (config.remoteManifests[name] !== localManifestUrl(name)) return null;
    const file = path.join(config.siteRoot, `mfe-${name}`, 'dist', 'mf-manifest.json');
    try {
      const { mtimeMs } = await fs.stat(file);
      const cached = cache.get(name);
      if (cached && cached.mtimeMs === mtimeMs) return cached.build;
      const build = parseRemoteManifest(JSON.parse(await fs.readFile(file, 'utf8')), `/remotes/${name}/`);
      cache.set(name, { mtimeMs, build });
      return build;
    } catch {
      cache.delete(name);
      return null;
    }
  }

  return async function startupHints(pathname: string): Promise<StartupHints> {
    const builds = await Promise.all(REMOTE_NAMES.map(async (name) => [name, await localBuild(name)] as const));
    const remotes = Object.fromEntries(builds.map(([name, build]) => [name, build?.entry ?? config.remoteManifests[name]])) as Record<RemoteName, string>;
    const preloads: Preload[] = [];
    const owner = remoteForRoute(pathname);
    const build = owner && builds.find(([name]) => name === owner)?.[1];
    if (build) preloads.push({ href: build.entry, as: 'script' });
    if (owner) preloads.push(...(await dataPreloads(pathname, products)));
    return { remotes: { remotes, timeoutMs: config.remoteTimeoutMs }, preloads };
  };
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** JSON that is safe inside a <script type="application/json"> element. */
const inlineJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

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
