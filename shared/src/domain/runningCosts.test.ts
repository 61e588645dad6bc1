/** Running costs (docs/product-rules.md "Running costs"): the monthly estimate and the page-billing terms. */
import { TEST_A3_COLOUR, TEST_A4_MONO_OUTRIGHT } from '../testing/machines';
import { TEST_TERMS } from '../testing/terms';
import type { Product } from './product';
import type { CommercialTerms } from './terms';
import {
  boundedPages,
  CHECKER_MACHINE_PARAM,
  checkerPathForMachine,
  DEFAULT_MONTHLY_PAGES,
  defaultMonthlyPages,
  MONTHLY_PAGES_MAX,
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
    expect(runningCostWords(estimate)).toBe('£138.00 rental + £55.60 pages = £193.60 a month, ex VAT; £232.32 with VAT');
  });
  it('bills at least the minimum charge, spread over its period', () => {
    const estimate = monthlyRunningCost(a3Colour, { mono: 500, colour: 100 }, TEST_TERMS)!;
    // pages 260 + 400 = 660p, below £45 a quarter = 1500p a month
    expect(estimate).toMatchObject({ servicePence: 1500, minimumApplies: true, totalPence: 15300 });
    expect(runningCostWords(estimate)).toBe('£138.00 rental + £15.00 minimum service charge = £153.00 a month, ex VAT; £183.60 with VAT');
  });
  it('prints the colour pages in mono on a mono machine, and has no rental where no lease is offered', () => {
    // 2,000 + 500 pages, all mono at 1.2p = 3,000p
    const estimate = monthlyRunningCost(a4Mono, { mono: 2000, colour: 500 }, TEST_TERMS)!;
    expect(estimate).toMatchObject({
      rentalPence: null,
      purchasePence: 30000,
      servicePence: 3000,
      totalPence: 3000,
      pages: { mono: 2500, colour: 0 },
    });
    expect(runningCostWords(estimate)).toBe('£30.00 pages a month, ex VAT (the machine bought outright); £36.00 with VAT');
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

/** A machine with these prices per page (and the A3 colour machine's lease). */
const priced = (servicePerPage: unknown): Product => ({ ...a3Colour, price: { ...a3Colour.price, servicePerPage } }) as unknown as Product;

/** The terms with another minimum charge. */
const withMinimum = (pence: number, periodMonths: number): CommercialTerms => ({
  ...TEST_TERMS,
  service: { ...TEST_TERMS.service, minimumCharge: { pence, periodMonths } },
});

describe('prices per page at their edges', () => {
  it('has none without a positive, finite mono price', () => {
    for (const mono of [0, -0.5, Number.NaN, Number.POSITIVE_INFINITY, '0.52', null, undefined]) {
      expect(servicePerPageOf(priced({ mono, colour: 4 }))).toBeNull();
    }
    expect(servicePerPageOf(priced(null))).toBeNull();
    expect(servicePerPageOf({ price: undefined } as unknown as Product)).toBeNull();
    expect(servicePerPageOf(null)).toBeNull();
    expect(servicePerPageOf(undefined)).toBeNull();
  });
  it('takes the smallest positive mono price', () => {
    expect(servicePerPageOf(priced({ mono: 0.01, colour: 4 }))).toEqual({ mono: 0.01, colour: 4 });
  });
  it('makes a machine mono when its colour price is not a positive, finite number', () => {
    for (const colour of [0, -4, Number.NaN, Number.POSITIVE_INFINITY, '4', null, undefined]) {
      expect(servicePerPageOf(priced({ mono: 0.52, colour }))).toEqual({ mono: 0.52, colour: null });
    }
    expect(servicePerPageOf(priced({ mono: 0.52, colour: 0.01 }))).toEqual({ mono: 0.52, colour: 0.01 });
  });
});

describe('the default volumes of each class', () => {
  const machine = (productSpecification: string | null, paperSize = 'A4', productCategory = 'multifunctional-printer') =>
    ({ ...a3Colour, productSpecification, paperSize, productCategory }) as Product;
  it('fixes the pages a month of each class, and the most an estimate takes', () => {
    expect(DEFAULT_MONTHLY_PAGES).toEqual({
      'office-a4': { mono: 1000, colour: 250 },
      'office-a3': { mono: 3000, colour: 1000 },
      'light-production': { mono: 20000, colour: 15000 },
      'mid-production': { mono: 50000, colour: 40000 },
      'heavy-production': { mono: 120000, colour: 80000 },
      'wide-format': { mono: 400, colour: 400 },
    });
    expect(MONTHLY_PAGES_MAX).toBe(2_000_000);
  });
  it('puts each machine in its class by its specification, size and category', () => {
    expect(runningCostClassOf(machine('light-production'))).toBe('light-production');
    expect(runningCostClassOf(machine('mid-production'))).toBe('mid-production');
    expect(runningCostClassOf(machine('heavy-production'))).toBe('heavy-production');
    expect(runningCostClassOf(machine('wide-format'))).toBe('wide-format');
    expect(runningCostClassOf(machine(null, 'A0', 'plotter'))).toBe('wide-format');
    expect(runningCostClassOf(machine('office', 'A3'))).toBe('office-a3');
    expect(runningCostClassOf(machine('office', 'A4'))).toBe('office-a4');
    expect(runningCostClassOf(machine('office', 'A5'))).toBe('office-a4');
  });
  it('has no class for a machine of another specification, or none', () => {
    expect(runningCostClassOf(machine('production'))).toBeNull();
    expect(runningCostClassOf(machine(null))).toBeNull();
    expect(runningCostClassOf(machine('desktop-workgroup', 'A4', 'desktop-workgroup-scanners'))).toBeNull();
  });
  it("starts from the class's pages, a copy each time", () => {
    const first = defaultMonthlyPages(machine('heavy-production'))!;
    expect(first).toEqual({ mono: 120000, colour: 80000 });
    first.mono = 1;
    expect(DEFAULT_MONTHLY_PAGES['heavy-production'].mono).toBe(120000);
    expect(defaultMonthlyPages(machine(null))).toBeNull();
  });
});

describe('a volume as typed', () => {
  it('reads digits with thousands separated by commas or spaces', () => {
    expect(boundedPages('1 250')).toBe(1250);
    expect(boundedPages(' 12,000 ')).toBe(12000);
    expect(boundedPages('1,000,000')).toBe(1_000_000);
  });
  it('takes 0, nothing or anything not a number as 0', () => {
    for (const value of [0, '0', '', null, undefined, Number.NaN, Number.POSITIVE_INFINITY, '12 pages', -1, '-0.4']) {
      expect(boundedPages(value)).toBe(0);
    }
  });
  it('rounds to a whole page and stops at the most an estimate takes', () => {
    expect(boundedPages(0.4)).toBe(0);
    expect(boundedPages(0.5)).toBe(1);
    expect(boundedPages(2_000_000)).toBe(2_000_000);
    expect(boundedPages(2_000_001)).toBe(2_000_000);
    expect(boundedPages('1999999.6')).toBe(2_000_000);
  });
  it('takes a typed "-0" as 0, not as negative zero (which would show as "-0")', () => {
    expect(Object.is(boundedPages('-0'), 0)).toBe(true);
    expect(Object.is(boundedPages(-0), 0)).toBe(true);
  });
});

describe('the monthly estimate at its edges', () => {
  it('rounds the service charge to whole pence, keeping the pages unrounded', () => {
    // 1,001 x 0.52 + 3 x 4 = 520.52 + 12 = 532.52p; the minimum here is 100p a month
    const estimate = monthlyRunningCost(a3Colour, { mono: 1001, colour: 3 }, withMinimum(300, 3))!;
    expect(estimate.pagesPence).toBeCloseTo(532.52, 10);
    expect(estimate).toMatchObject({ servicePence: 533, minimumApplies: false, totalPence: 13_800 + 533 });
    // 1,000 x 0.52 + 1 x 4 = 524p exactly
    expect(monthlyRunningCost(a3Colour, { mono: 1000, colour: 1 }, withMinimum(300, 3))!.servicePence).toBe(524);
  });
  it('charges the pages once they cost exactly the minimum, and the minimum below it', () => {
    // 1,500p a month: 2,500 x 0.52 = 1,300 + 50 x 4 = 200 → 1,500p
    const at = monthlyRunningCost(a3Colour, { mono: 2500, colour: 50 }, TEST_TERMS)!;
    expect(at).toMatchObject({ pagesPence: 1500, servicePence: 1500, minimumApplies: false });
    expect(runningCostWords(at)).toBe('£138.00 rental + £15.00 pages = £153.00 a month, ex VAT; £183.60 with VAT');
    const below = monthlyRunningCost(a3Colour, { mono: 2499, colour: 50 }, TEST_TERMS)!;
    expect(below).toMatchObject({ servicePence: 1500, minimumApplies: true });
  });
  it('spreads the minimum over its own period, rounded to pence', () => {
    expect(monthlyRunningCost(a3Colour, { mono: 0, colour: 0 }, withMinimum(1000, 1))!.servicePence).toBe(1000);
    expect(monthlyRunningCost(a3Colour, { mono: 0, colour: 0 }, withMinimum(1000, 12))!.servicePence).toBe(83); // 83.33p
    expect(monthlyRunningCost(a3Colour, { mono: 0, colour: 0 }, withMinimum(1000, 6))!.servicePence).toBe(167); // 166.67p
  });
  it('counts no pages when none are printed, or what is typed is not a number', () => {
    const none = monthlyRunningCost(a3Colour, { mono: 'lots', colour: -3 } as unknown as { mono: number; colour: number }, TEST_TERMS)!;
    expect(none).toMatchObject({ pagesPence: 0, pages: { mono: 0, colour: 0 }, servicePence: 1500, minimumApplies: true });
  });
  it('bounds each kind of page on its own', () => {
    const most = monthlyRunningCost(a3Colour, { mono: 5_000_000, colour: 10 }, TEST_TERMS)!;
    expect(most.pages).toEqual({ mono: 2_000_000, colour: 10 });
    expect(most.servicePence).toBe(1_040_040); // 2,000,000 x 0.52 + 10 x 4
  });
  it('has no rental but its price for a machine sold outright, and its rental but no price for one on a lease', () => {
    expect(monthlyRunningCost(a3Colour, { mono: 3000, colour: 0 }, TEST_TERMS)).toMatchObject({ rentalPence: 13_800, purchasePence: null });
    const outright = monthlyRunningCost(a4Mono, { mono: 100, colour: 0 }, TEST_TERMS)!;
    expect(outright).toMatchObject({
      rentalPence: null,
      purchasePence: 30_000,
      servicePence: 1500,
      totalPence: 1500,
      minimumApplies: true,
    });
    expect(runningCostWords(outright)).toBe('£15.00 minimum service charge a month, ex VAT (the machine bought outright); £18.00 with VAT');
  });
});

describe('the page-billing terms of a site that counts A3 as one page', () => {
  it('says an A3 page counts as one, and a plotter sheet by the A3 pages of its area', () => {
    const terms: CommercialTerms = {
      ...TEST_TERMS,
      service: { ...TEST_TERMS.service, pageBilling: { ...TEST_TERMS.service.pageBilling, a4PagesPerA3Page: 1 } },
    };
    expect(pageBillingTerms(terms)[1]).toBe(
      'An A3 page counts as one page, the same as an A4 page, and a plotter sheet as the A3 pages of its area (an A1 sheet is four).',
    );
  });
});

describe("the checker's link for a machine", () => {
  it('puts the modelId in the machine parameter, encoded', () => {
    expect(CHECKER_MACHINE_PARAM).toBe('machine');
    expect(checkerPathForMachine('hp_laserjet+m501(dn)')).toBe('/discover-print-savings?machine=hp_laserjet%2Bm501(dn)');
  });
});
