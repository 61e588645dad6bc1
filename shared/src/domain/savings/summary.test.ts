/**
 * The answers in plain words (the results page's "What you told us" and the e-mailed report): each
 * row's sentence exactly as the visitor reads it, for every kind of equipment and support, and the
 * figures' formats (pages, prices per page, periods).
 */
import { defaultSavingsAnswers, type SavingsAnswers } from './answers';
import { formatPageCount, formatPencePerPage, periodLabel, summariseAnswers } from './summary';

/** Itemised answers, every yes/no "no", with these changes. */
function itemised(changes: Partial<SavingsAnswers>): SavingsAnswers {
  return {
    ...defaultSavingsAnswers(),
    entryMode: 'itemised',
    equipmentIsInsured: false,
    tonerDeliveryPaidFor: false,
    networkSupportPaidFor: false,
    payOtherCharges: false,
    ...changes,
  };
}

function billAnswers(bill: Partial<SavingsAnswers['bill']>): SavingsAnswers {
  const answers = defaultSavingsAnswers();
  return { ...answers, entryMode: 'bill', bill: { ...answers.bill, ...bill } };
}

/** The value of one row, or undefined when the row is not there. */
function row(answers: SavingsAnswers, key: string): string | undefined {
  return summariseAnswers(answers).find((r) => r.key === key)?.value;
}

describe('the figures as shown', () => {
  it('shows pages as whole numbers with thousands separated', () => {
    expect(formatPageCount(15_000)).toBe('15,000');
    expect(formatPageCount(0)).toBe('0');
    expect(formatPageCount(1_234_567)).toBe('1,234,567');
    expect(formatPageCount(999.4)).toBe('999');
    expect(formatPageCount(999.5)).toBe('1,000');
  });
  it('shows a price per page to two places of pence, and a dash when there is none', () => {
    expect(formatPencePerPage(1.775)).toBe('1.77p'); // 1.775 is stored just below, so toFixed gives 1.77
    expect(formatPencePerPage(1.7849)).toBe('1.78p');
    expect(formatPencePerPage(3.3)).toBe('3.30p');
    expect(formatPencePerPage(0)).toBe('0.00p');
    expect(formatPencePerPage(null)).toBe('–');
  });
  it('names each period a visitor can choose, and any other by its months', () => {
    expect(periodLabel(1)).toBe('per month');
    expect(periodLabel(3)).toBe('per quarter');
    expect(periodLabel(6)).toBe('every 6 months');
    expect(periodLabel(12)).toBe('per year');
    expect(periodLabel(60)).toBe('every 60 months');
    expect(periodLabel(2)).toBe('every 2 months');
  });
});

describe('a bill', () => {
  it('gives the bill and its pages split by the assumed colour share', () => {
    expect(summariseAnswers(billAnswers({ cost: 30_000, pages: 2_000, periodInMonths: 12, colourRatio: 25 }))).toEqual([
      { key: 'bill', label: 'Your print bill', value: '£300.00 per year' },
      { key: 'billPages', label: 'Pages on the bill', value: '1,500 mono and 500 colour (25% colour assumed)' },
    ]);
  });
  it('assumes nothing when the visitor gave the split, even one side of it', () => {
    expect(row(billAnswers({ cost: 30_000, monoPages: 1_200, colourPages: 300 }), 'billPages')).toBe('1,200 mono and 300 colour');
    expect(row(billAnswers({ cost: 30_000, monoPages: 1_200 }), 'billPages')).toBe('1,200 mono and 0 colour');
    expect(row(billAnswers({ cost: 30_000, colourPages: 300 }), 'billPages')).toBe('0 mono and 300 colour');
  });
  it('says "not given" for a bill with no total yet', () => {
    expect(row(billAnswers({ pages: 100 }), 'bill')).toBe('not given');
  });
});

describe('the equipment', () => {
  it('spreads a machine bought outright over its years, one year in the singular', () => {
    const bought = itemised({ purchaseMethod: 'purchase', equipmentPurchasePrice: { value: 240_000, periodInMonths: 60 } });
    expect(row(bought, 'equipment')).toBe('Bought outright: £2,400.00 over 5 years');
    expect(row({ ...bought, equipmentPurchasePeriodYears: 1 }, 'equipment')).toBe('Bought outright: £2,400.00 over 1 year');
    expect(row({ ...bought, equipmentPurchasePeriodYears: 2 }, 'equipment')).toBe('Bought outright: £2,400.00 over 2 years');
    expect(row({ ...bought, equipmentPurchasePrice: { value: null, periodInMonths: 60 } }, 'equipment')).toBe(
      'Bought outright: not given over 5 years',
    );
  });
  it('gives the lease or rental payment and its period', () => {
    const payment = { leasePricePerPeriod: { value: 9_000, periodInMonths: 1 } };
    expect(row(itemised({ purchaseMethod: 'lease', ...payment }), 'equipment')).toBe(
      'Leased (a finance agreement with a fixed payment): £90.00 per month',
    );
    expect(row(itemised({ purchaseMethod: 'rental', ...payment }), 'equipment')).toBe(
      'Rented (a rental agreement with a fixed payment): £90.00 per month',
    );
    expect(row(itemised({ purchaseMethod: 'lease' }), 'equipment')).toBe('Leased (a finance agreement with a fixed payment): not given');
  });
  it('names a machine in its click charge without an amount, and leaves a purchase price it does not use unsaid', () => {
    const cpcOnly = itemised({
      purchaseMethod: 'cpc-only',
      equipmentPurchasePrice: { value: 240_000, periodInMonths: 60 },
      leasePricePerPeriod: { value: 9_000, periodInMonths: 1 },
    });
    expect(row(cpcOnly, 'equipment')).toBe('Included in a cost-per-copy charge (no separate equipment payment)');
  });
  it('has no equipment row before the question is answered', () => {
    expect(summariseAnswers(itemised({})).map((r) => r.key)).toEqual(['otherCharges', 'pages']);
  });
});

describe('the support and supplies', () => {
  const supported = (support: SavingsAnswers['howIsEquipmentSupported']) =>
    itemised({
      purchaseMethod: 'lease',
      howIsEquipmentSupported: support,
      cpcPricePerPeriod: { value: 45_000, periodInMonths: 3 },
      warrantyPrice: { value: 6_000, periodInMonths: 12 },
      spendPricePerPeriod: { value: 12_550, periodInMonths: 6 },
    });
  it('gives the fee of a service contract or a cost-per-copy agreement, and nothing else', () => {
    expect(row(supported('service-contract'), 'support')).toBe('A service contract with a fixed fee: £450.00 per quarter');
    expect(row(supported('cpc'), 'support')).toBe('A cost-per-copy (click charge) agreement: £450.00 per quarter');
  });
  it('gives a warranty and what is spent beside it', () => {
    expect(row(supported('warranty'), 'support')).toBe(
      'A warranty: warranty £60.00 per year; toner, parts and repairs £125.50 every 6 months',
    );
  });
  it('gives what is spent as needed without a contract', () => {
    expect(row(supported('pay-as-you-go'), 'support')).toBe(
      'We pay for repairs and toner as we need them: toner, parts and repairs £125.50 every 6 months',
    );
    expect(row(supported('none'), 'support')).toBe('No support: we only buy toner: toner, parts and repairs £125.50 every 6 months');
  });
  it('takes a machine in its click charge as supported by it', () => {
    expect(row({ ...supported(null), purchaseMethod: 'cpc-only' }, 'support')).toBe(
      'A cost-per-copy (click charge) agreement: £450.00 per quarter',
    );
  });
  it('has no support row before the question is answered', () => {
    expect(row(supported(null), 'support')).toBeUndefined();
  });
});

describe('the other charges', () => {
  const charges = [
    { name: '  Admin fee ', value: 1_500, periodInMonths: 3 },
    { name: '   ', value: null, periodInMonths: 12 },
  ];
  it('lists each charge by name, trimmed, one with no name as "Unnamed charge"', () => {
    expect(row(itemised({ payOtherCharges: true, otherChargesPricePerPeriod: charges }), 'otherCharges')).toBe(
      'Admin fee £15.00 per quarter; Unnamed charge not given',
    );
  });
  it('lists them once any extra is answered yes', () => {
    for (const extra of ['equipmentIsInsured', 'tonerDeliveryPaidFor', 'networkSupportPaidFor', 'payOtherCharges'] as const) {
      expect(row(itemised({ [extra]: true, otherChargesPricePerPeriod: charges.slice(0, 1) }), 'otherCharges')).toBe(
        'Admin fee £15.00 per quarter',
      );
    }
  });
  it('says "None" when every extra is answered no, whatever is left in the list, or when the list is empty', () => {
    expect(row(itemised({ otherChargesPricePerPeriod: charges }), 'otherCharges')).toBe('None');
    expect(row(itemised({ payOtherCharges: true }), 'otherCharges')).toBe('None');
  });
});

describe('the pages printed', () => {
  it('gives each kind with its own period, an unanswered one as 0', () => {
    expect(
      row(
        itemised({ blackAndWhiteVolume: { value: 12_000, periodInMonths: 1 }, colourVolume: { value: 2_500, periodInMonths: 12 } }),
        'pages',
      ),
    ).toBe('12,000 mono per month and 2,500 colour per year');
    expect(row(itemised({}), 'pages')).toBe('0 mono per quarter and 0 colour per quarter');
  });
  it('puts the rows in the order they are read, each with its label', () => {
    const answers = itemised({
      purchaseMethod: 'lease',
      howIsEquipmentSupported: 'cpc',
      leasePricePerPeriod: { value: 27_000, periodInMonths: 3 },
      cpcPricePerPeriod: { value: 45_000, periodInMonths: 3 },
    });
    expect(summariseAnswers(answers).map((r) => [r.key, r.label])).toEqual([
      ['equipment', 'Your equipment'],
      ['support', 'Support and supplies'],
      ['otherCharges', 'Other charges'],
      ['pages', 'Pages you print'],
    ]);
  });
});
