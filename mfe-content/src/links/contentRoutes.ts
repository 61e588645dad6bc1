/**
 * Which site paths are content pages (docs/product-rules.md "Content and service pages"): / is
 * 'home', /contact-us, /customer-support and the legal pages are pages by slug, /services/{slug} are service pages.
 * Used to prefetch a page when a link to it is hovered or focused, and by the standalone host to
 * pick a page.
 */
import { SERVICES } from '@copytech/shared/domain';

export interface ContentRoute {
  slug: string;
  kind: 'page' | 'service';
}

export const PAGE_SLUGS = ['home', 'contact-us', 'customer-support', 'privacy-policy', 'cookie-policy', 'terms'] as const;

/** Every page the CMS has, in the order QA reviews them. */
export const ALL_CONTENT_ROUTES: ReadonlyArray<ContentRoute & { label: string; path: string }> = [
  { slug: 'home', kind: 'page', label: 'Home', path: '/' },
  { slug: 'contact-us', kind: 'page', label: 'Contact us', path: '/contact-us' },
  { slug: 'customer-support', kind: 'page', label: 'Customer support', path: '/customer-support' },
  { slug: 'privacy-policy', kind: 'page', label: 'Privacy policy', path: '/privacy-policy' },
  { slug: 'cookie-policy', kind: 'page', label: 'Cookie policy', path: '/cookie-policy' },
  { slug: 'terms', kind: 'page', label: 'Terms', path: '/terms' },
  ...SERVICES.map((service) => ({
    slug: service.slug,
    kind: 'service' as const,
    label: `Service: ${service.label}`,
    path: `/services/${service.slug}`,
  })),
];

/** The content page a site path shows, or null when another room (or nobody) owns the path. */
export function contentRouteOf(path: string): ContentRoute | null {
  const pathname = (path.split(/[?#]/)[0] ?? '').replace(/\/+$/, '') || '/';
  if (pathname === '/') return { slug: 'home', kind: 'page' };
  if ((PAGE_SLUGS as readonly string[]).includes(pathname.slice(1)) && pathname !== '/home')
    return { slug: pathname.slice(1), kind: 'page' };
  const service = /^\/services\/([a-z0-9-]+)$/.exec(pathname);
  return service?.[1] ? { slug: service[1], kind: 'service' } : null;
}

/** A link the router can follow inside the site: same origin, a path from the root. */
export function isInternalHref(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}
