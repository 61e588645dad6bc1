/**
 * Which room renders a path: the site's route table (matchSitePath in @copytech/shared/domain,
 * with the list of routes at the top of its file), the one the server answers each URL's status
 * with, so a page is Not Found in the browser exactly when the server says 404. The shell hands
 * each page to the room that owns it; whether a list or a product exists is the catalogue's to
 * decide (its Not Found), by the same table.
 */
import { useLocation } from 'react-router-dom';
import { NotFoundPage, RemoteSlot, type CatalogueSection } from '@copytech/shared';
import { catalogueSectionOf, matchSitePath } from '@copytech/shared/domain';

function Content({ slug, kind }: { slug: string; kind: 'page' | 'service' | 'blog' }) {
  return <RemoteSlot key={`${kind}:${slug}`} id="content/ContentPage" props={{ slug, kind }} label="This page" />;
}

function Catalogue({ section }: { section: CatalogueSection }) {
  return <RemoteSlot id="catalogue/CatalogueRoutes" props={{ section }} label="The product catalogue" />;
}

export function SiteRoutes() {
  const route = matchSitePath(useLocation().pathname);
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
