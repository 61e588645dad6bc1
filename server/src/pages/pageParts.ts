/**
 * A page in two parts (docs/architecture.md "How a page loads"): its start, up to its body (status,
 * head, startup hints and the stylesheets it is expected to need), which can be sent before the body
 * is rendered; and its end: the stylesheets not linked yet, the body and the data it was rendered with,
 * and on a page that uses a canary release its page-view token (canaryPageView.ts), which names the
 * remotes whose server render failed and so follows the body.
 */
import { COMPANY, TROUBLE_TITLE } from '@copytech/shared/domain';
import { PAGE_DATA_ID, inlineJson } from '@copytech/shared/ssr';
import type { Config } from '../config';
import type { Selection } from './releases/model';
import type { RenderedBody } from './renderPage';
import type { RenderWith } from './hostPool';
import type { PageRenderer } from './renderProcesses';
import { asServerRenderedPage, asStaticPage, stylesheetsFor } from './stylesheets';
import type { FilesOf } from './releaseFiles';
import type { ApiReader } from './inProcessApi';
import type { CanaryTag } from './canaryPageView';
import { withPageHead, type PageAnswer as ResolvedPage, type createPageResolver } from './pageHead';
import { renderStartupHints, type createStartupHints } from './startupHints';

export interface PageStart {
  page: ResolvedPage;
  /** the stylesheets linked in the head */
  early: string[];
  /** the page up to its body, the template's empty body (for the browser to render), and what follows the body */
  head: string;
  emptyRoot: string;
  tail: string;
  /** the browser files of the releases the page uses */
  filesOf: FilesOf;
  /** whether the server renders the body (else the browser does, from the empty root) */
  rendered: boolean;
  /** the page-view token's data block of a page with a canary release; null without one */
  canaryTag: CanaryTag | null;
}

/**
 * A 503 whose body could not be rendered either (it is sent without scripts, asStaticPage): the
 * trouble page's words, plain, so the visitor is never left with an empty page.
 */
function troubleFallback(): string {
  const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return (
    `<div id="root"><main id="main"><h1>${escapeHtml(TROUBLE_TITLE)}</h1>` +
    `<p>Something on our side is not working just now. Please try again in a minute, or call us on ${escapeHtml(COMPANY.salesPhone)}.</p></main></div>`
  );
}

/** What a page is made with: the releases the request selected, what the server adds for them, and its reads. */
export interface PageRequest {
  selection: Selection;
  use: RenderWith;
  filesOf: FilesOf;
  /** tags for the head, and markup before #root (the preview bar); '' for none */
  headTags: string;
  beforeRoot: string;
  /** the page's API reader (inProcessApi.ts readOnce): its head and its body read through it, each URL once */
  read: ApiReader;
  /** the page-view token's data block when the page uses a canary release (canaryPageView.ts), else null */
  canaryTag: CanaryTag | null;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const stylesheetLink = (href: string) => `<link rel="stylesheet" href="${escapeAttribute(href)}">`;

interface PagePartsOptions {
  config: Config;
  startupHints: ReturnType<typeof createStartupHints>;
  resolvePage: ReturnType<typeof createPageResolver>;
  /** null when pages are not rendered on the server */
  renderer: PageRenderer | null;
}

export function createPageParts({ config, startupHints, resolvePage, renderer }: PagePartsOptions) {
  /**
   * The exposed modules the last render of a kind of page used (a list, the home page...), so the
   * next page of that kind links their stylesheets in the head it sends before it is rendered.
   * Bounded: one entry per route kind and existing content page (a Not Found page is one kind,
   * whatever its path).
   */
  const usedBefore = new Map<string, string[]>();
  const kindOf = (page: ResolvedPage) =>
    page.status !== 200 ? String(page.status) : `${page.route.kind} ${page.route.kind === 'content' ? page.route.slug : ''}`;

  /**
   * The page up to its body (`<div id="root">`): its status, head, startup hints and the
   * stylesheets it is expected to need; sent before the body is rendered.
   */
  async function pageStart(template: string, url: URL, origin: string, request: PageRequest): Promise<PageStart> {
    const { filesOf } = request;
    const [page, rendered] = await Promise.all([
      resolvePage(url.pathname, url.searchParams, origin, request.read),
      renderer ? renderer.available(request.use) : false,
    ]);
    const hintsData = await startupHints(page, url.pathname, request.selection, filesOf);
    let html = withPageHead(template, page.head, origin);
    let early: string[] = [];
    if (rendered) {
      // The page's data will be in the page: no API read for the browser to start early; and its
      // scripts start after the first paint (asServerRenderedPage): only the images it shows.
      hintsData.preloads = hintsData.preloads.filter((preload) => preload.as === 'image');
      // Styled before any script runs: the shell's styles and those of the remote parts rendered.
      html = asServerRenderedPage(html);
      // A 503's trouble page is the server's alone: the browser does not take it over (asStaticPage).
      if (page.status === 503) html = asStaticPage(html);
      early = await stylesheetsFor(usedBefore.get(kindOf(page)) ?? [], filesOf);
    }
    const hints = renderStartupHints(hintsData, config.marketingScriptUrl ?? '') + early.map(stylesheetLink).join('') + request.headTags;
    html = html.includes('</head>') ? html.replace('</head>', () => `${hints}</head>`) : hints + html;
    const root = /<div id=("?)root\1><\/div>/.exec(html);
    const at = root ? root.index : html.length;
    return {
      page,
      early,
      // Outside React's root: what the server adds there is never hydrated.
      head: html.slice(0, at) + request.beforeRoot,
      emptyRoot: root?.[0] ?? '',
      tail: html.slice(at + (root?.[0].length ?? 0)),
      filesOf,
      rendered,
      canaryTag: request.canaryTag,
    };
  }

  /** The rest of the page: the stylesheets not linked yet, the body and the data it was rendered with. */
  async function pageEnd(start: PageStart, body: RenderedBody | null): Promise<{ rest: string; complete: boolean }> {
    if (!body)
      return { rest: start.page.status === 503 && start.rendered ? troubleFallback() + start.tail : leftToBrowser(start), complete: false };
    usedBefore.set(kindOf(start.page), body.used);
    const late = (await stylesheetsFor(body.used, start.filesOf)).filter((href) => !start.early.includes(href));
    const rest =
      late.map(stylesheetLink).join('') +
      `<div id="root">${body.html}</div><script type="application/json" id="${PAGE_DATA_ID}">${inlineJson(body.answers)}</script>` +
      (start.canaryTag?.(body.failedRemotes ?? []) ?? '') +
      start.tail;
    const readsFailed = Object.values(body.answers).some((answer) => !answer.ok && answer.status !== 404);
    return { rest, complete: body.clientRendered.length === 0 && !readsFailed };
  }

  return { pageStart, pageEnd };
}

/** The end of a page whose body is left entirely to the browser: its empty root (and its canary token: nothing failed on the server). */
export function leftToBrowser(start: PageStart): string {
  return start.emptyRoot + (start.canaryTag?.([]) ?? '') + start.tail;
}
