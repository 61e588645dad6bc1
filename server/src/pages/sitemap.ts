/**
 * /sitemap.xml and /robots.txt. The sitemap's rows are read on each request, so a catalogue or CMS
 * change is listed without a rebuild; they come through SitemapSources, which this room declares and
 * app.ts fills in from the features' data (`app.sitemap`): the pages room reads no feature's tables
 * itself.
 *
 * The sitemap lists every page a search engine should index, by its canonical URL: the content and
 * service pages (with the date their content last changed), the checker, the blog and each post
 * (with its date), every list and landing
 * page the route rules define, and every active product's page (with its last change). Inactive and
 * unknown products, filtered lists and Not Found pages are absent. Each URL is checked against the
 * route rules before it is listed, so the sitemap never names a page the site would answer 404.
 *
 * robots.txt names the sitemap and keeps the standalone remote pages (QA's /remotes/{name}/) out of
 * crawling. The API is kept out of the index by an X-Robots-Tag header on its answers rather than
 * by robots.txt: while pages are rendered in the browser, a crawler that renders them needs to read
 * the API.
 */
import { BLOG_PATH, CHECKER_META, blogPostPath, everyListPage, productPath, resolveSiteRoute, type Product } from '@copytech/shared/domain';

/** The rows the sitemap lists, each source in the order the sitemap lists it. */
export interface SitemapSources {
  /** Every CMS page and service page, by slug: its kind, the URL its meta names ('' or null for none), its last change. */
  contentPages(): Promise<Array<{ slug: string; kind: string; metaUrl: string | null; updatedAt: string }>>;
  /** Every blog post, newest first (the slug breaks a tie). */
  blogPosts(): Promise<Array<{ slug: string; publishedAt: string }>>;
  /** Every active product, by modelId, with its last change. */
  activeProducts(): Promise<Array<{ product: Product; updatedAt: string }>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The sitemap's rows, from the features' data (filled in by app.ts). */
    sitemap: SitemapSources;
  }
}

export interface SitemapEntry {
  path: string;
  lastmod: string | null;
}

const day = (iso: string | null | undefined) => (iso && /^\d{4}-\d{2}-\d{2}/.test(iso) ? iso.slice(0, 10) : null);

export async function sitemapEntries(sources: SitemapSources): Promise<SitemapEntry[]> {
  const [pages, posts, products] = await Promise.all([sources.contentPages(), sources.blogPosts(), sources.activeProducts()]);
  const entries: SitemapEntry[] = [];
  for (const row of pages) {
    const path = row.kind === 'service' ? `/services/${row.slug}` : row.slug === 'home' ? '/' : `/${row.slug}`;
    const route = resolveSiteRoute(path);
    if (route.kind === 'content' && route.slug === row.slug && route.contentKind === row.kind)
      entries.push({ path: row.metaUrl || path, lastmod: day(row.updatedAt) });
  }
  entries.push({ path: CHECKER_META.canonicalPath, lastmod: null });
  entries.push({ path: BLOG_PATH, lastmod: day(posts[0]?.publishedAt) });
  for (const post of posts) {
    const path = blogPostPath(post.slug);
    if (resolveSiteRoute(path).kind === 'blog') entries.push({ path, lastmod: day(post.publishedAt) });
  }
  for (const { path } of everyListPage()) entries.push({ path, lastmod: null });
  for (const { product, updatedAt } of products) {
    const path = productPath(product);
    if (path !== '#') entries.push({ path, lastmod: day(updatedAt) });
  }
  return entries;
}

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export function sitemapXml(entries: SitemapEntry[], origin: string): string {
  const urls = entries.map(
    ({ path, lastmod }) =>
      `<url><loc>${escapeXml(new URL(path, origin).href)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Disallow: /remotes/*/index.html',
    'Disallow: /remotes/*/$',
    '',
    `Sitemap: ${new URL('/sitemap.xml', origin).href}`,
    '',
  ].join('\n');
}
