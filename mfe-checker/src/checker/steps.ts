/**
 * The wizard's steps: one question group each, asked only when relevant to the answers so far
 * (no lease price for a bought machine, no equipment questions on the bill-only path). The
 * human check is the last step; the results follow it.
 *
 * The progress the visitor reads counts SECTIONS, not steps: four on every path (getting started,
 * what you pay, what you print, the check), so "Step 2 of 4" never turns into "3 of 8" when an
 * answer adds a question.
 */
import { asksOtherCharges, unansweredQuestions, type SavingsAnswers } from '@copytech/shared/domain';

export const STEP_IDS = [
  'start',
  'equipment',
  'purchase-price',
  'lease-price',
  'support',
  'support-costs',
  'extras',
  'other-charges',
  'volumes',
  'bill',
  'bill-pages',
  'check',
] as const;
export type StepId = (typeof STEP_IDS)[number];
/** Where the wizard is: a step, or the results after the last one. */
export type WizardPosition = StepId | 'results';

export interface StepDefinition {
  /** The step's heading. */
  title: string;
  /** Answer paths this step asks (their unanswered messages belong to it). */
  fields: readonly string[];
}

export const STEPS: Record<StepId, StepDefinition> = {
  start: { title: 'What do you know about your costs?', fields: ['entryMode'] },
  equipment: { title: 'Your equipment', fields: ['purchaseMethod'] },
  'purchase-price': { title: 'What you paid for it', fields: ['equipmentPurchasePrice', 'equipmentPurchasePeriodYears'] },
  'lease-price': { title: 'Your lease or rental payment', fields: ['leasePricePerPeriod'] },
  support: { title: 'How your equipment is supported', fields: ['howIsEquipmentSupported'] },
  'support-costs': { title: 'What support and supplies cost', fields: ['cpcPricePerPeriod', 'warrantyPrice', 'spendPricePerPeriod'] },
  extras: {
    title: 'Anything else you pay for',
    fields: ['equipmentIsInsured', 'tonerDeliveryPaidFor', 'networkSupportPaidFor', 'payOtherCharges'],
  },
  'other-charges': { title: 'Your other charges', fields: ['otherChargesPricePerPeriod'] },
  volumes: { title: 'How much you print', fields: ['blackAndWhiteVolume', 'colourVolume'] },
  bill: { title: 'Your print bill', fields: ['bill.cost'] },
  'bill-pages': { title: 'The pages on your bill', fields: ['bill.monoPages', 'bill.colourPages', 'bill.pages', 'bill.colourRatio'] },
  check: { title: 'One last check', fields: ['captcha'] },
};

/** The sections the progress counts, each with its steps; every path passes through all four. */
export const SECTIONS: ReadonlyArray<{ title: string; steps: readonly StepId[] }> = [
  { title: 'Getting started', steps: ['start'] },
  {
    title: 'What you pay',
    steps: ['equipment', 'purchase-price', 'lease-price', 'support', 'support-costs', 'extras', 'other-charges', 'bill'],
  },
  { title: 'What you print', steps: ['volumes', 'bill-pages'] },
  { title: 'One last check', steps: ['check'] },
];

/** The index of a step's section in SECTIONS. */
export function sectionOf(step: StepId): number {
  return SECTIONS.findIndex((section) => section.steps.includes(step));
}

export const CAPTCHA_MESSAGE = 'Please confirm you are not a robot: tick the box and wait a moment while it checks.';

export function isStepId(value: unknown): value is StepId {
  return typeof value === 'string' && (STEP_IDS as readonly string[]).includes(value);
}

/** The steps asked for these answers, in order; always starts with 'start' and ends with 'check'. */
export function relevantSteps(answers: SavingsAnswers): StepId[] {
  if (answers.entryMode === 'bill') return ['start', 'bill', 'bill-pages', 'check'];
  const steps: StepId[] = ['start', 'equipment'];
  if (answers.purchaseMethod === 'purchase') steps.push('purchase-price');
  if (answers.purchaseMethod === 'lease' || answers.purchaseMethod === 'rental') steps.push('lease-price');
  if (answers.purchaseMethod !== 'cpc-only') steps.push('support');
  steps.push('support-costs', 'extras');
  if (asksOtherCharges(answers)) steps.push('other-charges');
  steps.push('volumes', 'check');
  return steps;
}

function belongsTo(path: string, field: string): boolean {
  return path === field || path.startsWith(`${field}.`) || path.startsWith(`${field}[`);
}

/** The unanswered questions of one step: path to message. */
export function stepErrors(step: StepId, answers: SavingsAnswers, captchaComplete: boolean): Record<string, string> {
  if (step === 'check') return captchaComplete ? {} : { captcha: CAPTCHA_MESSAGE };
  const fields = STEPS[step].fields;
  return Object.fromEntries(
    Object.entries(unansweredQuestions(answers)).filter(([path]) => fields.some((field) => belongsTo(path, field))),
  );
}
