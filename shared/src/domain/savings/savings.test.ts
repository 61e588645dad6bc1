/**
 * Worked examples of the savings calculation, each figure worked out by hand in the comments,
 * and the rules of what must be answered (the wizard's messages and the server's 400s).
 */
import { TEST_TERMS } from '../../testing/terms';
import { ValidationError } from 'yup';
import { fieldErrorsOf } from '../quote';
import {
  chargeCoveredByService,
  HIGH_SAVING_PERCENT,
  calculateSavings,
  COPYTECH_PRICE_PER_PAGE,
  defaultSavingsAnswers,
  relevantPriceFields,
  SAVINGS_MESSAGES,
  summariseAnswers,
  unansweredQuestions,
  type SavingsAnswers,
} from '.';
import { parseSavingsAnswers } from '../../forms/savings';

type Overrides = {
  [K in keyof SavingsAnswers]?: SavingsAnswers[K] extends object ? Partial<SavingsAnswers[K]> | SavingsAnswers[K] : SavingsAnswers[K];
};

/** Itemised answers with every yes/no answered "no" unless given. */
function itemised(overrides: Overrides): SavingsAnswers {
  const base = defaultSavingsAnswers();
  const answers: SavingsAnswers = {
    ...base,
    entryMode: 'itemised',
    equipmentIsInsured: false,
    tonerDeliveryPaidFor: false,
    networkSupportPaidFor: false,
    payOtherCharges: false,
  };
  for (const [key, value] of Object.entries(overrides)) {
    const current = (answers as unknown as Record<string, unknown>)[key];
    (answers as unknown as Record<string, unknown>)[key] =
      value && typeof value === 'object' && !Array.isArray(value) && current && typeof current === 'object'
        ? { ...current, ...value }
        : value;
  }
  return answers;
}

function bill(overrides: Partial<SavingsAnswers['bill']>): SavingsAnswers {
  const answers = defaultSavingsAnswers();
  return { ...answers, entryMode: 'bill', bill: { ...answers.bill, ...overrides } };
}

const leaseExample = () =>
  itemised({
    purchaseMethod: 'lease',
    leasePricePerPeriod: { value: 27_000, periodInMonths: 3 }, // £270 a quarter
    howIsEquipmentSupported: 'cpc',
    cpcPricePerPeriod: { value: 45_000, periodInMonths: 3 }, // £450 a quarter
    blackAndWhiteVolume: { value: 15_000, periodInMonths: 3 },
    colourVolume: { value: 3_000, periodInMonths: 3 },
  });

// docs/product-rules.md "Answers" (the defaults)
describe('defaults', () => {
  it('uses a 3-month period, 0.39p mono and 3.3p colour, and a 30% colour ratio', () => {
    const answers = defaultSavingsAnswers();
    expect(answers.copytechPricePerPage).toEqual({ mono: 0.39, colour: 3.3 });
    expect(answers.bill.colourRatio).toBe(30);
    expect(answers.leasePricePerPeriod.periodInMonths).toBe(3);
    expect(answers.blackAndWhiteVolume.periodInMonths).toBe(3);
    expect(answers.colourVolume.periodInMonths).toBe(3);
    expect(answers.bill.periodInMonths).toBe(3);
  });
  it('returns a fresh object each time (no shared state between visitors)', () => {
    const a = defaultSavingsAnswers();
    a.blackAndWhiteVolume.value = 5;
    a.otherChargesPricePerPeriod.push({ name: 'x', value: 1, periodInMonths: 1 });
    expect(defaultSavingsAnswers().blackAndWhiteVolume.value).toBeNull();
    expect(defaultSavingsAnswers().otherChargesPricePerPeriod).toEqual([]);
  });
});

describe('worked example: a leased machine on a cost-per-copy agreement', () => {
  // lease £270/quarter = 9,000p a month; CPC £450/quarter = 15,000p a month -> 24,000p a month.
  // 15,000 mono and 3,000 colour a quarter = 5,000 mono and 1,000 colour a month.
  // Copytech: 5,000 x 0.39 + 1,000 x 3.3 = 1,950 + 3,300 = 5,250p, plus the same lease 9,000p = 14,250p.
  // Worked out in each test, not when the file loads, so mutation testing can tell which tests reach it.
  let result: ReturnType<typeof calculateSavings>;
  beforeEach(() => {
    result = calculateSavings(leaseExample(), TEST_TERMS);
  });

  it('normalises every cost to per month, per year and over 60 months', () => {
    expect(result.current).toMatchObject({ perMonth: 24_000, perYear: 288_000, per60Months: 1_440_000 });
    expect(result.current.partsPerMonth).toEqual({ equipment: 9_000, printService: 15_000, otherCharges: 0 });
    expect(result.copytech).toMatchObject({ perMonth: 14_250, perYear: 171_000, per60Months: 855_000 });
    expect(result.copytech.partsPerMonth).toEqual({ equipment: 9_000, printService: 5_250, otherCharges: 0 });
  });
  it('saves the difference: 9,750p a month, £1,170 a year, £5,850 over 60 months (40.6%)', () => {
    expect(result.status).toBe('saving');
    expect(result.savings).toEqual({ perMonth: 9_750, perYear: 117_000, per60Months: 585_000, percent: 40.6 });
    expect(result.message).toBe(
      "At Copytech's lowest prices per page, which only its fastest office machines have, you could save £1,170.00 a year (40.6%), £5,850.00 over 60 months.",
    );
  });
  it('apportions the whole cost to mono and colour pages by the 0.39 : 3.3 weight', () => {
    // k = 24,000 / 5,250 = 4.5714; mono 4.5714 x 0.39 = 1.78p; colour 4.5714 x 3.3 = 15.09p
    expect(result.current.perPage).toEqual({ mono: 1.78, colour: 15.09 });
    // k = 14,250 / 5,250 = 2.7143; mono 1.06p; colour 8.96p
    expect(result.copytech.perPage).toEqual({ mono: 1.06, colour: 8.96 });
    expect(result.pagesPerMonth).toEqual({ mono: 5_000, colour: 1_000 });
  });
  it('lists its assumptions, Copytech prices first', () => {
    // Prices per page are "from" prices; each machine's own are on its page.
    expect(result.assumptions[0]).toContain('from 0.39p a mono page and from 3.3p a colour page (A4, ex VAT) on office machines');
    expect(result.assumptions[0]).toContain("every machine's own prices per page are on its page");
    expect(result.assumptions[1]).toContain('with a minimum charge of £45 a quarter');
    expect(result.assumptions.join(' ')).toContain('equipment costs are assumed to stay the same');
    expect(result.assumptions.join(' ')).not.toMatch(/\bflat\b/);
    expect(result.assumptions.join(' ')).toContain('8.46 mono pages');
  });
  it('treats a rental like a lease', () => {
    const rental = calculateSavings({ ...leaseExample(), purchaseMethod: 'rental' }, TEST_TERMS);
    expect(rental.current.perMonth).toBe(24_000);
    expect(rental.savings).toEqual(result.savings);
  });
});

describe('worked example: a machine bought outright, spread over its years, with a warranty and zero colour', () => {
  // £6,000 over 4 years = 600,000p / 48 = 12,500p a month.
  // Warranty £240 a year = 2,000p a month; toner and parts £300 a quarter = 10,000p a month.
  // 6,000 mono pages a month, no colour: Copytech 6,000 x 0.39 = 2,340p.
  const answers = itemised({
    purchaseMethod: 'purchase',
    equipmentPurchasePrice: { value: 600_000, periodInMonths: 48 },
    equipmentPurchasePeriodYears: 4,
    howIsEquipmentSupported: 'warranty',
    warrantyPrice: { value: 24_000, periodInMonths: 12 },
    spendPricePerPeriod: { value: 30_000, periodInMonths: 3 },
    blackAndWhiteVolume: { value: 6_000, periodInMonths: 1 },
    colourVolume: { value: 0, periodInMonths: 1 },
  });
  // Worked out in each test, not when the file loads, so mutation testing can tell which tests reach it.
  let result: ReturnType<typeof calculateSavings>;
  beforeEach(() => {
    result = calculateSavings(answers, TEST_TERMS);
  });

  it('spreads the purchase price over the years and adds the support costs', () => {
    expect(result.current.partsPerMonth).toEqual({ equipment: 12_500, printService: 12_000, otherCharges: 0 });
    expect(result.current).toMatchObject({ perMonth: 24_500, perYear: 294_000, per60Months: 1_470_000 });
    expect(result.copytech).toMatchObject({ perMonth: 14_840, perYear: 178_080 });
    expect(result.savings).toEqual({ perMonth: 9_660, perYear: 115_920, per60Months: 579_600, percent: 39.4 });
    expect(result.assumptions.join(' ')).toContain('spread evenly over 4 years');
  });
  it('has no cost per colour page when no colour is printed, and puts the whole cost on mono pages', () => {
    expect(result.current.perPage).toEqual({ mono: 4.08, colour: null }); // 24,500 / 6,000
    expect(result.copytech.perPage).toEqual({ mono: 2.47, colour: null }); // 14,840 / 6,000
  });
  it('ignores answers that do not apply: a lease price left from an earlier choice, a CPC price', () => {
    const stale = calculateSavings(
      {
        ...answers,
        leasePricePerPeriod: { value: 999_999, periodInMonths: 1 },
        cpcPricePerPeriod: { value: 999_999, periodInMonths: 1 },
      },
      TEST_TERMS,
    );
    expect(stale.current).toEqual(result.current);
    expect(relevantPriceFields(answers)).toEqual(['equipmentPurchasePrice', 'warrantyPrice', 'spendPricePerPeriod']);
  });
  it('gives a longer life a lower monthly cost (5 years: 10,000p a month)', () => {
    const fiveYears = calculateSavings({ ...answers, equipmentPurchasePeriodYears: 5 }, TEST_TERMS);
    expect(fiveYears.current.partsPerMonth.equipment).toBe(10_000);
  });
});

describe('worked example: cost per copy only (the machine is in the click charge)', () => {
  // CPC £600 a quarter = 20,000p a month; 10,000 mono and 2,000 colour a month.
  // Copytech 10,000 x 0.39 + 2,000 x 3.3 = 3,900 + 6,600 = 10,500p.
  const answers = itemised({
    purchaseMethod: 'cpc-only',
    cpcPricePerPeriod: { value: 60_000, periodInMonths: 3 },
    blackAndWhiteVolume: { value: 30_000, periodInMonths: 3 },
    colourVolume: { value: 6_000, periodInMonths: 3 },
  });
  // Worked out in each test, not when the file loads, so mutation testing can tell which tests reach it.
  let result: ReturnType<typeof calculateSavings>;
  beforeEach(() => {
    result = calculateSavings(answers, TEST_TERMS);
  });

  it('compares the click charges, without asking how the machine is supported', () => {
    expect(unansweredQuestions(answers)).toEqual({});
    expect(result.current.partsPerMonth).toEqual({ equipment: 0, printService: 20_000, otherCharges: 0 });
    expect(result.copytech.perMonth).toBe(10_500);
    expect(result.savings).toEqual({ perMonth: 9_500, perYear: 114_000, per60Months: 570_000, percent: 47.5 });
  });
  it('shows Copytech at exactly its own prices per page and today at 1.9 times them', () => {
    expect(result.copytech.perPage).toEqual({ mono: 0.39, colour: 3.3 });
    expect(result.current.perPage).toEqual({ mono: 0.74, colour: 6.29 });
  });
  it('says that a Copytech machine would be quoted on top', () => {
    expect(result.assumptions.join(' ')).toContain('a Copytech machine would be quoted on top');
  });
});

describe('worked example: other charges paid in other periods', () => {
  // lease £100 a month = 10,000p; service contract £270 a quarter = 9,000p.
  // insurance £120 a year = 1,000p; toner delivery £15 a quarter = 500p; admin fee £30 every 6 months = 500p.
  // 2,000 mono and 500 colour a month: Copytech 780 + 1,650 = 2,430p (above the £15 a month minimum).
  // Copytech's service delivers toner free, so its column drops the toner delivery: 1,000 + 500 = 1,500p.
  const answers = itemised({
    purchaseMethod: 'lease',
    leasePricePerPeriod: { value: 10_000, periodInMonths: 1 },
    howIsEquipmentSupported: 'service-contract',
    cpcPricePerPeriod: { value: 27_000, periodInMonths: 3 },
    equipmentIsInsured: true,
    tonerDeliveryPaidFor: true,
    payOtherCharges: true,
    otherChargesPricePerPeriod: [
      { name: 'Equipment insurance', value: 12_000, periodInMonths: 12 },
      { name: 'Toner delivery', value: 1_500, periodInMonths: 3 },
      { name: 'Admin fee', value: 3_000, periodInMonths: 6 },
    ],
    blackAndWhiteVolume: { value: 2_000, periodInMonths: 1 },
    colourVolume: { value: 500, periodInMonths: 1 },
  });
  // Worked out in each test, not when the file loads, so mutation testing can tell which tests reach it.
  let result: ReturnType<typeof calculateSavings>;
  beforeEach(() => {
    result = calculateSavings(answers, TEST_TERMS);
  });

  it("normalises each charge by its own period; what the service includes leaves Copytech's column", () => {
    expect(result.current.partsPerMonth).toEqual({ equipment: 10_000, printService: 9_000, otherCharges: 2_000 });
    expect(result.current.perMonth).toBe(21_000);
    expect(result.copytech.partsPerMonth).toEqual({ equipment: 10_000, printService: 2_430, otherCharges: 1_500 });
    expect(result.copytech.perMonth).toBe(13_930);
    // 21,000 - 13,930 = 7,070p a month; x 12 = 84,840p; x 60 = 424,200p; 84,840 / 252,000 = 33.7%
    expect(result.savings).toEqual({ perMonth: 7_070, perYear: 84_840, per60Months: 424_200, percent: 33.7 });
    expect(result.reasons).toEqual([]);
  });
  it.each([
    ['Toner delivery', true],
    ['Engineer call-out fee', true],
    ['Parts and labour', true],
    ['Admin fee', false],
    ['Equipment insurance', false],
    ['Network support', false],
  ])('counts "%s" as included in the service agreement: %p', (name, covered) => {
    expect(chargeCoveredByService({ name })).toBe(covered);
  });
  it('ignores listed charges once every extra is answered "no"', () => {
    const none = calculateSavings(
      { ...answers, equipmentIsInsured: false, tonerDeliveryPaidFor: false, payOtherCharges: false },
      TEST_TERMS,
    );
    expect(none.current.partsPerMonth.otherCharges).toBe(0);
  });
});

describe('worked example: only the total bill is known', () => {
  // £900 a quarter = 30,000p a month; 30,000 pages a quarter, 30% colour:
  // 9,000 colour and 21,000 mono a quarter = 3,000 colour and 7,000 mono a month.
  // Copytech 7,000 x 0.39 + 3,000 x 3.3 = 2,730 + 9,900 = 12,630p.
  // Worked out in each test, not when the file loads, so mutation testing can tell which tests reach it.
  let result: ReturnType<typeof calculateSavings>;
  beforeEach(() => {
    result = calculateSavings(bill({ cost: 90_000, pages: 30_000 }), TEST_TERMS);
  });

  it('splits the pages by the default 30% colour ratio and compares the bill', () => {
    expect(result.pagesPerMonth).toEqual({ mono: 7_000, colour: 3_000 });
    expect(result.current).toMatchObject({ perMonth: 30_000, perYear: 360_000 });
    expect(result.copytech).toMatchObject({ perMonth: 12_630, perYear: 151_560 });
    expect(result.savings).toEqual({ perMonth: 17_370, perYear: 208_440, per60Months: 1_042_200, percent: 57.9 });
    expect(result.current.perPage).toEqual({ mono: 0.93, colour: 7.84 });
  });
  it('uses the mono and colour pages when the visitor knows them', () => {
    // 27,000 mono and 3,000 colour a quarter: 9,000 and 1,000 a month -> 3,510 + 3,300 = 6,810p
    const split = calculateSavings(bill({ cost: 90_000, pages: null, monoPages: 27_000, colourPages: 3_000 }), TEST_TERMS);
    expect(split.pagesPerMonth).toEqual({ mono: 9_000, colour: 1_000 });
    expect(split.copytech.perMonth).toBe(6_810);
    expect(split.assumptions.join(' ')).not.toContain('taken to be colour');
  });
  it('follows a colour ratio the visitor changes', () => {
    const allMono = calculateSavings(bill({ cost: 90_000, pages: 30_000, colourRatio: 0 }), TEST_TERMS);
    expect(allMono.pagesPerMonth).toEqual({ mono: 10_000, colour: 0 });
    expect(allMono.current.perPage.colour).toBeNull();
  });
  it('warns that a bill including a lease overstates the saving', () => {
    expect(result.assumptions.join(' ')).toContain('If it includes a lease or rental payment, the saving shown is too high.');
    expect(result.assumptions.join(' ')).toContain('30% of the pages on your bill are taken to be colour.');
  });
});

describe('zero or missing volumes', () => {
  it('gives no comparison and asks for pages when no pages are printed', () => {
    const result = calculateSavings(
      {
        ...leaseExample(),
        blackAndWhiteVolume: { value: 0, periodInMonths: 3 },
        colourVolume: { value: 0, periodInMonths: 3 },
      },
      TEST_TERMS,
    );
    expect(result.status).toBe('incomplete');
    expect(result.savings).toBeNull();
    expect(result.message).toMatch(/how many pages you print/);
    expect(result.current.perMonth).toBe(24_000);
    expect(result.current.perPage).toEqual({ mono: null, colour: null });
    expect(result.copytech.perPage).toEqual({ mono: null, colour: null });
  });
  it('treats unanswered volumes as none rather than failing', () => {
    const result = calculateSavings(
      {
        ...leaseExample(),
        blackAndWhiteVolume: { value: null, periodInMonths: 3 },
        colourVolume: { value: null, periodInMonths: 3 },
      },
      TEST_TERMS,
    );
    expect(result.status).toBe('incomplete');
    expect(Number.isFinite(result.current.perYear)).toBe(true);
  });
  it('asks what they pay when nothing is entered', () => {
    const result = calculateSavings(bill({ cost: null, pages: 3_000 }), TEST_TERMS);
    expect(result.status).toBe('incomplete');
    expect(result.message).toMatch(/what you pay/);
  });
  it('has no cost per mono page for a colour-only printer', () => {
    const result = calculateSavings({ ...leaseExample(), blackAndWhiteVolume: { value: 0, periodInMonths: 3 } }, TEST_TERMS);
    expect(result.current.perPage.mono).toBeNull();
    expect(result.current.perPage.colour).toBe(24); // 24,000p a month over 1,000 colour pages
  });
});

describe('an honest answer when Copytech would not be cheaper', () => {
  it('says by how much it would cost more, and never calls it a saving', () => {
    // CPC £30 a month (3,000p) for 9,000 mono pages: Copytech 9,000 x 0.39 = 3,510p, 510p a month more.
    const result = calculateSavings(
      itemised({
        purchaseMethod: 'cpc-only',
        cpcPricePerPeriod: { value: 3_000, periodInMonths: 1 },
        blackAndWhiteVolume: { value: 9_000, periodInMonths: 1 },
        colourVolume: { value: 0, periodInMonths: 1 },
      }),
      TEST_TERMS,
    );
    expect(result.status).toBe('no-saving');
    expect(result.savings).toMatchObject({ perMonth: -510, perYear: -6_120, per60Months: -30_600 });
    expect(result.message).toBe(
      "At Copytech's lowest prices per page, which only its fastest office machines have, you would not save: on the figures you gave, it would cost £61.20 a year more than you pay today. Your costs per page are already at or below those prices, and we would rather tell you so.",
    );
  });
  it('calls equal costs "about the same", not a saving', () => {
    // 5,000 mono pages a month at 0.39p = 1,950p (above the 1,500p a month minimum), and the bill is 1,950p a month
    const result = calculateSavings(bill({ cost: 1_950, pages: 5_000, colourRatio: 0, periodInMonths: 1 }), TEST_TERMS);
    expect(result.status).toBe('no-saving');
    expect(result.savings?.perYear).toBe(0);
    expect(result.message).toMatch(/about the same/);
  });
});

describe('rounding', () => {
  it('rounds each figure once from the exact monthly cost', () => {
    // £100 a quarter = 3,333.33p a month: £33.33 a month, but £400.00 a year and £2,000.00 over 60 months.
    // Copytech: 1,000 mono pages a month x 0.39p = 390p, under the minimum: 4,500p a quarter = 1,500p a month, 18,000p a year.
    const result = calculateSavings(bill({ cost: 10_000, pages: 3_000, colourRatio: 0, periodInMonths: 3 }), TEST_TERMS);
    expect(result.current).toMatchObject({ perMonth: 3_333, perYear: 40_000, per60Months: 200_000 });
    expect(result.savings?.perYear).toBe(40_000 - 18_000);
  });
  it('keeps the parts adding up to the monthly total', () => {
    const result = calculateSavings(
      itemised({
        purchaseMethod: 'lease',
        leasePricePerPeriod: { value: 10_000, periodInMonths: 3 }, // 3,333.33
        howIsEquipmentSupported: 'cpc',
        cpcPricePerPeriod: { value: 10_000, periodInMonths: 3 }, // 3,333.33
        blackAndWhiteVolume: { value: 1_000, periodInMonths: 1 },
        colourVolume: { value: 0, periodInMonths: 1 },
      }),
      TEST_TERMS,
    );
    const { partsPerMonth, perMonth } = result.current;
    expect(partsPerMonth.equipment + partsPerMonth.printService + partsPerMonth.otherCharges).toBe(perMonth);
  });
});

describe('what must be answered', () => {
  it('asks for the entry mode first', () => {
    expect(unansweredQuestions(defaultSavingsAnswers())).toEqual({ entryMode: SAVINGS_MESSAGES.entryMode });
  });
  it('asks for the lease price of a leased machine but never for a purchase price', () => {
    const missing = unansweredQuestions({ ...leaseExample(), leasePricePerPeriod: { value: null, periodInMonths: 3 } });
    expect(missing).toEqual({ 'leasePricePerPeriod.value': SAVINGS_MESSAGES.leasePricePerPeriod });
  });
  it('asks for the purchase price of a bought machine but never for a lease price', () => {
    const missing = unansweredQuestions({ ...leaseExample(), purchaseMethod: 'purchase' });
    expect(Object.keys(missing)).toEqual(['equipmentPurchasePrice.value']);
  });
  it('asks for the spend of an unsupported machine', () => {
    const missing = unansweredQuestions({ ...leaseExample(), howIsEquipmentSupported: 'none' });
    expect(missing).toEqual({ 'spendPricePerPeriod.value': SAVINGS_MESSAGES.spendPricePerPeriod });
  });
  it('asks for other charges once an extra is answered yes, each with a name and an amount', () => {
    const answers = { ...leaseExample(), networkSupportPaidFor: true };
    expect(unansweredQuestions(answers)).toEqual({ otherChargesPricePerPeriod: SAVINGS_MESSAGES.otherChargesNone });
    const rows = { ...answers, otherChargesPricePerPeriod: [{ name: ' ', value: null, periodInMonths: 3 }] };
    expect(unansweredQuestions(rows)).toEqual({
      'otherChargesPricePerPeriod[0].name': SAVINGS_MESSAGES.otherChargeName,
      'otherChargesPricePerPeriod[0].value': SAVINGS_MESSAGES.otherChargeValue,
    });
  });
  it('needs at least one page', () => {
    const missing = unansweredQuestions({
      ...leaseExample(),
      blackAndWhiteVolume: { value: 0, periodInMonths: 3 },
      colourVolume: { value: 0, periodInMonths: 3 },
    });
    expect(missing).toEqual({ 'blackAndWhiteVolume.value': SAVINGS_MESSAGES.noPages });
  });
  it('asks the bill path only for the bill', () => {
    expect(unansweredQuestions(bill({}))).toEqual({ 'bill.cost': SAVINGS_MESSAGES.billCost, 'bill.pages': SAVINGS_MESSAGES.billPages });
    expect(unansweredQuestions(bill({ cost: 100, monoPages: 10 }))).toEqual({ 'bill.colourPages': SAVINGS_MESSAGES.billSplit });
    expect(unansweredQuestions(bill({ cost: 100, pages: 10 }))).toEqual({});
  });
});

describe('parseSavingsAnswers (the server side of POST /api/report)', () => {
  const errorsOf = (input: unknown) => {
    try {
      parseSavingsAnswers(input);
      return null;
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      return fieldErrorsOf(error);
    }
  };

  it("accepts what the wizard sends and puts Copytech's own prices back whatever was sent", () => {
    const tampered = { ...leaseExample(), copytechPricePerPage: { mono: 0.01, colour: 0.01 } };
    const parsed = parseSavingsAnswers(JSON.parse(JSON.stringify(tampered)));
    expect(parsed.copytechPricePerPage).toEqual(COPYTECH_PRICE_PER_PAGE);
    expect(calculateSavings(parsed, TEST_TERMS).savings).toEqual(calculateSavings(leaseExample(), TEST_TERMS).savings);
  });
  it('accepts answers with no prices per page at all', () => {
    const { copytechPricePerPage: _ignored, ...rest } = leaseExample();
    expect(parseSavingsAnswers(rest).copytechPricePerPage).toEqual(COPYTECH_PRICE_PER_PAGE);
  });
  it('reports every unanswered question by its path', () => {
    expect(
      errorsOf({
        ...leaseExample(),
        leasePricePerPeriod: { value: null, periodInMonths: 3 },
        colourVolume: { value: null, periodInMonths: 3 },
      }),
    ).toEqual({
      'leasePricePerPeriod.value': SAVINGS_MESSAGES.leasePricePerPeriod,
      'colourVolume.value': SAVINGS_MESSAGES.colourVolume,
    });
  });
  it.each([
    ['a negative amount', { leasePricePerPeriod: { value: -1, periodInMonths: 3 } }, 'leasePricePerPeriod.value', SAVINGS_MESSAGES.amount],
    [
      'pounds with pence as a fraction',
      { leasePricePerPeriod: { value: 12.5, periodInMonths: 3 } },
      'leasePricePerPeriod.value',
      SAVINGS_MESSAGES.amount,
    ],
    ['text for an amount', { cpcPricePerPeriod: { value: 'lots', periodInMonths: 3 } }, 'cpcPricePerPeriod.value', SAVINGS_MESSAGES.amount],
    [
      'a period of 2 months',
      { cpcPricePerPeriod: { value: 100, periodInMonths: 2 } },
      'cpcPricePerPeriod.periodInMonths',
      SAVINGS_MESSAGES.period,
    ],
    ['an unknown purchase method', { purchaseMethod: 'stolen' }, 'purchaseMethod', SAVINGS_MESSAGES.purchaseMethod],
    ['too many pages', { colourVolume: { value: 1e12, periodInMonths: 3 } }, 'colourVolume.value', SAVINGS_MESSAGES.pages],
    ['30 years', { equipmentPurchasePeriodYears: 30 }, 'equipmentPurchasePeriodYears', SAVINGS_MESSAGES.equipmentPurchasePeriodYears],
    [
      'a line break in a charge name',
      { payOtherCharges: true, otherChargesPricePerPeriod: [{ name: 'Fee\r\nBcc: x@y.z', value: 1, periodInMonths: 1 }] },
      'otherChargesPricePerPeriod[0].name',
      SAVINGS_MESSAGES.otherChargeName,
    ],
    [
      'a colour ratio of 150',
      { entryMode: 'bill', bill: { colourPages: null, monoPages: null, pages: 10, cost: 100, colourRatio: 150, periodInMonths: 3 } },
      'bill.colourRatio',
      SAVINGS_MESSAGES.colourRatio,
    ],
  ])('rejects %s with a field error', (_label, change, path, message) => {
    const errors = errorsOf({ ...leaseExample(), ...change });
    expect(errors?.[path]).toBe(message);
  });
  it('rejects fields it does not know', () => {
    expect(errorsOf({ ...leaseExample(), discount: 50 })).not.toBeNull();
  });
  it.each([undefined, null, 'answers', 42, [], {}])('rejects %p without throwing anything but a ValidationError', (input) => {
    expect(errorsOf(input)).not.toBeNull();
  });
});

describe('the answers in plain words', () => {
  it('describes only what applies, with amounts and periods', () => {
    const answers = {
      ...leaseExample(),
      networkSupportPaidFor: true,
      otherChargesPricePerPeriod: [{ name: 'Network support', value: 6_000, periodInMonths: 12 }],
      purchaseMethod: 'rental' as const,
      equipmentPurchasePrice: { value: 123_456, periodInMonths: 60 }, // not a purchase: never mentioned
    };
    expect(summariseAnswers(answers)).toEqual([
      { key: 'equipment', label: 'Your equipment', value: 'Rented (a rental agreement with a fixed payment): £270.00 per quarter' },
      { key: 'support', label: 'Support and supplies', value: 'A cost-per-copy (click charge) agreement: £450.00 per quarter' },
      { key: 'otherCharges', label: 'Other charges', value: 'Network support £60.00 per year' },
      { key: 'pages', label: 'Pages you print', value: '15,000 mono per quarter and 3,000 colour per quarter' },
    ]);
  });
  it('describes a bill and its assumed colour share', () => {
    expect(summariseAnswers(bill({ cost: 90_000, pages: 30_000 }))).toEqual([
      { key: 'bill', label: 'Your print bill', value: '£900.00 per quarter' },
      { key: 'billPages', label: 'Pages on the bill', value: '21,000 mono and 9,000 colour (30% colour assumed)' },
    ]);
  });
});

// docs/product-rules.md "Calculation": the minimum service charge, and a large saving only with its reasons.
describe('the minimum charge, and a large saving explained', () => {
  it("the issue's example: a £300 bill for 2,000 pages a quarter saves £1,020 a year (85%), and says why", () => {
    // £300 a quarter = 30,000p / 3 = 10,000p a month. 2,000 pages a quarter, 30% colour: 600 colour and
    // 1,400 mono a quarter = 200 colour and 466.67 mono a month.
    // At the "from" prices: 466.67 x 0.39 = 182p + 200 x 3.3 = 660p = 842p a month (2,526p, £25.26 a quarter),
    // under the minimum of £45 a quarter, so Copytech charges 4,500p / 3 = 1,500p a month.
    // Saving 10,000 - 1,500 = 8,500p a month = 102,000p (£1,020) a year, 510,000p (£5,100) over 60 months;
    // 102,000 / 120,000 = 85.0%. (Without the minimum it said £1,099 a year, 91.6%.)
    const result = calculateSavings(bill({ cost: 30_000, pages: 2_000 }), TEST_TERMS);
    expect(result.minimumApplies).toBe(true);
    expect(result.copytech.partsPerMonth.printService).toBe(1_500);
    expect(result.savings).toEqual({ perMonth: 8_500, perYear: 102_000, per60Months: 510_000, percent: 85 });
    expect(result.savings!.percent!).toBeGreaterThan(HIGH_SAVING_PERCENT);
    expect(result.reasons).toEqual([
      "Your bill may include the lease or rental of your machine, while Copytech's column is the service agreement only: a Copytech machine is bought or leased on top.",
      "You print few pages (about 2,000 a quarter), so Copytech's minimum charge of £45 a quarter applies, and what you pay today is spread over few pages.",
      "The figures use Copytech's lowest prices per page, which only its fastest office machines have; the price for your machine, and any saving, is confirmed on your quote.",
    ]);
    expect(result.message).toBe(
      `At Copytech's lowest prices per page, which only its fastest office machines have, you could save £1,020.00 a year (85%), £5,100.00 over 60 months. A saving this large needs a word of explanation: ${result.reasons.join(' ')}`,
    );
  });
  it('charges the pages, not the minimum, once they cost more than £45 a quarter', () => {
    // 3,000 mono + 500 colour a quarter: 1,000 x 0.39 + 166.67 x 3.3 = 390 + 550 = 940p a month... under 1,500p;
    // 9,000 mono + 1,500 colour a quarter: 3,000 x 0.39 + 500 x 3.3 = 1,170 + 1,650 = 2,820p a month: over it.
    const under = calculateSavings(bill({ cost: 30_000, pages: null, monoPages: 3_000, colourPages: 500 }), TEST_TERMS);
    expect(under.copytech.partsPerMonth.printService).toBe(1_500);
    const over = calculateSavings(bill({ cost: 30_000, pages: null, monoPages: 9_000, colourPages: 1_500 }), TEST_TERMS);
    expect(over.minimumApplies).toBe(false);
    expect(over.copytech.partsPerMonth.printService).toBe(2_820);
  });
  it('explains a large saving of a cost-per-copy machine: the machine is in its click charge', () => {
    // CPC £600 a quarter = 20,000p a month for 3,000 mono pages a month: Copytech 3,000 x 0.39 = 1,170p.
    // That is under the £15 a month minimum (4,500p a quarter / 3), so Copytech charges 1,500p.
    const result = calculateSavings(
      itemised({
        purchaseMethod: 'cpc-only',
        cpcPricePerPeriod: { value: 60_000, periodInMonths: 3 },
        blackAndWhiteVolume: { value: 9_000, periodInMonths: 3 },
        colourVolume: { value: 0, periodInMonths: 3 },
      }),
      TEST_TERMS,
    );
    // 1,170p is under the 1,500p minimum: Copytech 1,500p; saving 18,500p a month = 222,000p a year, 92.5%.
    expect(result.savings).toEqual({ perMonth: 18_500, perYear: 222_000, per60Months: 1_110_000, percent: 92.5 });
    expect(result.reasons[0]).toMatch(/cost-per-copy charge pays for the machine too/);
    expect(result.message).toContain('A saving this large needs a word of explanation');
  });
  it('says nothing more about a saving of 60% or less', () => {
    const result = calculateSavings(leaseExample(), TEST_TERMS);
    expect(result.savings!.percent).toBe(40.6);
    expect(result.reasons).toEqual([]);
    expect(result.message).not.toContain('explanation');
  });
});
