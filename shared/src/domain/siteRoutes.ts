/**
 * The site's routes as data: which page a path is, and whether a product may be shown at it. The
 * shell and the catalogue render these pages in the browser; the server reads the same rules to
 * answer each URL with the right status and head (and to list the pages in the sitemap), so a path
 * is Not Found on both sides or on neither.
 *
 *   /                                  content 'home'
 *   /contact-us, /customer-support, /about-us, /newsletter
 *                                      content pages
 *   /privacy-policy, /cookie-policy, /terms
 *                                      content pages (the legal pages)
 *   /services/{slug}                   service pages (content of kind 'service')
 *   /discover-print-savings            the print-savings checker
 *   /search                            the site search's results (?q=&page=N), by the catalogue
 *   /blog, /blog/{slug}                the blog (paged by ?page=N) and a post
 *   /printers, /printers/{type}[/{subcategory}], /scanners[/{class}], /finishers[/{category}]
 *                                      lists (listPages.ts decides which segments exist)
 *   /photocopiers, /commercial-printers, /office-printers
 *                                      landing pages (lists)
 *   /printers/{type}/{brand}/{model}   a printer; type in PRINTER_TYPES, category allowed for it
 *   /scanners/{brand}/{model}, /scanners/{type}/{brand}/{model}
 *                                      a scanner; type in SCANNER_TYPES, a scanner category
 *   /finishers/{brand}/{model}         a finisher
 *
 * A product must also be active. Anything else is Not Found.
 *
 * This is the site's one route table (matchSitePath; resolveSiteRoute.ts adds the lists'
 * definitions): the shell picks the room that renders a path with it (shell/src/routes.tsx), the
 * catalogue picks its list or product page with it (CatalogueRoutes, ListRoutes), and the server
 * answers each URL's status and head and lists the sitemap with it.
 */
import type { CatalogueSection, RemoteName } from '../contracts';
import {
  SCANNER_CATEGORIES,
  SCANNER_TYPES,
  allowedCategoriesFor,
  categoryAllowedForType,
  isPrinterType,
  isScannerCategory,
  modelIdFromSlugs,
  type PrinterType,
} from './catalogue';
import type { LANDING_PAGES, ListDefinition } from './listPages';
import type { Product } from './product';

export type LandingSection = keyof typeof LANDING_PAGES;
/** The landing pages' paths (a list of their own, so matching a path needs no list definition). */
const LANDING_SECTIONS = ['photocopiers', 'commercial-printers', 'office-printers'] as const satisfies readonly LandingSection[];
export type ProductSection = 'printers' | 'scanners' | 'finishers';

export type SiteRoute =
  | { kind: 'content'; slug: string; contentKind: 'page' | 'service' }
  | { kind: 'checker' }
  | { kind: 'search' }
  | { kind: 'blog'; slug: string | null }
  | { kind: 'list'; list: ListDefinition }
  | { kind: 'product'; section: ProductSection; type: string | null; modelId: string }
  | { kind: 'not-found' };

/** The checker's title, description and canonical path (its page and the server's head agree). */
export const CHECKER_META = {
  title: 'Discover print savings',
  description:
    'Find out what your business really pays per printed page, and what it would pay at Copytech’s prices. Free, in about three minutes.',
  canonicalPath: '/discover-print-savings',
} as const;

const CONTENT_PAGES: Readonly<Record<string, string>> = {
  '': 'home',
  'contact-us': 'contact-us',
  'customer-support': 'customer-support',
  'about-us': 'about-us',
  newsletter: 'newsletter',
  'privacy-policy': 'privacy-policy',
  'cookie-policy': 'cookie-policy',
  terms: 'terms',
};
/** A CMS slug as the content room fetches them. */
const CONTENT_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const NOT_FOUND = { kind: 'not-found' } as const;

/**
 * The first path segment of every page but home (lower case): a path that starts otherwise is Not
 * Found. The server routes these straight to the page, without looking for a file first. (A
 * function, so that a bundle that does not call it does not keep the list definitions.)
 */
export function pageSections(): string[] {
  return [
    ...Object.keys(CONTENT_PAGES).filter(Boolean),
    'services',
    'discover-print-savings',
    'search',
    'blog',
    ...LANDING_SECTIONS,
    'printers',
    'scanners',
    'finishers',
  ];
}

/** The path's segments, decoded; null when it cannot be decoded. A trailing slash is ignored. */
function segmentsOf(pathname: string): string[] | null {
  const parts = pathname.split('/').slice(1);
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  try {
    return parts.map((part) => decodeURIComponent(part));
  } catch {
    return null;
  }
}

function product(
  section: ProductSection,
  type: string | null,
  brand: string,
  model: string,
): Extract<SiteRoute, { kind: 'product' }> | typeof NOT_FOUND {
  const modelId = modelIdFromSlugs(brand, model);
  return modelId ? { kind: 'product', section, type, modelId } : NOT_FOUND;
}

/**
 * A path as the route table matches it, before a list's definition is looked up: a list is its
 * section and the segments after it. What the shell and the catalogue dispatch on (it does not
 * need the list definitions, which stay in the lists' own chunk).
 */
export type SitePath = Exclude<SiteRoute, { kind: 'list' }> | { kind: 'list'; section: ListSection; segments: string[] };
/** The catalogue sections that hold lists (every one but the search page's). */
export type ListSection = Exclude<CatalogueSection, 'search'>;

/** A content page (by its fixed path) or a service page (/services/{slug}); null when the path is neither. */
function contentMatch(section: string, rest: string[]): Extract<SiteRoute, { kind: 'content' }> | typeof NOT_FOUND | null {
  if (rest.length === 0 && Object.hasOwn(CONTENT_PAGES, section))
    return { kind: 'content', slug: CONTENT_PAGES[section]!, contentKind: 'page' };
  if (section === 'services' && rest.length === 1)
    return CONTENT_SLUG.test(rest[0]!) ? { kind: 'content', slug: rest[0]!, contentKind: 'service' } : NOT_FOUND;
  return null;
}

/**
 * The content page a site path (its query and hash ignored) shows, as matchSitePath matches it,
 * without the rest of the table: for code that only asks "is this a content page?" (the content
 * room's links prefetch the page they point to).
 */
export function contentRouteOf(path: string): { slug: string; kind: 'page' | 'service' } | null {
  const segments = segmentsOf(path.split(/[?#]/)[0] || '/');
  if (!segments || segments.some((segment, i) => (segment === '' && !(i === 0 && segments.length === 1)) || segment.includes('/')))
    return null;
  const [first = '', ...rest] = segments;
  const match = contentMatch(first.toLowerCase(), rest);
  return match && match.kind === 'content' ? { slug: match.slug, kind: match.contentKind } : null;
}

/** The content pages at fixed paths, home first: the CMS's other pages are services (/services/{slug}). */
export function contentPagePaths(): Array<{ path: string; slug: string }> {
  return Object.entries(CONTENT_PAGES).map(([section, slug]) => ({ path: `/${section}`, slug }));
}

/** Which page a path (without its query) is, before any list definition is looked up. */
export function matchSitePath(pathname: string): SitePath {
  const segments = segmentsOf(pathname);
  if (!segments) return NOT_FOUND;
  const isRoot = segments.length === 1 && segments[0] === '';
  if (!isRoot && segments.some((segment) => segment === '' || segment.includes('/'))) return NOT_FOUND;
  const [first = '', ...rest] = segments;
  const section = first.toLowerCase();
  const list = (listSection: ListSection): SitePath => ({ kind: 'list', section: listSection, segments: rest });

  const content = contentMatch(section, rest);
  if (content) return content;
  if (section === 'discover-print-savings' && rest.length === 0) return { kind: 'checker' };
  if (section === 'search' && rest.length === 0) return { kind: 'search' };
  if (section === 'blog' && rest.length <= 1) {
    if (rest.length === 0) return { kind: 'blog', slug: null };
    return CONTENT_SLUG.test(rest[0]!) ? { kind: 'blog', slug: rest[0]! } : NOT_FOUND;
  }
  if (rest.length === 0 && (LANDING_SECTIONS as readonly string[]).includes(section)) return list(section as LandingSection);

  switch (section) {
    case 'printers':
      if (rest.length <= 2) return list('printers');
      return rest.length === 3 ? product('printers', rest[0]!, rest[1]!, rest[2]!) : NOT_FOUND;
    case 'scanners':
      if (rest.length <= 1) return list('scanners');
      if (rest.length === 2) return product('scanners', null, rest[0]!, rest[1]!);
      return rest.length === 3 ? product('scanners', rest[0]!, rest[1]!, rest[2]!) : NOT_FOUND;
    case 'finishers':
      if (rest.length <= 1) return list('finishers');
      return rest.length === 2 ? product('finishers', null, rest[0]!, rest[1]!) : NOT_FOUND;
    default:
      return NOT_FOUND;
  }
}

/** Whether a product page's type segment exists at all (before the product is looked up). */
export function productTypeExists(route: Extract<SiteRoute, { kind: 'product' }>): boolean {
  if (route.section === 'printers') return route.type !== null && isPrinterType(route.type);
  if (route.section === 'scanners') return route.type === null || (SCANNER_TYPES as readonly string[]).includes(route.type);
  return route.type === null;
}

function mismatch(category: string, allowed: readonly string[]): string {
  return `Product type mismatch: ${category} not in ${allowed.join(', ')}`;
}

export function isActiveProduct(product: Pick<Product, 'isActive'>): boolean {
  return product.isActive === 1 || product.isActive === true;
}

/**
 * Why a product cannot be shown at a product route, or null when it can: its category is not
 * allowed for the route ('Product type mismatch: {category} not in {allowed}'), or it is not active
 * ('Product is not active'). An unknown type is checked first by productTypeExists.
 */
export function productRouteProblem(
  route: Extract<SiteRoute, { kind: 'product' }>,
  product: Pick<Product, 'productCategory' | 'productSpecification' | 'isActive'>,
): string | null {
  const category = String(product.productCategory);
  if (route.section === 'printers') {
    const type = route.type as PrinterType;
    if (!categoryAllowedForType(type, category, product.productSpecification)) return mismatch(category, allowedCategoriesFor(type));
  } else if (route.section === 'scanners') {
    if (!isScannerCategory(category)) return mismatch(category, SCANNER_CATEGORIES);
  } else if (category !== 'finisher') {
    return mismatch(category, ['finisher']);
  }
  return isActiveProduct(product) ? null : 'Product is not active';
}

/** The catalogue section of a list, product or search path (the shell hands the catalogue that section); null for any other page. */
export function catalogueSectionOf(match: SitePath): CatalogueSection | null {
  if (match.kind === 'product' || match.kind === 'list') return match.section;
  if (match.kind === 'search') return 'search';
  return null;
}

/** The remote that renders a route's page, or null for Not Found (the shell's own page). */
export function remoteOfRoute(route: SiteRoute | SitePath): RemoteName | null {
  switch (route.kind) {
    case 'content':
    case 'blog':
      return 'content';
    case 'checker':
      return 'checker';
    case 'list':
    case 'product':
    case 'search':
      return 'catalogue';
    default:
      return null;
  }
}
