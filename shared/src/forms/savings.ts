/**
 * The savings checker's yup schemas (docs/product-rules.md "Answers"), built from the answers' types,
 * bounds and messages in ../domain/savings/. The checker remote checks progress restored from
 * storage with the shape schema; the server parses every POST /api/report with parseSavingsAnswers.
 */
import { array, boolean, mixed, number, object, ValidationError } from 'yup';
import { text } from './text';
import {
  COPYTECH_PRICE_PER_PAGE,
  ENTRY_MODES,
  MAX_OTHER_CHARGES,
  OTHER_CHARGE_NAME_MAX,
  PERIOD_MONTHS,
  PURCHASE_METHODS,
  PURCHASE_YEARS_MAX,
  PURCHASE_YEARS_MIN,
  SAVINGS_LIMITS,
  SAVINGS_MESSAGES,
  SUPPORT_METHODS,
  unansweredQuestions,
  type EntryMode,
  type PurchaseMethod,
  type SavingsAnswers,
  type SupportMethod,
} from '../domain/savings';

/** Printable text only: nothing typed can break a mail header or a log line. */
const SINGLE_LINE = /^[^\u0000-\u001f\u007f]*$/;

const pence = (message: string) =>
  number()
    .typeError(SAVINGS_MESSAGES.amount)
    .integer(SAVINGS_MESSAGES.amount)
    .min(0, SAVINGS_MESSAGES.amount)
    .max(SAVINGS_LIMITS.maxPence, SAVINGS_MESSAGES.amount)
    .nullable()
    .defined(message);
const pages = (message: string) =>
  number()
    .typeError(SAVINGS_MESSAGES.pages)
    .integer(SAVINGS_MESSAGES.pages)
    .min(0, SAVINGS_MESSAGES.pages)
    .max(SAVINGS_LIMITS.maxPages, SAVINGS_MESSAGES.pages)
    .nullable()
    .defined(message);
const period = () =>
  number().typeError(SAVINGS_MESSAGES.period).oneOf(PERIOD_MONTHS, SAVINGS_MESSAGES.period).required(SAVINGS_MESSAGES.period);
const yesNo = () => boolean().typeError(SAVINGS_MESSAGES.yesNo).nullable().defined(SAVINGS_MESSAGES.yesNo);
const pricePerPeriod = (message: string, periodSchema = period()) =>
  object({ periodInMonths: periodSchema, value: pence(message) })
    .noUnknown(true)
    .required(message);
const volume = (message: string) =>
  object({ periodInMonths: period(), value: pages(message) })
    .noUnknown(true)
    .required(message);

/**
 * The shape of the answers, answered or not: types and bounds of every field. The wizard checks
 * progress kept in the browser's storage with it (anything else is discarded).
 */
export const savingsAnswersShapeSchema = object({
  entryMode: mixed<EntryMode>()
    .nullable()
    .oneOf([...ENTRY_MODES, null], SAVINGS_MESSAGES.entryMode)
    .defined(SAVINGS_MESSAGES.entryMode),
  purchaseMethod: mixed<PurchaseMethod>()
    .nullable()
    .oneOf([...PURCHASE_METHODS, null], SAVINGS_MESSAGES.purchaseMethod)
    .defined(SAVINGS_MESSAGES.purchaseMethod),
  equipmentIsInsured: yesNo(),
  equipmentPurchasePeriodYears: number()
    .typeError(SAVINGS_MESSAGES.equipmentPurchasePeriodYears)
    .integer(SAVINGS_MESSAGES.equipmentPurchasePeriodYears)
    .min(PURCHASE_YEARS_MIN, SAVINGS_MESSAGES.equipmentPurchasePeriodYears)
    .max(PURCHASE_YEARS_MAX, SAVINGS_MESSAGES.equipmentPurchasePeriodYears)
    .required(SAVINGS_MESSAGES.equipmentPurchasePeriodYears),
  howIsEquipmentSupported: mixed<SupportMethod>()
    .nullable()
    .oneOf([...SUPPORT_METHODS, null], SAVINGS_MESSAGES.howIsEquipmentSupported)
    .defined(SAVINGS_MESSAGES.howIsEquipmentSupported),
  tonerDeliveryPaidFor: yesNo(),
  networkSupportPaidFor: yesNo(),
  payOtherCharges: yesNo(),
  equipmentPurchasePrice: pricePerPeriod(
    SAVINGS_MESSAGES.equipmentPurchasePrice,
    number()
      .typeError(SAVINGS_MESSAGES.period)
      .integer(SAVINGS_MESSAGES.period)
      .min(1, SAVINGS_MESSAGES.period)
      .max(PURCHASE_YEARS_MAX * 12, SAVINGS_MESSAGES.period)
      .required(SAVINGS_MESSAGES.period),
  ),
  leasePricePerPeriod: pricePerPeriod(SAVINGS_MESSAGES.leasePricePerPeriod),
  cpcPricePerPeriod: pricePerPeriod(SAVINGS_MESSAGES.cpcPricePerPeriod),
  warrantyPrice: pricePerPeriod(SAVINGS_MESSAGES.warrantyPrice),
  spendPricePerPeriod: pricePerPeriod(SAVINGS_MESSAGES.spendPricePerPeriod),
  otherChargesPricePerPeriod: array()
    .of(
      object({
        name: text()
          .typeError(SAVINGS_MESSAGES.otherChargeName)
          .defined(SAVINGS_MESSAGES.otherChargeName)
          .strict(true)
          .max(OTHER_CHARGE_NAME_MAX, SAVINGS_MESSAGES.otherChargeName)
          .matches(SINGLE_LINE, SAVINGS_MESSAGES.otherChargeName),
        value: pence(SAVINGS_MESSAGES.otherChargeValue),
        periodInMonths: period(),
      }).noUnknown(true),
    )
    .max(MAX_OTHER_CHARGES, `Please list up to ${MAX_OTHER_CHARGES} other charges.`)
    .required(SAVINGS_MESSAGES.otherChargesNone),
  blackAndWhiteVolume: volume(SAVINGS_MESSAGES.blackAndWhiteVolume),
  colourVolume: volume(SAVINGS_MESSAGES.colourVolume),
  // Optional and never required: not said means any paper size fits.
  printsA3: boolean().typeError(SAVINGS_MESSAGES.yesNo).nullable().optional(),
  copytechPricePerPage: object({ mono: number(), colour: number() }).optional(),
  bill: object({
    colourPages: pages(SAVINGS_MESSAGES.billSplit),
    monoPages: pages(SAVINGS_MESSAGES.billSplit),
    pages: pages(SAVINGS_MESSAGES.billPages),
    cost: pence(SAVINGS_MESSAGES.billCost),
    colourRatio: number()
      .typeError(SAVINGS_MESSAGES.colourRatio)
      .min(0, SAVINGS_MESSAGES.colourRatio)
      .max(100, SAVINGS_MESSAGES.colourRatio)
      .required(SAVINGS_MESSAGES.colourRatio),
    periodInMonths: period(),
  })
    .noUnknown(true)
    .required(SAVINGS_MESSAGES.billCost),
}).noUnknown(true);

/**
 * The answers as the browser sends them (POST /api/report): the shape above, then
 * `unansweredQuestions()` for what must be answered. Prices per page are not the visitor's to
 * set: whatever arrives, `parseSavingsAnswers()` puts Copytech's own rates back.
 */
export const savingsAnswersSchema = savingsAnswersShapeSchema.test('answered', 'Please answer every question.', function answered(value) {
  let missing: Record<string, string>;
  try {
    missing = unansweredQuestions(value as unknown as SavingsAnswers);
  } catch {
    return true; // a field of the wrong type: its own schema reports it
  }
  const errors = Object.entries(missing).map(([path, message]) => this.createError({ path, message }));
  return errors.length === 0 ? true : new ValidationError(errors, value, this.path);
});

/**
 * Validates answers from outside (the server's request body) and returns them typed, with
 * Copytech's own prices per page whatever was sent. Throws yup's ValidationError (abortEarly
 * false: every field error) when anything is wrong.
 */
export function parseSavingsAnswers(input: unknown): SavingsAnswers {
  const valid = savingsAnswersSchema
    .defined("Please send the answers to the checker's questions.")
    .validateSync(input, { abortEarly: false, stripUnknown: false }) as unknown as SavingsAnswers;
  return { ...valid, copytechPricePerPage: { ...COPYTECH_PRICE_PER_PAGE } };
}
