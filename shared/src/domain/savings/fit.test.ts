/**
 * The machine the general checker compares with (docs/product-rules.md "The machine the checker
 * compares with"), worked out from the real catalogue and terms (server/data), with the worked
 * example of the docs: a £450 lease and £276 of click charges a quarter, 12,000 mono and 3,000
 * colour pages a quarter.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { modelIdOf, type Product } from '../product';
import { parseCommercialTerms } from '../terms';
import { defaultSavingsAnswers, type SavingsAnswers } from './answers';
import { calculateSavings, currentFigures, pagesPerMonth } from './calculation';
import {
  CHECKER_SPEED_CLASSES,
  fittingListPath,
  machineFit,
  machineNeedsOf,
  productFits,
  serviceAt,
  speedClassFor,
  type MachineNeeds,
} from './fit';
import { checkerMachineOf } from './machine';

const DATA = join(__dirname, '../../../../server/data');
const TERMS = parseCommercialTerms(JSON.parse(readFileSync(join(DATA, 'terms.json'), 'utf8')));

function catalogue(file: string): Product[] {
  const seeds = JSON.parse(readFileSync(join(DATA, 'catalogue', `${file}.json`), 'utf8')) as Array<Omit<Product, 'modelId'>>;
  return seeds.map((seed) => ({ ...seed, modelId: modelIdOf(seed.brand, seed.model) }) as Product);
}
const isActive = (product: Product) => product.isActive === 1 || product.isActive === true;
/** What the list API answers for the fit's list: the active multifunctionals (office), or the production printers. */
const MULTIFUNCTIONALS = catalogue('multifunctionals').filter((p) => isActive(p) && p.productSpecification === 'office');
const PRODUCTION = [...catalogue('production'), ...catalogue('multifunctionals')].filter(
  (p) => isActive(p) && /production/.test(String(p.productSpecification)),
);
const listFor = (needs: MachineNeeds) => (fittingListPath(needs).includes('/productionprinters/') ? PRODUCTION : MULTIFUNCTIONALS);

/** The worked example's buyer: leased at £450 a quarter, £276 of click charges a quarter, 12,000 mono and 3,000 colour pages a quarter. */
function buyer(patch: Partial<SavingsAnswers> = {}): SavingsAnswers {
  return {
    ...defaultSavingsAnswers(),
    entryMode: 'itemised',
    purchaseMethod: 'lease',
    howIsEquipmentSupported: 'cpc',
    equipmentIsInsured: false,
    tonerDeliveryPaidFor: false,
    networkSupportPaidFor: false,
    payOtherCharges: false,
    leasePricePerPeriod: { value: 45_000, periodInMonths: 3 },
    cpcPricePerPeriod: { value: 27_600, periodInMonths: 3 },
    blackAndWhiteVolume: { value: 12_000, periodInMonths: 3 },
    colourVolume: { value: 3_000, periodInMonths: 3 },
    ...patch,
  };
}

function fitFor(answers: SavingsAnswers) {
  const needs = machineNeedsOf(answers, pagesPerMonth);
  if (!needs) throw new Error('no pages');
  return machineFit(listFor(needs), answers, TERMS, pagesPerMonth);
}

describe('the buyer of the worked example', () => {
  const answers = buyer();
  const fit = fitFor(answers);
  const c301i = checkerMachineOf(
    MULTIFUNCTIONALS.find((p) => p.modelId === 'konicaminoltabizhubc301i'),
    TERMS,
  ).machine;

  it('has the same figures for today on the general checker, with ?machine= and in currentFigures', () => {
    if (!c301i) throw new Error('the bizhub C301i is not in the catalogue');
    const general = calculateSavings(answers, TERMS, null, fit);
    const forMachine = calculateSavings(answers, TERMS, c301i);
    const fromPrices = calculateSavings(answers, TERMS);
    expect(general.current).toEqual(forMachine.current);
    expect(general.current).toEqual(fromPrices.current);
    expect(general.current).toEqual(currentFigures(answers, TERMS));
    // £150 lease and £92 clicks a month, 4,000 mono and 1,000 colour pages: the buyer's own figures.
    expect(general.current.perMonth).toBe(24_200);
    expect(general.current.perPage).toEqual({ mono: 1.94, colour: 16.43 });
  });

  it('is compared with a machine that fits 5,000 pages a month in colour, named, never at the "from" prices', () => {
    if (!fit) throw new Error('nothing fits');
    const general = calculateSavings(answers, TERMS, null, fit);
    expect(general.comparison).toBe('fit');
    expect(general.fit?.machine.modelId).toBe(fit.machine.modelId);
    const product = MULTIFUNCTIONALS.find((p) => p.modelId === fit.machine.modelId);
    if (!product) throw new Error('the named machine is not in the catalogue');
    // The class 5,000 pages a month need, in colour; any paper size (the buyer did not say A3).
    expect(fit.needs).toMatchObject({ pagesPerMonth: 5_000, colour: true, a3: false });
    expect(product.productAttributes?.printSpeedPpm).toBeGreaterThanOrEqual(fit.needs.speed.minPpm);
    expect(product.productAttributes?.printSpeedPpm).toBeLessThanOrEqual(fit.needs.speed.maxPpm ?? Infinity);
    expect(fit.needs.speed.minPpm).toBeLessThanOrEqual(30);
    expect(fit.needs.speed.maxPpm).toBeLessThan(70);
    expect(product.productAttributes?.isColour).toBe(true);
    // The "from" prices are the 70 ppm machines' only: the machine named does not have them.
    expect(fit.machine.rates).not.toEqual(TERMS.service.pricePerPage.fromPence);
    // The saving, from the data: today's equipment kept, the same pages at the named machine's own prices.
    const rates = product.price?.servicePerPage;
    if (!rates || rates.colour === null) throw new Error('no colour prices');
    const copytechPerMonth = 15_000 + 4_000 * rates.mono + 1_000 * rates.colour;
    expect(general.savings?.perYear).toBe(Math.round(24_200 * 12 - copytechPerMonth * 12));
    expect(general.status).toBe('saving');
    expect(general.message).toContain(`${fit.machine.brand} ${fit.machine.model}`);
    // Not the flattering figure of the "from" prices.
    expect(general.savings?.perYear).toBeLessThan(calculateSavings(answers, TERMS).savings?.perYear ?? 0);
  });

  it('names the middle machine of those that fit, and says the range across them', () => {
    if (!fit) throw new Error('nothing fits');
    const pages = pagesPerMonth(answers);
    const costs = listFor(fit.needs)
      .filter((p) => productFits(p, fit.needs))
      .map((p) => serviceAt(pages, p.price?.servicePerPage as { mono: number; colour: number | null }, TERMS))
      .sort((a, b) => a - b);
    expect(fit.count).toBe(costs.length);
    expect(fit.count).toBeGreaterThan(1);
    expect(serviceAt(pages, fit.machine.rates, TERMS)).toBe(costs[Math.floor((costs.length - 1) / 2)]);
    expect(fit.servicePerMonth).toEqual({ min: Math.round(costs[0] ?? NaN), max: Math.round(costs[costs.length - 1] ?? NaN) });
    const message = calculateSavings(answers, TERMS, null, fit).message;
    expect(message).toContain(`The ${fit.count} machines that fit would charge`);
  });

  it('says A3 when the buyer prints A3: only A3 machines (SRA3 included) fit', () => {
    const a3 = fitFor(buyer({ printsA3: true }));
    if (!a3) throw new Error('nothing fits');
    expect(a3.needs.a3).toBe(true);
    expect(fittingListPath(a3.needs)).toBe('/api/printers/multifunctionals/a3-colour?limit=48&minSpeed=30&maxSpeed=39');
    const product = MULTIFUNCTIONALS.find((p) => p.modelId === a3.machine.modelId);
    expect(['A3', 'A3+', 'SRA3', 'SRA3+']).toContain(product?.productAttributes?.maxPaperSize);
  });

  it('is compared with a mono machine when it prints no colour', () => {
    const mono = fitFor(buyer({ colourVolume: { value: 0, periodInMonths: 3 } }));
    expect(mono?.needs.colour).toBe(false);
    expect(mono?.machine.rates.colour).toBeNull();
  });
});

describe('the speed classes', () => {
  it('go up with the pages a month, with no gap', () => {
    expect(speedClassFor(1).maxPpm).toBe(29);
    expect(speedClassFor(5_000)).toMatchObject({ minPpm: 30, maxPpm: 39 });
    expect(speedClassFor(6_001)).toMatchObject({ minPpm: 40 });
    expect(speedClassFor(1_000_000)).toMatchObject({ upToPages: null, maxPpm: null });
    const bounded = CHECKER_SPEED_CLASSES.filter((speed) => speed.upToPages !== null);
    bounded.forEach((speed, index) => {
      if (index > 0) expect(speed.upToPages).toBeGreaterThan(bounded[index - 1]?.upToPages ?? 0);
    });
  });

  it('each has machines that fit in the catalogue, in colour and mono, A3 or not', () => {
    for (const speed of CHECKER_SPEED_CLASSES) {
      for (const colour of [true, false]) {
        for (const a3 of [true, false]) {
          const needs: MachineNeeds = { pagesPerMonth: speed.upToPages ?? 40_000, colour, a3, speed };
          const fitting = listFor(needs).filter((p) => productFits(p, needs) && p.price?.servicePerPage);
          expect({ speed, colour, a3, fitting: fitting.length > 0 }).toEqual({ speed, colour, a3, fitting: true });
        }
      }
    }
  });

  it('no machine is named before there are pages', () => {
    expect(machineNeedsOf(defaultSavingsAnswers(), pagesPerMonth)).toBeNull();
    expect(machineFit(MULTIFUNCTIONALS, defaultSavingsAnswers(), TERMS, pagesPerMonth)).toBeNull();
  });
});
