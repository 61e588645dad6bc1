/**
 * What must still be answered (docs/product-rules.md "Answers"): the wizard's inline messages and
 * the server's 400s, word for word, and which questions each set of answers leaves open.
 */
import { defaultSavingsAnswers, type SavingsAnswers } from './answers';
import { SAVINGS_MESSAGES, unansweredQuestions } from './validation';

/** Itemised answers with every question answered (a leased machine on a cost-per-copy agreement), with these changes. */
function answered(changes: Partial<SavingsAnswers> = {}): SavingsAnswers {
  return {
    ...defaultSavingsAnswers(),
    entryMode: 'itemised',
    purchaseMethod: 'lease',
    howIsEquipmentSupported: 'cpc',
    leasePricePerPeriod: { value: 27_000, periodInMonths: 3 },
    cpcPricePerPeriod: { value: 45_000, periodInMonths: 3 },
    equipmentIsInsured: false,
    tonerDeliveryPaidFor: false,
    networkSupportPaidFor: false,
    payOtherCharges: false,
    blackAndWhiteVolume: { value: 15_000, periodInMonths: 3 },
    colourVolume: { value: 3_000, periodInMonths: 3 },
    ...changes,
  };
}

function bill(changes: Partial<SavingsAnswers['bill']>): SavingsAnswers {
  const answers = defaultSavingsAnswers();
  return { ...answers, entryMode: 'bill', bill: { ...answers.bill, ...changes } };
}

describe('the messages, word for word', () => {
  it('says what each question needs', () => {
    expect(SAVINGS_MESSAGES).toEqual({
      entryMode: 'Please choose how you would like to tell us your costs.',
      purchaseMethod: 'Please choose how you got your current equipment.',
      equipmentPurchasePrice: 'Please enter what you paid for the equipment, in pounds.',
      equipmentPurchasePeriodYears: 'Please choose how many years you keep a machine (1 to 10).',
      leasePricePerPeriod: 'Please enter your lease or rental payment, in pounds.',
      howIsEquipmentSupported: 'Please choose how your equipment is supported.',
      cpcPricePerPeriod: 'Please enter what you pay for service or cost-per-copy charges, in pounds.',
      warrantyPrice: 'Please enter what the warranty costs, in pounds (0 if it came free).',
      spendPricePerPeriod: 'Please enter what you spend on toner, parts and repairs, in pounds (0 if nothing).',
      yesNo: 'Please answer yes or no.',
      otherChargesNone: 'Please add at least one charge, or go back and answer no.',
      otherChargeName: 'Please name this charge, e.g. Admin fee.',
      otherChargeValue: 'Please enter what this charge costs, in pounds.',
      blackAndWhiteVolume: 'Please enter how many mono (black and white) pages you print, 0 if none.',
      colourVolume: 'Please enter how many colour pages you print, 0 if none.',
      noPages: 'Please enter the pages you print: mono, colour or both must be more than 0.',
      billCost: 'Please enter the total of your print bill, in pounds.',
      billPages: 'Please enter how many pages the bill covers.',
      billSplit: 'Please enter the mono and colour pages on the bill (0 if none).',
      colourRatio: 'Please enter the share of colour pages, from 0 to 100 per cent.',
      amount: 'Please enter an amount in pounds, e.g. 125.50.',
      pages: 'Please enter a whole number of pages.',
      period: 'Please choose a period.',
    });
  });
});

describe('the itemised path', () => {
  it('asks nothing once every question is answered', () => {
    expect(unansweredQuestions(answered())).toEqual({});
  });
  it('asks every question of a visitor who has only chosen to itemise, with no support question before the method', () => {
    const fresh = { ...defaultSavingsAnswers(), entryMode: 'itemised' as const };
    expect(unansweredQuestions(fresh)).toEqual({
      purchaseMethod: 'Please choose how you got your current equipment.',
      equipmentIsInsured: 'Please answer yes or no.',
      tonerDeliveryPaidFor: 'Please answer yes or no.',
      networkSupportPaidFor: 'Please answer yes or no.',
      payOtherCharges: 'Please answer yes or no.',
      'blackAndWhiteVolume.value': 'Please enter how many mono (black and white) pages you print, 0 if none.',
      'colourVolume.value': 'Please enter how many colour pages you print, 0 if none.',
    });
  });
  it('asks how the machine is supported, except for a machine in its click charge', () => {
    for (const method of ['lease', 'rental', 'purchase'] as const) {
      expect(unansweredQuestions(answered({ purchaseMethod: method, howIsEquipmentSupported: null }))).toMatchObject({
        howIsEquipmentSupported: 'Please choose how your equipment is supported.',
      });
    }
    expect(unansweredQuestions(answered({ purchaseMethod: 'cpc-only', howIsEquipmentSupported: null }))).toEqual({});
  });
  it("asks for each price the answers make count, by the price's path", () => {
    const none = { value: null, periodInMonths: 3 };
    expect(unansweredQuestions(answered({ purchaseMethod: 'purchase', equipmentPurchasePrice: none }))).toEqual({
      'equipmentPurchasePrice.value': 'Please enter what you paid for the equipment, in pounds.',
    });
    expect(unansweredQuestions(answered({ purchaseMethod: 'rental', leasePricePerPeriod: none }))).toEqual({
      'leasePricePerPeriod.value': 'Please enter your lease or rental payment, in pounds.',
    });
    expect(unansweredQuestions(answered({ howIsEquipmentSupported: 'service-contract', cpcPricePerPeriod: none }))).toEqual({
      'cpcPricePerPeriod.value': 'Please enter what you pay for service or cost-per-copy charges, in pounds.',
    });
    expect(unansweredQuestions(answered({ howIsEquipmentSupported: 'warranty' }))).toEqual({
      'warrantyPrice.value': 'Please enter what the warranty costs, in pounds (0 if it came free).',
      'spendPricePerPeriod.value': 'Please enter what you spend on toner, parts and repairs, in pounds (0 if nothing).',
    });
  });
  it('takes 0 as an answer, for a price and for one kind of page', () => {
    expect(
      unansweredQuestions(
        answered({
          howIsEquipmentSupported: 'pay-as-you-go',
          spendPricePerPeriod: { value: 0, periodInMonths: 3 },
          colourVolume: { value: 0, periodInMonths: 3 },
        }),
      ),
    ).toEqual({});
  });
  it('asks each yes/no on its own', () => {
    for (const question of ['equipmentIsInsured', 'tonerDeliveryPaidFor', 'networkSupportPaidFor', 'payOtherCharges'] as const) {
      expect(unansweredQuestions(answered({ [question]: null }))).toEqual({ [question]: 'Please answer yes or no.' });
    }
  });
});

describe('the other charges', () => {
  it('asks for at least one charge after any yes', () => {
    for (const question of ['equipmentIsInsured', 'tonerDeliveryPaidFor', 'networkSupportPaidFor', 'payOtherCharges'] as const) {
      expect(unansweredQuestions(answered({ [question]: true }))).toEqual({
        otherChargesPricePerPeriod: 'Please add at least one charge, or go back and answer no.',
      });
    }
  });
  it('asks for the name and the cost of each charge by its row, a name of spaces being no name', () => {
    const charges = [
      { name: 'Admin fee', value: 1_500, periodInMonths: 3 },
      { name: '   ', value: 900, periodInMonths: 3 },
      { name: 'Toner delivery', value: null, periodInMonths: 3 },
    ];
    expect(unansweredQuestions(answered({ payOtherCharges: true, otherChargesPricePerPeriod: charges }))).toEqual({
      'otherChargesPricePerPeriod[1].name': 'Please name this charge, e.g. Admin fee.',
      'otherChargesPricePerPeriod[2].value': 'Please enter what this charge costs, in pounds.',
    });
  });
  it('takes a charge of 0 and a one-letter name', () => {
    const charges = [{ name: 'X', value: 0, periodInMonths: 12 }];
    expect(unansweredQuestions(answered({ equipmentIsInsured: true, otherChargesPricePerPeriod: charges }))).toEqual({});
  });
  it('never asks about charges left in the list once every extra is answered no', () => {
    const charges = [{ name: '', value: null, periodInMonths: 3 }];
    expect(unansweredQuestions(answered({ otherChargesPricePerPeriod: charges }))).toEqual({});
  });
});

describe('the pages', () => {
  it('asks for the pages on the mono question when none are printed', () => {
    const none = { value: 0, periodInMonths: 3 };
    expect(unansweredQuestions(answered({ blackAndWhiteVolume: none, colourVolume: none }))).toEqual({
      'blackAndWhiteVolume.value': 'Please enter the pages you print: mono, colour or both must be more than 0.',
    });
  });
  it('takes one page of either kind', () => {
    const none = { value: 0, periodInMonths: 3 };
    const one = { value: 1, periodInMonths: 3 };
    expect(unansweredQuestions(answered({ blackAndWhiteVolume: one, colourVolume: none }))).toEqual({});
    expect(unansweredQuestions(answered({ blackAndWhiteVolume: none, colourVolume: one }))).toEqual({});
  });
  it('asks for the missing kind, not for "more than 0", while one is unanswered', () => {
    const none = { value: 0, periodInMonths: 3 };
    const missing = { value: null, periodInMonths: 3 };
    expect(unansweredQuestions(answered({ blackAndWhiteVolume: none, colourVolume: missing }))).toEqual({
      'colourVolume.value': 'Please enter how many colour pages you print, 0 if none.',
    });
    expect(unansweredQuestions(answered({ blackAndWhiteVolume: missing, colourVolume: none }))).toEqual({
      'blackAndWhiteVolume.value': 'Please enter how many mono (black and white) pages you print, 0 if none.',
    });
  });
});

describe('the bill path', () => {
  it('asks for the total and the pages of an empty bill, and nothing of the itemised questions', () => {
    expect(unansweredQuestions(bill({}))).toEqual({
      'bill.cost': 'Please enter the total of your print bill, in pounds.',
      'bill.pages': 'Please enter how many pages the bill covers.',
    });
  });
  it('asks for pages again when the total given is 0, and takes one page', () => {
    expect(unansweredQuestions(bill({ cost: 100, pages: 0 }))).toEqual({ 'bill.pages': 'Please enter how many pages the bill covers.' });
    expect(unansweredQuestions(bill({ cost: 100, pages: 1 }))).toEqual({});
    expect(unansweredQuestions(bill({ cost: 0, pages: 1 }))).toEqual({});
  });
  it('asks for the other side of a split once one side is given', () => {
    expect(unansweredQuestions(bill({ cost: 100, monoPages: 10 }))).toEqual({
      'bill.colourPages': 'Please enter the mono and colour pages on the bill (0 if none).',
    });
    expect(unansweredQuestions(bill({ cost: 100, colourPages: 10 }))).toEqual({
      'bill.monoPages': 'Please enter the mono and colour pages on the bill (0 if none).',
    });
    expect(unansweredQuestions(bill({ cost: 100, monoPages: 0, colourPages: 1 }))).toEqual({});
    expect(unansweredQuestions(bill({ cost: 100, monoPages: 1, colourPages: 0 }))).toEqual({});
  });
  it('asks for pages on the mono side when the split is 0 and 0', () => {
    expect(unansweredQuestions(bill({ cost: 100, monoPages: 0, colourPages: 0, pages: 500 }))).toEqual({
      'bill.monoPages': 'Please enter the pages you print: mono, colour or both must be more than 0.',
    });
  });
  it('keeps the first message for a side: a missing mono side is asked for, not "more than 0"', () => {
    expect(unansweredQuestions(bill({ cost: 100, colourPages: 0 }))).toEqual({
      'bill.monoPages': 'Please enter the mono and colour pages on the bill (0 if none).',
    });
  });
});

describe('before a way is chosen', () => {
  it('asks only how the costs will be given', () => {
    expect(unansweredQuestions({ ...answered(), entryMode: null })).toEqual({
      entryMode: 'Please choose how you would like to tell us your costs.',
    });
  });
});
