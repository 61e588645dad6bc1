/**
 * Every list and landing page the route rules define (listPages.ts), each once: what the sitemap
 * lists and site search finds as pages.
 */
import {
  LANDING_PAGES,
  PRINTER_TYPE_INFO,
  allPrintersList,
  finisherListFor,
  printerListFor,
  scannerListFor,
  type ListDefinition,
} from './listPages';
import { FINISHER_CATEGORIES, PRINTER_TYPES } from './catalogue';

/** The scanner classes by their canonical segment ('desktop-workgroup' is another name for 'workgroup'). */
const SCANNER_CLASSES = ['personal', 'workgroup', 'departmental', 'production'] as const;

/** Every list and landing page, by canonical path, in the sitemap's order. */
export function everyListPage(): ListDefinition[] {
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
  const seen = new Set<string>();
  return lists.filter((list): list is ListDefinition => {
    if (!list || seen.has(list.path)) return false;
    seen.add(list.path);
    return true;
  });
}
