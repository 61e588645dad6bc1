/**
 * Which room renders a path: the site's route table (matchSitePath in @copytech/shared/domain,
 * with the list of routes at the top of its file), the one the server answers each URL's status
 * with, so a page is Not Found in the browser exactly when the server says 404. The shell hands
 * each page to the room that owns it; whether a list or a product exists is the catalogue's to
 * decide (its Not Found), by the same table. A page the server answered 503 (a dependency away) is
 * the trouble page, whoever's route it is.
 */
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { NotFoundPage, RemoteSlot, usePageProblem, type CatalogueSection } from '@copytech/shared';
import { catalogueSectionOf, matchSitePath } from '@copytech/shared/domain';
import styles from './App.module.css';

// Out of the first load: only a page the server answered 503 shows it (server-rendered, then hydrated once its chunk is in).
const TroublePage = lazy(() => import(/* webpackChunkName: "trouble" */ './TroublePage'));

function Content({ slug, kind }: { slug: string; kind: 'page' | 'service' | 'blog' }) {
  return <RemoteSlot key={`${kind}:${slug}`} id="content/ContentPage" props={{ slug, kind }} label="This page" />;
}

function Catalogue({ section }: { section: CatalogueSection }) {
  return <RemoteSlot id="catalogue/CatalogueRoutes" props={{ section }} label="The product catalogue" />;
}

export function SiteRoutes() {
  const { pathname } = useLocation();
  // The server could not make this page (a dependency away, a 503): its trouble page, not the room's.
  const problem = usePageProblem(pathname);
  if (problem?.status === 503) {
    return (
      <section className={styles.trouble}>
        <Suspense fallback={null}>
          <TroublePage reference={problem.reference} path={problem.path} />
        </Suspense>
      </section>
    );
  }
  const route = matchSitePath(pathname);
  switch (route.kind) {
    case 'content':
      return <Content slug={route.slug} kind={route.contentKind} />;
    case 'blog':
      return <Content slug={route.slug ?? ''} kind="blog" />;
    case 'checker':
      return <RemoteSlot id="checker/SavingsChecker" props={{}} label="The print savings checker" />;
    case 'list':
    case 'product':
    case 'search':
      return <Catalogue section={catalogueSectionOf(route)!} />;
    default:
      return <NotFoundPage />;
  }
}
