/**
 * The names of the catalogue's sections and their crumbs, on their own so that a product page can
 * name its breadcrumbs without bundling the list pages' definitions (listPages.ts, which builds on
 * these).
 */
import type { FinisherCategory, PrinterType } from './catalogue';

export interface Crumb {
  label: string;
  to?: string;
}

export const HOME_CRUMB: Crumb = { label: 'Home', to: '/' };

/** A printer type's list heading, and its shorter name in breadcrumbs. */
export const PRINTER_TYPE_LABELS: Record<PrinterType, { heading: string; crumb: string }> = {
  multifunctionals: { heading: 'Multifunctional printers', crumb: 'Multifunctionals' },
  'print-only': { heading: 'Print-only printers', crumb: 'Print-only printers' },
  production: { heading: 'Production printers', crumb: 'Production printers' },
  plotters: { heading: 'Plotters', crumb: 'Plotters' },
};

/** The scanner classes by their URL segment ('desktop-workgroup' is another name for 'workgroup'). */
export const SCANNER_CLASS_HEADINGS = {
  personal: 'Personal scanners',
  workgroup: 'Desktop workgroup scanners',
  'desktop-workgroup': 'Desktop workgroup scanners',
  departmental: 'Departmental scanners',
  production: 'Production scanners',
} as const;
export type ScannerClassSegment = keyof typeof SCANNER_CLASS_HEADINGS;

export const FINISHER_CATEGORY_HEADINGS: Record<FinisherCategory, string> = {
  stapling: 'Stapling finishers',
  booklet: 'Booklet finishers',
  punch: 'Hole punch units',
  folding: 'Folding units',
  inner: 'Inner finishers',
};
