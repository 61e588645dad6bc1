/**
 * The `route` label of a request: never its URL. An API route is its Fastify template
 * (`/api/products/:kind/:brand/:model`); a page of the site is its route's pattern in the site's
 * route table (@copytech/shared's matchSitePath: `/printers/:type/:brand/:model`, `/services/:slug`);
 * a path that fits no route and no pattern of the site is `unmatched`. A page whose path fits a
 * pattern but is Not Found (`/printers/canon/nope`) keeps the pattern, under status class 4xx: its
 * 404s are counted where the broken links point. Every value comes from a fixed set, so the number
 * of series does not grow with the number of distinct URLs.
 */
import { matchSitePath, pageSections, type SitePath } from '@copytech/shared/domain';

export const UNMATCHED = 'unmatched';

/** The list pages' patterns by section and number of segments after it (listPages.ts decides which exist). */
const LIST_PATTERNS: Record<string, readonly string[]> = {
  printers: ['/printers', '/printers/:type', '/printers/:type/:subcategory'],
  scanners: ['/scanners', '/scanners/:class'],
  finishers: ['/finishers', '/finishers/:category'],
};

const PRODUCT_PATTERNS: Record<string, readonly [string, string]> = {
  // [without a type segment, with one]
  printers: ['/printers/:brand/:model', '/printers/:type/:brand/:model'],
  scanners: ['/scanners/:brand/:model', '/scanners/:type/:brand/:model'],
  finishers: ['/finishers/:brand/:model', '/finishers/:type/:brand/:model'],
};

/** The pattern of a matched site path; the fixed pages (home, /contact-us, a landing page) are their own path. */
export function sitePattern(match: SitePath, pathname: string): string {
  switch (match.kind) {
    case 'content': {
      if (match.contentKind === 'service') return '/services/:slug';
      const first = pathname.split('/')[1]?.toLowerCase() ?? '';
      return FIXED_PATHS.has(first) ? `/${first}` : '/';
    }
    case 'checker':
      return '/discover-print-savings';
    case 'search':
      return '/search';
    case 'blog':
      return match.slug === null ? '/blog' : '/blog/:slug';
    case 'list': {
      const patterns = LIST_PATTERNS[match.section];
      if (patterns) return patterns[Math.min(match.segments.length, patterns.length - 1)]!;
      return FIXED_PATHS.has(match.section) ? `/${match.section}` : UNMATCHED;
    }
    case 'product':
      return PRODUCT_PATTERNS[match.section]?.[match.type === null ? 0 : 1] ?? UNMATCHED;
    default:
      return UNMATCHED;
  }
}

/** The first segments that are pages of their own (the content pages and landing pages among the sections). */
const FIXED_PATHS = new Set(pageSections());

/** The label of a page of the site at `url` (its query ignored). */
export function sitePageLabel(url: string): string {
  const query = url.indexOf('?');
  const pathname = query < 0 ? url : url.slice(0, query);
  return sitePattern(matchSitePath(pathname), pathname);
}

/**
 * sitePageLabel, remembered per path: a page sent again from the page cache matches no route, and
 * matching its path again for the label on every request cost as much as the rest of the metrics.
 * At most `limit` paths are remembered (then it starts afresh), so distinct URLs cannot grow it.
 */
export function rememberedSitePageLabels(limit = 2_000): (url: string) => string {
  const labels = new Map<string, string>();
  return (url) => {
    const query = url.indexOf('?');
    const pathname = query < 0 ? url : url.slice(0, query);
    let label = labels.get(pathname);
    if (label === undefined) {
      if (labels.size >= limit) labels.clear();
      label = sitePattern(matchSitePath(pathname), pathname);
      labels.set(pathname, label);
    }
    return label;
  };
}
