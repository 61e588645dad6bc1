import { everyListPage } from './everyListPage';
import {
  FINISHER_CATEGORY_INFO,
  LANDING_PAGES,
  PRINTER_TYPE_INFO,
  SCANNER_CLASS_INFO,
  SUBCATEGORY_LABELS,
  allPrintersList,
  finisherListFor,
  printerListFor,
  scannerListFor,
  type ListDefinition,
} from './listPages';
import { resolveSiteRoute } from './resolveSiteRoute';

/** The list a buyer gets at a path, as the catalogue and the server look it up. */
function listAt(path: string): ListDefinition {
  const route = resolveSiteRoute(path);
  if (route.kind !== 'list') throw new Error(`${path} is not a list`);
  return route.list;
}

const home = { label: 'Home', to: '/' };

describe('each list page: its heading, title and the API read that fills it', () => {
  it.each([
    ['/printers', 'All printers', 'Printers and photocopiers', '/api/printers/all'],
    ['/printers/multifunctionals', 'Multifunctional printers', 'Multifunctional printers', '/api/printers/multifunctionals'],
    [
      '/printers/multifunctionals/a3-colour',
      'A3 colour multifunctional printers',
      'A3 colour multifunctional printers',
      '/api/products/category/multifunctional-printers/a3-colour',
    ],
    [
      '/printers/multifunctionals/a3-mono',
      'A3 mono multifunctional printers',
      'A3 mono multifunctional printers',
      '/api/products/category/multifunctional-printers/a3-mono',
    ],
    [
      '/printers/multifunctionals/a4-colour',
      'A4 colour multifunctional printers',
      'A4 colour multifunctional printers',
      '/api/products/category/multifunctional-printers/a4-colour',
    ],
    [
      '/printers/multifunctionals/a4-mono',
      'A4 mono multifunctional printers',
      'A4 mono multifunctional printers',
      '/api/products/category/multifunctional-printers/a4-mono',
    ],
    [
      '/printers/multifunctionals/colour',
      'Colour multifunctional printers',
      'Colour multifunctional printers',
      '/api/products/category/multifunctional-printers/colour',
    ],
    [
      '/printers/multifunctionals/mono',
      'Mono multifunctional printers',
      'Mono multifunctional printers',
      '/api/products/category/multifunctional-printers/mono',
    ],
    ['/printers/print-only', 'Print-only printers', 'Print-only printers', '/api/printers/officeprinters'],
    [
      '/printers/print-only/a4-colour',
      'A4 colour print-only printers',
      'A4 colour print-only printers',
      '/api/products/category/print-only/a4-colour',
    ],
    [
      '/printers/print-only/a4-mono',
      'A4 mono print-only printers',
      'A4 mono print-only printers',
      '/api/products/category/print-only/a4-mono',
    ],
    ['/printers/print-only/colour', 'Colour print-only printers', 'Colour print-only printers', '/api/products/category/print-only/colour'],
    ['/printers/print-only/mono', 'Mono print-only printers', 'Mono print-only printers', '/api/products/category/print-only/mono'],
    ['/printers/production', 'Production printers', 'Production printers', '/api/printers/productionprinters'],
    ['/printers/production/colour', 'Colour production printers', 'Colour production printers', '/api/products/category/production/colour'],
    ['/printers/production/mono', 'Mono production printers', 'Mono production printers', '/api/products/category/production/mono'],
    ['/printers/plotters', 'Plotters', 'Plotters', '/api/printers/plotterprinters'],
    ['/printers/plotters/colour', 'Colour plotters', 'Colour plotters', '/api/products/category/plotters/colour'],
    ['/printers/plotters/mono', 'Mono plotters', 'Mono plotters', '/api/products/category/plotters/mono'],
    ['/scanners', 'Document scanners', 'Document scanners', '/api/scanners/all'],
    ['/scanners/personal', 'Personal scanners', 'Personal scanners', '/api/scanners/personal'],
    ['/scanners/workgroup', 'Desktop workgroup scanners', 'Desktop workgroup scanners', '/api/scanners/desktop-workgroup'],
    ['/scanners/desktop-workgroup', 'Desktop workgroup scanners', 'Desktop workgroup scanners', '/api/scanners/desktop-workgroup'],
    ['/scanners/departmental', 'Departmental scanners', 'Departmental scanners', '/api/scanners/departmental'],
    ['/scanners/production', 'Production scanners', 'Production scanners', '/api/scanners/production'],
    ['/finishers', 'Finishers', 'Finishers', '/api/products/category/finishers'],
    ['/finishers/stapling', 'Stapling finishers', 'Stapling finishers', '/api/products/category/finishers/stapling'],
    ['/finishers/booklet', 'Booklet finishers', 'Booklet finishers', '/api/products/category/finishers/booklet'],
    ['/finishers/punch', 'Hole punch units', 'Hole punch units', '/api/products/category/finishers/punch'],
    ['/finishers/folding', 'Folding units', 'Folding units', '/api/products/category/finishers/folding'],
    ['/finishers/inner', 'Inner finishers', 'Inner finishers', '/api/products/category/finishers/inner'],
    ['/photocopiers', 'Photocopiers for business', 'Photocopiers for business', '/api/printers/multifunctionals'],
    ['/commercial-printers', 'Commercial printers', 'Commercial printers', '/api/printers/productionprinters'],
    ['/office-printers', 'Office printers', 'Office printers', '/api/printers/multifunctionals'],
  ])('%s: heading %j, title %j, read from %s', (path, heading, metaTitle, endpoint) => {
    const list = listAt(path);
    expect({ path: list.path, heading: list.heading, metaTitle: list.metaTitle, endpoint: list.endpoint }).toEqual({
      path,
      heading,
      metaTitle,
      endpoint,
    });
  });

  it('names the products it counts', () => {
    const nouns = (path: string) => listAt(path).noun;
    for (const path of ['/printers', '/printers/plotters/mono', '/photocopiers', '/commercial-printers'])
      expect(nouns(path)).toEqual({ one: 'printer', many: 'printers' });
    for (const path of ['/scanners', '/scanners/personal']) expect(nouns(path)).toEqual({ one: 'scanner', many: 'scanners' });
    for (const path of ['/finishers', '/finishers/inner']) expect(nouns(path)).toEqual({ one: 'finisher', many: 'finishers' });
  });

  it('has no list for a segment the site does not have', () => {
    expect(printerListFor('faxes')).toBeNull();
    expect(printerListFor('multifunctionals', 'a5-colour')).toBeNull();
    // each type has its own sub-categories: no A3 or A4 plotters or production printers, no A3 print-only ones
    expect(printerListFor('plotters', 'a3-colour')).toBeNull();
    expect(printerListFor('production', 'a4-mono')).toBeNull();
    expect(printerListFor('print-only', 'a3-mono')).toBeNull();
    expect(printerListFor('multifunctionals', '')).toBeNull();
    expect(scannerListFor('huge')).toBeNull();
    expect(scannerListFor('toString')).toBeNull();
    expect(scannerListFor('')).toBeNull();
    expect(finisherListFor('glue')).toBeNull();
    expect(finisherListFor('')).toBeNull();
  });
});

describe("each list page's description, as search engines show it", () => {
  it.each([
    [
      '/printers',
      'Printers and photocopiers from Copytech. Every printer and multifunctional we supply, from desktop A4 lasers to production presses and wide-format plotters.…',
    ],
    [
      '/printers/multifunctionals',
      'Multifunctional printers from Copytech. Print, copy, scan and send from one machine. A3 and A4, colour and mono multifunctionals from Canon, Ricoh, Konica…',
    ],
    [
      '/printers/multifunctionals/a3-colour',
      'A3 colour multifunctional printers from Copytech. Print, copy, scan and send from one machine. A3 and A4, colour and mono multifunctionals from Canon,…',
    ],
    [
      '/printers/print-only',
      'Print-only printers from Copytech. Fast, dependable desktop and workgroup printers for offices that print but do not need to copy or scan. Colour and mono…',
    ],
    [
      '/printers/production',
      'Production printers from Copytech. Light, mid and heavy production presses for print rooms, in-plant and commercial printers: high volumes, heavy media and…',
    ],
    [
      '/printers/plotters',
      'Plotters from Copytech. Wide-format plotters for CAD drawings, plans, posters and signage, from A1 to B0, in colour and mono, with installation and service…',
    ],
    [
      '/scanners',
      'Document scanners from Copytech. Document scanners for every volume, from a personal desktop scanner to production scanners for a bureau or back office.',
    ],
    [
      '/scanners/personal',
      'Personal scanners from Copytech. Compact scanners for one desk: fast duplex scanning of letters, receipts and ID cards straight to PDF or the cloud.',
    ],
    [
      '/scanners/workgroup',
      'Desktop workgroup scanners from Copytech. Shared desktop scanners for teams: reliable feeders, network scanning and capture software.',
    ],
    [
      '/scanners/desktop-workgroup',
      'Desktop workgroup scanners from Copytech. Shared desktop scanners for teams: reliable feeders, network scanning and capture software.',
    ],
    [
      '/scanners/departmental',
      'Departmental scanners from Copytech. Higher-volume scanners for departments and mailrooms, built for thousands of pages a day.',
    ],
    [
      '/scanners/production',
      'Production scanners from Copytech. Production scanners for bureaux and back offices digitising tens of thousands of pages every day.',
    ],
    [
      '/finishers',
      'Printer finishers from Copytech. Stapling, booklet-making, punching and folding finishers that turn printed sheets into finished documents, fitted to your…',
    ],
    ['/finishers/stapling', 'Stapling finishers from Copytech. Finishers that collate, offset and staple sets as they leave the printer.'],
    [
      '/finishers/booklet',
      'Booklet finishers from Copytech. Booklet makers that fold and saddle-stitch brochures, reports and programmes in-line.',
    ],
    ['/finishers/punch', 'Hole punch units from Copytech. Punch units that add two- or four-hole punching to finished sets.'],
    ['/finishers/folding', 'Folding units from Copytech. Folding units for letters, leaflets and mailers: C-fold, Z-fold and more.'],
    ['/finishers/inner', 'Inner finishers from Copytech. Compact inner finishers that staple inside the machine, adding no footprint.'],
    [
      '/photocopiers',
      'Business photocopiers from Copytech. Compare A3 and A4 colour and mono photocopiers and get an instant quote for lease, rental or purchase.',
    ],
    [
      '/commercial-printers',
      'Commercial printers from Copytech. Light, mid and heavy production presses for print rooms and commercial printers, with finishing and service.',
    ],
    [
      '/office-printers',
      'Office printers from Copytech. Colour and mono multifunctional office printers that print, copy and scan, with an instant quote by e-mail.',
    ],
  ])('%s: %s', (path, description) => {
    expect(listAt(path).metaDescription).toBe(description);
  });

  it('is at most 160 characters, a longer text cut at the end of a word with an ellipsis', () => {
    const cut: string[] = [];
    for (const list of everyListPage()) {
      const text = list.metaDescription;
      expect(text.length).toBeLessThanOrEqual(160);
      if (!text.endsWith('…')) continue;
      cut.push(list.path);
      const kept = text.slice(0, -1);
      const full = `${kept.slice(0, kept.indexOf(' from Copytech. '))} from Copytech. ${list.intro}`;
      // the whole text is too long, and what is kept ends where a word of it ends
      expect(full.length).toBeGreaterThan(160);
      expect(full.startsWith(`${kept} `)).toBe(true);
    }
    expect(cut).toContain('/finishers');
    expect(cut.filter((path) => path.startsWith('/printers'))).toHaveLength(19);
  });

  it('introduces each list with its own words', () => {
    expect(listAt('/printers').intro).toBe(
      'Every printer and multifunctional we supply, from desktop A4 lasers to production presses and wide-format plotters. Filter by speed, brand, paper size and colour.',
    );
    expect(PRINTER_TYPE_INFO.multifunctionals.intro).toBe(
      'Print, copy, scan and send from one machine. A3 and A4, colour and mono multifunctionals from Canon, Ricoh, Konica Minolta, Sharp, Kyocera, Xerox and more, on lease, rental or outright purchase, with service on one cost-per-page agreement.',
    );
    expect(listAt('/printers/multifunctionals/a4-mono').intro).toBe(PRINTER_TYPE_INFO.multifunctionals.intro);
    expect(PRINTER_TYPE_INFO['print-only'].intro).toMatch(
      /^Fast, dependable desktop .* Colour and mono A4 lasers from HP, Kyocera, Canon, Brother, Lexmark and Ricoh\.$/,
    );
    expect(PRINTER_TYPE_INFO.production.intro).toMatch(/, with engineers who know them\.$/);
    expect(PRINTER_TYPE_INFO.plotters.intro).toMatch(/, with installation and service from Copytech\.$/);
    expect(listAt('/scanners/workgroup').intro).toBe(SCANNER_CLASS_INFO['desktop-workgroup'].intro);
    expect(listAt('/finishers').intro).toBe(
      'Stapling, booklet-making, punching and folding finishers that turn printed sheets into finished documents, fitted to your printer by our engineers.',
    );
    expect(listAt('/scanners/production').intro).toBe(
      'Production scanners for bureaux and back offices digitising tens of thousands of pages every day.',
    );
    for (const c of ['stapling', 'booklet', 'punch', 'folding', 'inner'] as const)
      expect(listAt(`/finishers/${c}`).intro).toBe(FINISHER_CATEGORY_INFO[c].intro);
  });
});

describe("each list page's filters", () => {
  const filters = (path: string) => {
    const { speed, speedLabel, colourFilter, paperSizes } = listAt(path);
    return { speed, speedLabel, colourFilter, paperSizes };
  };

  it.each([
    ['/printers', 'production', 'Print speed', true, ['B0', 'A0', 'A1', 'SRA3', 'A3', 'A4']],
    ['/printers/multifunctionals', 'office', 'Print speed', true, ['SRA3', 'A3', 'A4']],
    ['/printers/print-only', 'office', 'Print speed', true, ['A4']],
    ['/printers/production', 'production', 'Print speed', true, ['SRA3']],
    ['/printers/plotters', 'office', 'Print speed', true, ['B0', 'A0', 'A1']],
    ['/photocopiers', 'office', 'Print speed', true, ['SRA3', 'A3', 'A4']],
    ['/office-printers', 'office', 'Print speed', true, ['SRA3', 'A3', 'A4']],
    ['/commercial-printers', 'production', 'Print speed', true, ['SRA3']],
    ['/scanners', 'production', 'Scan speed', false, ['A3', 'A4']],
    ['/scanners/departmental', 'production', 'Scan speed', false, ['A3', 'A4']],
  ])('%s: speed bounds %s (%s), colour filter %s, paper sizes %j', (path, speed, speedLabel, colourFilter, paperSizes) => {
    expect(filters(path)).toEqual({ speed, speedLabel, colourFilter, paperSizes });
  });

  it('offers no speed, colour or paper size filter on finishers', () => {
    for (const path of ['/finishers', '/finishers/booklet'])
      expect(filters(path)).toEqual({ speed: null, speedLabel: '', colourFilter: false, paperSizes: [] });
  });

  it('offers no colour filter where the sub-category fixes the colour, and keeps the type own speed and sizes', () => {
    expect(filters('/printers/multifunctionals/a3-colour')).toEqual({
      speed: 'office',
      speedLabel: 'Print speed',
      colourFilter: false,
      paperSizes: ['SRA3', 'A3', 'A4'],
    });
    expect(filters('/printers/production/mono')).toEqual({
      speed: 'production',
      speedLabel: 'Print speed',
      colourFilter: false,
      paperSizes: ['SRA3'],
    });
    expect(filters('/printers/print-only/a4-mono').colourFilter).toBe(false);
    expect(filters('/printers/plotters/colour').colourFilter).toBe(false);
  });

  it('sorts /office-printers colour first, and the other lists in the default order', () => {
    expect(listAt('/office-printers').defaultSort).toBe('colour');
    for (const list of everyListPage()) if (list.path !== '/office-printers') expect(list.defaultSort).toBeUndefined();
  });
});

describe("each list page's breadcrumbs and the lists it offers next", () => {
  it.each([
    ['/printers', [home, { label: 'Printers' }]],
    ['/printers/multifunctionals', [home, { label: 'Printers', to: '/printers' }, { label: 'Multifunctionals' }]],
    [
      '/printers/multifunctionals/a3-colour',
      [
        home,
        { label: 'Printers', to: '/printers' },
        { label: 'Multifunctionals', to: '/printers/multifunctionals' },
        { label: 'A3 colour' },
      ],
    ],
    ['/printers/print-only', [home, { label: 'Printers', to: '/printers' }, { label: 'Print-only printers' }]],
    [
      '/printers/print-only/a4-mono',
      [home, { label: 'Printers', to: '/printers' }, { label: 'Print-only printers', to: '/printers/print-only' }, { label: 'A4 mono' }],
    ],
    ['/printers/production', [home, { label: 'Printers', to: '/printers' }, { label: 'Production printers' }]],
    [
      '/printers/plotters/mono',
      [home, { label: 'Printers', to: '/printers' }, { label: 'Plotters', to: '/printers/plotters' }, { label: 'Mono' }],
    ],
    ['/scanners', [home, { label: 'Scanners' }]],
    ['/scanners/personal', [home, { label: 'Scanners', to: '/scanners' }, { label: 'Personal scanners' }]],
    ['/finishers', [home, { label: 'Finishers' }]],
    ['/finishers/punch', [home, { label: 'Finishers', to: '/finishers' }, { label: 'Hole punch units' }]],
    ['/photocopiers', [home, { label: 'Photocopiers' }]],
    ['/commercial-printers', [home, { label: 'Commercial printers' }]],
    ['/office-printers', [home, { label: 'Office printers' }]],
  ])('%s: %j', (path, crumbs) => {
    expect(listAt(path).crumbs).toEqual(crumbs);
  });

  it('offers every printer type from all printers, and each type its sub-categories', () => {
    expect(listAt('/printers').related).toEqual([
      { label: 'Multifunctional printers', to: '/printers/multifunctionals' },
      { label: 'Print-only printers', to: '/printers/print-only' },
      { label: 'Production printers', to: '/printers/production' },
      { label: 'Plotters', to: '/printers/plotters' },
    ]);
    expect(listAt('/printers/multifunctionals').related).toEqual([
      { label: 'A3 colour', to: '/printers/multifunctionals/a3-colour' },
      { label: 'A3 mono', to: '/printers/multifunctionals/a3-mono' },
      { label: 'A4 colour', to: '/printers/multifunctionals/a4-colour' },
      { label: 'A4 mono', to: '/printers/multifunctionals/a4-mono' },
      { label: 'Colour', to: '/printers/multifunctionals/colour' },
      { label: 'Mono', to: '/printers/multifunctionals/mono' },
    ]);
    expect(listAt('/printers/print-only').related.map((r) => r.to)).toEqual([
      '/printers/print-only/a4-colour',
      '/printers/print-only/a4-mono',
      '/printers/print-only/colour',
      '/printers/print-only/mono',
    ]);
    expect(listAt('/printers/production').related).toEqual([
      { label: 'Colour', to: '/printers/production/colour' },
      { label: 'Mono', to: '/printers/production/mono' },
    ]);
    expect(listAt('/printers/plotters').related.map((r) => r.to)).toEqual(['/printers/plotters/colour', '/printers/plotters/mono']);
  });

  it('offers a sub-category its whole type first, then the other sub-categories, not itself', () => {
    expect(listAt('/printers/multifunctionals/a4-colour').related).toEqual([
      { label: 'All multifunctional printers', to: '/printers/multifunctionals' },
      { label: 'A3 colour', to: '/printers/multifunctionals/a3-colour' },
      { label: 'A3 mono', to: '/printers/multifunctionals/a3-mono' },
      { label: 'A4 mono', to: '/printers/multifunctionals/a4-mono' },
      { label: 'Colour', to: '/printers/multifunctionals/colour' },
      { label: 'Mono', to: '/printers/multifunctionals/mono' },
    ]);
    expect(listAt('/printers/print-only/colour').related[0]).toEqual({ label: 'All print-only printers', to: '/printers/print-only' });
    expect(listAt('/printers/production/mono').related).toEqual([
      { label: 'All production printers', to: '/printers/production' },
      { label: 'Colour', to: '/printers/production/colour' },
    ]);
    expect(listAt('/printers/plotters/colour').related).toEqual([
      { label: 'All plotters', to: '/printers/plotters' },
      { label: 'Mono', to: '/printers/plotters/mono' },
    ]);
  });

  it('offers every scanner class from the scanners, and from a class all scanners and the other classes', () => {
    const classes = [
      { label: 'Personal scanners', to: '/scanners/personal' },
      { label: 'Desktop workgroup scanners', to: '/scanners/workgroup' },
      { label: 'Departmental scanners', to: '/scanners/departmental' },
      { label: 'Production scanners', to: '/scanners/production' },
    ];
    const all = { label: 'All scanners', to: '/scanners' };
    expect(listAt('/scanners').related).toEqual(classes);
    expect(listAt('/scanners/personal').related).toEqual([all, classes[1], classes[2], classes[3]]);
    expect(listAt('/scanners/desktop-workgroup').related).toEqual([all, classes[0], classes[2], classes[3]]);
    expect(listAt('/scanners/production').related).toEqual([all, classes[0], classes[1], classes[2]]);
  });

  it('offers every finisher category from the finishers, and from a category all finishers and the others', () => {
    const categories = [
      { label: 'Stapling finishers', to: '/finishers/stapling' },
      { label: 'Booklet finishers', to: '/finishers/booklet' },
      { label: 'Hole punch units', to: '/finishers/punch' },
      { label: 'Folding units', to: '/finishers/folding' },
      { label: 'Inner finishers', to: '/finishers/inner' },
    ];
    expect(listAt('/finishers').related).toEqual(categories);
    expect(listAt('/finishers/folding').related).toEqual([
      { label: 'All finishers', to: '/finishers' },
      ...categories.filter((c) => c.label !== 'Folding units'),
    ]);
  });

  it('offers each landing page its own next lists', () => {
    expect(listAt('/photocopiers').related).toEqual([
      { label: 'A3 colour photocopiers', to: '/printers/multifunctionals/a3-colour' },
      { label: 'A3 mono photocopiers', to: '/printers/multifunctionals/a3-mono' },
      { label: 'A4 colour photocopiers', to: '/printers/multifunctionals/a4-colour' },
      { label: 'A4 mono photocopiers', to: '/printers/multifunctionals/a4-mono' },
    ]);
    expect(listAt('/commercial-printers').related).toEqual([
      { label: 'Colour production printers', to: '/printers/production/colour' },
      { label: 'Mono production printers', to: '/printers/production/mono' },
      { label: 'Finishers', to: '/finishers' },
    ]);
    expect(listAt('/office-printers').related).toEqual([
      { label: 'Print-only printers', to: '/printers/print-only' },
      { label: 'A4 colour multifunctionals', to: '/printers/multifunctionals/a4-colour' },
      { label: 'A3 colour multifunctionals', to: '/printers/multifunctionals/a3-colour' },
    ]);
  });
});

describe('the landing pages (/photocopiers, /commercial-printers, /office-printers)', () => {
  it('each say why to buy here', () => {
    expect(LANDING_PAGES.photocopiers.highlights).toEqual([
      'Lease, rental or outright purchase',
      'Delivered, installed and set up on your network',
      'Toner, parts and engineer call-outs under a separate service agreement, charged per page',
      'Instant quotes by e-mail, in minutes',
    ]);
    expect(LANDING_PAGES['commercial-printers'].highlights).toEqual([
      'Light, mid and heavy production',
      'Professional finishing options',
      'Engineers who specialise in production print',
    ]);
    expect(LANDING_PAGES['office-printers'].highlights).toEqual([
      'Colour and mono, A3 and A4',
      'Up to five machines compared in one quote',
      'UK service and support',
    ]);
    for (const list of everyListPage()) if (!Object.values(LANDING_PAGES).includes(list)) expect(list.highlights).toBeUndefined();
  });

  it('each open with their own introduction', () => {
    expect(LANDING_PAGES.photocopiers.intro).toBe(
      "Today's photocopiers are multifunctional printers: they copy, print, scan and send. Compare A3 and A4 machines from the leading brands, then get an instant quote for lease, rental or purchase.",
    );
    expect(LANDING_PAGES['commercial-printers'].intro).toBe(
      'Production presses for print rooms, reprographics and commercial print: the speed, media handling and finishing to take on high-volume work, with a service team behind them.',
    );
    expect(LANDING_PAGES['office-printers'].intro).toBe(
      'Multifunctional office printers that print, copy and scan, with colour machines first. Filter by speed, brand and paper size to find the right fit for your team.',
    );
  });

  it('name the sub-categories as the site does', () => {
    expect(SUBCATEGORY_LABELS).toEqual({
      'a3-colour': 'A3 colour',
      'a3-mono': 'A3 mono',
      'a4-colour': 'A4 colour',
      'a4-mono': 'A4 mono',
      colour: 'Colour',
      mono: 'Mono',
    });
  });
});

describe('allPrintersList', () => {
  it('is the /printers list', () => {
    expect(allPrintersList()).toEqual(listAt('/printers'));
  });
});

describe('every list page trail', () => {
  it('never names the same place twice in a row (not "Home > Printers > Printers")', () => {
    const repeats = everyListPage().flatMap((list) =>
      list.crumbs
        .slice(1)
        .flatMap((crumb, i) => (crumb.label === list.crumbs[i]!.label ? [list.crumbs.map((c) => c.label).join(' > ')] : [])),
    );
    expect(everyListPage().length).toBeGreaterThan(20);
    expect(repeats).toEqual([]);
  });
});
