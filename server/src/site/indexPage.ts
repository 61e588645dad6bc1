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
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PageContent } from '@copytech/shared/domain';
import { PAGE_DATA_ID, inlineJson } from '@copytech/shared/ssr';
import type { Config } from '../config';
import { AnswerCache, type AnswerFormat } from '../catalogue/answerCache';
import { containerSources, createFederationHost } from '../render/federationHost';
import { inProcessReader } from '../render/inProcessApi';
import { createPageRenderer, type RenderedBody } from '../render/renderPage';
import { preloadedStylesAsStylesheets, stylesheetsFor } from '../render/stylesheets';
import { createLocalBuilds } from './localManifests';
import { siteOrigin } from './origin';
import { createPageResolver, withPageHead } from './pageHead';
import { createStartupHints, renderStartupHints } from './startupHints';

/** How long a rendered page is sent again as it is. */
export const PAGE_CACHE_LIMITS = { maxEntries: 500, maxBytes: 64 * 1024 * 1024, ttlMs: 10_000 } as const;

interface PageAnswer {
  status: number;
  html: string;
  /** false when a part was left to the browser or the page was not rendered here */
  complete: boolean;
}

const PAGE_FORMAT: AnswerFormat = {
  contentType: 'text/html; charset=utf-8',
  serialize: (value) => Buffer.from((value as PageAnswer).html),
  status: (value) => (value as PageAnswer).status,
  keep: (value) => (value as PageAnswer).complete,
};

export function createIndexPage(app: FastifyInstance, config: Config, shellDist: string) {
  const localBuild = createLocalBuilds(config);
  const startupHints = createStartupHints(config, localBuild);
  const host = config.serverRender ? createFederationHost(containerSources(config.siteRoot, config.remoteManifests)) : null;
  const renderer = host ? createPageRenderer(host, { budgetMs: config.renderBudgetMs, log: app.log }) : null;
  const readApi = inProcessReader(app);
  const pages = new AnswerCache(PAGE_CACHE_LIMITS, PAGE_FORMAT);
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
    const page = await resolvePage(url.pathname, url.searchParams, origin);
    const [hintsData, body] = await Promise.all([startupHints(page), renderBody(url)]);
    let html = withPageHead(template, page.head, origin);
    if (body) {
      // The page's data is in the page: no API read for the browser to start early.
      hintsData.preloads = hintsData.preloads.filter((preload) => preload.as !== 'fetch');
    }
    let hints = renderStartupHints(hintsData, config.marketingScriptUrl ?? '');
    if (body) {
      // Styled before any script runs: the shell's styles and those of the remote parts rendered.
      html = preloadedStylesAsStylesheets(html);
      hints += (await stylesheetsFor(body.used, localBuild)).map((href) => `<link rel="stylesheet" href="${href}">`).join('');
      html = html.replace(
        /<div id=("?)root\1><\/div>/,
        () => `<div id="root">${body.html}</div><script type="application/json" id="${PAGE_DATA_ID}">${inlineJson(body.answers)}</script>`,
      );
    }
    html = html.includes('</head>') ? html.replace('</head>', () => `${hints}</head>`) : hints + html;
    const readsFailed = body ? Object.values(body.answers).some((answer) => !answer.ok && answer.status !== 404) : true;
    return { status: page.status, html, complete: body !== null && body.clientRendered.length === 0 && !readsFailed };
  }

  let template: { mtimeMs: number; html: string } | null = null;
  let templateChecked = 0;
  /** The shell's built page, looked at again at most every 250 ms (a new shell build is seen then). */
  async function readTemplate(): Promise<{ mtimeMs: number; html: string } | null> {
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
  }

  return async function sendIndex(request: FastifyRequest, reply: FastifyReply) {
    const shell = await readTemplate();
    if (!shell) return reply.code(503).type('text/plain').send('The site has not been built yet: run `npm run build`.');
    const url = new URL(request.url, 'http://site.invalid');
    const origin = siteOrigin(config, request);
    // A new build of any app (the shell's page, a container) is a new version: nothing older is sent.
    const generation = host ? await host.revalidate() : 0;
    const version = Math.round(shell.mtimeMs) * 1000 + generation;
    reply.header('Cache-Control', 'no-cache');
    await pages.send(request, reply, `${origin} ${url.pathname}${url.search}`, version, () => produce(shell.html, url, origin));
    return reply;
  };
}
