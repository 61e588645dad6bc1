import { FINISHER_CATEGORIES, PRINTER_TYPES } from './catalogue';
import { finisherListFor, printerListFor, scannerListFor } from './listPages';
import { FINISHER_CATEGORY_HEADINGS, HOME_CRUMB, PRINTER_TYPE_LABELS, SCANNER_CLASS_HEADINGS } from './sectionLabels';

/**
 * A product page names its section in its breadcrumbs with these labels (the catalogue's
 * ProductRoutes), the products menu names the finisher categories with them (the shell's
 * navigation), and the list pages are headed with them: a buyer sees one name for one section.
 */
describe("the sections' names", () => {
  it('starts every trail at Home', () => {
    expect(HOME_CRUMB).toEqual({ label: 'Home', to: '/' });
  });

  it('names each printer type, shorter in breadcrumbs, as its list does', () => {
    expect(PRINTER_TYPE_LABELS).toEqual({
      multifunctionals: { heading: 'Multifunctional printers', crumb: 'Multifunctionals' },
      'print-only': { heading: 'Print-only printers', crumb: 'Print-only printers' },
      production: { heading: 'Production printers', crumb: 'Production printers' },
      plotters: { heading: 'Plotters', crumb: 'Plotters' },
    });
    for (const type of PRINTER_TYPES) {
      const list = printerListFor(type)!;
      expect(list.heading).toBe(PRINTER_TYPE_LABELS[type].heading);
      expect(list.crumbs.at(-1)).toEqual({ label: PRINTER_TYPE_LABELS[type].crumb });
    }
  });

  it('names each scanner class as its list does, workgroup by either of its segments', () => {
    expect(SCANNER_CLASS_HEADINGS).toEqual({
      personal: 'Personal scanners',
      workgroup: 'Desktop workgroup scanners',
      'desktop-workgroup': 'Desktop workgroup scanners',
      departmental: 'Departmental scanners',
      production: 'Production scanners',
    });
    for (const [segment, heading] of Object.entries(SCANNER_CLASS_HEADINGS)) expect(scannerListFor(segment)?.heading).toBe(heading);
  });

  it('names each finisher category as its list does', () => {
    expect(FINISHER_CATEGORY_HEADINGS).toEqual({
      stapling: 'Stapling finishers',
      booklet: 'Booklet finishers',
      punch: 'Hole punch units',
      folding: 'Folding units',
      inner: 'Inner finishers',
    });
    for (const category of FINISHER_CATEGORIES) expect(finisherListFor(category)?.heading).toBe(FINISHER_CATEGORY_HEADINGS[category]);
  });
});
