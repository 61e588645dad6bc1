/** What must still be answered (docs/product-rules.md "Answers"): the wizard's inline messages and the server's 400s. */
import { asksOtherCharges, PURCHASE_YEARS_MAX, PURCHASE_YEARS_MIN, relevantPriceFields, type SavingsAnswers } from './answers';

// The yup schemas of the answers' shape and bounds are in shared/src/forms/savings.ts.

export const SAVINGS_MESSAGES = {
  entryMode: 'Please choose how you would like to tell us your costs.',
  purchaseMethod: 'Please choose how you got your current equipment.',
  equipmentPurchasePrice: 'Please enter what you paid for the equipment, in pounds.',
  equipmentPurchasePeriodYears: `Please choose how many years you keep a machine (${PURCHASE_YEARS_MIN} to ${PURCHASE_YEARS_MAX}).`,
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
} as const;

/**
 * The questions that still need an answer, for these answers: path (as in the request, e.g.
 * 'leasePricePerPeriod.value' or 'otherChargesPricePerPeriod[0].name') to the message. Empty
 * when every relevant question is answered. Irrelevant answers are never reported.
 */
export function unansweredQuestions(answers: SavingsAnswers): Record<string, string> {
  const errors: Record<string, string> = {};
  const need = (path: string, ok: boolean, message: string) => {
    if (!ok && !errors[path]) errors[path] = message;
  };
  need('entryMode', answers.entryMode !== null, SAVINGS_MESSAGES.entryMode);
  if (answers.entryMode === 'bill') {
    const { bill } = answers;
    need('bill.cost', bill.cost !== null, SAVINGS_MESSAGES.billCost);
    const split = bill.monoPages !== null || bill.colourPages !== null;
    if (split) {
      need('bill.monoPages', bill.monoPages !== null, SAVINGS_MESSAGES.billSplit);
      need('bill.colourPages', bill.colourPages !== null, SAVINGS_MESSAGES.billSplit);
      need('bill.monoPages', (bill.monoPages ?? 0) + (bill.colourPages ?? 0) > 0, SAVINGS_MESSAGES.noPages);
    } else {
      need('bill.pages', bill.pages !== null && bill.pages > 0, SAVINGS_MESSAGES.billPages);
    }
    return errors;
  }
  if (answers.entryMode !== 'itemised') return errors;

  need('purchaseMethod', answers.purchaseMethod !== null, SAVINGS_MESSAGES.purchaseMethod);
  if (answers.purchaseMethod && answers.purchaseMethod !== 'cpc-only') {
    need('howIsEquipmentSupported', answers.howIsEquipmentSupported !== null, SAVINGS_MESSAGES.howIsEquipmentSupported);
  }
  for (const field of relevantPriceFields(answers)) {
    need(`${field}.value`, answers[field].value !== null, SAVINGS_MESSAGES[field]);
  }
  need('equipmentIsInsured', answers.equipmentIsInsured !== null, SAVINGS_MESSAGES.yesNo);
  need('tonerDeliveryPaidFor', answers.tonerDeliveryPaidFor !== null, SAVINGS_MESSAGES.yesNo);
  need('networkSupportPaidFor', answers.networkSupportPaidFor !== null, SAVINGS_MESSAGES.yesNo);
  need('payOtherCharges', answers.payOtherCharges !== null, SAVINGS_MESSAGES.yesNo);
  if (asksOtherCharges(answers)) {
    need('otherChargesPricePerPeriod', answers.otherChargesPricePerPeriod.length > 0, SAVINGS_MESSAGES.otherChargesNone);
    answers.otherChargesPricePerPeriod.forEach((charge, index) => {
      need(`otherChargesPricePerPeriod[${index}].name`, charge.name.trim().length > 0, SAVINGS_MESSAGES.otherChargeName);
      need(`otherChargesPricePerPeriod[${index}].value`, charge.value !== null, SAVINGS_MESSAGES.otherChargeValue);
    });
  }
  need('blackAndWhiteVolume.value', answers.blackAndWhiteVolume.value !== null, SAVINGS_MESSAGES.blackAndWhiteVolume);
  need('colourVolume.value', answers.colourVolume.value !== null, SAVINGS_MESSAGES.colourVolume);
  if (answers.blackAndWhiteVolume.value !== null && answers.colourVolume.value !== null) {
    need('blackAndWhiteVolume.value', answers.blackAndWhiteVolume.value + answers.colourVolume.value > 0, SAVINGS_MESSAGES.noPages);
  }
  return errors;
}
