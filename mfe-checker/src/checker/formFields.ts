/**
 * The checker's steps without JavaScript (docs/product-rules.md "The checker without JavaScript").
 * Each step is a `<form method="post">` to the checker's own page: the step's questions under
 * stable names, every other answer in hidden fields of the same names, the step posted from, and
 * the button pressed (`move`). The server answers with the page, rendered from what was posted.
 * This file names the fields and writes the answers into them; postedSteps.ts reads them back
 * (loaded only for a page answering a post).
 */
import { NAMED_CHARGES, effectiveSupport, type SavingsAnswers } from '@copytech/shared/domain';
import { HUMAN_CHECK_FIELDS } from '@copytech/shared';
import type { ExtraQuestion, PriceFieldName, VolumeFieldName } from './answerEdits';
import { penceToPoundsText } from './format';
import type { StepId } from './steps';

/** The form's name (its hidden `form` field), the step it was posted from, and the button pressed. */
export const CHECKER_FORM = 'checker';
export const STEP_FIELD = 'step';
export const MOVE_FIELD = 'move';
/** The no-JavaScript human check's fields, which the server checks: its signed token, the box to tick, and a field only robots fill in. */
export const HUMAN_TOKEN_FIELD = HUMAN_CHECK_FIELDS.token;
export const HUMAN_CONFIRM_FIELD = HUMAN_CHECK_FIELDS.confirm;
export const HONEYPOT_FIELD = HUMAN_CHECK_FIELDS.trap;

export type Fields = Record<string, string>;
/** The results' own form (their Change buttons and Start again): posted as this step. */
export const RESULTS_STEP = 'results';

export const PRICES: readonly PriceFieldName[] = [
  'equipmentPurchasePrice',
  'leasePricePerPeriod',
  'cpcPricePerPeriod',
  'warrantyPrice',
  'spendPricePerPeriod',
];
export const VOLUMES: readonly VolumeFieldName[] = ['blackAndWhiteVolume', 'colourVolume'];
export const EXTRAS: readonly ExtraQuestion[] = ['equipmentIsInsured', 'tonerDeliveryPaidFor', 'networkSupportPaidFor', 'payOtherCharges'];
export const NAMED = Object.values(NAMED_CHARGES) as string[];

/** The select beside an amount or a number of pages: how often. */
export const periodName = (name: string): string => `${name}-period`;
export const chargeName = (index: number): string => `charge-${index}-name`;
export const chargeValue = (index: number): string => `charge-${index}-value`;
export const PURCHASE_YEARS_FIELD = 'equipmentPurchasePeriodYears';
export const BILL = {
  cost: 'billCost',
  split: 'billSplit',
  monoPages: 'billMonoPages',
  colourPages: 'billColourPages',
  pages: 'billPages',
  colourRatio: 'billColourRatio',
} as const;

const yesNo = (value: boolean | null | undefined): string | null => (value === true ? 'yes' : value === false ? 'no' : null);
const count = (value: number | null): string => (value === null ? '' : String(value));

/** Every answer as the form's fields (a question not yet answered has none). */
export function answerFields(answers: SavingsAnswers): Fields {
  const fields: Fields = {};
  const put = (name: string, value: string | null) => {
    if (value !== null) fields[name] = value;
  };
  put('entryMode', answers.entryMode);
  put('purchaseMethod', answers.purchaseMethod);
  put('howIsEquipmentSupported', answers.howIsEquipmentSupported);
  put(PURCHASE_YEARS_FIELD, String(answers.equipmentPurchasePeriodYears));
  for (const name of PRICES) {
    put(name, penceToPoundsText(answers[name].value));
    if (name !== 'equipmentPurchasePrice') put(periodName(name), String(answers[name].periodInMonths));
  }
  for (const name of EXTRAS) put(name, yesNo(answers[name]));
  answers.otherChargesPricePerPeriod.forEach((charge, index) => {
    put(chargeName(index), charge.name);
    put(chargeValue(index), penceToPoundsText(charge.value));
    put(periodName(chargeValue(index)), String(charge.periodInMonths));
  });
  for (const name of VOLUMES) {
    put(name, count(answers[name].value));
    put(periodName(name), String(answers[name].periodInMonths));
  }
  put('printsA3', yesNo(answers.printsA3));
  const { bill } = answers;
  put(BILL.cost, penceToPoundsText(bill.cost));
  put(periodName(BILL.cost), String(bill.periodInMonths));
  const split = bill.monoPages !== null || bill.colourPages !== null;
  put(BILL.split, split ? 'split' : 'total');
  if (split) {
    put(BILL.monoPages, count(bill.monoPages));
    put(BILL.colourPages, count(bill.colourPages));
  } else {
    put(BILL.pages, count(bill.pages));
    put(BILL.colourRatio, String(bill.colourRatio));
  }
  return fields;
}

/** The names the step's own questions post (the form's other answers go in hidden fields). */
export function stepFieldNames(step: StepId, answers: SavingsAnswers): string[] {
  switch (step) {
    case 'start':
      return ['entryMode'];
    case 'equipment':
      return ['purchaseMethod'];
    case 'purchase-price':
      return ['equipmentPurchasePrice', PURCHASE_YEARS_FIELD];
    case 'lease-price':
      return ['leasePricePerPeriod', periodName('leasePricePerPeriod')];
    case 'support':
      return ['howIsEquipmentSupported'];
    case 'support-costs': {
      const support = effectiveSupport(answers);
      const names: string[] = [];
      if (support === 'service-contract' || support === 'cpc') names.push('cpcPricePerPeriod');
      if (support === 'warranty') names.push('warrantyPrice');
      if (support === 'warranty' || support === 'pay-as-you-go' || support === 'none') names.push('spendPricePerPeriod');
      return names.flatMap((name) => [name, periodName(name)]);
    }
    case 'extras':
      return [...EXTRAS];
    case 'other-charges':
      return answers.otherChargesPricePerPeriod.flatMap((charge, index) => [
        ...(NAMED.includes(charge.name) ? [] : [chargeName(index)]),
        chargeValue(index),
        periodName(chargeValue(index)),
      ]);
    case 'volumes':
      return [...VOLUMES.flatMap((name) => [name, periodName(name)]), 'printsA3'];
    case 'bill':
      return [BILL.cost, periodName(BILL.cost)];
    case 'bill-pages': {
      const split = answers.bill.monoPages !== null || answers.bill.colourPages !== null;
      return [BILL.split, ...(split ? [BILL.monoPages, BILL.colourPages] : [BILL.pages, BILL.colourRatio]), 'printsA3'];
    }
    case 'check':
      return [];
  }
}

/** The answers the step's form carries hidden: every answer whose question is not on this step. */
export function hiddenFields(step: StepId, answers: SavingsAnswers): Fields {
  const own = new Set(stepFieldNames(step, answers));
  return Object.fromEntries(Object.entries(answerFields(answers)).filter(([name]) => !own.has(name)));
}
