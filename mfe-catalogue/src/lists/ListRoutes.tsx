/**
 * The catalogue's list and landing pages, loaded on demand by CatalogueRoutes, so a visitor who
 * lands on a product page does not download the list definitions and filters. Which list a path is,
 * or that it is none (the shared Not Found page), is the site's route table's (resolveSiteRoute
 * and listPages.ts in @copytech/shared/domain).
 */
import { NotFoundPage } from '@copytech/shared';
import { resolveSiteRoute } from '@copytech/shared/domain';
import { ProductListPage } from './ProductListPage';

/** The list page of a path; the key makes a new list start fresh (filters, focus, paging). */
export function ListPage({ pathname }: { pathname: string }) {
  const route = resolveSiteRoute(pathname);
  if (route.kind !== 'list') return <NotFoundPage />;
  return <ProductListPage key={route.list.path} definition={route.list} />;
}
