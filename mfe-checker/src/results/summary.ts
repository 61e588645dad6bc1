/**
 * Plain-words summaries of the answers and the figures: the "What you told us" list on the
 * results, and the message of a quote enquiry sent from them.
 */
import {
  asksOtherCharges,
  billPages,
  effectiveSupport,
  PERIOD_OPTIONS,
  PURCHASE_METHOD_LABELS,
  SUPPORT_METHOD_LABELS,
  type ContactDetails,
  type PricePerPeriod,
  type SavingsAnswers,
  type SavingsResult,
} from '@copytech/shared';
import type { StepId } from '../checker/steps';
import { formatMoney, formatPages, formatPerPage } from '../checker/format';

export function periodLabel(months: number): string {
  return PERIOD_OPTIONS.find((option) => option.months === months)?.label ?? `every ${months} months`;
}

function amount(price: PricePerPeriod): string {
  return price.value === null ? 'not given' : `${formatMoney(price.value)} ${periodLabel(price.periodInMonths)}`;
}

export interface SummaryRow {
  label: string;
  value: string;
  /** the step that asks it, for "Change" */
  step: StepId;
}

export function answerSummary(answers: SavingsAnswers): SummaryRow[] {
  if (answers.entryMode === 'bill') {
    const { bill } = answers;
    const pages = billPages(bill);
    const split = bill.monoPages !== null || bill.colourPages !== null;
    return [
      { label: 'Your print bill', value: bill.cost === null ? 'not given' : `${formatMoney(bill.cost)} ${periodLabel(bill.periodInMonths)}`, step: 'bill' },
      {
        label: 'Pages on the bill',
        value: `${formatPages(pages.mono)} mono and ${formatPages(pages.colour)} colour${split ? '' : ` (${bill.colourRatio}% colour assumed)`}`,
        step: 'bill',
      },
    ];
  }
  const rows: SummaryRow[] = [];
  const method = answers.purchaseMethod;
  if (method) {
    let value = PURCHASE_METHOD_LABELS[method];
    if (method === 'purchase' && answers.equipmentPurchasePrice.value !== null) {
      value += `: ${formatMoney(answers.equipmentPurchasePrice.value)} over ${answers.equipmentPurchasePeriodYears} year${answers.equipmentPurchasePeriodYears === 1 ? '' : 's'}`;
    }
    if (method === 'lease' || method === 'rental') value += `: ${amount(answers.leasePricePerPeriod)}`;
    rows.push({ label: 'Your equipment', value, step: method === 'purchase' ? 'purchase-price' : method === 'cpc-only' ? 'equipment' : 'lease-price' });
  }
  const support = effectiveSupport(answers);
  if (support) {
    const costs: string[] = [];
    if (support === 'service-contract' || support === 'cpc') costs.push(amount(answers.cpcPricePerPeriod));
    if (support === 'warranty') costs.push(`warranty ${amount(answers.warrantyPrice)}`);
    if (support === 'warranty' || support === 'pay-as-you-go' || support === 'none') costs.push(`toner, parts and repairs ${amount(answers.spendPricePerPeriod)}`);
    rows.push({ label: 'Support and supplies', value: `${SUPPORT_METHOD_LABELS[support]}: ${costs.join('; ')}`, step: 'support-costs' });
  }
  const charges = asksOtherCharges(answers) ? answers.otherChargesPricePerPeriod : [];
  rows.push({
    label: 'Other charges',
    value: charges.length ? charges.map((charge) => `${charge.name || 'Unnamed charge'} ${amount(charge)}`).join('; ') : 'None',
    step: charges.length ? 'other-charges' : 'extras',
  });
  const mono = answers.blackAndWhiteVolume;
  const colour = answers.colourVolume;
  rows.push({
    label: 'Pages you print',
    value: `${formatPages(mono.value ?? 0)} mono ${periodLabel(mono.periodInMonths)} and ${formatPages(colour.value ?? 0)} colour ${periodLabel(colour.periodInMonths)}`,
    step: 'volumes',
  });
  return rows;
}

/** The message of a quote enquiry from the checker (within the enquiry's 2,000 characters). */
export function quoteEnquiryMessage(result: SavingsResult, answers: SavingsAnswers, contact: Pick<ContactDetails, 'postcode'>): string {
  const lines = [
    'Quote request from the print savings checker.',
    `Today: ${formatMoney(result.current.perMonth)} a month (${formatMoney(result.current.perYear)} a year).`,
    `At Copytech's prices: ${formatMoney(result.copytech.perMonth)} a month (${formatMoney(result.copytech.perYear)} a year).`,
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
