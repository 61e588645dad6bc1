/**
 * A step of the savings checker posted without JavaScript, read back (formFields.ts names the
 * fields): the answers into a fresh store, then the button pressed. Loaded only for a page that
 * answers a post (SavingsChecker.tsx).
 *
 * Nothing here is trusted: each posted text is read as the visitor's typing is (the same
 * parsers, choices only from their lists, numbers within their bounds), and a text that is not
 * a number is kept as typed, with its message, in place of a value.
 */
import { runInAction } from 'mobx';
import {
  DEFAULT_PERIOD_IN_MONTHS,
  ENTRY_MODES,
  MAX_OTHER_CHARGES,
  OTHER_CHARGE_NAME_MAX,
  PERIOD_MONTHS,
  PURCHASE_METHODS,
  PURCHASE_YEARS_MAX,
  PURCHASE_YEARS_MIN,
  SUPPORT_METHODS,
  type OtherCharge,
} from '@copytech/shared/domain';
import { setExtra } from './answerEdits';
import { parsePages, parsePounds } from './format';
import {
  BILL,
  chargeName,
  chargeValue,
  EXTRAS,
  MOVE_FIELD,
  periodName,
  PRICES,
  PURCHASE_YEARS_FIELD,
  RESULTS_STEP,
  STEP_FIELD,
  stepFieldNames,
  VOLUMES,
  type Fields,
} from './formFields';
import { isStepId, relevantSteps, type StepId } from './steps';
import type { SavingsCheckerStore } from './SavingsCheckerStore';

function choiceOf<V extends string>(choices: readonly V[], value: string | undefined): V | null {
  return value !== undefined && (choices as readonly string[]).includes(value) ? (value as V) : null;
}
function periodOf(value: string | undefined, fallback: number): number {
  const months = Number(value);
  return value !== undefined && PERIOD_MONTHS.includes(months) ? months : fallback;
}
function yesNoOf(value: string | undefined): boolean | null {
  return value === 'yes' ? true : value === 'no' ? false : null;
}

/**
 * The answers read from the posted fields, into a store at its defaults; returns the texts that
 * are not numbers, by name, to show as typed with their message.
 */
export function applyAnswerFields(store: SavingsCheckerStore, fields: Fields): Fields {
  return runInAction(() => readAnswerFields(store, fields));
}

function readAnswerFields(store: SavingsCheckerStore, fields: Fields): Fields {
  const typed: Fields = {};
  const answers = store.answers;
  const read = (name: string, parse: (text: string) => number | null | 'invalid'): number | null => {
    const text = fields[name];
    if (text === undefined) return null;
    const parsed = parse(text);
    if (parsed === 'invalid') {
      typed[name] = text;
      return null;
    }
    return parsed;
  };
  answers.entryMode = choiceOf(ENTRY_MODES, fields.entryMode);
  answers.purchaseMethod = choiceOf(PURCHASE_METHODS, fields.purchaseMethod);
  answers.howIsEquipmentSupported = choiceOf(SUPPORT_METHODS, fields.howIsEquipmentSupported);
  const years = Number(fields[PURCHASE_YEARS_FIELD]);
  if (Number.isInteger(years) && years >= PURCHASE_YEARS_MIN && years <= PURCHASE_YEARS_MAX) store.setPurchaseYears(years);
  for (const name of PRICES) {
    answers[name].value = read(name, (text) => parsePounds(text));
    if (name !== 'equipmentPurchasePrice') answers[name].periodInMonths = periodOf(fields[periodName(name)], answers[name].periodInMonths);
  }
  const charges: OtherCharge[] = [];
  for (let index = 0; index < MAX_OTHER_CHARGES; index += 1) {
    if (fields[chargeName(index)] === undefined && fields[chargeValue(index)] === undefined) break;
    charges.push({
      name: (fields[chargeName(index)] ?? '').slice(0, OTHER_CHARGE_NAME_MAX),
      value: read(chargeValue(index), (text) => parsePounds(text)),
      periodInMonths: periodOf(fields[periodName(chargeValue(index))], DEFAULT_PERIOD_IN_MONTHS),
    });
  }
  answers.otherChargesPricePerPeriod = charges;
  // After the charges: a "yes" adds its named charge when it is not there yet, a "no" takes it away.
  for (const name of EXTRAS) {
    const yes = yesNoOf(fields[name]);
    if (yes === null) answers[name] = null;
    else setExtra(answers, name, yes);
  }
  for (const name of VOLUMES) {
    answers[name].value = read(name, (text) => parsePages(text));
    answers[name].periodInMonths = periodOf(fields[periodName(name)], answers[name].periodInMonths);
  }
  answers.printsA3 = yesNoOf(fields.printsA3);
  const { bill } = answers;
  bill.cost = read(BILL.cost, (text) => parsePounds(text));
  bill.periodInMonths = periodOf(fields[periodName(BILL.cost)], bill.periodInMonths);
  if (fields[BILL.monoPages] !== undefined || fields[BILL.colourPages] !== undefined) {
    // "0 if none" on these two: an empty field is 0.
    bill.monoPages = read(BILL.monoPages, (text) => parsePages(text)) ?? (typed[BILL.monoPages] ? null : 0);
    bill.colourPages = read(BILL.colourPages, (text) => parsePages(text)) ?? (typed[BILL.colourPages] ? null : 0);
  } else {
    bill.pages = read(BILL.pages, (text) => parsePages(text));
    const ratio = fields[BILL.colourRatio]?.trim().replace(/%$/, '').trim();
    if (ratio !== undefined) {
      if (/^\d{1,3}$/.test(ratio) && Number(ratio) <= 100) bill.colourRatio = Number(ratio);
      else typed[BILL.colourRatio] = fields[BILL.colourRatio]!;
    }
  }
  return typed;
}

/**
 * Change (`goto-<step>`) or Start again (`restart`) pressed on the results: back to that step
 * with the answers kept. The human check is asked again before the results.
 */
function changeFromResults(store: SavingsCheckerStore, move: string): PostedStep {
  if (move === 'restart') {
    store.reset();
    return { typed: {}, showMessages: false };
  }
  const target = move.startsWith('goto-') ? move.slice('goto-'.length) : '';
  for (const step of relevantSteps(store.answers)) {
    if (step === target || step === 'check') break;
    if (Object.keys(store.errorsFor(step)).length === 0) store.completeStep(step);
  }
  if (!(isStepId(target) && target !== 'check' && store.goTo(target))) store.goTo(store.firstOpenStep);
  return { typed: {}, showMessages: false };
}

/** What a posted step comes to: the store where it now is, the texts kept as typed, and whether the step's messages show. */
export interface PostedStep {
  typed: Fields;
  showMessages: boolean;
}

/**
 * Applies a posted step to a fresh store: the answers, then the steps before the one posted
 * from completed (those that are answered), then the button pressed: Next (moves on when the
 * step is answered, else its messages show), Back, Start again, or adding or removing a charge.
 * `human` says whether the server accepted the human check posted with it.
 */
export function applyPostedStep(store: SavingsCheckerStore, fields: Fields, human: boolean): PostedStep {
  const typed = applyAnswerFields(store, fields);
  if (fields[STEP_FIELD] === RESULTS_STEP) return changeFromResults(store, fields[MOVE_FIELD] ?? '');
  const posted = isStepId(fields[STEP_FIELD]) ? (fields[STEP_FIELD] as StepId) : 'start';
  const steps = relevantSteps(store.answers);
  for (const step of steps) {
    if (step === posted) break;
    if (Object.keys(store.errorsFor(step)).length === 0) store.completeStep(step);
  }
  if (!store.goTo(posted) && store.currentStep !== posted) store.goTo(store.firstOpenStep);
  if (store.currentStep !== posted) return { typed, showMessages: false };
  const move = fields[MOVE_FIELD] ?? 'next';
  if (move === 'back') {
    store.back();
    return { typed: {}, showMessages: false };
  }
  if (move === 'restart') {
    store.reset();
    return { typed: {}, showMessages: false };
  }
  if (move === 'add-charge') {
    store.addOtherCharge();
    return { typed, showMessages: false };
  }
  const removed = /^remove-charge-(\d{1,2})$/.exec(move);
  if (removed) {
    store.removeOtherCharge(Number(removed[1]));
    return { typed, showMessages: false };
  }
  // The bill's pages: a changed "do you know the colour pages" shows its own questions first.
  if (posted === 'bill-pages') {
    const split = fields[BILL.split] === 'split';
    const splitFieldsPosted = fields[BILL.monoPages] !== undefined || fields[BILL.colourPages] !== undefined;
    if (split !== splitFieldsPosted) {
      store.setBillPagesSplit(split);
      return { typed, showMessages: false };
    }
  }
  if (posted === 'check' && human) store.completeCaptcha('');
  const ownTyped = stepFieldNames(posted, store.answers).some((name) => typed[name] !== undefined);
  if (ownTyped) return { typed, showMessages: true };
  const errors = store.next();
  return { typed, showMessages: Object.keys(errors).length > 0 };
}
