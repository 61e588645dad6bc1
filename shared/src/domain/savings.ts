/**
 * The print-savings checker's answers and its calculation (docs/product-rules.md "Savings checker").
 *
 * One module for both sides: the checker remote shows the results from `calculateSavings()` and
 * the server recomputes the e-mailed report with the same function from the same answers, so
 * the two can never disagree. Pure: no React, no DOM, no stores.
 *
 * ## Units
 *
 * - Money is **pence**. Every amount a visitor enters (`value` of a price field, an other charge,
 *   the bill's `cost`) is a whole number of pence, excluding VAT; the wizard converts the pounds
 *   typed into pence. Totals in the result are whole pence (rounded once, at the end).
 * - Prices per page are **pence per page**, fractional: Copytech's rates are 0.39p per mono page
 *   and 3.3p per colour page (`COPYTECH_PRICE_PER_PAGE`, docs/product-rules.md "Constants"; an A4 page,
 *   excluding VAT). Per-page figures in the result are rounded to 0.01p.
 * - Volumes are pages (A4 impressions) in a period; periods are whole months (1, 3, 6 or 12).
 *
 * ## What the visitor tells us (`SavingsAnswers`)
 *
 * Either item by item (`entryMode: 'itemised'`) or, if they only know their print bill,
 * the bill's total, period and pages (`entryMode: 'bill'`).
 *
 * `purchaseMethod`, how the current equipment was obtained:
 * - `'lease'`: a finance lease, a fixed payment per period for a term (`leasePricePerPeriod`);
 * - `'rental'`: a rental agreement, also a fixed payment per period (`leasePricePerPeriod`),
 *   usually shorter and cancellable;
 * - `'purchase'`: bought outright for `equipmentPurchasePrice`, which the calculation spreads
 *   evenly over `equipmentPurchasePeriodYears` (how long the business keeps a machine);
 * - `'cpc-only'`: no separate equipment payment; one cost-per-copy charge covers the machine,
 *   its service and its toner (`cpcPricePerPeriod`). No support question is asked.
 *
 * `howIsEquipmentSupported`, how the machine is kept running (not asked for `'cpc-only'`):
 * - `'service-contract'`: a service agreement paid per period (`cpcPricePerPeriod`);
 * - `'cpc'`: a cost-per-copy service agreement, click charges billed per period (`cpcPricePerPeriod`);
 * - `'warranty'`: a manufacturer's or extended warranty (`warrantyPrice` per its period), with
 *   toner, parts outside the warranty and call-outs paid as they come (`spendPricePerPeriod`);
 * - `'pay-as-you-go'`: repairs, parts and toner paid as they come (`spendPricePerPeriod`);
 * - `'none'`: nothing but the toner and consumables bought (`spendPricePerPeriod`).
 *
 * `equipmentIsInsured`, `tonerDeliveryPaidFor`, `networkSupportPaidFor` and `payOtherCharges`
 * are yes/no questions; a "yes" adds a row to `otherChargesPricePerPeriod` (name, value, period)
 * where the visitor says what it costs. Only answers relevant to the choices made count: a lease
 * price left over from before the visitor switched to "bought outright" is ignored.
 *
 * ## The calculation (`calculateSavings`)
 *
 * 1. Every cost is normalised to **per month**: value / periodInMonths (a purchase:
 *    price / (years x 12)); per year = per month x 12; over 60 months = per month x 60 (a typical
 *    UK agreement term). No price rises are added on either side.
 * 2. Today's cost per month is split in three: **equipment** (lease or rental payment, or the
 *    purchase spread over its years), **print service** (service contract or cost-per-copy
 *    charges, warranty, pay-as-you-go spend; or the whole bill on the bill-only path) and
 *    **other charges** (insurance, toner delivery, network support and anything else listed).
 * 3. With Copytech, the print service is replaced by Copytech's charges for the **same pages**:
 *    mono pages x 0.39p + colour pages x 3.3p. Equipment and other charges are assumed to stay
 *    the same (a like-for-like comparison; a quote compares machines too). So the saving is
 *    the print service cost today minus Copytech's per-page charges.
 * 4. **Cost per page** (today and with Copytech) apportions each side's whole monthly cost,
 *    shared costs included, between mono and colour pages by weight: a colour page weighs as much
 *    as colour rate / mono rate mono pages (3.3 / 0.39, about 8.5), the ratio of Copytech's own
 *    rates and close to the market's. With k = total / (mono pages x 0.39 + colour pages x 3.3),
 *    the cost per mono page is k x 0.39p and per colour page k x 3.3p; k is "how many times
 *    Copytech's rates you pay". A kind of page not printed has no cost per page (null).
 * 5. **Zero or missing volumes**: with no pages there is no cost per page and no fair
 *    comparison, so the result is `'incomplete'` with a message asking for the volumes (the
 *    monthly costs are still given). No cost at all entered is `'incomplete'` too.
 * 6. **Honest result**: `'saving'` only when Copytech costs less per year; otherwise
 *    `'no-saving'`, with a message that says so and by how much it would cost more.
 */
import { formatPence } from './catalogue';

// ---------------------------------------------------------------------------------------------
// Constants (docs/product-rules.md "Constants")

/** Copytech's prices per page, in pence per A4 page excluding VAT. */
export const COPYTECH_PRICE_PER_PAGE = Object.freeze({ mono: 0.39, colour: 3.3 });
/** Period of every price and volume until the visitor changes it: a quarter (UK bills are quarterly). */
export const DEFAULT_PERIOD_IN_MONTHS = 3;
/** Share of colour pages assumed in a bill whose split the visitor does not know (per cent). */
export const DEFAULT_COLOUR_RATIO = 30;
/** Years a bought machine is spread over unless the visitor says otherwise (a 60-month term). */
export const DEFAULT_PURCHASE_PERIOD_YEARS = 5;
/** The term the long-run figures are given for. */
export const COMPARISON_MONTHS = 60;

/** The periods a visitor can choose for a price or a volume. */
export const PERIOD_OPTIONS = [
  { months: 1, label: 'per month' },
  { months: 3, label: 'per quarter' },
  { months: 6, label: 'every 6 months' },
  { months: 12, label: 'per year' },
] as const;
export type PeriodInMonths = (typeof PERIOD_OPTIONS)[number]['months'];
export const PERIOD_MONTHS: readonly number[] = PERIOD_OPTIONS.map((option) => option.months);

export const PURCHASE_YEARS_MIN = 1;
export const PURCHASE_YEARS_MAX = 10;
export const MAX_OTHER_CHARGES = 10;
export const OTHER_CHARGE_NAME_MAX = 60;
/** Upper bounds that keep a typo from producing absurd figures (and the server's input bounded). */
export const SAVINGS_LIMITS = {
  /** £1,000,000 in pence, for any single amount */
  maxPence: 100_000_000,
  /** pages in one period */
  maxPages: 50_000_000,
} as const;

// ---------------------------------------------------------------------------------------------
// Answers

export const ENTRY_MODES = ['itemised', 'bill'] as const;
export type EntryMode = (typeof ENTRY_MODES)[number];
export const PURCHASE_METHODS = ['lease', 'rental', 'purchase', 'cpc-only'] as const;
export type PurchaseMethod = (typeof PURCHASE_METHODS)[number];
export const SUPPORT_METHODS = ['service-contract', 'cpc', 'warranty', 'pay-as-you-go', 'none'] as const;
export type SupportMethod = (typeof SUPPORT_METHODS)[number];

export const PURCHASE_METHOD_LABELS: Record<PurchaseMethod, string> = {
  lease: 'Leased (a finance agreement with a fixed payment)',
  rental: 'Rented (a rental agreement with a fixed payment)',
  purchase: 'Bought outright',
  'cpc-only': 'Included in a cost-per-copy charge (no separate equipment payment)',
};
export const SUPPORT_METHOD_LABELS: Record<SupportMethod, string> = {
  'service-contract': 'A service contract with a fixed fee',
  cpc: 'A cost-per-copy (click charge) agreement',
  warranty: 'A warranty',
  'pay-as-you-go': 'We pay for repairs and toner as we need them',
  none: 'No support: we only buy toner',
};

/** An amount in pence paid every `periodInMonths` months; null until the visitor answers. */
export interface PricePerPeriod {
  periodInMonths: number;
  value: number | null;
}
export interface OtherCharge {
  name: string;
  /** pence per period */
  value: number | null;
  periodInMonths: number;
}
/** Pages printed every `periodInMonths` months; null until the visitor answers. */
export interface Volume {
  periodInMonths: number;
  value: number | null;
}
/** Pence per A4 page. */
export interface PricePerPage {
  mono: number;
  colour: number;
}
/**
 * The bill-only path: the total of a print bill (`cost`, pence) for `periodInMonths`, and its
 * pages, either split (`monoPages` and `colourPages`, when either is not null) or as a total
 * (`pages`) of which `colourRatio` per cent are colour.
 */
export interface Bill {
  colourPages: number | null;
  monoPages: number | null;
  pages: number | null;
  cost: number | null;
  colourRatio: number;
  periodInMonths: number;
}

export interface SavingsAnswers {
  entryMode: EntryMode | null;
  purchaseMethod: PurchaseMethod | null;
  equipmentIsInsured: boolean | null;
  equipmentPurchasePeriodYears: number;
  howIsEquipmentSupported: SupportMethod | null;
  tonerDeliveryPaidFor: boolean | null;
  networkSupportPaidFor: boolean | null;
  payOtherCharges: boolean | null;
  /** A one-off price: spread over equipmentPurchasePeriodYears (its periodInMonths mirrors that). */
  equipmentPurchasePrice: PricePerPeriod;
  /** The lease or rental payment. */
  leasePricePerPeriod: PricePerPeriod;
  /** The service contract fee or the cost-per-copy charges. */
  cpcPricePerPeriod: PricePerPeriod;
  warrantyPrice: PricePerPeriod;
  /** Money spent as needed: toner, parts, repairs and call-outs no contract covers. */
  spendPricePerPeriod: PricePerPeriod;
  otherChargesPricePerPeriod: OtherCharge[];
  blackAndWhiteVolume: Volume;
  colourVolume: Volume;
  copytechPricePerPage: PricePerPage;
  bill: Bill;
}

/** Names of the other-charge rows the yes/no questions add. */
export const NAMED_CHARGES = {
  equipmentIsInsured: 'Equipment insurance',
  tonerDeliveryPaidFor: 'Toner delivery',
  networkSupportPaidFor: 'Network support',
} as const;

function price(periodInMonths: number = DEFAULT_PERIOD_IN_MONTHS): PricePerPeriod {
  return { periodInMonths, value: null };
}

/** The defaults (docs/product-rules.md "Answers"): period 3 months, 0.39p and 3.3p a page, colour ratio 30. */
export function defaultSavingsAnswers(): SavingsAnswers {
  return {
    entryMode: null,
    purchaseMethod: null,
    equipmentIsInsured: null,
    equipmentPurchasePeriodYears: DEFAULT_PURCHASE_PERIOD_YEARS,
    howIsEquipmentSupported: null,
    tonerDeliveryPaidFor: null,
    networkSupportPaidFor: null,
    payOtherCharges: null,
    equipmentPurchasePrice: price(DEFAULT_PURCHASE_PERIOD_YEARS * 12),
    leasePricePerPeriod: price(),
    cpcPricePerPeriod: price(),
    warrantyPrice: price(12),
    spendPricePerPeriod: price(),
    otherChargesPricePerPeriod: [],
    blackAndWhiteVolume: { periodInMonths: DEFAULT_PERIOD_IN_MONTHS, value: null },
    colourVolume: { periodInMonths: DEFAULT_PERIOD_IN_MONTHS, value: null },
    copytechPricePerPage: { ...COPYTECH_PRICE_PER_PAGE },
    bill: {
      colourPages: null,
      monoPages: null,
      pages: null,
      cost: null,
      colourRatio: DEFAULT_COLOUR_RATIO,
      periodInMonths: DEFAULT_PERIOD_IN_MONTHS,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Which answers count

/** The support arrangement that applies: a cost-per-copy-only machine is supported by its CPC. */
export function effectiveSupport(answers: Pick<SavingsAnswers, 'purchaseMethod' | 'howIsEquipmentSupported'>): SupportMethod | null {
  return answers.purchaseMethod === 'cpc-only' ? 'cpc' : answers.howIsEquipmentSupported;
}

export type PriceField = 'equipmentPurchasePrice' | 'leasePricePerPeriod' | 'cpcPricePerPeriod' | 'warrantyPrice' | 'spendPricePerPeriod';

/** The price fields that count for these answers (and that the wizard asks for). */
export function relevantPriceFields(answers: SavingsAnswers): PriceField[] {
  if (answers.entryMode !== 'itemised') return [];
  const fields: PriceField[] = [];
  if (answers.purchaseMethod === 'purchase') fields.push('equipmentPurchasePrice');
  if (answers.purchaseMethod === 'lease' || answers.purchaseMethod === 'rental') fields.push('leasePricePerPeriod');
  const support = answers.purchaseMethod ? effectiveSupport(answers) : null;
  if (support === 'service-contract' || support === 'cpc') fields.push('cpcPricePerPeriod');
  if (support === 'warranty') fields.push('warrantyPrice');
  if (support === 'warranty' || support === 'pay-as-you-go' || support === 'none') fields.push('spendPricePerPeriod');
  return fields;
}

/** Whether the other-charges list is asked for: any of the yes/no extras answered yes. */
export function asksOtherCharges(answers: SavingsAnswers): boolean {
  return (
    answers.entryMode === 'itemised' &&
    (answers.equipmentIsInsured === true ||
      answers.tonerDeliveryPaidFor === true ||
      answers.networkSupportPaidFor === true ||
      answers.payOtherCharges === true)
  );
}

/** The bill's pages, split into mono and colour (split given, or total x colour ratio). */
export function billPages(bill: Bill): { mono: number; colour: number } {
  if (bill.monoPages !== null || bill.colourPages !== null) {
    return { mono: Math.max(0, bill.monoPages ?? 0), colour: Math.max(0, bill.colourPages ?? 0) };
  }
  const total = Math.max(0, bill.pages ?? 0);
  const ratio = Math.min(100, Math.max(0, bill.colourRatio)) / 100;
  const colour = Math.round(total * ratio);
  return { mono: total - colour, colour };
}

// ---------------------------------------------------------------------------------------------
// Validation: what must be answered (the wizard's inline messages and the server's 400s). The yup
// schemas of the answers' shape and bounds are in ../forms/savings.ts.

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

// ---------------------------------------------------------------------------------------------
// The calculation

export type SavingsStatus = 'saving' | 'no-saving' | 'incomplete';

/** Whole pence per month of each part of a side's cost. */
export interface CostParts {
  equipment: number;
  printService: number;
  otherCharges: number;
}
export interface SideFigures {
  /** whole pence */
  perMonth: number;
  perYear: number;
  per60Months: number;
  /** whole pence per month, by part (they add up to perMonth) */
  partsPerMonth: CostParts;
  /** pence per page, 0.01p; null when that kind of page is not printed */
  perPage: { mono: number | null; colour: number | null };
}
export interface SavingsFigures {
  /** whole pence; negative when Copytech would cost more */
  perMonth: number;
  perYear: number;
  per60Months: number;
  /** per cent of today's cost, one decimal; null when today's cost is 0 */
  percent: number | null;
}
export interface SavingsResult {
  status: SavingsStatus;
  /** One honest sentence for the visitor. */
  message: string;
  /** Pages per month, as used (whole pages are shown; fractions are kept for the costs). */
  pagesPerMonth: { mono: number; colour: number };
  current: SideFigures;
  copytech: SideFigures;
  /** null when the comparison is incomplete */
  savings: SavingsFigures | null;
  pricePerPage: PricePerPage;
  /** What the figures rest on, in plain words, for the results page and the report. */
  assumptions: string[];
}

/** Pence per month of an amount paid every `periodInMonths` months (0 for no answer). */
export function amountPerMonth(amount: { value: number | null; periodInMonths: number }): number {
  if (amount.value === null || !Number.isFinite(amount.value) || amount.value <= 0) return 0;
  if (!Number.isFinite(amount.periodInMonths) || amount.periodInMonths <= 0) return 0;
  return amount.value / amount.periodInMonths;
}

function roundPence(value: number): number {
  const rounded = Math.round(value);
  return Object.is(rounded, -0) ? 0 : rounded;
}
function roundPerPage(value: number): number {
  return Math.round(value * 100) / 100;
}

function sideFigures(parts: CostParts, pages: { mono: number; colour: number }, rates: PricePerPage): SideFigures {
  const monthly = parts.equipment + parts.printService + parts.otherCharges;
  const partsPerMonth = {
    equipment: roundPence(parts.equipment),
    printService: roundPence(parts.printService),
    otherCharges: roundPence(parts.otherCharges),
  };
  const weight = pages.mono * rates.mono + pages.colour * rates.colour;
  const k = weight > 0 ? monthly / weight : null;
  return {
    perMonth: partsPerMonth.equipment + partsPerMonth.printService + partsPerMonth.otherCharges,
    perYear: roundPence(monthly * 12),
    per60Months: roundPence(monthly * COMPARISON_MONTHS),
    partsPerMonth,
    perPage: {
      mono: k !== null && pages.mono > 0 ? roundPerPage(k * rates.mono) : null,
      colour: k !== null && pages.colour > 0 ? roundPerPage(k * rates.colour) : null,
    },
  };
}

const money = (value: number) => formatPence(Math.abs(value)) ?? '£0.00';

/** Today's cost in three parts, pence per month (unrounded), from the relevant answers only. */
export function currentCostParts(answers: SavingsAnswers): CostParts {
  if (answers.entryMode === 'bill') {
    return {
      equipment: 0,
      printService: amountPerMonth({ value: answers.bill.cost, periodInMonths: answers.bill.periodInMonths }),
      otherCharges: 0,
    };
  }
  const fields = new Set(relevantPriceFields(answers));
  const count = (field: PriceField) => (fields.has(field) ? amountPerMonth(answers[field]) : 0);
  const years = Math.min(
    PURCHASE_YEARS_MAX,
    Math.max(PURCHASE_YEARS_MIN, Math.round(answers.equipmentPurchasePeriodYears || DEFAULT_PURCHASE_PERIOD_YEARS)),
  );
  const purchase = fields.has('equipmentPurchasePrice')
    ? amountPerMonth({ value: answers.equipmentPurchasePrice.value, periodInMonths: years * 12 })
    : 0;
  const otherCharges = asksOtherCharges(answers)
    ? answers.otherChargesPricePerPeriod.reduce((sum, charge) => sum + amountPerMonth(charge), 0)
    : 0;
  return {
    equipment: purchase + count('leasePricePerPeriod'),
    printService: count('cpcPricePerPeriod') + count('warrantyPrice') + count('spendPricePerPeriod'),
    otherCharges,
  };
}

/** Pages per month, mono and colour (fractions kept), from the volumes or the bill. */
export function pagesPerMonth(answers: SavingsAnswers): { mono: number; colour: number } {
  if (answers.entryMode === 'bill') {
    const { mono, colour } = billPages(answers.bill);
    const months = answers.bill.periodInMonths > 0 ? answers.bill.periodInMonths : DEFAULT_PERIOD_IN_MONTHS;
    return { mono: mono / months, colour: colour / months };
  }
  return { mono: amountPerMonth(answers.blackAndWhiteVolume), colour: amountPerMonth(answers.colourVolume) };
}

function assumptionsFor(answers: SavingsAnswers, rates: PricePerPage): string[] {
  const list = [
    `Copytech's prices are ${rates.mono}p per mono page and ${rates.colour}p per colour page (A4, excluding VAT), for the same pages you print today.`,
    'All amounts exclude VAT. No price rises are added on either side over the 60 months.',
  ];
  if (answers.entryMode === 'bill') {
    list.push(
      "Your bill is taken as the cost of service, parts and toner, and compared with Copytech's charges for the same pages. If it includes a lease or rental payment, the saving shown is too high.",
    );
    if (answers.bill.monoPages === null && answers.bill.colourPages === null) {
      list.push(`${answers.bill.colourRatio}% of the pages on your bill are taken to be colour.`);
    }
  } else {
    list.push(
      'Your equipment costs and other charges are assumed to stay the same with Copytech, so only the cost of running your machines is compared. A quote compares machines too.',
    );
    if (answers.purchaseMethod === 'purchase') {
      list.push(
        `The price you paid for your equipment is spread evenly over ${answers.equipmentPurchasePeriodYears} year${answers.equipmentPurchasePeriodYears === 1 ? '' : 's'}.`,
      );
    }
    if (answers.purchaseMethod === 'cpc-only') {
      list.push(
        "Your cost-per-copy charge includes the machine; Copytech's prices per page do not, so a Copytech machine would be quoted on top of the figures shown.",
      );
    }
  }
  list.push(
    `Costs per page share every cost between mono and colour pages, a colour page counting as ${roundPerPage(rates.colour / rates.mono)} mono pages (the ratio of Copytech's prices).`,
  );
  return list;
}

/** The whole comparison (see the module comment for the rules). Pure; never throws on answers of the right shape. */
export function calculateSavings(answers: SavingsAnswers): SavingsResult {
  const rates: PricePerPage = {
    mono:
      Number.isFinite(answers.copytechPricePerPage?.mono) && answers.copytechPricePerPage.mono > 0
        ? answers.copytechPricePerPage.mono
        : COPYTECH_PRICE_PER_PAGE.mono,
    colour:
      Number.isFinite(answers.copytechPricePerPage?.colour) && answers.copytechPricePerPage.colour > 0
        ? answers.copytechPricePerPage.colour
        : COPYTECH_PRICE_PER_PAGE.colour,
  };
  const pages = pagesPerMonth(answers);
  const currentParts = currentCostParts(answers);
  const copytechParts: CostParts = {
    equipment: currentParts.equipment,
    printService: pages.mono * rates.mono + pages.colour * rates.colour,
    otherCharges: currentParts.otherCharges,
  };
  const current = sideFigures(currentParts, pages, rates);
  const copytech = sideFigures(copytechParts, pages, rates);
  const assumptions = assumptionsFor(answers, rates);
  const base = { pagesPerMonth: pages, current, copytech, pricePerPage: rates, assumptions };

  if (pages.mono + pages.colour <= 0) {
    return {
      ...base,
      status: 'incomplete',
      savings: null,
      message: 'Tell us how many pages you print, and we can compare what you pay per page with Copytech.',
    };
  }
  if (current.perMonth <= 0 && currentParts.printService <= 0) {
    return {
      ...base,
      status: 'incomplete',
      savings: null,
      message: 'Tell us what you pay for your printing today, and we can compare it with Copytech.',
    };
  }

  const savings: SavingsFigures = {
    perMonth: current.perMonth - copytech.perMonth,
    perYear: current.perYear - copytech.perYear,
    per60Months: current.per60Months - copytech.per60Months,
    percent: current.perYear > 0 ? Math.round(((current.perYear - copytech.perYear) / current.perYear) * 1000) / 10 : null,
  };
  if (savings.perYear > 0) {
    return {
      ...base,
      status: 'saving',
      savings,
      message: `At Copytech's prices you could save ${money(savings.perYear)} a year${savings.percent !== null ? ` (${savings.percent}%)` : ''}, ${money(savings.per60Months)} over 60 months.`,
    };
  }
  return {
    ...base,
    status: 'no-saving',
    savings,
    message:
      savings.perYear === 0
        ? 'On the figures you gave, Copytech would cost about the same as you pay today, so we would not promise you a saving. We can still look at your service and equipment.'
        : `On the figures you gave, Copytech would not be cheaper: it would cost ${money(savings.perYear)} a year more than you pay today. Your costs per page are already at or below our prices, and we would rather tell you so.`,
  };
}

// ---------------------------------------------------------------------------------------------
// The answers in plain words (the results page's "What you told us" and the e-mailed report)

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
        value: `${formatPageCount(pages.mono)} mono and ${formatPageCount(pages.colour)} colour${split ? '' : ` (${bill.colourRatio}% colour assumed)`}`,
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
    value: `${formatPageCount(mono.value ?? 0)} mono ${periodLabel(mono.periodInMonths)} and ${formatPageCount(colour.value ?? 0)} colour ${periodLabel(colour.periodInMonths)}`,
  });
  return rows;
}
