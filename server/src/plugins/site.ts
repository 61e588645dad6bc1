/**
 * Serves the built site in production: the shell at /, each remote under /remotes/{name}/.
 * Hashed files are cached for a year (immutable); entry files, manifests and the index page are
 * no-cache, so a remote's new build is live on the next page load without restarting anything.
 * Files are read from disk on each request, never cached in memory. Text files are sent as the
 * brotli or gzip copy the build wrote beside them when the browser accepts it.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { REMOTE_NAMES, type PageContent } from '@copytech/shared/domain';
import type { Config } from '../config';
import { sendError } from '../http/errors';
import { createPageResolver, withPageHead } from '../site/pageHead';
import { siteOrigin } from '../site/origin';
import { robotsTxt, sitemapEntries, sitemapXml } from '../site/sitemap';
import { createStartupHints, renderStartupHints } from '../site/startupHints';
import { containerSources, createFederationHost } from '../render/federationHost';
import { createPageRenderer, type RenderedBody } from '../render/renderPage';
import { createStylesheetIndex, preloadedStylesAsStylesheets } from '../render/stylesheets';
import { inProcessReader } from '../render/inProcessApi';
import { PAGE_DATA_ID, inlineJson } from '@copytech/shared/ssr';

const HASHED = /\.[0-9a-f]{10}\.(js|css|png|jpe?g|svg|webp|woff2?)$/;
/** The build writes a brotli (.br) and a gzip (.gz) copy beside each text file; see createAppConfig. */
const PRECOMPRESSED_SUFFIX = /\.(br|gz)$/;

export function cacheHeaders(reply: FastifyReply, filePath: string): void {
  const original = filePath.replace(PRECOMPRESSED_SUFFIX, '');
  reply.header('Cache-Control', HASHED.test(original) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

export const sitePlugin: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
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
      // the runtime needs only mf-manifest.json, and the stats name build-machine paths.
      allowedPath: (pathName: string) => !/(-stats\.json|\.map)$/.test(pathName),
      // A remote's files may be loaded by a shell on another origin (a remote can live on a CDN).
      setHeaders: (reply: FastifyReply, filePath: string) => {
        cacheHeaders(reply, filePath);
        reply.header('Access-Control-Allow-Origin', '*');
        reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
      },
    });
  }

  const startupHints = createStartupHints(config);
  const renderer = config.serverRender
    ? createPageRenderer(createFederationHost(containerSources(config.siteRoot, config.remoteManifests)), { budgetMs: config.renderBudgetMs, log: app.log })
    : null;
  const stylesheetsFor = createStylesheetIndex(config.siteRoot, (name) => config.remoteManifests[name] === `/remotes/${name}/mf-manifest.json`);
  const readApi = inProcessReader(app);

  /** The page's body rendered on the server, or null (then the browser renders it, as without server rendering). */
  async function renderBody(url: URL): Promise<RenderedBody | null> {
    if (!renderer) return null;
    try {
      return await renderer.render(url.pathname + url.search, readApi);
    } catch (error) {
      app.log.warn({ url: url.pathname, reason: (error as Error).message }, 'server rendering failed: the page is rendered in the browser');
      return null;
    }
  }
  const resolvePage = createPageResolver(
    {
      productByModelId: (modelId) => app.catalogue.byModelId(modelId),
      contentPage: async (slug) => {
        const row = await app.db.selectFrom('pages').where('slug', '=', slug).select('data').executeTakeFirst();
        return row ? (JSON.parse(row.data) as PageContent) : null;
      },
    },
    app.log,
  );

  /**
   * The shell's page for a URL, answered with that page's status and head (site/pageHead.ts) and
   * what only the server knows: the marketing script's address, the remotes configuration and the
   * preloads for this page (site/startupHints.ts).
   */
  async function sendIndex(request: FastifyRequest, reply: FastifyReply) {
    let html: string;
    try {
      html = await fs.readFile(path.join(shellDist, 'index.html'), 'utf8');
    } catch {
      return reply.code(503).type('text/plain').send('The site has not been built yet: run `npm run build`.');
    }
    const url = new URL(request.url, 'http://site.invalid');
    const origin = siteOrigin(config, request);
    const page = await resolvePage(url.pathname, url.searchParams, origin);
    const [hintsData, body] = await Promise.all([startupHints(page), renderBody(url)]);
    // The page's data is in the page: no API read for the browser to start early.
    if (body) hintsData.preloads = hintsData.preloads.filter((preload) => preload.as !== 'fetch');
    let hints = renderStartupHints(hintsData, config.marketingScriptUrl ?? '');
    html = withPageHead(html, page.head, origin);
    if (body) {
      // Styled before any script runs: the shell's styles and those of the remote parts rendered.
      html = preloadedStylesAsStylesheets(html);
      hints += (await stylesheetsFor(body.used)).map((href) => `<link rel="stylesheet" href="${href}">`).join('');
      html = html.replace(/<div id=("?)root\1><\/div>/, () => `<div id="root">${body.html}</div><script type="application/json" id="${PAGE_DATA_ID}">${inlineJson(body.answers)}</script>`);
    }
    html = html.includes('</head>') ? html.replace('</head>', () => `${hints}</head>`) : hints + html;
    return reply.code(page.status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  }

  app.get('/sitemap.xml', async (request, reply) => {
    const xml = sitemapXml(await sitemapEntries(app.db), siteOrigin(config, request));
    return reply.header('Cache-Control', 'public, max-age=600').type('application/xml; charset=utf-8').send(xml);
  });
  app.get('/robots.txt', async (request, reply) =>
    reply.header('Cache-Control', 'public, max-age=600').type('text/plain; charset=utf-8').send(robotsTxt(siteOrigin(config, request))),
  );

  // The index page for every path of the site; its status says whether the page exists.
  app.get('/', sendIndex);
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendError(reply, 404, `No such resource: ${pathname}`);
    if (pathname.startsWith('/api/') || pathname.startsWith('/remotes/') || pathname.startsWith('/assets/') || path.extname(pathname)) {
      return sendError(reply, 404, `No such resource: ${pathname}`);
    }
    return sendIndex(request, reply);
  });
};
