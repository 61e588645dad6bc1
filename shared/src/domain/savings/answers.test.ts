/**
 * The savings checker's answers (docs/product-rules.md "Answers" and "Constants"): the constants
 * and defaults the specification fixes, which answers count for which choices, and how a bill's
 * pages are split at their edges (negative, missing, a ratio outside 0 to 100, rounding).
 */
import {
  asksOtherCharges,
  billPages,
  COMPARISON_MONTHS,
  COPYTECH_PRICE_PER_PAGE,
  DEFAULT_COLOUR_RATIO,
  DEFAULT_PERIOD_IN_MONTHS,
  DEFAULT_PURCHASE_PERIOD_YEARS,
  defaultSavingsAnswers,
  effectiveSupport,
  ENTRY_MODES,
  MAX_OTHER_CHARGES,
  NAMED_CHARGES,
  OTHER_CHARGE_NAME_MAX,
  PERIOD_MONTHS,
  PERIOD_OPTIONS,
  PURCHASE_METHOD_LABELS,
  PURCHASE_METHODS,
  PURCHASE_YEARS_MAX,
  PURCHASE_YEARS_MIN,
  relevantPriceFields,
  SAVINGS_LIMITS,
  SUPPORT_METHOD_LABELS,
  SUPPORT_METHODS,
  type Bill,
  type SavingsAnswers,
} from './answers';

describe('the constants', () => {
  it("fixes Copytech's prices per page, and they cannot be changed", () => {
    expect(COPYTECH_PRICE_PER_PAGE).toEqual({ mono: 0.39, colour: 3.3 });
    expect(Object.isFrozen(COPYTECH_PRICE_PER_PAGE)).toBe(true);
  });
  it('fixes the periods, terms and bounds', () => {
    expect([DEFAULT_PERIOD_IN_MONTHS, DEFAULT_COLOUR_RATIO, DEFAULT_PURCHASE_PERIOD_YEARS, COMPARISON_MONTHS]).toEqual([3, 30, 5, 60]);
    expect([PURCHASE_YEARS_MIN, PURCHASE_YEARS_MAX, MAX_OTHER_CHARGES, OTHER_CHARGE_NAME_MAX]).toEqual([1, 10, 10, 60]);
    expect(SAVINGS_LIMITS).toEqual({ maxPence: 100_000_000, maxPages: 50_000_000 });
  });
  it('offers a month, a quarter, six months and a year, each with its words', () => {
    expect(PERIOD_OPTIONS).toEqual([
      { months: 1, label: 'per month' },
      { months: 3, label: 'per quarter' },
      { months: 6, label: 'every 6 months' },
      { months: 12, label: 'per year' },
    ]);
    expect(PERIOD_MONTHS).toEqual([1, 3, 6, 12]);
  });
  it('names the choices as the wizard offers them', () => {
    expect(ENTRY_MODES).toEqual(['itemised', 'bill']);
    expect(PURCHASE_METHODS).toEqual(['lease', 'rental', 'purchase', 'cpc-only']);
    expect(SUPPORT_METHODS).toEqual(['service-contract', 'cpc', 'warranty', 'pay-as-you-go', 'none']);
    expect(PURCHASE_METHOD_LABELS).toEqual({
      lease: 'Leased (a finance agreement with a fixed payment)',
      rental: 'Rented (a rental agreement with a fixed payment)',
      purchase: 'Bought outright',
      'cpc-only': 'Included in a cost-per-copy charge (no separate equipment payment)',
    });
    expect(SUPPORT_METHOD_LABELS).toEqual({
      'service-contract': 'A service contract with a fixed fee',
      cpc: 'A cost-per-copy (click charge) agreement',
      warranty: 'A warranty',
      'pay-as-you-go': 'We pay for repairs and toner as we need them',
      none: 'No support: we only buy toner',
    });
    expect(NAMED_CHARGES).toEqual({
      equipmentIsInsured: 'Equipment insurance',
      tonerDeliveryPaidFor: 'Toner delivery',
      networkSupportPaidFor: 'Network support',
    });
  });
});

describe('the defaults', () => {
  it('leave every question open, each price a quarter except the warranty (a year) and the purchase (5 years)', () => {
    const unanswered = (periodInMonths: number) => ({ periodInMonths, value: null });
    expect(defaultSavingsAnswers()).toEqual({
      entryMode: null,
      purchaseMethod: null,
      equipmentIsInsured: null,
      equipmentPurchasePeriodYears: 5,
      howIsEquipmentSupported: null,
      tonerDeliveryPaidFor: null,
      networkSupportPaidFor: null,
      payOtherCharges: null,
      printsA3: null,
      equipmentPurchasePrice: unanswered(60),
      leasePricePerPeriod: unanswered(3),
      cpcPricePerPeriod: unanswered(3),
      warrantyPrice: unanswered(12),
      spendPricePerPeriod: unanswered(3),
      otherChargesPricePerPeriod: [],
      blackAndWhiteVolume: unanswered(3),
      colourVolume: unanswered(3),
      copytechPricePerPage: { mono: 0.39, colour: 3.3 },
      bill: { colourPages: null, monoPages: null, pages: null, cost: null, colourRatio: 30, periodInMonths: 3 },
    });
  });
  it("give each visitor their own copy of Copytech's prices", () => {
    const answers = defaultSavingsAnswers();
    answers.copytechPricePerPage.mono = 9;
    expect(defaultSavingsAnswers().copytechPricePerPage.mono).toBe(0.39);
  });
});

function itemised(changes: Partial<SavingsAnswers>): SavingsAnswers {
  return { ...defaultSavingsAnswers(), entryMode: 'itemised', ...changes };
}

describe('which support applies', () => {
  it('is the click charge for a machine in one, whatever was answered, else the answer', () => {
    expect(effectiveSupport({ purchaseMethod: 'cpc-only', howIsEquipmentSupported: 'warranty' })).toBe('cpc');
    expect(effectiveSupport({ purchaseMethod: 'cpc-only', howIsEquipmentSupported: null })).toBe('cpc');
    expect(effectiveSupport({ purchaseMethod: 'lease', howIsEquipmentSupported: 'warranty' })).toBe('warranty');
    expect(effectiveSupport({ purchaseMethod: null, howIsEquipmentSupported: null })).toBeNull();
  });
});

describe('which prices count', () => {
  it('counts the equipment payment of each method', () => {
    expect(relevantPriceFields(itemised({ purchaseMethod: 'purchase' }))).toEqual(['equipmentPurchasePrice']);
    expect(relevantPriceFields(itemised({ purchaseMethod: 'lease' }))).toEqual(['leasePricePerPeriod']);
    expect(relevantPriceFields(itemised({ purchaseMethod: 'rental' }))).toEqual(['leasePricePerPeriod']);
    expect(relevantPriceFields(itemised({ purchaseMethod: 'cpc-only' }))).toEqual(['cpcPricePerPeriod']);
  });
  it('counts the support costs of each arrangement', () => {
    const lease = (support: SavingsAnswers['howIsEquipmentSupported']) =>
      relevantPriceFields(itemised({ purchaseMethod: 'lease', howIsEquipmentSupported: support }));
    expect(lease('service-contract')).toEqual(['leasePricePerPeriod', 'cpcPricePerPeriod']);
    expect(lease('cpc')).toEqual(['leasePricePerPeriod', 'cpcPricePerPeriod']);
    expect(lease('warranty')).toEqual(['leasePricePerPeriod', 'warrantyPrice', 'spendPricePerPeriod']);
    expect(lease('pay-as-you-go')).toEqual(['leasePricePerPeriod', 'spendPricePerPeriod']);
    expect(lease('none')).toEqual(['leasePricePerPeriod', 'spendPricePerPeriod']);
  });
  it('counts no support cost before the method is chosen, and nothing on the bill path or before a path is chosen', () => {
    expect(relevantPriceFields(itemised({ howIsEquipmentSupported: 'warranty' }))).toEqual([]);
    const bill = {
      ...defaultSavingsAnswers(),
      entryMode: 'bill' as const,
      purchaseMethod: 'lease' as const,
      howIsEquipmentSupported: 'cpc' as const,
    };
    expect(relevantPriceFields(bill)).toEqual([]);
    expect(relevantPriceFields({ ...bill, entryMode: null })).toEqual([]);
  });
});

describe('when other charges are asked for', () => {
  it('asks after any one yes, and not after no or no answer', () => {
    const extras = ['equipmentIsInsured', 'tonerDeliveryPaidFor', 'networkSupportPaidFor', 'payOtherCharges'] as const;
    for (const extra of extras) {
      expect(asksOtherCharges(itemised({ [extra]: true }))).toBe(true);
      expect(asksOtherCharges(itemised({ [extra]: false }))).toBe(false);
    }
    expect(asksOtherCharges(itemised({}))).toBe(false);
  });
  it('never asks on the bill path', () => {
    expect(asksOtherCharges({ ...defaultSavingsAnswers(), entryMode: 'bill', payOtherCharges: true })).toBe(false);
  });
});

describe("a bill's pages", () => {
  const bill = (changes: Partial<Bill>): Bill => ({ ...defaultSavingsAnswers().bill, ...changes });
  it('splits a total by the colour share, rounding the colour pages to a whole page', () => {
    expect(billPages(bill({ pages: 2_000 }))).toEqual({ mono: 1_400, colour: 600 });
    expect(billPages(bill({ pages: 5, colourRatio: 30 }))).toEqual({ mono: 3, colour: 2 }); // 1.5 colour pages round up
    expect(billPages(bill({ pages: 7, colourRatio: 30 }))).toEqual({ mono: 5, colour: 2 }); // 2.1 round down
  });
  it('keeps the share between 0 and 100 per cent', () => {
    expect(billPages(bill({ pages: 1_000, colourRatio: 0 }))).toEqual({ mono: 1_000, colour: 0 });
    expect(billPages(bill({ pages: 1_000, colourRatio: 100 }))).toEqual({ mono: 0, colour: 1_000 });
    expect(billPages(bill({ pages: 1_000, colourRatio: 150 }))).toEqual({ mono: 0, colour: 1_000 });
    expect(billPages(bill({ pages: 1_000, colourRatio: -20 }))).toEqual({ mono: 1_000, colour: 0 });
  });
  it('takes no pages or negative pages as none', () => {
    expect(billPages(bill({}))).toEqual({ mono: 0, colour: 0 });
    expect(billPages(bill({ pages: -500 }))).toEqual({ mono: 0, colour: 0 });
  });
  it('takes the split as given when either side is, a missing or negative side as none', () => {
    expect(billPages(bill({ pages: 9_999, monoPages: 800, colourPages: 200 }))).toEqual({ mono: 800, colour: 200 });
    expect(billPages(bill({ pages: 9_999, monoPages: 800 }))).toEqual({ mono: 800, colour: 0 });
    expect(billPages(bill({ pages: 9_999, colourPages: 200 }))).toEqual({ mono: 0, colour: 200 });
    expect(billPages(bill({ monoPages: -5, colourPages: -1 }))).toEqual({ mono: 0, colour: 0 });
    expect(billPages(bill({ monoPages: 0, colourPages: 0, pages: 500 }))).toEqual({ mono: 0, colour: 0 });
  });
});
