/**
 * The answer to a page's URL (docs/architecture.md "How a page loads"): the shell's index page with
 * the page's status and head (pageHead.ts), the startup hints (startupHints.ts) and, rendered on the
 * server, its body, the stylesheets of the parts rendered and the data they were rendered with. The
 * head and the body read the API through one reader per request (inProcessApi.ts readOnce): each
 * URL is read once for the page.
 *
 * Pages are the same for every visitor on the live releases (what is the visitor's own, the basket,
 * the cookie choice, saved progress, appears in their browser), so an answer is kept for a few
 * seconds and sent again to the next request for the same URL, with an ETag, compressed once. A
 * page with a part left to the browser (a remote failed, a read failed) is not kept: the next
 * request tries again. A new build of the shell or of a remote, or a change of a live release,
 * starts afresh.
 *
 * Releases (pages/releases/selection.ts): each request uses the release of each remote its cookies
 * select (live, a canary, a preview). A page with a canary or a preview release is the visitor's
 * own: rendered for the request, never kept (`Cache-Control: private, no-store` for a preview;
 * while a canary runs every page is `private, no-cache`, the live ones too, still kept here). Every page says which releases made it (X-Remote-Releases)
 * and how long each remote slot took (Server-Timing: a header on a page sent whole, a trailer on a
 * page streamed as it is rendered, whose head goes out before the render ends).
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
import { CAMPAIGN_KEYS, REMOTE_NAMES } from '@copytech/shared/domain';
import type { Config } from '../config';
import { AnswerCache, type AnswerFormat } from '../http/answerCache';
import { BROTLI_OPTIONS, GZIP_OPTIONS, preferredEncoding } from '../http/compression';
import { createCspForReleases } from '../http/security';
import type { LiveSnapshot, ReleasesService, Selection } from './releases/model';
import { canaryRunning, chooseReleases, liveSelection, parseCookies, releasesHeader, renderTargets } from './releases/selection';
import { createHostPool, currentReleases, withHost, type HostPool, type RenderWith } from './hostPool';
import { inProcessReader, readOnce } from './inProcessApi';
import type { RenderedBody } from './renderPage';
import { createRenderProcesses, type PageRenderer } from './renderProcesses';
import { packageReadPaths } from '../sandbox/readPaths';
import { ORIGIN_COPIES_DIR } from './originCopies';
import { createLocalBuilds } from './localManifests';
import { siteOrigin } from './origin';
import { createPageResolver } from './pageHead';
import { createPageParts, leftToBrowser, type PageRequest } from './pageParts';
import { canaryTagFor } from './canaryPageView';
import { settlingProblems, withPageProblem } from './pageProblem';
import { createBodyRenderer } from './bodyRenderer';
import { RETRY_AFTER_SECONDS } from '../http/dependencies';
import { previewBar, PREVIEW_STYLESHEET } from './previewBar';
import { releaseFilesFor } from './releaseFiles';
import { serverTiming } from './releaseHeaders';
import { createStartupHints } from './startupHints';
import { createPostedPage } from './postedPage';

/** How long a rendered page is sent again as it is. */
export const PAGE_CACHE_LIMITS = { maxEntries: 500, maxBytes: 64 * 1024 * 1024, ttlMs: 10_000 } as const;

interface PageAnswer {
  status: number;
  html: string;
  /** false when a part was left to the browser or the page was not rendered here */
  complete: boolean;
  /** the Server-Timing of the render that made it (sent again with the page when it is kept) */
  timing: string;
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
  headers: (value) => ({
    'Server-Timing': (value as PageAnswer).timing,
    // a request that shared a 503's render (answerCache.ts: concurrent misses share one) says it too
    ...((value as PageAnswer).status === 503 ? { 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' } : {}),
  }),
};

/** Whether this is the server's TypeScript source (the unit tests, `npm run dev -w server`), not its build. */
const fromSources = () => fileURLToPath(import.meta.url).endsWith('.ts');

/**
 * The render processes' script, beside the server's built bundle (build.mjs); a build without it
 * is broken. Running from the TypeScript sources there is none: pages render in this process.
 */
function renderWorkerFile(): string | null {
  if (fromSources()) return null;
  const here = path.dirname(fileURLToPath(import.meta.url));
  const file = path.join(here, path.basename(here) === 'chunks' ? '..' : '.', 'render-worker.js');
  if (!existsSync(file)) throw new Error(`${path.basename(file)} is missing beside the built server: run \`npm run build -w server\``);
  return file;
}

/** What a render process may read: its packages, the shell's and the remotes' server builds, the release store and the copies of origin releases. */
export function renderReadPaths(config: Config, workerFile: string): string[] {
  return [
    ...packageReadPaths(path.dirname(workerFile)),
    ...['shell', ...REMOTE_NAMES.map((name) => `mfe-${name}`)].map((dir) => path.join(config.siteRoot, dir, 'dist', 'server')),
    config.releases.storeDir ?? path.join(config.varDir, 'releases'),
    ORIGIN_COPIES_DIR,
  ];
}

function pageRenderer(config: Config, pool: HostPool, app: FastifyInstance, releases: ReleasesService): PageRenderer {
  const workerFile = renderWorkerFile();
  if (workerFile) {
    return createRenderProcesses({
      workerFile,
      count: config.renderProcesses,
      data: { siteRoot: config.siteRoot, remoteManifests: config.remoteManifests, budgetMs: config.renderBudgetMs },
      readPaths: renderReadPaths(config, workerFile),
      log: app.log,
    });
  }
  // From the sources, in this process: the host of the request's releases, from the pool.
  app.log.info('pages render in the server process (the TypeScript sources): development only, team code is not sandboxed');
  return {
    render: (url, answer, use) => withHost(pool, use ?? liveUse(releases.snapshot()), (held) => held.renderer.render(url, answer)),
    available: (use) => withHost(pool, use ?? liveUse(releases.snapshot()), (held) => held.renderer.available()),
    close: async () => pool.close(),
  };
}

const currentOf = new WeakMap<LiveSnapshot, ReturnType<typeof currentReleases>>();
/** What a render with `selection` needs: its targets, and the releases live now (worked out once per snapshot). */
function renderWithFor(snapshot: LiveSnapshot, selection: Selection): RenderWith {
  let current = currentOf.get(snapshot);
  if (!current) {
    current = currentReleases(snapshot);
    currentOf.set(snapshot, current);
  }
  return { targets: renderTargets(selection), current };
}
const liveUse = (snapshot: LiveSnapshot) => renderWithFor(snapshot, liveSelection(snapshot));

/** A page-cache version from the shell's build, the live containers' generation and the live pointers' version. */
function cacheVersion(shellMtimeMs: number, generation: number, releasesVersion: number): number {
  let hash = 0x811c9dc5;
  for (const char of `${Math.round(shellMtimeMs)}:${generation}:${releasesVersion}`)
    hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return hash >>> 0;
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

/**
 * The Cache-Control of a page: a preview's is the visitor's own and never stored; while any canary
 * runs every page is private (a shared cache cannot tell the visitors' buckets apart, and a fresh
 * visitor's answer sets one), even one on the live releases; otherwise shared.
 */
function pageCacheControl(selection: Selection, snapshot: LiveSnapshot, setsCookies: boolean): string {
  const as = Object.values(selection).map((chosen) => chosen.as);
  if (as.includes('preview')) return 'private, no-store';
  if (as.includes('canary') || canaryRunning(snapshot) || setsCookies) return 'private, no-cache';
  return 'no-cache';
}

/** The releases a request uses, with the cookies and headers that go with them (the page is `shared` unless they are the visitor's own). */
function createReleaseSelector(releases: ReleasesService, config: Config, localBuild: ReturnType<typeof createLocalBuilds>) {
  const cspFor = createCspForReleases(config);
  return function selectReleases(
    request: FastifyRequest,
    reply: FastifyReply,
  ): { snapshot: LiveSnapshot; page: Omit<PageRequest, 'read'>; shared: boolean } {
    const snapshot = releases.snapshot();
    const chosen = chooseReleases(releases, parseCookies(request.headers.cookie), (token) => releases.verifyPreview(token), {
      secure: request.protocol === 'https',
    });
    if (chosen.setCookies.length > 0) reply.header('Set-Cookie', chosen.setCookies);
    reply
      .header('X-Remote-Releases', releasesHeader(chosen.selection))
      .header('Cache-Control', pageCacheControl(chosen.selection, snapshot, chosen.setCookies.length > 0));
    const previewed = chosen.previews.map((claim) => chosen.selection[claim.remote].release);
    if (previewed.length > 0) reply.header('Content-Security-Policy', cspFor(snapshot, previewed));
    const bar = chosen.previews.length > 0 ? previewBar(chosen.previews, request.url) : null;
    const page: Omit<PageRequest, 'read'> = {
      selection: chosen.selection,
      use: renderWithFor(snapshot, chosen.selection),
      filesOf: releaseFilesFor(chosen.selection, localBuild),
      headTags: bar ? `<link rel="stylesheet" href="${PREVIEW_STYLESHEET}">` : '',
      beforeRoot: bar ?? '',
      canaryTag: canaryTagFor(chosen.selection, releases),
    };
    return { snapshot, page, shared: !chosen.private };
  };
}

/**
 * A page not kept yet: its head is sent at once, so the browser fetches the stylesheets and
 * scripts while the body is rendered, and the body follows in the same response when it is
 * rendered whole (a part of it sent early would need an inline script to be put in place, which
 * the CSP forbids and a reader without JavaScript would never see). Its Server-Timing, known
 * when the render is over, follows the body as a trailer.
 */
function createStreamer(
  app: FastifyInstance,
  parts: ReturnType<typeof createPageParts>,
  renderBody: ReturnType<typeof createBodyRenderer>,
) {
  const { pageStart, pageEnd } = parts;
  return async function stream(
    request: FastifyRequest,
    reply: FastifyReply,
    template: string,
    url: URL,
    origin: string,
    page: PageRequest,
  ): Promise<PageAnswer> {
    const start = await pageStart(template, url, origin, page);
    const { encoding, out } = pageCompressor(request);
    let timing = '';
    reply.code(start.page.status).type(PAGE_FORMAT.contentType).header('Vary', 'Accept-Encoding');
    reply.trailer('Server-Timing', async () => timing);
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    reply.send(out);
    out.write(start.head);
    // A compressor holds what it is given until it has a block: the head goes out now, before the
    // render takes the event loop (its reads are answered in process, without a pause for I/O).
    if (!(out instanceof PassThrough)) await new Promise<void>((resolve) => out.flush(() => resolve()));
    let end: { rest: string; complete: boolean };
    let body: RenderedBody | null = null;
    try {
      body = await renderBody(url, page);
      end = await pageEnd(start, body);
    } catch (error) {
      app.log.warn({ url: url.pathname, reason: (error as Error).message }, 'server rendering failed: the page is rendered in the browser');
      end = { rest: leftToBrowser(start), complete: false };
    }
    timing = serverTiming(page.selection, body);
    out.end(end.rest);
    // a page with a problem (404, 503) shows its request's reference (pageProblem.ts): never kept
    return { status: start.page.status, html: start.head + end.rest, complete: end.complete && start.page.status === 200, timing };
  };
}

export function createIndexPage(app: FastifyInstance, config: Config, shellDist: string, releases: ReleasesService) {
  const localBuild = createLocalBuilds(config);
  const startupHints = createStartupHints(config);
  // This process's hosts notice new builds (the pages' version below; they never load a build's
  // code) and, run from the sources, render; render processes have hosts of their own.
  const pool = config.serverRender ? createHostPool({ siteRoot: config.siteRoot, budgetMs: config.renderBudgetMs, log: app.log }) : null;
  const renderer = pool ? pageRenderer(config, pool, app, releases) : null;
  if (renderer) app.addHook('onClose', () => renderer.close());
  const readApi = inProcessReader(app);
  const pages = new AnswerCache(PAGE_CACHE_LIMITS, PAGE_FORMAT);
  // The page's status settles what its error page shows (pageProblem.ts).
  const resolvePage = settlingProblems(createPageResolver(app.terms.terms, app.log));
  const parts = createPageParts({ config, startupHints, resolvePage, renderer });
  const { pageStart, pageEnd } = parts;
  const renderBody = createBodyRenderer(app, renderer);
  const stream = createStreamer(app, parts, renderBody);

  async function produce(template: string, url: URL, origin: string, request: PageRequest): Promise<PageAnswer> {
    const [start, body] = await Promise.all([pageStart(template, url, origin, request), renderBody(url, request)]);
    const { rest, complete } = await pageEnd(start, body);
    const kept = complete && start.page.status === 200;
    return { status: start.page.status, html: start.head + rest, complete: kept, timing: serverTiming(request.selection, body) };
  }

  const pageHits = app.metrics.pageCache.labels({ result: 'hit' });
  const pageMisses = app.metrics.pageCache.labels({ result: 'miss' });
  const readTemplate = templateReader(shellDist);
  const selectReleases = createReleaseSelector(releases, config, localBuild);

  // A CMS page in answer to a form posted to it without JavaScript (postedPage.ts).
  const sendPosted = createPostedPage({ config, readTemplate, selectReleases, readApi, produce, contentType: PAGE_FORMAT.contentType });

  async function sendIndex(request: FastifyRequest, reply: FastifyReply) {
    const shell = await readTemplate();
    if (!shell) return reply.code(503).type('text/plain').send('The site has not been built yet: run `npm run build`.');
    const url = pageUrl(request.url);
    const origin = siteOrigin(config, request);
    const selected = selectReleases(request, reply);
    const { snapshot, shared } = selected;
    // The page's reads, each once: its status and head, and its body, read the same answers. Made
    // only for a page that is rendered (a page sent from the cache reads nothing).
    const pageToRender = (): PageRequest => ({
      ...selected.page,
      read: withPageProblem(
        readOnce((apiUrl) => readApi(apiUrl, request.id)),
        request,
        reply,
      ),
    });
    if (!shared) {
      // The visitor's own releases: rendered for this request, never kept.
      if (renderer && request.method === 'GET') await stream(request, reply, shell.html, url, origin, pageToRender());
      else {
        const answer = await produce(shell.html, url, origin, pageToRender());
        reply.code(answer.status).type(PAGE_FORMAT.contentType).header('Server-Timing', answer.timing).send(answer.html);
      }
      return reply;
    }
    // A new build of any app (the shell's page, a container) or a new live release is a new version: nothing older is sent.
    const generation = pool ? await withHost(pool, selected.page.use, (held) => held.host.revalidate()) : 0;
    const version = cacheVersion(shell.mtimeMs, generation, snapshot.version);
    const key = `${origin} ${url.pathname}${url.search}`;
    const kept = pages.has(key, version);
    (kept ? pageHits : pageMisses).inc();
    if (renderer && request.method === 'GET' && !kept) {
      // Rendered for this request, and sent as it is rendered; kept for the requests that follow.
      const sent = stream(request, reply, shell.html, url, origin, pageToRender());
      pages.adopt(key, version, () => sent);
      await sent;
      return reply;
    }
    await pages.send(request, reply, key, version, () => produce(shell.html, url, origin, pageToRender()));
    return reply;
  }

  return Object.assign(sendIndex, { sendPosted });
}
