/**
 * The site's route table with the lists looked up: which page a path is, a list with its
 * definition (listPages.ts), or Not Found when a list path names no list. The matching is
 * matchSitePath's (siteRoutes.ts, where the routes are listed); this file adds only the list
 * definitions, apart, so that code which only dispatches on the kind of page (the shell, the
 * catalogue's routes) does not download them.
 */
import { LANDING_PAGES, allPrintersList, finisherListFor, printerListFor, scannerListFor, type ListDefinition } from './listPages';
import { NOT_FOUND, matchSitePath, type SitePath, type SiteRoute } from './siteRoutes';

/** The definition of a matched list, or null when its segments name no list (listPages.ts). */
function listDefinitionOf({ section, segments }: Extract<SitePath, { kind: 'list' }>): ListDefinition | null {
  switch (section) {
    case 'printers':
      return segments.length === 0 ? allPrintersList() : printerListFor(segments[0]!, segments[1]);
    case 'scanners':
      return scannerListFor(segments[0]);
    case 'finishers':
      return finisherListFor(segments[0]);
    default:
      return LANDING_PAGES[section];
  }
}

/** Which page a path (without its query) is. Section names match without regard to case, as the router does. */
export function resolveSiteRoute(pathname: string): SiteRoute {
  const match = matchSitePath(pathname);
  if (match.kind !== 'list') return match;
  const definition = listDefinitionOf(match);
  return definition ? { kind: 'list', list: definition } : NOT_FOUND;
}
