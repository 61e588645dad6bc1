/**
 * Plain-words summaries of the answers and the figures: the "What you told us" list on the
 * results, and the message of a quote enquiry sent from them.
 */
import {
  asksOtherCharges,
  checkerMachineWords,
  machineRatesShortWords,
  summariseAnswers,
  type AnswerSummaryKey,
  type ContactDetails,
  type SavingsAnswers,
  type SavingsResult,
} from '@copytech/shared/domain';
import type { StepId } from '../checker/steps';
import { formatMoney, formatPages, formatPerPage } from '../checker/format';

export interface SummaryRow {
  label: string;
  value: string;
  /** the step that asks it, for "Change" */
  step: StepId;
}

function stepFor(key: AnswerSummaryKey, answers: SavingsAnswers): StepId {
  switch (key) {
    case 'bill':
    case 'billPages':
      return 'bill';
    case 'equipment':
      return answers.purchaseMethod === 'purchase' ? 'purchase-price' : answers.purchaseMethod === 'cpc-only' ? 'equipment' : 'lease-price';
    case 'support':
      return 'support-costs';
    case 'otherCharges':
      return asksOtherCharges(answers) ? 'other-charges' : 'extras';
    case 'pages':
      return 'volumes';
  }
}

/** The shared plain-words summary (the e-mailed report says the same), each row with its step. */
export function answerSummary(answers: SavingsAnswers): SummaryRow[] {
  return summariseAnswers(answers).map((row) => ({ label: row.label, value: row.value, step: stepFor(row.key, answers) }));
}

/** The message of a quote enquiry from the checker (within the enquiry's 2,000 characters). */
export function quoteEnquiryMessage(result: SavingsResult, answers: SavingsAnswers, contact: Pick<ContactDetails, 'postcode'>): string {
  const lines = [
    'Quote request from the print savings checker.',
    ...(result.machine
      ? [`Compared with: ${checkerMachineWords(result.machine)}.`]
      : result.fit
        ? [
            `Compared with: the ${result.fit.machine.brand} ${result.fit.machine.model}'s prices per page (${machineRatesShortWords(result.fit.machine.rates)}, A4, ex VAT), a machine that fits these pages.`,
          ]
        : []),
    `Today: ${formatMoney(result.current.perMonth)} a month (${formatMoney(result.current.perYear)} a year).`,
    `With Copytech: ${formatMoney(result.copytech.perMonth)} a month (${formatMoney(result.copytech.perYear)} a year).`,
  ];
  if (result.savings) {
    lines.push(
      result.savings.perYear > 0
        ? `Possible saving: ${formatMoney(result.savings.perYear)} a year, ${formatMoney(result.savings.per60Months)} over 60 months.`
        : 'The checker found no saving on these figures.',
    );
  }
  lines.push(
    `Cost per page today: ${formatPerPage(result.current.perPage.mono)} mono, ${formatPerPage(result.current.perPage.colour)} colour.`,
    `Pages a month: ${formatPages(result.pagesPerMonth.mono)} mono, ${formatPages(result.pagesPerMonth.colour)} colour.`,
  );
  for (const row of answerSummary(answers)) lines.push(`${row.label}: ${row.value}.`);
  lines.push(`Postcode: ${contact.postcode.trim().toUpperCase()}.`);
  // One line per fact, printable text only (names typed by the visitor are single-line already).
  return lines
    .map((line) => line.replace(/[\u0000-\u001f\u007f]/g, ' '))
    .join('\n')
    .slice(0, 2000);
}
