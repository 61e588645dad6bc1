/**
 * The seed catalogue's service prices per page (server/data/README.md "Service prices per page"),
 * read as the seed reads them: every printing machine has a mono price, and a colour one when it
 * prints colour, inside its class's band; scanners and finishers have none; and the terms' "from"
 * prices are exactly the lowest of the office machines', so no page promises a rate no machine has.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseCommercialTerms, runningCostClassOf, servicePerPageOf, type Product, type RunningCostClass } from '@copytech/shared/domain';
import { REAL_DATA } from '../../../test/helpers';

/** Pence per A4 page ex VAT, [lowest, highest] of each class: mono, colour. */
const BANDS: Record<RunningCostClass, { mono: [number, number]; colour: [number, number] }> = {
  'office-a4': { mono: [0.39, 1.2], colour: [3.3, 6] },
  'office-a3': { mono: [0.39, 1.2], colour: [3.3, 6] },
  'light-production': { mono: [0.25, 0.45], colour: [2.2, 3.5] },
  'mid-production': { mono: [0.2, 0.4], colour: [1.8, 3] },
  'heavy-production': { mono: [0.15, 0.35], colour: [1.5, 2.6] },
  'wide-format': { mono: [0.5, 1.2], colour: [2.5, 6] },
};

const catalogueDir = path.join(REAL_DATA, 'catalogue');
const products: Array<Product & { file: string }> = fs
  .readdirSync(catalogueDir)
  .filter((file) => file.endsWith('.json'))
  .flatMap((file) =>
    (JSON.parse(fs.readFileSync(path.join(catalogueDir, file), 'utf8')) as Product[]).map((product) => ({ ...product, file })),
  );
const terms = parseCommercialTerms(JSON.parse(fs.readFileSync(path.join(REAL_DATA, 'terms.json'), 'utf8')));
const name = (p: Product & { file: string }) => `${p.file}: ${p.brand} ${p.model}`;
const prints = (p: Product) => p.colourPrinting === 'colour' || p.colourPrinting === 'mono';

it('gives every printing machine prices per page, colour only on colour machines', () => {
  const printing = products.filter(prints);
  expect(printing.length).toBeGreaterThanOrEqual(170);
  const wrong = printing
    .filter((p) => {
      const rates = servicePerPageOf(p);
      return !rates || (p.colourPrinting === 'colour') !== (rates.colour !== null) || p.price?.servicePerPage?.colour === undefined;
    })
    .map(name);
  expect(wrong).toEqual([]);
});

it('gives scanners and finishers no prices per page', () => {
  const others = products.filter((p) => !prints(p));
  expect(others.length).toBeGreaterThanOrEqual(40);
  expect(others.filter((p) => p.price?.servicePerPage !== undefined).map(name)).toEqual([]);
});

it('puts every price per page inside its class band', () => {
  const outside = products.filter(prints).flatMap((p) => {
    const cls = runningCostClassOf(p);
    const rates = servicePerPageOf(p);
    if (!cls || !rates) return [`${name(p)}: no class or no prices`];
    const band = BANDS[cls];
    const problems: string[] = [];
    if (rates.mono < band.mono[0] || rates.mono > band.mono[1])
      problems.push(`${name(p)}: mono ${rates.mono}p outside ${band.mono.join('-')}p (${cls})`);
    if (rates.colour !== null && (rates.colour < band.colour[0] || rates.colour > band.colour[1]))
      problems.push(`${name(p)}: colour ${rates.colour}p outside ${band.colour.join('-')}p (${cls})`);
    return problems;
  });
  expect(outside).toEqual([]);
});

it('charges a production press less a page than an office machine of the same colour', () => {
  const rates = (cls: RunningCostClass) => products.filter((p) => runningCostClassOf(p) === cls).map((p) => servicePerPageOf(p)!);
  const officeMonoLowest = Math.min(...rates('office-a3').map((r) => r.mono));
  for (const cls of ['light-production', 'mid-production', 'heavy-production'] as const) {
    expect(Math.max(...rates(cls).map((r) => r.mono))).toBeLessThan(officeMonoLowest);
  }
});

it('makes the terms\' "from" prices the lowest of the office machines\' own prices, exactly', () => {
  const office = products.filter((p) => p.isActive && (runningCostClassOf(p) === 'office-a3' || runningCostClassOf(p) === 'office-a4'));
  const rates = office.map((p) => servicePerPageOf(p)!);
  expect(Math.min(...rates.map((r) => r.mono))).toBe(terms.service.pricePerPage.fromPence.mono);
  expect(Math.min(...rates.flatMap((r) => (r.colour === null ? [] : [r.colour])))).toBe(terms.service.pricePerPage.fromPence.colour);
});
