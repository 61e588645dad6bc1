/**
 * Edges of the savings calculation (docs/product-rules.md "Calculation") that the worked examples
 * in savings.test.ts do not reach: a cost that is all equipment, with nothing paid per page.
 */
import { TEST_TERMS } from '../../testing/terms';
import { calculateSavings, defaultSavingsAnswers, type SavingsAnswers } from '.';

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
  const result = calculateSavings(leasedWithZeroCharge(), TEST_TERMS);

  it('is a comparison, not an incomplete answer: the lease is a cost the visitor told us', () => {
    expect(result.status).toBe('no-saving');
    expect(result.current.partsPerMonth).toEqual({ equipment: 9_000, printService: 0, otherCharges: 0 });
    expect(result.copytech.partsPerMonth).toEqual({ equipment: 9_000, printService: 5_250, otherCharges: 0 });
  });

  it('says honestly by how much Copytech would cost more', () => {
    expect(result.savings).toEqual({ perMonth: -5_250, perYear: -63_000, per60Months: -315_000, percent: -58.3 });
    expect(result.message).toBe(
      'On the figures you gave, Copytech would not be cheaper: it would cost £630.00 a year more than you pay today. Your costs per page are already at or below our prices, and we would rather tell you so.',
    );
  });

  it('still asks what they pay when neither the lease nor the pages cost anything', () => {
    const nothing = calculateSavings({ ...leasedWithZeroCharge(), leasePricePerPeriod: { value: 0, periodInMonths: 3 } }, TEST_TERMS);
    expect(nothing.status).toBe('incomplete');
    expect(nothing.message).toBe('Tell us what you pay for your printing today, and we can compare it with Copytech.');
  });
});
