/**
 * What a release may hold (docs/deploy.md "What a release may hold"): the files a remote needs in
 * the browser and on the server, never a page. A release's files are served from the site's own
 * origin (/releases/<remote>/<id>/…), so an HTML or SVG file in one would be a page of the site,
 * running with the site's cookies and the store's scripts; a type the browser could take for one is
 * not kept either. Each kept type is answered with its own Content-Type, and helmet adds
 * `X-Content-Type-Options: nosniff` to every answer, so the browser never guesses another.
 *
 * The rule is one table, read at publish (the store refuses an upload with any other file, naming
 * each), when the store's files are served (a folder kept before the rule is held to it too), and
 * for each remote's own build under /remotes/<name>/ (pages/siteRoutes.ts). The release command
 * (scripts/release.mjs) holds the same table, to refuse before it uploads.
 */

/** Content-Type by file extension: scripts, styles, JSON, fonts and raster images. */
const TYPES: Readonly<Record<string, string>> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  cjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  woff2: 'font/woff2',
  woff: 'font/woff',
  ttf: 'font/ttf',
  otf: 'font/otf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/vnd.microsoft.icon',
};

/** The licence texts webpack writes beside a bundle (`main.js.LICENSE.txt`): plain text. */
const LICENCE = /\.LICENSE\.txt$/;
/** The build's brotli and gzip copies of a file: kept and served as that file. */
const COMPRESSED = /\.(?:br|gz)$/;

/** The kept types, for a refusal to name them. */
export const KEPT_TYPES =
  'scripts (.js .mjs .cjs), styles (.css), JSON (.json), fonts (.woff2 .woff .ttf .otf), images other than SVG ' +
  "(.png .jpg .jpeg .gif .webp .avif .ico), the build's licence texts (.LICENSE.txt), and the .br and .gz copies of these";

/** The Content-Type a release file is served with, or null when a release may not hold it. */
export function releaseFileType(file: string): string | null {
  const name = file.replace(COMPRESSED, '');
  if (LICENCE.test(name)) return 'text/plain; charset=utf-8';
  const dot = name.lastIndexOf('.');
  const slash = name.lastIndexOf('/');
  if (dot <= slash + 1) return null; // no extension (or a name that is only one)
  return Object.hasOwn(TYPES, name.slice(dot + 1)) ? TYPES[name.slice(dot + 1)]! : null;
}

/** Build statistics and source maps (and their compressed copies) are the build's: never kept, never served. */
export const NOT_SERVED = /(?:-stats\.json|\.map)(?:\.br|\.gz)?$/;

/**
 * A remote's standalone page (dist/index.html: the remote alone, for its team and QA), served at
 * /remotes/<name>/ from the remote's own build. It is not part of a release: the release command
 * leaves it out, and the store refuses it like any page.
 */
export const STANDALONE_PAGE = /^index\.html(?:\.br|\.gz)?$/;
