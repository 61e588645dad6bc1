/**
 * What the first answer to a page's URL says before any script runs: its HTTP status and its head
 * (title, description, canonical link, Open Graph, robots, a product's schema.org data). The page
 * is found by the site's own route rules (resolveSiteRoute and productRouteProblem in
 * @copytech/shared/domain, the rules the shell and the catalogue render with), and its data is read
 * through the page's own API reader (inProcessApi.ts readOnce): the same reads, at the same URLs,
 * that its body is rendered with, so each is read once for the page and the head never says
 * something the body does not:
 *
 * - a product page: the product by modelId (API_PATHS.product, or API_PATHS.scanner at a scanner's
 *   path), 404 when it does not exist, its type is unknown, its category does not belong at the
 *   path, or it is inactive;
 * - a content or service page: the CMS page by slug (API_PATHS.page) and kind, 404 when there is none;
 * - a list or landing page: its title and description, and for the page its URL names (?page=N)
 *   its canonical, previous and next links; 404 when ?page is not a page or is past the list's end
 *   (counted by the list's read);
 * - the blog: /blog with the page its URL names (404 past the last page), and a post by slug
 *   (API_PATHS.blogPost; 404 when there is none), with its BlogPosting data;
 * - the checker: its fixed title and description;
 * - the search page (/search?q=&page=N): never indexed, the query in its title; 404 when ?page is
 *   not a page or is past the results' last page (counted by the search's read);
 * - any other path: 404 with the Not Found title, never indexed.
 *
 * A read the API answers 404 (none) or 400 (a slug or model id it cannot hold) is no such page. A
 * read it answers 503 (a dependency away, http/dependencies.ts) makes the page 503, the trouble page
 * (docs/product-rules.md "When something is wrong"): never a Not Found, which would tell a crawler
 * the page is gone. Any other failed read is logged and answered as Not Found, as a page fetch
 * failure is in the browser.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  API_PATHS,
  BLOG_META,
  BLOG_PAGE_SIZE,
  CHECKER_META,
  COMPANY,
  blogPageOf,
  blogPagePath,
  blogPostPath,
  blogPostingJsonLd,
  DEFAULT_DESCRIPTION,
  NOT_FOUND_TITLE,
  TROUBLE_TITLE,
  applyTitleTemplate,
  jsonLdText,
  listPageApiUrl,
  listPageLinks,
  pageCountOf,
  parseListUrl,
  productDocumentMeta,
  parseSearchUrl,
  productJsonLd,
  productRouteProblem,
  productTypeExists,
  resolveSiteRoute,
  searchPageApiUrl,
  searchPageCount,
  searchPageMeta,
  type BlogArticle,
  type CommercialTerms,
  type PageContent,
  type Product,
  type SiteRoute,
} from '@copytech/shared/domain';
import type { ApiReader } from './inProcessApi';

export interface PageHead {
  /** Before the '%s - Copytech' template; null for the default title. */
  title: string | null;
  description: string | null;
  canonicalPath: string | null;
  ogType: string;
  image: string | null;
  card: string;
  robots: string | null;
  /** a paged list's neighbours: link rel="prev" and rel="next" */
  prevPath?: string | null;
  nextPath?: string | null;
  /** schema.org data for the head, as the page itself renders it. */
  jsonLd: Record<string, unknown> | null;
}

export interface PageAnswer {
  status: 200 | 404 | 503;
  route: SiteRoute;
  head: PageHead;
  /** A product page's product, read once for the head and the preloads. */
  product?: Product;
}

type ProductRoute = Extract<SiteRoute, { kind: 'product' }>;

/** The URL a product page reads its product at, as the catalogue's product page does. */
export function productReadUrl(route: ProductRoute): string {
  return route.section === 'scanners' ? API_PATHS.scanner(route.modelId) : API_PATHS.product(route.modelId);
}

/** What a page's head is made from, each through the page's API reader. */
interface PageSources {
  product(route: ProductRoute): Promise<Product | null>;
  contentPage(slug: string): Promise<PageContent | null>;
  /** How many products or posts a list read (an API URL) counts; null when it cannot be read. */
  listCount(apiUrl: string): Promise<number | null>;
  /** How many machines a search read (a GET /api/search URL) finds; null when it cannot be read. */
  searchCount(apiUrl: string): Promise<number | null>;
  blogPost(slug: string): Promise<BlogArticle | null>;
}

/** A read the API answered 503: a dependency is away, the page is the trouble page. */
class ReadUnavailable extends Error {}

/** An error a page's head is not answered Not Found for: a dependency away (rethrown, the page is 503). */
const rethrowUnavailable = (error: unknown) => {
  if (error instanceof ReadUnavailable) throw error;
};

function sourcesOver(read: ApiReader): PageSources {
  /** The answer at `url`; null when the API says there is none (404) or the key cannot name one (400). */
  const one = async <T>(url: string): Promise<T | null> => {
    const answer = await read(url);
    if (answer.ok) return answer.value as T;
    if (answer.status === 404 || answer.status === 400) return null;
    if (answer.status === 503) throw new ReadUnavailable(url);
    throw new Error(`${url} could not be read (${answer.status})`);
  };
  const countAt = async (url: string, countOf: (value: unknown) => unknown): Promise<number | null> => {
    const answer = await read(url);
    if (!answer.ok && answer.status === 503) throw new ReadUnavailable(url);
    const count = answer.ok ? countOf(answer.value) : null;
    return typeof count === 'number' ? count : null;
  };
  return {
    product: (route) => one<Product>(productReadUrl(route)),
    contentPage: (slug) => one<PageContent>(API_PATHS.page(slug)),
    blogPost: (slug) => one<BlogArticle>(API_PATHS.blogPost(slug)),
    listCount: (url) => countAt(url, (value) => (value as { count?: unknown }).count),
    searchCount: (url) => countAt(url, (value) => (value as { products?: { count?: unknown } }).products?.count),
  };
}

const head = (fields: Partial<PageHead>): PageHead => ({
  title: null,
  description: null,
  canonicalPath: null,
  ogType: 'website',
  image: null,
  card: 'summary',
  robots: null,
  jsonLd: null,
  ...fields,
});

const notFound = (route: SiteRoute): PageAnswer => ({ status: 404, route, head: head({ title: NOT_FOUND_TITLE, robots: 'noindex' }) });
const unavailable = (route: SiteRoute): PageAnswer => ({ status: 503, route, head: head({ title: TROUBLE_TITLE, robots: 'noindex' }) });

/** /blog?page=N: Not Found when N is not a page or past the last one. */
async function blogIndex(sources: PageSources, log: FastifyBaseLogger, route: SiteRoute, search: URLSearchParams): Promise<PageAnswer> {
  const page = blogPageOf(search);
  if (page === null) return notFound(route);
  const count = await sources.listCount(API_PATHS.blogPage(BLOG_PAGE_SIZE, (page - 1) * BLOG_PAGE_SIZE)).catch((error: Error) => {
    rethrowUnavailable(error);
    log.error({ err: error.message }, 'page head: the blog could not be read');
    return null;
  });
  const pageCount = count === null ? page : Math.max(1, Math.ceil(count / BLOG_PAGE_SIZE));
  if (page > pageCount) return notFound(route);
  return {
    status: 200,
    route,
    head: head({
      title: BLOG_META.title,
      description: BLOG_META.description,
      canonicalPath: blogPagePath(page),
      prevPath: page > 1 ? blogPagePath(page - 1) : null,
      nextPath: page < pageCount ? blogPagePath(page + 1) : null,
    }),
  };
}

/** /search?q=&page=N: Not Found when N is not a page or past the last page of machines found. */
async function searchPage(sources: PageSources, log: FastifyBaseLogger, route: SiteRoute, search: URLSearchParams): Promise<PageAnswer> {
  const { query, page } = parseSearchUrl(search);
  if (page === null) return notFound(route);
  if (query) {
    // the read the results are rendered with (page 1 too), so a search with the database away is the trouble page
    const count = await sources.searchCount(searchPageApiUrl(query, page)).catch((error: Error) => {
      rethrowUnavailable(error);
      log.error({ err: error.message }, 'page head: the search could not be read');
      return null;
    });
    if (count !== null && page > searchPageCount(count)) return notFound(route);
  } else if (page > 1) return notFound(route);
  return { status: 200, route, head: head(searchPageMeta(query, page)) };
}

async function blogPost(sources: PageSources, log: FastifyBaseLogger, route: SiteRoute, slug: string, origin: string): Promise<PageAnswer> {
  let post: BlogArticle | null;
  try {
    post = await sources.blogPost(slug);
  } catch (error) {
    rethrowUnavailable(error);
    log.error({ err: (error as Error).message, slug }, 'page head: blog post could not be read');
    return notFound(route);
  }
  if (!post) return notFound(route);
  return {
    status: 200,
    route,
    head: head({
      title: post.title,
      description: post.excerpt,
      canonicalPath: blogPostPath(post.slug),
      ogType: 'article',
      image: post.image ?? null,
      jsonLd: blogPostingJsonLd(post, origin, COMPANY.name),
    }),
  };
}

type ContentRoute = Extract<SiteRoute, { kind: 'content' }>;

/** A content or service page: Not Found when there is none of that kind at the slug. */
async function contentPage(sources: PageSources, log: FastifyBaseLogger, route: ContentRoute): Promise<PageAnswer> {
  let page: PageContent | null;
  try {
    page = await sources.contentPage(route.slug);
  } catch (error) {
    rethrowUnavailable(error);
    log.error({ err: (error as Error).message, slug: route.slug }, 'page head: content page could not be read');
    return notFound(route);
  }
  if (!page || page.kind !== route.contentKind) return notFound(route);
  const { meta } = page;
  return {
    status: 200,
    route,
    head: head({
      title: meta.title,
      description: meta.description,
      canonicalPath: meta.url,
      ogType: meta.ogType || 'website',
      image: meta.image ?? null,
      card: meta.card || 'summary',
    }),
  };
}

export function createPageResolver(terms: CommercialTerms, log: FastifyBaseLogger) {
  const resolveRoute = createRouteResolver(terms, log);
  /** The page at a path (and its query string, for a list's filters), with its status and head, read through `read`. */
  return async function resolvePage(pathname: string, search: URLSearchParams, origin: string, read: ApiReader): Promise<PageAnswer> {
    const route = resolveSiteRoute(pathname);
    try {
      return await resolveRoute(route, pathname, search, origin, sourcesOver(read));
    } catch (error) {
      if (error instanceof ReadUnavailable) return unavailable(route);
      throw error;
    }
  };
}

function createRouteResolver(terms: CommercialTerms, log: FastifyBaseLogger) {
  return async function resolveRoute(
    route: SiteRoute,
    pathname: string,
    search: URLSearchParams,
    origin: string,
    sources: PageSources,
  ): Promise<PageAnswer> {
    switch (route.kind) {
      case 'not-found':
        return notFound(route);
      case 'checker':
        return { status: 200, route, head: head(CHECKER_META) };
      case 'search':
        return searchPage(sources, log, route, search);
      case 'list': {
        const { list } = route;
        const { filters, page } = parseListUrl(search, list);
        if (page === null) return notFound(route);
        const count = await sources.listCount(listPageApiUrl(list.endpoint, filters, page)).catch((error: Error) => {
          rethrowUnavailable(error);
          log.error({ err: error.message, path: pathname }, 'page head: list could not be read');
          return null;
        });
        if (count !== null && page > pageCountOf(count)) return notFound(route);
        const links = listPageLinks(list, filters, { first: page, last: page, pageCount: count === null ? page : pageCountOf(count) });
        return {
          status: 200,
          route,
          head: head({ title: list.metaTitle, description: list.metaDescription, ...links }),
        };
      }
      case 'blog':
        return route.slug === null ? blogIndex(sources, log, route, search) : blogPost(sources, log, route, route.slug, origin);
      case 'content':
        return contentPage(sources, log, route);
      case 'product': {
        if (!productTypeExists(route)) return notFound(route);
        let product: Product | null;
        try {
          product = await sources.product(route);
        } catch (error) {
          rethrowUnavailable(error);
          log.error({ err: (error as Error).message, modelId: route.modelId }, 'page head: product could not be read');
          return notFound(route);
        }
        if (!product) return notFound(route);
        const problem = productRouteProblem(route, product);
        if (problem) {
          log.info({ modelId: route.modelId, path: pathname }, problem);
          return notFound(route);
        }
        return {
          status: 200,
          route,
          product,
          head: head({ ...productDocumentMeta(product, terms.lease), jsonLd: productJsonLd(product, origin) }),
        };
      }
    }
  };
}

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (value: string) => escapeText(value).replace(/"/g, '&quot;');

/**
 * The index page with this page's head: its own <title> and description in place of the defaults,
 * with the other tags, before </head>. Every value is escaped; the schema.org data is a non-executing
 * script whose text cannot close its element. Tags carry data-server-head where the browser must
 * tell them from its own (see applyDocumentMeta).
 */
export function withPageHead(html: string, page: PageHead, origin: string): string {
  const title = applyTitleTemplate(page.title);
  const description = page.description || DEFAULT_DESCRIPTION;
  const absolute = (path: string) => new URL(path, origin).href;
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeAttribute(value)}">`;
  const tags = [
    `<title>${escapeText(title)}</title>`,
    meta('name', 'description', description),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:type', page.ogType),
    ...(page.image ? [meta('property', 'og:image', absolute(page.image))] : []),
    meta('name', 'twitter:card', page.card),
    ...(page.robots ? [meta('name', 'robots', page.robots)] : []),
    ...(page.canonicalPath ? [`<link rel="canonical" href="${escapeAttribute(absolute(page.canonicalPath))}">`] : []),
    ...(page.prevPath ? [`<link rel="prev" href="${escapeAttribute(absolute(page.prevPath))}">`] : []),
    ...(page.nextPath ? [`<link rel="next" href="${escapeAttribute(absolute(page.nextPath))}">`] : []),
    ...(page.jsonLd ? [`<script type="application/ld+json" data-server-head>${jsonLdText(page.jsonLd)}</script>`] : []),
  ].join('');
  // The built page's default title and description (minified or not) give way to this page's.
  return html
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/<meta name="?description"?(?=[\s>])[^>]*>/, '')
    .replace('</head>', () => `${tags}</head>`);
}
