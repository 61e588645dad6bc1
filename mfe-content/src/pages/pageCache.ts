/**
 * The content remote's page cache: page content is fetched only if not already cached, before
 * entering a page route (docs/product-rules.md "CMS pages"). One module-level cache per browser
 * tab: a page fetched once (or prefetched when a link to it was hovered or focused) is shown at
 * once the next time, and two requests for the same slug while one is in flight share it. Failures
 * are not cached, so a later visit tries again.
 */
import { API_PATHS, type PageContent } from '@copytech/shared/domain';

export class PageNotFoundError extends Error {
  constructor(
    readonly slug: string,
    reason: string,
  ) {
    super(`Page not found: ${slug} (${reason})`);
    this.name = 'PageNotFoundError';
  }
}

const pages = new Map<string, PageContent>();
const inFlight = new Map<string, Promise<PageContent>>();

export function pageUrl(slug: string): string {
  return API_PATHS.page(slug);
}

/** A slug as the CMS writes them: lower-case words joined by hyphens. Anything else is never fetched. */
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isPageContent(value: unknown): value is PageContent {
  if (typeof value !== 'object' || value === null) return false;
  const page = value as Partial<PageContent>;
  return (
    typeof page.slug === 'string' &&
    (page.kind === 'page' || page.kind === 'service') &&
    typeof page.meta === 'object' &&
    page.meta !== null &&
    typeof page.meta.title === 'string' &&
    Array.isArray(page.body)
  );
}

async function fetchPage(slug: string): Promise<PageContent> {
  let response: Response;
  try {
    response = await fetch(pageUrl(slug), { headers: { Accept: 'application/json' } });
  } catch (error) {
    throw new PageNotFoundError(slug, `network error: ${(error as Error).message}`);
  }
  if (!response.ok) throw new PageNotFoundError(slug, `HTTP ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new PageNotFoundError(slug, 'the answer was not JSON');
  }
  if (!isPageContent(body)) throw new PageNotFoundError(slug, 'the answer is not a page');
  return body;
}

/** The page if it is already cached (so it can be shown on the first render, with no flash). */
export function cachedPage(slug: string): PageContent | undefined {
  return pages.get(slug);
}

/** The page, from the cache or fetched once however many callers ask at the same time. */
export function loadPage(slug: string): Promise<PageContent> {
  const cached = pages.get(slug);
  if (cached) return Promise.resolve(cached);
  if (!SLUG_PATTERN.test(slug)) return Promise.reject(new PageNotFoundError(slug, 'not a page slug'));
  let pending = inFlight.get(slug);
  if (!pending) {
    pending = fetchPage(slug)
      .then((page) => {
        pages.set(slug, page);
        return page;
      })
      .finally(() => inFlight.delete(slug));
    inFlight.set(slug, pending);
  }
  return pending;
}

/** Keep a page the server rendered with, so a later visit in this tab shows it at once. */
export function rememberPage(page: PageContent): void {
  if (typeof window !== 'undefined') pages.set(page.slug, page);
}

/** Warm the cache before the visitor enters a page (link hover or focus, the standalone picker). */
export function prefetchPage(slug: string): void {
  loadPage(slug).catch(() => undefined); // a failed prefetch is retried, and logged, when the page is entered
}

/** For tests: forget every cached and in-flight page. */
export function resetPageCache(): void {
  pages.clear();
  inFlight.clear();
}
