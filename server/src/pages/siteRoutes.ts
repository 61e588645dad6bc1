/**
 * Serves the built site in production: the shell at /, each remote under /remotes/{name}/ (its
 * standalone page, and only the file types a release may hold: pages/releases/fileTypes.ts).
 * Hashed files are cached for a year (immutable); entry files, manifests and the index page are
 * no-cache, so a remote's new build is live on the next page load without restarting anything.
 * Files are read from disk on each request, never cached in memory. Text files are sent as the
 * brotli or gzip copy the build wrote beside them when the browser accepts it.
 */
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { pageSections, REMOTE_NAMES } from '@copytech/shared/domain';
import type { Config } from '../config';
import { sendError } from '../http/errors';
import { siteOrigin } from './origin';
import { robotsTxt, sitemapEntries, sitemapXml } from './sitemap';
import { createIndexPage } from './indexPage';
import { checkerPostsPlugin } from './checkerPosts';
import { formPostsPlugin, type FormPost } from './formPosts';
import { NOT_SERVED, releaseFileType, STANDALONE_PAGE } from './releases/fileTypes';
import type { ReleasesService } from './releases/model';

const HASHED = /\.[0-9a-f]{10}\.(js|css|png|jpe?g|svg|webp|woff2?)$/;
/** The build writes a brotli (.br) and a gzip (.gz) copy beside each text file; see createAppConfig. */
const PRECOMPRESSED_SUFFIX = /\.(br|gz)$/;

/** A file of a remote's own build that /remotes/<name>/ serves: its standalone page at the root, or a release's type. */
export function remoteFileServed(pathName: string): boolean {
  const file = pathName.replace(/^\/+/, '');
  if (file === '' || STANDALONE_PAGE.test(file)) return true; // '' is the folder: its index.html
  return !NOT_SERVED.test(file) && releaseFileType(file) !== null;
}

export function cacheHeaders(reply: FastifyReply, filePath: string): void {
  const original = filePath.replace(PRECOMPRESSED_SUFFIX, '');
  reply.header('Cache-Control', HASHED.test(original) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** The site: `releases` chooses the release of each remote a page uses; the sitemap's rows are `app.sitemap`. */
export const sitePlugin: FastifyPluginAsync<{ config: Config; releases: ReleasesService; formPosts?: readonly FormPost[] }> = async (
  app,
  { config, releases, formPosts = [] },
) => {
  const shellDist = path.join(config.siteRoot, 'shell', 'dist');

  await app.register(fastifyStatic, {
    root: shellDist,
    prefix: '/',
    index: false,
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders: cacheHeaders,
  });
  for (const name of REMOTE_NAMES) {
    await app.register(fastifyStatic, {
      root: path.join(config.siteRoot, `mfe-${name}`, 'dist'),
      prefix: `/remotes/${name}/`,
      decorateReply: false,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      // Build statistics (mf-manifest-stats.json, source maps) are for the build, not the browser:
      // the runtime needs only mf-manifest.json, and the stats name build-machine paths. Beside
      // the remote's standalone page, only the types a release may hold (releases/fileTypes.ts):
      // a remote's build is its team's, and no other file of it is a page of the site.
      allowedPath: (pathName: string) => remoteFileServed(pathName),
      // A remote's files may be loaded by a shell on another origin (a remote can live on a CDN).
      setHeaders: (reply: FastifyReply, filePath: string) => {
        cacheHeaders(reply, filePath);
        reply.header('Access-Control-Allow-Origin', '*');
        reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
      },
    });
  }

  const sendIndex = createIndexPage(app, config, shellDist, releases);
  // A CMS page's forms posted without JavaScript, answered with the page (formPosts.ts).
  await app.register(formPostsPlugin, { config, posts: formPosts, sendPosted: sendIndex.sendPosted });
  // The savings checker's steps posted without JavaScript, answered with the checker (checkerPosts.ts).
  await app.register(checkerPostsPlugin, { config, db: app.db, sendPosted: sendIndex.sendPosted });

  app.get('/sitemap.xml', async (request, reply) => {
    const xml = sitemapXml(await sitemapEntries(app.sitemap), siteOrigin(config, request));
    return reply.header('Cache-Control', 'public, max-age=600').type('application/xml; charset=utf-8').send(xml);
  });
  app.get('/robots.txt', async (request, reply) =>
    reply
      .header('Cache-Control', 'public, max-age=600')
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(siteOrigin(config, request))),
  );

  // The index page for every path of the site; its status says whether the page exists. The
  // sections' paths are routed to it directly; any other path is first looked up as a file of the
  // shell's build (the static wildcard above) and comes to the not-found handler below.
  app.get('/', sendIndex);
  for (const section of pageSections()) {
    app.get(`/${section}`, sendIndex);
    app.get(`/${section}/*`, sendIndex);
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendError(reply, 404, `No such resource: ${pathname}`);
    if (pathname.startsWith('/api/') || pathname.startsWith('/remotes/') || pathname.startsWith('/assets/') || path.extname(pathname)) {
      return sendError(reply, 404, `No such resource: ${pathname}`);
    }
    return sendIndex(request, reply);
  });
};
