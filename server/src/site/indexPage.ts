/**
 * The answer to a page's URL (docs/architecture.md "How a page loads"): the shell's index page with
 * the page's status and head (pageHead.ts), the startup hints (startupHints.ts) and, rendered on the
 * server, its body, the stylesheets of the parts rendered and the data they were rendered with.
 *
 * Pages are the same for every visitor (what is the visitor's own, the basket, the cookie choice,
 * saved progress, appears in their browser), so an answer is kept for a few seconds and sent again
 * to the next request for the same URL, with an ETag, compressed once. A page with a part left to
 * the browser (a remote failed, a read failed) is not kept: the next request tries again. A new
 * build of the shell or of a remote starts afresh.
 *
 * A page rendered for the request in hand is streamed: its status and head go out at once, so the
 * browser fetches the stylesheets and scripts while the server renders the body, which follows
 * when it is whole (see stream below; the two parts are pageParts.ts). Kept pages are sent in one
 * piece, with their ETag.
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CAMPAIGN_KEYS, type BlogArticle, type PageContent } from '@copytech/shared/domain';
import type { Config } from '../config';
import { AnswerCache, type AnswerFormat } from '../catalogue/answerCache';
import { BROTLI_OPTIONS, GZIP_OPTIONS, preferredEncoding } from '../http/compression';
import { containerSources, createFederationHost, type FederationHost } from '../render/federationHost';
import { inProcessReader } from '../render/inProcessApi';
import { createPageRenderer, type RenderedBody } from '../render/renderPage';
import { createRenderThreads, type PageRenderer } from '../render/renderThreads';
import { createLocalBuilds } from './localManifests';
import { siteOrigin } from './origin';
import { createPageResolver } from './pageHead';
import { createPageParts } from './pageParts';
import { createStartupHints } from './startupHints';

/** How long a rendered page is sent again as it is. */
export const PAGE_CACHE_LIMITS = { maxEntries: 500, maxBytes: 64 * 1024 * 1024, ttlMs: 10_000 } as const;

interface PageAnswer {
  status: number;
  html: string;
  /** false when a part was left to the browser or the page was not rendered here */
  complete: boolean;
}

/**
 * A streamed page's brotli: as BROTLI_OPTIONS, with a 256 KB window instead of 4 MB (a page is well
 * under it, so the output is the same size), as each page being rendered holds its own compressor.
 */
const PAGE_BROTLI_OPTIONS: zlib.BrotliOptions = { params: { ...BROTLI_OPTIONS.params, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } };

/**
 * Query parameters that say where a visitor came from (campaign tags, ad click ids). No page reads
 * them (the list pages read only their own filters, listPages and filterState; the first-touch
 * campaign is read in the browser), so a page is rendered and kept without them: every click
 * from an ad, each with an id of its own, is then one page, not a render each.
 */
export const TRACKING_PARAMETERS = [
  ...CAMPAIGN_KEYS,
  'utm_id',
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'fbclid',
  'msclkid',
  'li_fat_id',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
];

/** A page's URL as it is rendered and kept: the request's, without tracking parameters. */
export function pageUrl(requestUrl: string): URL {
  const url = new URL(requestUrl, 'http://site.invalid');
  // Untouched unless it has one (deleting re-encodes the whole query string).
  if (TRACKING_PARAMETERS.some((name) => url.searchParams.has(name))) for (const name of TRACKING_PARAMETERS) url.searchParams.delete(name);
  return url;
}

const PAGE_FORMAT: AnswerFormat = {
  contentType: 'text/html; charset=utf-8',
  serialize: (value) => Buffer.from((value as PageAnswer).html),
  status: (value) => (value as PageAnswer).status,
  keep: (value) => (value as PageAnswer).complete,
};

/**
 * The render threads' script, beside the server's built bundle (build.mjs). Running from the
 * TypeScript sources (the unit tests, `npm run dev -w server`) there is none: pages render in the
 * main thread.
 */
function renderWorkerFile(): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const file = path.join(here, path.basename(here) === 'chunks' ? '..' : '.', 'render-worker.js');
  return here.split(path.sep).includes('dist') && existsSync(file) ? file : null;
}

function pageRenderer(config: Config, host: FederationHost, app: FastifyInstance): PageRenderer {
  const workerFile = config.renderThreads > 0 ? renderWorkerFile() : null;
  if (workerFile) {
    return createRenderThreads(
      workerFile,
      config.renderThreads,
      { siteRoot: config.siteRoot, remoteManifests: config.remoteManifests, budgetMs: config.renderBudgetMs },
      app.log,
    );
  }
  return { ...createPageRenderer(host, { budgetMs: config.renderBudgetMs, log: app.log }), close: async () => undefined };
}

/** The page of a content page, product or list, from the database and the API, for the page's status and head. */
function pageResolver(app: FastifyInstance, readApi: ReturnType<typeof inProcessReader>) {
  return createPageResolver(
    {
      productByModelId: (modelId) => app.catalogue.byModelId(modelId),
      listCount: async (apiUrl) => {
        const answer = await readApi(apiUrl);
        const count = answer.ok ? (answer.value as { count?: unknown }).count : null;
        return typeof count === 'number' ? count : null;
      },
      blogPost: async (slug) => {
        const row = await app.db.selectFrom('blog_posts').where('slug', '=', slug).select('data').executeTakeFirst();
        return row ? app.terms.fill(JSON.parse(row.data) as BlogArticle) : null;
      },
      contentPage: async (slug) => {
        const row = await app.db.selectFrom('pages').where('slug', '=', slug).select('data').executeTakeFirst();
        return row ? app.terms.fill(JSON.parse(row.data) as PageContent) : null;
      },
    },
    app.terms.terms,
    app.log,
  );
}

/** The shell's built page, looked at again at most every 250 ms (a new shell build is seen then). */
function templateReader(shellDist: string): () => Promise<{ mtimeMs: number; html: string } | null> {
  let template: { mtimeMs: number; html: string } | null = null;
  let templateChecked = 0;
  return async function readTemplate() {
    const file = path.join(shellDist, 'index.html');
    if (template && Date.now() - templateChecked < 250) return template;
    templateChecked = Date.now();
    try {
      const { mtimeMs } = await fs.stat(file);
      if (template?.mtimeMs !== mtimeMs) template = { mtimeMs, html: await fs.readFile(file, 'utf8') };
      return template;
    } catch {
      template = null;
      return null;
    }
  };
}

/** The compressor a streamed page is written through: brotli or gzip as the request accepts, else none. */
function pageCompressor(request: FastifyRequest) {
  const encoding = request.headers['x-no-compression'] === undefined ? preferredEncoding(request.headers['accept-encoding']) : 'identity';
  const out =
    encoding === 'br'
      ? zlib.createBrotliCompress(PAGE_BROTLI_OPTIONS)
      : encoding === 'gzip'
        ? zlib.createGzip(GZIP_OPTIONS)
        : new PassThrough();
  return { encoding, out };
}

export function createIndexPage(app: FastifyInstance, config: Config, shellDist: string) {
  const localBuild = createLocalBuilds(config);
  const startupHints = createStartupHints(config, localBuild);
  // The main thread's host notices new builds (the pages' version below); the renders run in the
  // render threads (each with a host of its own) or, without them, with this one.
  const host = config.serverRender ? createFederationHost(containerSources(config.siteRoot, config.remoteManifests)) : null;
  const renderer = host ? pageRenderer(config, host, app) : null;
  if (renderer) app.addHook('onClose', () => renderer.close());
  const readApi = inProcessReader(app);
  const pages = new AnswerCache(PAGE_CACHE_LIMITS, PAGE_FORMAT);
  const resolvePage = pageResolver(app, readApi);
  const { pageStart, pageEnd } = createPageParts({ config, localBuild, startupHints, resolvePage, renderer });

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

  async function produce(template: string, url: URL, origin: string): Promise<PageAnswer> {
    const [start, body] = await Promise.all([pageStart(template, url, origin), renderBody(url)]);
    const { rest, complete } = await pageEnd(start, body);
    return { status: start.page.status, html: start.head + rest, complete };
  }

  /**
   * A page not kept yet: its head is sent at once, so the browser fetches the stylesheets and
   * scripts while the body is rendered, and the body follows in the same response when it is
   * rendered whole (a part of it sent early would need an inline script to be put in place, which
   * the CSP forbids and a reader without JavaScript would never see). The page is kept as sent.
   */
  async function stream(request: FastifyRequest, reply: FastifyReply, template: string, url: URL, origin: string): Promise<PageAnswer> {
    const start = await pageStart(template, url, origin);
    const { encoding, out } = pageCompressor(request);
    reply.code(start.page.status).type(PAGE_FORMAT.contentType).header('Vary', 'Accept-Encoding');
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    reply.send(out);
    out.write(start.head);
    // A compressor holds what it is given until it has a block: the head goes out now, before the
    // render takes the event loop (its reads are answered in process, without a pause for I/O).
    if (!(out instanceof PassThrough)) await new Promise<void>((resolve) => out.flush(() => resolve()));
    let end: { rest: string; complete: boolean };
    try {
      end = await pageEnd(start, await renderBody(url));
    } catch (error) {
      app.log.warn({ url: url.pathname, reason: (error as Error).message }, 'server rendering failed: the page is rendered in the browser');
      end = { rest: start.emptyRoot + start.tail, complete: false };
    }
    out.end(end.rest);
    return { status: start.page.status, html: start.head + end.rest, complete: end.complete };
  }

  const readTemplate = templateReader(shellDist);

  return async function sendIndex(request: FastifyRequest, reply: FastifyReply) {
    const shell = await readTemplate();
    if (!shell) return reply.code(503).type('text/plain').send('The site has not been built yet: run `npm run build`.');
    const url = pageUrl(request.url);
    const origin = siteOrigin(config, request);
    // A new build of any app (the shell's page, a container) is a new version: nothing older is sent.
    const generation = host ? await host.revalidate() : 0;
    const version = Math.round(shell.mtimeMs) * 1000 + generation;
    reply.header('Cache-Control', 'no-cache');
    const key = `${origin} ${url.pathname}${url.search}`;
    if (renderer && request.method === 'GET' && !pages.has(key, version)) {
      // Rendered for this request, and sent as it is rendered; kept for the requests that follow.
      const sent = stream(request, reply, shell.html, url, origin);
      pages.adopt(key, version, () => sent);
      await sent;
      return reply;
    }
    await pages.send(request, reply, key, version, () => produce(shell.html, url, origin));
    return reply;
  };
}
