/**
 * Edges of the savings calculation (docs/product-rules.md "Calculation") that the worked examples
 * in savings.test.ts do not reach: a cost that is all equipment, with nothing paid per page;
 * amounts and periods at 0 or not numbers; the charges the service agreement includes, however
 * written; and the assumptions and reasons of each path (a machine with or without a rental, mono,
 * the bill, cost per copy only, a purchase over one year).
 */
import { TEST_A3_COLOUR, TEST_A4_MONO_OUTRIGHT } from '../../testing/machines';
import { TEST_TERMS } from '../../testing/terms';
import type { Product } from '../product';
import { amountPerMonth, calculateSavings, chargeCoveredByService, defaultSavingsAnswers, pagesPerMonth, type SavingsAnswers } from '.';
import { checkerMachineOf, type CheckerMachine } from './machine';

/** A leased machine (£270 a quarter) whose cost-per-copy charge is zero: 5,000 mono and 1,000 colour pages a month. */
function leasedWithZeroCharge(): SavingsAnswers {
  return {
    ...defaultSavingsAnswers(),
    entryMode: 'itemised',
    purchaseMethod: 'lease',
    howIsEquipmentSupported: 'cpc',
    equipmentIsInsured: false,
    tonerDeliveryPaidFor: false,
    networkSupportPaidFor: false,
    payOtherCharges: false,
    leasePricePerPeriod: { value: 27_000, periodInMonths: 3 },
    cpcPricePerPeriod: { value: 0, periodInMonths: 3 },
    blackAndWhiteVolume: { value: 15_000, periodInMonths: 3 },
    colourVolume: { value: 3_000, periodInMonths: 3 },
  };
}

describe('a leased machine with a zero charge per page', () => {
  // Today: the lease, 9,000p a month, and nothing for the pages. Copytech: the same lease plus
  // 5,000 x 0.39 + 1,000 x 3.3 = 5,250p for the pages, 14,250p a month: 5,250p (£630 a year) more.
  // Worked out in each test, not when the file loads, so mutation testing can tell which tests reach it.
  let result: ReturnType<typeof calculateSavings>;
  beforeEach(() => {
    result = calculateSavings(leasedWithZeroCharge(), TEST_TERMS);
  });

  it('is a comparison, not an incomplete answer: the lease is a cost the visitor told us', () => {
    expect(result.status).toBe('no-saving');
    expect(result.current.partsPerMonth).toEqual({ equipment: 9_000, printService: 0, otherCharges: 0 });
    expect(result.copytech.partsPerMonth).toEqual({ equipment: 9_000, printService: 5_250, otherCharges: 0 });
  });

  it('says honestly by how much Copytech would cost more', () => {
    expect(result.savings).toEqual({ perMonth: -5_250, perYear: -63_000, per60Months: -315_000, percent: -58.3 });
    expect(result.message).toBe(
      "At Copytech's lowest prices per page, which only its fastest office machines have, you would not save: on the figures you gave, it would cost £630.00 a year more than you pay today. Your costs per page are already at or below those prices, and we would rather tell you so.",
    );
  });

  it('still asks what they pay when neither the lease nor the pages cost anything', () => {
    const nothing = calculateSavings({ ...leasedWithZeroCharge(), leasePricePerPeriod: { value: 0, periodInMonths: 3 } }, TEST_TERMS);
    expect(nothing.status).toBe('incomplete');
    expect(nothing.message).toBe('Tell us what you pay for your printing today, and we can compare it with Copytech.');
  });
});

describe('an amount per month', () => {
  it('is the amount over its period', () => {
    expect(amountPerMonth({ value: 300, periodInMonths: 3 })).toBe(100);
    expect(amountPerMonth({ value: 0.5, periodInMonths: 1 })).toBe(0.5);
  });

  it('is 0 for no answer, a negative or non-numeric amount, or a period that is not a positive number', () => {
    for (const value of [null, 0, -300, Number.NaN, Number.POSITIVE_INFINITY]) expect(amountPerMonth({ value, periodInMonths: 3 })).toBe(0);
    for (const periodInMonths of [0, -3, Number.NaN, Number.POSITIVE_INFINITY])
      expect(amountPerMonth({ value: 300, periodInMonths })).toBe(0);
  });
});

describe('the pages of a bill', () => {
  const billOf = (periodInMonths: number): SavingsAnswers => ({
    ...defaultSavingsAnswers(),
    entryMode: 'bill',
    bill: { ...defaultSavingsAnswers().bill, cost: 30_000, monoPages: 3_000, colourPages: 600, periodInMonths },
  });

  it('are per month over the bill’s period, or over the default quarter when the period is not positive', () => {
    expect(pagesPerMonth(billOf(1))).toEqual({ mono: 3_000, colour: 600 });
    expect(pagesPerMonth(billOf(3))).toEqual({ mono: 1_000, colour: 200 });
    expect(pagesPerMonth(billOf(0))).toEqual({ mono: 1_000, colour: 200 });
    expect(pagesPerMonth(billOf(-1))).toEqual({ mono: 1_000, colour: 200 });
  });
});

describe('charges the service agreement includes', () => {
  it('are recognised however they are written', () => {
    const covered = [
      'Toner',
      'toner delivery',
      'Delivery',
      'deliveries',
      'call out',
      'call-out',
      'callout',
      'Call outs',
      'callouts',
      'engineer',
      'Engineers visits',
      'parts',
      'labour',
      'Labor',
      'firmware updates',
      'remote diagnostic',
      'Remote diagnostics',
    ];
    expect(covered.filter((name) => !chargeCoveredByService({ name }))).toEqual([]);
  });

  it('are whole words: other charges stay in Copytech’s column', () => {
    const notCovered = [
      'Equipment insurance',
      'Network support',
      'Departments',
      'Tonerless fees',
      'Paper',
      'Remote support',
      'Call centre',
      '',
    ];
    expect(notCovered.filter((name) => chargeCoveredByService({ name }))).toEqual([]);
  });
});

describe('what the figures rest on, and why a large saving is so large, on each path', () => {
  function machine(product: Product): CheckerMachine {
    const found = checkerMachineOf(product, TEST_TERMS);
    if (!found.machine) throw new Error(found.problem);
    return found.machine;
  }
  const colourRental = machine(TEST_A3_COLOUR);
  const monoOutright = machine(TEST_A4_MONO_OUTRIGHT);

  const COMMON = [
    'The service agreement covers toner (delivered free and automatically), parts, labour, engineer call-outs, remote diagnostics and firmware updates, with a minimum charge of £45 a quarter (the pages it buys are included).',
    'All amounts exclude VAT. No price rises are added on either side over the 60 months.',
  ];
  const COLOUR_RENTAL_SIDE =
    "Copytech's side is the Canon imageRUNNER ADVANCE DX C5840i, rental £138.00 a month and 0.52p / 4p a page (A4, ex VAT). The figures use its own prices per page for the same pages you print today.";
  const MONO_OUTRIGHT_SIDE =
    "Copytech's side is the Brother HL-L5210DN, sold outright at £300.00 (no lease) and 1.2p a page, mono only (A4, ex VAT). The figures use its own prices per page for the same pages you print today.";
  const MONO_OUTRIGHT_MACHINE = [
    "The Brother HL-L5210DN is sold outright at £300.00 ex VAT, not leased: that price is on top of Copytech's column, which has no equipment cost.",
    'The Brother HL-L5210DN prints in mono only: your colour pages are counted as mono pages at its mono price.',
  ];
  const SHARE_BY_CANON =
    "Costs per page share every cost between mono and colour pages, a colour page counting as 8.46 mono pages in what you pay today (the ratio of Copytech's \"from\" prices, the same whatever machine you compare with) and as 7.69 mono pages in Copytech's column (the ratio of the Canon imageRUNNER ADVANCE DX C5840i's prices).";
  const SHARE_BY_COPYTECH =
    'Costs per page share every cost between mono and colour pages, a colour page counting as 8.46 mono pages in what you pay today (the ratio of Copytech\'s "from" prices, the same whatever machine you compare with).';
  const OTHER_CHARGES_WITH_MACHINE =
    "Your other charges are assumed to stay the same with Copytech, except those the service agreement includes (such as toner delivery), which are left out of Copytech's column.";

  const bill = (overrides: Partial<SavingsAnswers['bill']>): SavingsAnswers => ({
    ...defaultSavingsAnswers(),
    entryMode: 'bill',
    bill: { ...defaultSavingsAnswers().bill, cost: 90_000, periodInMonths: 3, ...overrides },
  });
  const itemised = (overrides: Partial<SavingsAnswers>): SavingsAnswers => ({
    ...defaultSavingsAnswers(),
    entryMode: 'itemised',
    equipmentIsInsured: false,
    tonerDeliveryPaidFor: false,
    networkSupportPaidFor: false,
    payOtherCharges: false,
    ...overrides,
  });
  /** £900 a quarter on cost per copy only, for 1,500 mono and 300 colour pages a quarter. */
  const cpcOnly = () =>
    itemised({
      purchaseMethod: 'cpc-only',
      cpcPricePerPeriod: { value: 90_000, periodInMonths: 3 },
      blackAndWhiteVolume: { value: 1_500, periodInMonths: 3 },
      colourVolume: { value: 300, periodInMonths: 3 },
    });

  it('a bill against a machine with a rental: its rental is in Copytech’s column, and the colour share assumed', () => {
    const result = calculateSavings(bill({ pages: 6_000 }), TEST_TERMS, colourRental);
    expect(result.assumptions).toEqual([
      COLOUR_RENTAL_SIDE,
      ...COMMON,
      "Copytech's column includes the Canon imageRUNNER ADVANCE DX C5840i's rental of £138.00 a month, while your bill leaves out what you pay for your own machine: add that to today's figures to compare like with like.",
      '30% of the pages on your bill are taken to be colour.',
      SHARE_BY_CANON,
    ]);
    expect(result.savings?.percent).toBe(43.6);
    expect(result.reasons).toEqual([]);
  });

  it('a bill with its pages known, against a mono machine sold outright: the bill may hold a lease, and the saving is explained', () => {
    const result = calculateSavings(bill({ monoPages: 5_000, colourPages: 1_000 }), TEST_TERMS, monoOutright);
    expect(result.assumptions).toEqual([
      MONO_OUTRIGHT_SIDE,
      ...COMMON,
      ...MONO_OUTRIGHT_MACHINE,
      "Your bill is taken as the cost of service, parts and toner, and compared with Copytech's charges for the same pages. If it includes a lease or rental payment, the saving shown is too high.",
      SHARE_BY_COPYTECH,
    ]);
    expect(result.savings?.percent).toBe(92);
    expect(result.minimumApplies).toBe(false);
    expect(result.reasons).toEqual([
      "Your bill may include the lease or rental of your machine, while Copytech's column is the service agreement only: a Copytech machine is bought or leased on top.",
      "The figures use the Brother HL-L5210DN's own prices per page; any saving is confirmed on your quote.",
    ]);
    expect(result.message).toContain(` A saving this large needs a word of explanation: ${result.reasons.join(' ')}`);
  });

  it('cost per copy only, against a machine with a rental: no machine on top to mention', () => {
    const result = calculateSavings(cpcOnly(), TEST_TERMS, colourRental);
    expect(result.assumptions).toEqual([
      COLOUR_RENTAL_SIDE,
      ...COMMON,
      "Copytech's column has the Canon imageRUNNER ADVANCE DX C5840i's rental of £138.00 a month in place of your equipment costs.",
      OTHER_CHARGES_WITH_MACHINE,
      SHARE_BY_CANON,
    ]);
    expect(result.minimumApplies).toBe(true);
    expect(result.savings?.percent).toBe(49);
    expect(result.reasons).toEqual([]);
  });

  it('cost per copy only, against a mono machine sold outright, few pages: the machine on top and the minimum charge explain it', () => {
    const result = calculateSavings(cpcOnly(), TEST_TERMS, monoOutright);
    expect(result.assumptions).toEqual([
      MONO_OUTRIGHT_SIDE,
      ...COMMON,
      ...MONO_OUTRIGHT_MACHINE,
      OTHER_CHARGES_WITH_MACHINE,
      "Your cost-per-copy charge includes the machine; Copytech's prices per page do not, so a Copytech machine would be quoted on top of the figures shown.",
      SHARE_BY_COPYTECH,
    ]);
    expect(result.savings?.percent).toBe(95);
    expect(result.reasons).toEqual([
      "Your cost-per-copy charge pays for the machine too, while Copytech's column is the service agreement only: a Copytech machine is bought or leased on top.",
      "You print few pages (about 1,800 a quarter), so Copytech's minimum charge of £45 a quarter applies, and what you pay today is spread over few pages.",
      "The figures use the Brother HL-L5210DN's own prices per page; any saving is confirmed on your quote.",
    ]);
  });

  it('a colour-heavy bill is compared: more colour pages than mono ones is still pages printed', () => {
    const result = calculateSavings(bill({ monoPages: 1_000, colourPages: 1_000 }), TEST_TERMS);
    expect(result.status).not.toBe('incomplete');
    expect(result.savings).not.toBeNull();
    const mostlyColour = calculateSavings(bill({ monoPages: 500, colourPages: 2_000 }), TEST_TERMS);
    expect(mostlyColour.status).not.toBe('incomplete');
    expect(mostlyColour.savings).not.toBeNull();
  });

  it('counts other charges only when the visitor said they pay them, on the itemised path', () => {
    const insurance = [{ name: 'Insurance', value: 3_000, periodInMonths: 1 }];
    const paid = calculateSavings({ ...cpcOnly(), equipmentIsInsured: true, otherChargesPricePerPeriod: insurance }, TEST_TERMS);
    expect(paid.copytech.partsPerMonth.otherCharges).toBe(3_000);
    // the same charge left in the answers after the visitor said they pay none, or moved to the bill
    const notPaid = calculateSavings({ ...cpcOnly(), otherChargesPricePerPeriod: insurance }, TEST_TERMS);
    expect(notPaid.copytech.partsPerMonth.otherCharges).toBe(0);
    const onTheBill = calculateSavings(
      { ...bill({ monoPages: 3_000, colourPages: 600 }), equipmentIsInsured: true, otherChargesPricePerPeriod: insurance },
      TEST_TERMS,
    );
    expect(onTheBill.copytech.partsPerMonth.otherCharges).toBe(0);
  });

  it('a bill with only its mono pages known: no colour share is assumed', () => {
    const result = calculateSavings(bill({ monoPages: 6_000, colourPages: null }), TEST_TERMS);
    expect(result.pagesPerMonth).toEqual({ mono: 2_000, colour: 0 });
    expect(result.assumptions.filter((line) => line.includes('taken to be colour'))).toEqual([]);
  });

  it('a large saving on a bill against a machine with a rental: no machine on top to explain it', () => {
    const result = calculateSavings(bill({ cost: 300_000, pages: 6_000 }), TEST_TERMS, colourRental);
    expect(result.savings?.percent).toBeGreaterThan(60);
    expect(result.reasons).toEqual([
      "The figures use the Canon imageRUNNER ADVANCE DX C5840i's own prices per page; any saving is confirmed on your quote.",
    ]);
  });

  it('a large saving on a bill, with a cost-per-copy answer left from the itemised path: only the bill’s reason', () => {
    const result = calculateSavings({ ...bill({ cost: 300_000, pages: 6_000 }), purchaseMethod: 'cpc-only' }, TEST_TERMS);
    expect(result.savings?.percent).toBeGreaterThan(60);
    expect(result.reasons).toEqual([
      "Your bill may include the lease or rental of your machine, while Copytech's column is the service agreement only: a Copytech machine is bought or leased on top.",
      "The figures use Copytech's lowest prices per page, which only its fastest office machines have; the price for your machine, and any saving, is confirmed on your quote.",
    ]);
  });

  it('a machine bought over one year, at the "from" prices: "1 year", and only the prices explain a large saving', () => {
    const result = calculateSavings(
      itemised({
        purchaseMethod: 'purchase',
        equipmentPurchasePrice: { value: 120_000, periodInMonths: 12 },
        equipmentPurchasePeriodYears: 1,
        howIsEquipmentSupported: 'cpc',
        cpcPricePerPeriod: { value: 90_000, periodInMonths: 3 },
        blackAndWhiteVolume: { value: 15_000, periodInMonths: 3 },
        colourVolume: { value: 3_000, periodInMonths: 3 },
      }),
      TEST_TERMS,
    );
    expect(result.assumptions.slice(2)).toEqual([
      COMMON[1],
      "Your equipment costs are assumed to stay the same with Copytech, and so are your other charges, except those the service agreement includes (such as toner delivery), which are left out of Copytech's column. A quote compares machines too.",
      'The price you paid for your equipment is spread evenly over 1 year.',
      SHARE_BY_COPYTECH,
    ]);
    expect(result.savings?.percent).toBe(61.9);
    expect(result.reasons).toEqual([
      "The figures use Copytech's lowest prices per page, which only its fastest office machines have; the price for your machine, and any saving, is confirmed on your quote.",
    ]);
  });
});
