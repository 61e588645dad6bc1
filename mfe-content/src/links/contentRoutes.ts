/**
 * The content room's view of the site's route table (@copytech/shared/domain siteRoutes.ts, the
 * one table): which paths are its pages, used to prefetch a page when a link to it is hovered or
 * focused, and the list the standalone host offers QA to pick a page from.
 */
import { SERVICES, contentPagePaths, contentRouteOf, type SiteRoute } from '@copytech/shared/domain';

export { contentRouteOf };
export type ContentRoute = { slug: string; kind: Extract<SiteRoute, { kind: 'content' }>['contentKind'] };

/** What the standalone host's page picker calls each fixed page (its slug when it has no name here). */
const PAGE_LABELS: Readonly<Record<string, string>> = {
  home: 'Home',
  'contact-us': 'Contact us',
  'customer-support': 'Customer support',
  'about-us': 'About us',
  newsletter: 'Newsletter',
  'privacy-policy': 'Privacy policy',
  'cookie-policy': 'Cookie policy',
  terms: 'Terms',
};

/** Every page the CMS has, in the order QA reviews them: the fixed pages, then the services. */
export function allContentRoutes(): Array<ContentRoute & { label: string; path: string }> {
  return [
    ...contentPagePaths().map(({ path, slug }) => ({ slug, kind: 'page' as const, label: PAGE_LABELS[slug] ?? slug, path })),
    ...SERVICES.map((service) => ({
      slug: service.slug,
      kind: 'service' as const,
      label: `Service: ${service.label}`,
      path: `/services/${service.slug}`,
    })),
  ];
}

/** A link the router can follow inside the site: same origin, a path from the root. */
export function isInternalHref(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}
