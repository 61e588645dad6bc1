/** Running costs (docs/product-rules.md "Running costs"): the monthly estimate and the page-billing terms. */
import { TEST_A3_COLOUR, TEST_A4_MONO_OUTRIGHT } from '../testing/machines';
import { TEST_TERMS } from '../testing/terms';
import type { Product } from './product';
import {
  boundedPages,
  checkerPathForMachine,
  defaultMonthlyPages,
  monthlyRunningCost,
  pageBillingTerms,
  runningCostClassOf,
  runningCostWords,
  servicePerPageOf,
  servicePerPageWords,
} from './runningCosts';

const a3Colour = TEST_A3_COLOUR;
const a4Mono = TEST_A4_MONO_OUTRIGHT;
const scanner: Product = {
  ...a3Colour,
  productCategory: 'desktop-workgroup-scanners',
  productSpecification: 'desktop-workgroup',
  colourPrinting: null,
  price: { startingFrom: 50000, '60MonthLeasePrice': null },
};

describe('prices per page', () => {
  it("reads a machine's prices, colour null on a mono machine, none on a scanner", () => {
    expect(servicePerPageOf(a3Colour)).toEqual({ mono: 0.52, colour: 4 });
    expect(servicePerPageOf(a4Mono)).toEqual({ mono: 1.2, colour: null });
    expect(servicePerPageOf(scanner)).toBeNull();
  });
  it('words them', () => {
    expect(servicePerPageWords({ mono: 0.52, colour: 4 })).toBe('0.52p a mono page and 4p a colour page (A4, ex VAT)');
    expect(servicePerPageWords({ mono: 1.2, colour: null })).toBe('1.2p a mono page (A4, ex VAT)');
  });
});

describe('default volumes', () => {
  it('takes them from the class, all mono on a mono machine', () => {
    expect(runningCostClassOf(a3Colour)).toBe('office-a3');
    expect(defaultMonthlyPages(a3Colour)).toEqual({ mono: 3000, colour: 1000 });
    expect(defaultMonthlyPages(a4Mono)).toEqual({ mono: 1250, colour: 0 });
    expect(defaultMonthlyPages(scanner)).toBeNull();
    expect(runningCostClassOf({ productCategory: 'plotter', productSpecification: 'wide-format', paperSize: 'A0' })).toBe('wide-format');
  });
  it('bounds what a visitor types', () => {
    expect(boundedPages('2,500')).toBe(2500);
    expect(boundedPages('-4')).toBe(0);
    expect(boundedPages('abc')).toBe(0);
    expect(boundedPages(12.6)).toBe(13);
    expect(boundedPages(1e12)).toBe(2_000_000);
  });
});

describe('the monthly estimate', () => {
  it("adds the rental to the pages at the machine's prices", () => {
    const estimate = monthlyRunningCost(a3Colour, { mono: 3000, colour: 1000 }, TEST_TERMS)!;
    // rental 41400 / 3 = 13800; pages 3000 x 0.52 + 1000 x 4 = 1560 + 4000 = 5560
    expect(estimate).toMatchObject({ rentalPence: 13800, servicePence: 5560, minimumApplies: false, totalPence: 19360 });
    expect(runningCostWords(estimate)).toBe('£138.00 rental + £55.60 pages = £193.60 a month, ex VAT');
  });
  it('bills at least the minimum charge, spread over its period', () => {
    const estimate = monthlyRunningCost(a3Colour, { mono: 500, colour: 100 }, TEST_TERMS)!;
    // pages 260 + 400 = 660p, below £45 a quarter = 1500p a month
    expect(estimate).toMatchObject({ servicePence: 1500, minimumApplies: true, totalPence: 15300 });
    expect(runningCostWords(estimate)).toBe('£138.00 rental + £15.00 minimum service charge = £153.00 a month, ex VAT');
  });
  it('prices no colour pages on a mono machine, and has no rental where no lease is offered', () => {
    const estimate = monthlyRunningCost(a4Mono, { mono: 2000, colour: 500 }, TEST_TERMS)!;
    expect(estimate).toMatchObject({
      rentalPence: null,
      purchasePence: 30000,
      servicePence: 2400,
      totalPence: 2400,
      pages: { mono: 2000, colour: 0 },
    });
    expect(runningCostWords(estimate)).toBe('£24.00 pages a month, ex VAT (the machine bought outright)');
  });
  it('has none for a machine that prints nothing', () => {
    expect(monthlyRunningCost(scanner, { mono: 100, colour: 0 }, TEST_TERMS)).toBeNull();
  });
});

describe('the page-billing terms', () => {
  it('says colour per page, A3 as two, the minimum, the coverage and the rises', () => {
    expect(pageBillingTerms(TEST_TERMS)).toEqual([
      'Colour is billed per page: a page with any colour on it is one colour page, whatever colours it uses, never a charge per colour.',
      'An A3 page counts as two A4 pages, and a plotter sheet as the A4 pages of its area (an A1 sheet is eight).',
      'The minimum charge is £45 a quarter ex VAT: if your pages cost less than that, the minimum is billed, the pages included. There is no other minimum.',
      'Prices assume an average toner coverage of 5% of a page (a typical business letter); there is no extra charge for pages that use more.',
      "Prices per page are fixed for the first 12 months; after that they may rise once a year, by no more than the Consumer Prices Index (CPI) rose over the year before, with 30 days' written notice.",
    ]);
  });
  it('opens the checker with a machine', () => {
    expect(checkerPathForMachine('canonimagerunneradvancedxc5840i')).toBe(
      '/discover-print-savings?machine=canonimagerunneradvancedxc5840i',
    );
  });
});
