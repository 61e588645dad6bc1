/**
 * The checker's steps without JavaScript (formFields.ts, postedSteps.ts): the answers survive the round trip
 * through the form's fields on every path, each step's questions are its own, and a posted step
 * moves as the browser's wizard does (Next with and without answers, Back, Start again, the
 * charges' buttons, the human check, Change from the results). Posted texts are not trusted.
 */
import { defaultSavingsAnswers, NAMED_CHARGES, type SavingsAnswers } from '@copytech/shared/domain';
import { TEST_TERMS } from '@copytech/shared/testing';
import { SavingsCheckerStore } from './SavingsCheckerStore';
import { answerFields, hiddenFields, MOVE_FIELD, RESULTS_STEP, STEP_FIELD, stepFieldNames, type Fields } from './formFields';
import { applyAnswerFields, applyPostedStep } from './postedSteps';
import { relevantSteps, STEP_IDS } from './steps';

const stores: SavingsCheckerStore[] = [];
function fresh(): SavingsCheckerStore {
  const store = new SavingsCheckerStore(null);
  store.setTerms(TEST_TERMS);
  stores.push(store);
  return store;
}
afterEach(() => stores.splice(0).forEach((store) => store.dispose()));

/** A leased machine on a service contract, with insurance and one charge of its own: every itemised question answered. */
function itemised(): SavingsAnswers {
  const answers = defaultSavingsAnswers();
  Object.assign(answers, {
    entryMode: 'itemised',
    purchaseMethod: 'lease',
    howIsEquipmentSupported: 'service-contract',
    equipmentIsInsured: true,
    tonerDeliveryPaidFor: false,
    networkSupportPaidFor: false,
    payOtherCharges: true,
    printsA3: true,
  });
  answers.leasePricePerPeriod = { value: 45_000, periodInMonths: 3 };
  answers.cpcPricePerPeriod = { value: 27_650, periodInMonths: 3 };
  answers.otherChargesPricePerPeriod = [
    { name: NAMED_CHARGES.equipmentIsInsured, value: 6_000, periodInMonths: 12 },
    { name: 'Admin fee', value: 1_250, periodInMonths: 1 },
  ];
  answers.blackAndWhiteVolume = { value: 12_000, periodInMonths: 3 };
  answers.colourVolume = { value: 3_000, periodInMonths: 3 };
  return answers;
}

function bill(split: boolean): SavingsAnswers {
  const answers = defaultSavingsAnswers();
  answers.entryMode = 'bill';
  answers.printsA3 = false;
  answers.bill = split
    ? { ...answers.bill, cost: 31_999, periodInMonths: 1, monoPages: 4_000, colourPages: 0 }
    : { ...answers.bill, cost: 31_999, periodInMonths: 6, pages: 20_000, colourRatio: 45 };
  return answers;
}

function roundTrip(answers: SavingsAnswers): SavingsAnswers {
  const store = fresh();
  expect(applyAnswerFields(store, answerFields(answers))).toEqual({});
  return JSON.parse(JSON.stringify(store.answers)) as SavingsAnswers;
}

describe('the answers as form fields', () => {
  it.each([
    ['itemised', itemised()],
    ['a bill split into mono and colour', bill(true)],
    ['a bill with a share of colour', bill(false)],
  ])('come back unchanged (%s)', (_name, answers) => {
    expect(roundTrip(answers)).toEqual(JSON.parse(JSON.stringify(answers)));
  });

  it('carry a bought machine’s price and years', () => {
    const answers = defaultSavingsAnswers();
    Object.assign(answers, { entryMode: 'itemised', purchaseMethod: 'purchase', equipmentPurchasePeriodYears: 7 });
    answers.equipmentPurchasePrice = { value: 350_050, periodInMonths: 84 };
    expect(answerFields(answers)).toMatchObject({ equipmentPurchasePrice: '3500.50', equipmentPurchasePeriodYears: '7' });
    expect(roundTrip(answers).equipmentPurchasePrice).toEqual({ value: 350_050, periodInMonths: 84 });
  });

  it('leave unanswered questions unanswered', () => {
    const fields = answerFields(defaultSavingsAnswers());
    expect(fields).not.toHaveProperty('entryMode');
    expect(fields).not.toHaveProperty('printsA3');
    expect(fields.leasePricePerPeriod).toBe('');
  });

  it('are read as the visitor’s typing is, and never trusted', () => {
    const store = fresh();
    const typed = applyAnswerFields(store, {
      entryMode: 'everything',
      purchaseMethod: 'lease',
      howIsEquipmentSupported: '<script>',
      equipmentPurchasePeriodYears: '99',
      leasePricePerPeriod: '£1,250.5',
      'leasePricePerPeriod-period': '7',
      cpcPricePerPeriod: 'lots',
      blackAndWhiteVolume: '12,000',
      colourVolume: '-3',
      printsA3: 'maybe',
      billColourRatio: '140',
    });
    expect(store.answers.entryMode).toBeNull();
    expect(store.answers.purchaseMethod).toBe('lease');
    expect(store.answers.howIsEquipmentSupported).toBeNull();
    expect(store.answers.equipmentPurchasePeriodYears).toBe(defaultSavingsAnswers().equipmentPurchasePeriodYears);
    // a period not offered keeps the default
    expect(store.answers.leasePricePerPeriod).toEqual({
      value: 125_050,
      periodInMonths: defaultSavingsAnswers().leasePricePerPeriod.periodInMonths,
    });
    expect(store.answers.cpcPricePerPeriod.value).toBeNull();
    expect(store.answers.blackAndWhiteVolume.value).toBe(12_000);
    expect(store.answers.colourVolume.value).toBeNull();
    expect(store.answers.printsA3).toBeNull();
    expect(store.answers.bill.colourRatio).toBe(defaultSavingsAnswers().bill.colourRatio);
    expect(typed).toEqual({ cpcPricePerPeriod: 'lots', colourVolume: '-3', billColourRatio: '140' });
  });

  it('take a charge’s name at its longest allowed', () => {
    const store = fresh();
    applyAnswerFields(store, { payOtherCharges: 'yes', 'charge-0-name': 'x'.repeat(200), 'charge-0-value': '5' });
    expect(store.answers.otherChargesPricePerPeriod).toEqual([{ name: 'x'.repeat(60), value: 500, periodInMonths: 3 }]);
  });
});

describe('each step’s own questions', () => {
  const paths = [itemised(), bill(true), bill(false)];
  it('are the fields it does not hide, and every other answer is hidden', () => {
    for (const answers of paths) {
      const all = answerFields(answers);
      for (const step of relevantSteps(answers)) {
        const hidden = hiddenFields(step, answers);
        const own = stepFieldNames(step, answers);
        for (const name of own) expect(hidden).not.toHaveProperty(name);
        expect({ ...hidden, ...Object.fromEntries(own.filter((name) => name in all).map((name) => [name, all[name]])) }).toEqual(all);
      }
    }
  });

  it('are named for every step', () => {
    for (const step of STEP_IDS) expect(Array.isArray(stepFieldNames(step, itemised()))).toBe(true);
    expect(stepFieldNames('other-charges', itemised())).toEqual([
      'charge-0-value',
      'charge-0-value-period',
      'charge-1-name',
      'charge-1-value',
      'charge-1-value-period',
    ]);
  });
});

/** The fields a step's form posts: its hidden answers and its own, and the button. */
function posted(step: string, answers: SavingsAnswers, own: Fields, move = 'next'): Fields {
  return { ...answerFields(answers), ...own, [STEP_FIELD]: step, [MOVE_FIELD]: move };
}

describe('a posted step', () => {
  it('moves on when its questions are answered, through to the human check', () => {
    const answers = itemised();
    const store = fresh();
    expect(applyPostedStep(store, posted('volumes', answers, {}), false)).toEqual({ typed: {}, showMessages: false });
    expect(store.currentStep).toBe('check');
    expect(store.completedSteps).toEqual(relevantSteps(answers).slice(0, -1));
  });

  it('stays with its messages when a question is unanswered, keeping what was typed', () => {
    const answers = itemised();
    const store = fresh();
    const outcome = applyPostedStep(store, posted('lease-price', answers, { leasePricePerPeriod: 'four hundred' }), false);
    expect(store.currentStep).toBe('lease-price');
    expect(outcome).toEqual({ typed: { leasePricePerPeriod: 'four hundred' }, showMessages: true });

    const empty = fresh();
    const first = applyPostedStep(empty, { [STEP_FIELD]: 'start', [MOVE_FIELD]: 'next' }, false);
    expect([empty.currentStep, first.showMessages]).toEqual(['start', true]);
  });

  it('goes back, and starts again from nothing', () => {
    const back = fresh();
    applyPostedStep(back, posted('volumes', itemised(), {}, 'back'), false);
    expect(back.currentStep).toBe('other-charges');
    const restart = fresh();
    applyPostedStep(restart, posted('volumes', itemised(), {}, 'restart'), false);
    expect([restart.currentStep, restart.answers]).toEqual(['start', defaultSavingsAnswers()]);
  });

  it('adds and removes a charge, staying on the step', () => {
    const add = fresh();
    applyPostedStep(add, posted('other-charges', itemised(), {}, 'add-charge'), false);
    expect([add.currentStep, add.answers.otherChargesPricePerPeriod.length]).toEqual(['other-charges', 3]);
    const remove = fresh();
    applyPostedStep(remove, posted('other-charges', itemised(), {}, 'remove-charge-0'), false);
    expect(remove.currentStep).toBe('other-charges');
    expect(remove.answers.otherChargesPricePerPeriod.map((charge) => charge.name)).toEqual(['Admin fee']);
  });

  it('cannot skip ahead: a step posted before the earlier ones are answered goes to the first open one', () => {
    const answers = itemised();
    answers.leasePricePerPeriod.value = null;
    const store = fresh();
    applyPostedStep(store, posted('volumes', answers, {}), false);
    expect(store.currentStep).toBe('lease-price');
  });

  it('shows the results only after the server passed the human check', () => {
    const refused = fresh();
    expect(applyPostedStep(refused, posted('check', itemised(), {}), false).showMessages).toBe(true);
    expect(refused.currentStep).toBe('check');
    const passed = fresh();
    applyPostedStep(passed, posted('check', itemised(), {}), true);
    expect(passed.currentStep).toBe('results');
    expect(passed.result?.status).toMatch(/^(saving|no-saving)$/);
  });

  it('asks for the colour pages first when the bill’s split is changed', () => {
    const answers = bill(false);
    const store = fresh();
    applyPostedStep(store, posted('bill-pages', answers, { billSplit: 'split' }), false);
    expect(store.currentStep).toBe('bill-pages');
    expect([store.answers.bill.monoPages, store.answers.bill.colourPages]).toEqual([11_000, 9_000]);
  });

  it('goes from the results to the step whose answer is changed, or starts again', () => {
    const change = fresh();
    applyPostedStep(change, { ...answerFields(itemised()), [STEP_FIELD]: RESULTS_STEP, [MOVE_FIELD]: 'goto-volumes' }, false);
    expect(change.currentStep).toBe('volumes');
    expect(change.answers.blackAndWhiteVolume.value).toBe(12_000);
    const restart = fresh();
    applyPostedStep(restart, { ...answerFields(itemised()), [STEP_FIELD]: RESULTS_STEP, [MOVE_FIELD]: 'restart' }, false);
    expect(restart.currentStep).toBe('start');
    const check = fresh();
    applyPostedStep(check, { ...answerFields(itemised()), [STEP_FIELD]: RESULTS_STEP, [MOVE_FIELD]: 'goto-check' }, false);
    expect(check.currentStep).toBe('check');
  });
});
