/**
 * Changes to the checker's answers that touch more than one field (docs/product-rules.md "Answers"):
 * the yes/no extras and their charges, the other charges' rows, the bill's page split. They mutate
 * the answers they are given; the store calls them inside its actions.
 */
import {
  billPages,
  DEFAULT_PERIOD_IN_MONTHS,
  MAX_OTHER_CHARGES,
  NAMED_CHARGES,
  type Bill,
  type SavingsAnswers,
} from '@copytech/shared/domain';

export type PriceFieldName =
  'equipmentPurchasePrice' | 'leasePricePerPeriod' | 'cpcPricePerPeriod' | 'warrantyPrice' | 'spendPricePerPeriod';
export type VolumeFieldName = 'blackAndWhiteVolume' | 'colourVolume';
export type ExtraQuestion = 'equipmentIsInsured' | 'tonerDeliveryPaidFor' | 'networkSupportPaidFor' | 'payOtherCharges';

/**
 * A yes/no extra. "Yes" to insurance, toner delivery or network support adds a charge of that
 * name to fill in, "no" takes it away; "yes" to other charges adds an empty row, "no" removes
 * the rows the visitor added.
 */
export function setExtra(answers: SavingsAnswers, question: ExtraQuestion, yes: boolean): void {
  answers[question] = yes;
  const charges = answers.otherChargesPricePerPeriod;
  const namedValues = Object.values(NAMED_CHARGES) as string[];
  if (question === 'payOtherCharges') {
    const own = charges.filter((charge) => !namedValues.includes(charge.name));
    if (yes && own.length === 0 && charges.length < MAX_OTHER_CHARGES)
      charges.push({ name: '', value: null, periodInMonths: DEFAULT_PERIOD_IN_MONTHS });
    if (!yes) answers.otherChargesPricePerPeriod = charges.filter((charge) => namedValues.includes(charge.name));
  } else {
    const name = NAMED_CHARGES[question];
    const present = charges.some((charge) => charge.name === name);
    if (yes && !present && charges.length < MAX_OTHER_CHARGES) {
      charges.push({ name, value: null, periodInMonths: question === 'equipmentIsInsured' ? 12 : DEFAULT_PERIOD_IN_MONTHS });
    }
    if (!yes) answers.otherChargesPricePerPeriod = charges.filter((charge) => charge.name !== name);
  }
}

/** Adds an empty row, unless the list is full; a row means the visitor pays other charges. */
export function addOtherCharge(answers: SavingsAnswers): boolean {
  if (answers.otherChargesPricePerPeriod.length >= MAX_OTHER_CHARGES) return false;
  answers.otherChargesPricePerPeriod.push({ name: '', value: null, periodInMonths: DEFAULT_PERIOD_IN_MONTHS });
  if (answers.payOtherCharges !== true) answers.payOtherCharges = true;
  return true;
}

/**
 * Whether the visitor knows the bill's mono and colour pages. Switching to the split starts
 * from the split of the total (or 0 and 0); switching back adds them up into the total.
 */
export function setBillPagesSplit(bill: Bill, known: boolean): void {
  const split = billPages(bill);
  if (known) {
    bill.monoPages = split.mono;
    bill.colourPages = split.colour;
  } else {
    if (bill.monoPages !== null || bill.colourPages !== null) bill.pages = split.mono + split.colour || null;
    bill.monoPages = null;
    bill.colourPages = null;
  }
}
