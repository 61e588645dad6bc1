/**
 * The catalogue's pages. The shell mounts this for the sections it hands over (/printers/*,
 * /scanners/*, /finishers/*, the landing pages /photocopiers, /commercial-printers and
 * /office-printers, and the site search's results, /search); which list or product page a path is comes from the site's route table
 * (matchSitePath and resolveSiteRoute in @copytech/shared/domain), the one the shell and the
 * server use, so the catalogue, the shell and the page's HTTP status agree on every path. Every
 * path the catalogue does not have is the shared Not Found page.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { NotFoundPage, type CatalogueRoutesProps } from '@copytech/shared';
import { catalogueSectionOf, matchSitePath } from '@copytech/shared/domain';
import styles from './CatalogueRoutes.module.css';

// Lists and product pages are separate chunks: a visitor downloads the one kind of page they
// opened, and the other at idle (prefetch) for the likely next click.
const ListPage = lazy(() =>
  import(/* webpackChunkName: "product-list", webpackPrefetch: true */ '../lists/ListRoutes').then((m) => ({ default: m.ListPage })),
);
const ProductRoute = lazy(() =>
  import(/* webpackChunkName: "product-page", webpackPrefetch: true */ '../product/ProductRoutes').then((m) => ({
    default: m.ProductRoute,
  })),
);

const SearchPage = lazy(() =>
  import(/* webpackChunkName: "search-page" */ '../search/SearchPage').then((m) => ({ default: m.SearchPage })),
);

/** Holds the page's place, and tells a screen reader what is coming, while its chunk loads. */
function Pending({ what, children }: { what: string; children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className={styles.pending} aria-busy="true">
          <p role="status" className="visually-hidden">
            Loading {what}…
          </p>
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

export default function CatalogueRoutes({ section }: CatalogueRoutesProps) {
  const { pathname } = useLocation();
  const route = matchSitePath(pathname);
  // Only the pages of the section the shell handed over.
  if (catalogueSectionOf(route) !== section) return <NotFoundPage />;
  if (route.kind === 'list') {
    return (
      <Pending what="products">
        <ListPage pathname={pathname} />
      </Pending>
    );
  }
  if (route.kind === 'product') {
    return (
      <Pending what="product">
        <ProductRoute route={route} />
      </Pending>
    );
  }
  if (route.kind === 'search') {
    return (
      <Pending what="search results">
        <SearchPage />
      </Pending>
    );
  }
  return <NotFoundPage />;
}
