/** The answers in plain words: the results page's "What you told us" and the e-mailed report. */
import { formatPence } from '../catalogue';
import {
  asksOtherCharges,
  billPages,
  effectiveSupport,
  PERIOD_OPTIONS,
  PURCHASE_METHOD_LABELS,
  type SavingsAnswers,
  SUPPORT_METHOD_LABELS,
} from './answers';

const pageCount = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

/** Pages as shown: "15,000". */
export function formatPageCount(pages: number): string {
  return pageCount.format(Math.round(pages));
}
/** A price per page as shown: "1.78p"; a dash when there is none. */
export function formatPencePerPage(pence: number | null): string {
  return pence === null ? '–' : `${pence.toFixed(2)}p`;
}
/** "per quarter", "per year"… */
export function periodLabel(months: number): string {
  return PERIOD_OPTIONS.find((option) => option.months === months)?.label ?? `every ${months} months`;
}

function amountText(amount: { value: number | null; periodInMonths: number }): string {
  return amount.value === null ? 'not given' : `${formatPence(amount.value)} ${periodLabel(amount.periodInMonths)}`;
}

export type AnswerSummaryKey = 'bill' | 'billPages' | 'equipment' | 'support' | 'otherCharges' | 'pages';
export interface AnswerSummaryRow {
  key: AnswerSummaryKey;
  label: string;
  value: string;
}

/** The A3 answer, when given: `, A3 included` or `, A4 only`. */
function a3Words(answers: SavingsAnswers): string {
  if (answers.printsA3 === true) return ', A3 included';
  return answers.printsA3 === false ? ', A4 only' : '';
}

/** What the visitor told us, one row per topic, counting only the answers that apply. */
export function summariseAnswers(answers: SavingsAnswers): AnswerSummaryRow[] {
  if (answers.entryMode === 'bill') {
    const { bill } = answers;
    const pages = billPages(bill);
    const split = bill.monoPages !== null || bill.colourPages !== null;
    return [
      { key: 'bill', label: 'Your print bill', value: amountText({ value: bill.cost, periodInMonths: bill.periodInMonths }) },
      {
        key: 'billPages',
        label: 'Pages on the bill',
        value: `${formatPageCount(pages.mono)} mono and ${formatPageCount(pages.colour)} colour${split ? '' : ` (${bill.colourRatio}% colour assumed)`}${a3Words(answers)}`,
      },
    ];
  }
  const rows: AnswerSummaryRow[] = [];
  const method = answers.purchaseMethod;
  if (method) {
    let value = PURCHASE_METHOD_LABELS[method];
    const years = answers.equipmentPurchasePeriodYears;
    if (method === 'purchase')
      value += `: ${answers.equipmentPurchasePrice.value === null ? 'not given' : formatPence(answers.equipmentPurchasePrice.value)} over ${years} year${years === 1 ? '' : 's'}`;
    if (method === 'lease' || method === 'rental') value += `: ${amountText(answers.leasePricePerPeriod)}`;
    rows.push({ key: 'equipment', label: 'Your equipment', value });
  }
  const support = effectiveSupport(answers);
  if (support) {
    const costs: string[] = [];
    if (support === 'service-contract' || support === 'cpc') costs.push(amountText(answers.cpcPricePerPeriod));
    if (support === 'warranty') costs.push(`warranty ${amountText(answers.warrantyPrice)}`);
    if (support === 'warranty' || support === 'pay-as-you-go' || support === 'none')
      costs.push(`toner, parts and repairs ${amountText(answers.spendPricePerPeriod)}`);
    rows.push({ key: 'support', label: 'Support and supplies', value: `${SUPPORT_METHOD_LABELS[support]}: ${costs.join('; ')}` });
  }
  const charges = asksOtherCharges(answers) ? answers.otherChargesPricePerPeriod : [];
  rows.push({
    key: 'otherCharges',
    label: 'Other charges',
    value: charges.length ? charges.map((charge) => `${charge.name.trim() || 'Unnamed charge'} ${amountText(charge)}`).join('; ') : 'None',
  });
  const { blackAndWhiteVolume: mono, colourVolume: colour } = answers;
  rows.push({
    key: 'pages',
    label: 'Pages you print',
    value: `${formatPageCount(mono.value ?? 0)} mono ${periodLabel(mono.periodInMonths)} and ${formatPageCount(colour.value ?? 0)} colour ${periodLabel(colour.periodInMonths)}${a3Words(answers)}`,
  });
  return rows;
}
