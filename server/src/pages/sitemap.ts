/**
 * /sitemap.xml and /robots.txt, read from the database on each request, so a catalogue or CMS
 * change is listed without a rebuild.
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
import {
  BLOG_PATH,
  CHECKER_META,
  blogPostPath,
  FINISHER_CATEGORIES,
  LANDING_PAGES,
  PRINTER_TYPES,
  PRINTER_TYPE_INFO,
  allPrintersList,
  finisherListFor,
  printerListFor,
  productPath,
  resolveSiteRoute,
  scannerListFor,
  type PageContent,
} from '@copytech/shared/domain';
import type { Db } from '../db/database';
import { productFromRow } from '../features/catalogue/productRecord';

export interface SitemapEntry {
  path: string;
  lastmod: string | null;
}

/** The scanner classes by their canonical segment ('desktop-workgroup' is another name for 'workgroup'). */
const SCANNER_CLASSES = ['personal', 'workgroup', 'departmental', 'production'] as const;

/** Every list and landing page the route rules define, by canonical path. */
export function listPaths(): string[] {
  const lists = [
    allPrintersList(),
    ...PRINTER_TYPES.flatMap((type) => [
      printerListFor(type),
      ...PRINTER_TYPE_INFO[type].subcategories.map((sub) => printerListFor(type, sub)),
    ]),
    scannerListFor(),
    ...SCANNER_CLASSES.map((segment) => scannerListFor(segment)),
    finisherListFor(),
    ...FINISHER_CATEGORIES.map((category) => finisherListFor(category)),
    ...Object.values(LANDING_PAGES),
  ];
  return lists.flatMap((list) => (list ? [list.path] : []));
}

const day = (iso: string | null | undefined) => (iso && /^\d{4}-\d{2}-\d{2}/.test(iso) ? iso.slice(0, 10) : null);

export async function sitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const [pages, posts, products] = await Promise.all([
    db.selectFrom('pages').select(['slug', 'kind', 'data', 'updated_at']).orderBy('slug').execute(),
    db.selectFrom('blog_posts').select(['slug', 'published_at']).orderBy('published_at', 'desc').orderBy('slug').execute(),
    db.selectFrom('products').where('is_active', '=', 1).select(['data', 'is_active', 'updated_at']).orderBy('model_id').execute(),
  ]);
  const entries: SitemapEntry[] = [];
  for (const row of pages) {
    const page = JSON.parse(row.data) as PageContent;
    const path = row.kind === 'service' ? `/services/${row.slug}` : row.slug === 'home' ? '/' : `/${row.slug}`;
    const route = resolveSiteRoute(path);
    if (route.kind === 'content' && route.slug === row.slug && route.contentKind === row.kind)
      entries.push({ path: page.meta?.url || path, lastmod: day(row.updated_at) });
  }
  entries.push({ path: CHECKER_META.canonicalPath, lastmod: null });
  entries.push({ path: BLOG_PATH, lastmod: day(posts[0]?.published_at) });
  for (const post of posts) {
    const path = blogPostPath(post.slug);
    if (resolveSiteRoute(path).kind === 'blog') entries.push({ path, lastmod: day(post.published_at) });
  }
  for (const path of listPaths()) entries.push({ path, lastmod: null });
  for (const row of products) {
    const path = productPath(productFromRow(row));
    if (path !== '#') entries.push({ path, lastmod: day(row.updated_at) });
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
