/**
 * Every list page of the catalogue: what it is called, what it says, which API call fills it and
 * which filters make sense on it. The catalogue's routes and the server (status, head, sitemap)
 * look a page up here, so an unknown segment has no definition and is Not Found on both sides.
 */
import {
  FINISHER_CATEGORIES,
  PRINTER_TYPES,
  isFinisherCategory,
  isPrinterType,
  type FinisherCategory,
  type PrinterType,
  type SpeedBoundsKey,
} from './catalogue';
import type { ProductSort, Subcategory } from './productListing';
import {
  FINISHER_CATEGORY_HEADINGS,
  HOME_CRUMB,
  PRINTER_TYPE_LABELS,
  SCANNER_CLASS_HEADINGS,
  type Crumb,
  type ScannerClassSegment,
} from './sectionLabels';

export type { Crumb, ScannerClassSegment } from './sectionLabels';

export interface ListDefinition {
  /** The page's path, which is also its canonical URL. */
  path: string;
  heading: string;
  intro: string;
  /** Extra selling points shown on landing pages. */
  highlights?: string[];
  metaTitle: string;
  metaDescription: string;
  /** API path without the query. */
  endpoint: string;
  defaultSort?: ProductSort;
  /** Plural noun for the result count: '34 printers'. */
  noun: { one: string; many: string };
  /**
   * Speed filter bounds (docs/product-rules.md "Lists: filters, sorting and paging"), or null when
   * the list has no speed.
   */
  speed: SpeedBoundsKey | null;
  speedLabel: string;
  /** Show the colour filter (not when the sub-category already fixes it, nor for scanners and finishers). */
  colourFilter: boolean;
  /** Paper sizes to offer when the server sends no facets. */
  paperSizes: string[];
  crumbs: Crumb[];
  /** Other lists worth offering from this one (sub-categories, classes). */
  related: Array<{ label: string; to: string }>;
}

const PRINTERS = { one: 'printer', many: 'printers' };
const SCANNERS = { one: 'scanner', many: 'scanners' };
const FINISHERS = { one: 'finisher', many: 'finishers' };
const HOME = HOME_CRUMB;

export const SUBCATEGORY_LABELS: Record<Subcategory, string> = {
  'a3-colour': 'A3 colour',
  'a3-mono': 'A3 mono',
  'a4-colour': 'A4 colour',
  'a4-mono': 'A4 mono',
  colour: 'Colour',
  mono: 'Mono',
};

interface PrinterTypeInfo {
  heading: string;
  crumb: string;
  intro: string;
  endpoint: string;
  /** the {category} of /api/products/category/{category}/{subcategory} */
  apiCategory: string;
  speed: SpeedBoundsKey;
  paperSizes: string[];
  subcategories: Subcategory[];
}

export const PRINTER_TYPE_INFO: Record<PrinterType, PrinterTypeInfo> = {
  multifunctionals: {
    ...PRINTER_TYPE_LABELS.multifunctionals,
    intro:
      'Print, copy, scan and send from one machine. A3 and A4, colour and mono multifunctionals from Canon, Ricoh, Konica Minolta, Sharp, Kyocera, Xerox and more, on lease, rental or outright purchase, with service on one cost-per-page agreement.',
    endpoint: '/api/printers/multifunctionals',
    apiCategory: 'multifunctional-printers',
    speed: 'office',
    paperSizes: ['SRA3', 'A3', 'A4'],
    subcategories: ['a3-colour', 'a3-mono', 'a4-colour', 'a4-mono', 'colour', 'mono'],
  },
  'print-only': {
    ...PRINTER_TYPE_LABELS['print-only'],
    intro:
      'Fast, dependable desktop and workgroup printers for offices that print but do not need to copy or scan. Colour and mono A4 lasers from HP, Kyocera, Canon, Brother, Lexmark and Ricoh.',
    endpoint: '/api/printers/officeprinters',
    apiCategory: 'print-only',
    speed: 'office',
    paperSizes: ['A4'],
    subcategories: ['a4-colour', 'a4-mono', 'colour', 'mono'],
  },
  production: {
    ...PRINTER_TYPE_LABELS.production,
    intro:
      'Light, mid and heavy production presses for print rooms, in-plant and commercial printers: high volumes, heavy media and professional finishing, with engineers who know them.',
    endpoint: '/api/printers/productionprinters',
    apiCategory: 'production',
    speed: 'production',
    paperSizes: ['SRA3'],
    subcategories: ['colour', 'mono'],
  },
  plotters: {
    ...PRINTER_TYPE_LABELS.plotters,
    intro:
      'Wide-format plotters for CAD drawings, plans, posters and signage, from A1 to B0, in colour and mono, with installation and service from Copytech.',
    endpoint: '/api/printers/plotterprinters',
    apiCategory: 'plotters',
    speed: 'office',
    paperSizes: ['B0', 'A0', 'A1'],
    subcategories: ['colour', 'mono'],
  },
};

export const SCANNER_CLASS_INFO = {
  personal: {
    heading: SCANNER_CLASS_HEADINGS.personal,
    api: 'personal',
    intro: 'Compact scanners for one desk: fast duplex scanning of letters, receipts and ID cards straight to PDF or the cloud.',
  },
  workgroup: {
    heading: SCANNER_CLASS_HEADINGS.workgroup,
    api: 'desktop-workgroup',
    intro: 'Shared desktop scanners for teams: reliable feeders, network scanning and capture software.',
  },
  'desktop-workgroup': {
    heading: SCANNER_CLASS_HEADINGS['desktop-workgroup'],
    api: 'desktop-workgroup',
    intro: 'Shared desktop scanners for teams: reliable feeders, network scanning and capture software.',
  },
  departmental: {
    heading: SCANNER_CLASS_HEADINGS.departmental,
    api: 'departmental',
    intro: 'Higher-volume scanners for departments and mailrooms, built for thousands of pages a day.',
  },
  production: {
    heading: SCANNER_CLASS_HEADINGS.production,
    api: 'production',
    intro: 'Production scanners for bureaux and back offices digitising tens of thousands of pages every day.',
  },
} as const;

export const FINISHER_CATEGORY_INFO: Record<FinisherCategory, { heading: string; intro: string }> = {
  stapling: {
    heading: FINISHER_CATEGORY_HEADINGS.stapling,
    intro: 'Finishers that collate, offset and staple sets as they leave the printer.',
  },
  booklet: {
    heading: FINISHER_CATEGORY_HEADINGS.booklet,
    intro: 'Booklet makers that fold and saddle-stitch brochures, reports and programmes in-line.',
  },
  punch: { heading: FINISHER_CATEGORY_HEADINGS.punch, intro: 'Punch units that add two- or four-hole punching to finished sets.' },
  folding: {
    heading: FINISHER_CATEGORY_HEADINGS.folding,
    intro: 'Folding units for letters, leaflets and mailers: C-fold, Z-fold and more.',
  },
  inner: {
    heading: FINISHER_CATEGORY_HEADINGS.inner,
    intro: 'Compact inner finishers that staple inside the machine, adding no footprint.',
  },
};

function describe(heading: string, intro: string): string {
  const text = `${heading} from Copytech. ${intro}`;
  return text.length <= 160 ? text : `${text.slice(0, 157).replace(/\s+\S*$/, '')}…`;
}

function printerList(type: PrinterType, subcategory?: Subcategory): ListDefinition {
  const info = PRINTER_TYPE_INFO[type];
  const typePath = `/printers/${type}`;
  const subLabel = subcategory ? SUBCATEGORY_LABELS[subcategory] : null;
  const heading = subLabel ? `${subLabel} ${info.heading.charAt(0).toLowerCase()}${info.heading.slice(1)}` : info.heading;
  const crumbs: Crumb[] = [HOME, { label: 'Printers', to: '/printers' }, { label: info.crumb, to: typePath }];
  if (subLabel) crumbs.push({ label: subLabel });
  else crumbs[crumbs.length - 1] = { label: info.crumb };
  return {
    path: subcategory ? `${typePath}/${subcategory}` : typePath,
    heading,
    intro: info.intro,
    metaTitle: heading,
    metaDescription: describe(heading, info.intro),
    endpoint: subcategory ? `/api/products/category/${info.apiCategory}/${subcategory}` : info.endpoint,
    noun: PRINTERS,
    speed: info.speed,
    speedLabel: 'Print speed',
    colourFilter: !subcategory || !/colour|mono/.test(subcategory),
    paperSizes: info.paperSizes,
    crumbs,
    related: [
      ...(subcategory ? [{ label: `All ${info.heading.toLowerCase()}`, to: typePath }] : []),
      ...info.subcategories.filter((s) => s !== subcategory).map((s) => ({ label: SUBCATEGORY_LABELS[s], to: `${typePath}/${s}` })),
    ],
  };
}

export function allPrintersList(): ListDefinition {
  const intro =
    'Every printer and multifunctional we supply, from desktop A4 lasers to production presses and wide-format plotters. Filter by speed, brand, paper size and colour.';
  return {
    path: '/printers',
    heading: 'All printers',
    intro,
    metaTitle: 'Printers and photocopiers',
    metaDescription: describe('Printers and photocopiers', intro),
    endpoint: '/api/printers/all',
    noun: PRINTERS,
    speed: 'production',
    speedLabel: 'Print speed',
    colourFilter: true,
    paperSizes: ['B0', 'A0', 'A1', 'SRA3', 'A3', 'A4'],
    crumbs: [HOME, { label: 'Printers' }],
    related: PRINTER_TYPES.map((t) => ({ label: PRINTER_TYPE_INFO[t].heading, to: `/printers/${t}` })),
  };
}

/** /printers/{type} or /printers/{type}/{subcategory}; null for anything the site does not have. */
export function printerListFor(type: string, subcategory?: string): ListDefinition | null {
  if (!isPrinterType(type)) return null;
  if (subcategory === undefined) return printerList(type);
  const sub = subcategory as Subcategory;
  return PRINTER_TYPE_INFO[type].subcategories.includes(sub) ? printerList(type, sub) : null;
}

const SCANNER_RELATED = (['personal', 'workgroup', 'departmental', 'production'] as const).map((c) => ({
  label: SCANNER_CLASS_INFO[c].heading,
  to: `/scanners/${c}`,
}));

/** /scanners or /scanners/{class} ('workgroup' and 'desktop-workgroup' are the same list). */
export function scannerListFor(segment?: string): ListDefinition | null {
  const base = {
    noun: SCANNERS,
    speed: 'production' as const,
    speedLabel: 'Scan speed',
    colourFilter: false,
    paperSizes: ['A3', 'A4'],
  };
  if (segment === undefined) {
    const intro = 'Document scanners for every volume, from a personal desktop scanner to production scanners for a bureau or back office.';
    return {
      ...base,
      path: '/scanners',
      heading: 'Document scanners',
      intro,
      metaTitle: 'Document scanners',
      metaDescription: describe('Document scanners', intro),
      endpoint: '/api/scanners/all',
      crumbs: [HOME, { label: 'Scanners' }],
      related: SCANNER_RELATED,
    };
  }
  if (!Object.prototype.hasOwnProperty.call(SCANNER_CLASS_INFO, segment)) return null;
  const info = SCANNER_CLASS_INFO[segment as ScannerClassSegment];
  return {
    ...base,
    path: `/scanners/${segment}`,
    heading: info.heading,
    intro: info.intro,
    metaTitle: info.heading,
    metaDescription: describe(info.heading, info.intro),
    endpoint: `/api/scanners/${info.api}`,
    crumbs: [HOME, { label: 'Scanners', to: '/scanners' }, { label: info.heading }],
    related: [{ label: 'All scanners', to: '/scanners' }, ...SCANNER_RELATED.filter((r) => r.label !== info.heading)],
  };
}

/**
 * /finishers or /finishers/{category}. The finisher categories (FINISHER_CATEGORIES: stapling,
 * booklet, punch, folding, inner, the finishers' productSpecification values) are sub-categories
 * on the server, which filters, counts, pages and facets them like any other list.
 */
export function finisherListFor(segment?: string): ListDefinition | null {
  const base = { noun: FINISHERS, speed: null, speedLabel: '', colourFilter: false, paperSizes: [] };
  const related = FINISHER_CATEGORIES.map((c) => ({ label: FINISHER_CATEGORY_INFO[c].heading, to: `/finishers/${c}` }));
  if (segment === undefined) {
    const intro =
      'Stapling, booklet-making, punching and folding finishers that turn printed sheets into finished documents, fitted to your printer by our engineers.';
    return {
      ...base,
      path: '/finishers',
      heading: 'Finishers',
      intro,
      metaTitle: 'Finishers',
      metaDescription: describe('Printer finishers', intro),
      endpoint: '/api/products/category/finishers',
      crumbs: [HOME, { label: 'Finishers' }],
      related,
    };
  }
  if (!isFinisherCategory(segment)) return null;
  const info = FINISHER_CATEGORY_INFO[segment];
  return {
    ...base,
    path: `/finishers/${segment}`,
    heading: info.heading,
    intro: info.intro,
    metaTitle: info.heading,
    metaDescription: describe(info.heading, info.intro),
    endpoint: `/api/products/category/finishers/${segment}`,
    crumbs: [HOME, { label: 'Finishers', to: '/finishers' }, { label: info.heading }],
    related: [{ label: 'All finishers', to: '/finishers' }, ...related.filter((r) => r.label !== info.heading)],
  };
}

const MFP = PRINTER_TYPE_INFO.multifunctionals;

/** The three landing pages the shell mounts at the top level. */
export const LANDING_PAGES: Record<'photocopiers' | 'commercial-printers' | 'office-printers', ListDefinition> = {
  photocopiers: {
    ...printerList('multifunctionals'),
    path: '/photocopiers',
    heading: 'Photocopiers for business',
    intro:
      "Today's photocopiers are multifunctional printers: they copy, print, scan and send. Compare A3 and A4 machines from the leading brands, then get an instant quote for lease, rental or purchase.",
    highlights: [
      'Lease, rental or outright purchase',
      'Delivered, installed and set up on your network',
      'Toner, parts and engineer call-outs under a separate service agreement, charged per page',
      'Instant quotes by e-mail, in minutes',
    ],
    metaTitle: 'Photocopiers for business',
    metaDescription: describe(
      'Business photocopiers',
      'Compare A3 and A4 colour and mono photocopiers and get an instant quote for lease, rental or purchase.',
    ),
    crumbs: [HOME, { label: 'Photocopiers' }],
    related: MFP.subcategories
      .slice(0, 4)
      .map((s) => ({ label: `${SUBCATEGORY_LABELS[s]} photocopiers`, to: `/printers/multifunctionals/${s}` })),
  },
  'commercial-printers': {
    ...printerList('production'),
    path: '/commercial-printers',
    heading: 'Commercial printers',
    intro:
      'Production presses for print rooms, reprographics and commercial print: the speed, media handling and finishing to take on high-volume work, with a service team behind them.',
    highlights: ['Light, mid and heavy production', 'Professional finishing options', 'Engineers who specialise in production print'],
    metaTitle: 'Commercial printers',
    metaDescription: describe(
      'Commercial printers',
      'Light, mid and heavy production presses for print rooms and commercial printers, with finishing and service.',
    ),
    crumbs: [HOME, { label: 'Commercial printers' }],
    related: [
      { label: 'Colour production printers', to: '/printers/production/colour' },
      { label: 'Mono production printers', to: '/printers/production/mono' },
      { label: 'Finishers', to: '/finishers' },
    ],
  },
  'office-printers': {
    ...printerList('multifunctionals'),
    path: '/office-printers',
    heading: 'Office printers',
    intro:
      'Multifunctional office printers that print, copy and scan, with colour machines first. Filter by speed, brand and paper size to find the right fit for your team.',
    highlights: ['Colour and mono, A3 and A4', 'Up to five machines compared in one quote', 'UK service and support'],
    metaTitle: 'Office printers',
    metaDescription: describe(
      'Office printers',
      'Colour and mono multifunctional office printers that print, copy and scan, with an instant quote by e-mail.',
    ),
    defaultSort: 'colour',
    crumbs: [HOME, { label: 'Office printers' }],
    related: [
      { label: 'Print-only printers', to: '/printers/print-only' },
      { label: 'A4 colour multifunctionals', to: '/printers/multifunctionals/a4-colour' },
      { label: 'A3 colour multifunctionals', to: '/printers/multifunctionals/a3-colour' },
    ],
  },
};
