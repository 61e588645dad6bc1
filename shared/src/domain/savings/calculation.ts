/** The savings calculation (docs/product-rules.md "Calculation"): today's costs against Copytech's for the same pages. */
import { formatPence } from '../catalogue';
import { listInWords, minimumChargeWords, type CommercialTerms } from '../terms';
import {
  asksOtherCharges,
  billPages,
  COMPARISON_MONTHS,
  DEFAULT_PERIOD_IN_MONTHS,
  NAMED_CHARGES,
  type OtherCharge,
  DEFAULT_PURCHASE_PERIOD_YEARS,
  type PriceField,
  type PricePerPage,
  PURCHASE_YEARS_MAX,
  PURCHASE_YEARS_MIN,
  relevantPriceFields,
  type SavingsAnswers,
} from './answers';
import { comparisonLead, fitRangeWords, fitRatesWords, type MachineFit } from './fit';
import { copytechRatesWords, machineAssumptions, type CheckerMachine } from './machine';

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
  /**
   * Why a saving above HIGH_SAVING_PERCENT is so large, in plain words (the message says them too);
   * empty otherwise.
   */
  reasons: string[];
  /** Whether Copytech's minimum service charge sets its print-service figure (the pages cost less). */
  minimumApplies: boolean;
  /** The weights of a mono and a colour page in the costs per page: the machine's prices, or the "from" prices. */
  pricePerPage: PricePerPage;
  /** The machine the visitor chose for Copytech's side (`?machine=`): its rental and its own prices; else null. */
  machine: CheckerMachine | null;
  /**
   * Without a chosen machine: the machine that fits the visitor's pages (`machineFit`), whose own
   * prices per page price Copytech's side, and the range across every machine that fits; null
   * when none is known (then the terms' "from" prices, said as such).
   */
  fit: MachineFit | null;
  /** What Copytech's side was priced with: the chosen machine, the machine that fits, or the "from" prices. */
  comparison: 'machine' | 'fit' | 'from';
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

/**
 * What the visitor pays today, worked out once and the same on every path (general, `?machine=`,
 * the report): the monthly costs from their answers, and the costs per page weighing a colour
 * page by the ratio of the terms' "from" prices, whatever machine Copytech's side is priced with.
 */
export function currentFigures(answers: SavingsAnswers, terms: CommercialTerms): SideFigures {
  return sideFigures(currentCostParts(answers), pagesPerMonth(answers), terms.service.pricePerPage.fromPence);
}

/** A saving above this share of today's cost is shown only with its reasons (docs/product-rules.md "Calculation"). */
export const HIGH_SAVING_PERCENT = 60;

/** Charges the service agreement includes (toner delivery, call-outs, parts...): they do not carry into Copytech's column. */
const COVERED_BY_SERVICE = /\b(?:toner|deliver(?:y|ies)|call[- ]?outs?|engineers?|parts|labou?r|firmware|remote diagnostics?)\b/i;
export function chargeCoveredByService(charge: Pick<OtherCharge, 'name'>): boolean {
  return charge.name === NAMED_CHARGES.tonerDeliveryPaidFor || COVERED_BY_SERVICE.test(charge.name);
}

function assumptionsFor(
  answers: SavingsAnswers,
  terms: CommercialTerms,
  machine: CheckerMachine | null,
  fit: MachineFit | null,
  rates: PricePerPage,
): string[] {
  const list = [
    machine
      ? `${copytechRatesWords(terms, machine)} The figures use its own prices per page for the same pages you print today.`
      : fit
        ? `${fitRatesWords(fit)} The figures use its own prices per page for the same pages you print today; your quote gives the price for the machine you choose.`
        : `${copytechRatesWords(terms, null)} The figures use the "from" prices for the same pages you print today; your quote gives the price for your machine.`,
    `The service agreement covers ${listInWords(terms.service.covers)}, with a minimum charge of ${minimumChargeWords(terms)} (the pages it buys are included).`,
    'All amounts exclude VAT. No price rises are added on either side over the 60 months.',
    ...(machine ? machineAssumptions(machine, answers.entryMode === 'bill') : []),
  ];
  if (answers.entryMode === 'bill') {
    if (!machine || machine.rentalPence === null) {
      list.push(
        "Your bill is taken as the cost of service, parts and toner, and compared with Copytech's charges for the same pages. If it includes a lease or rental payment, the saving shown is too high.",
      );
    }
    if (answers.bill.monoPages === null && answers.bill.colourPages === null) {
      list.push(`${answers.bill.colourRatio}% of the pages on your bill are taken to be colour.`);
    }
  } else {
    list.push(
      machine
        ? "Your other charges are assumed to stay the same with Copytech, except those the service agreement includes (such as toner delivery), which are left out of Copytech's column."
        : "Your equipment costs are assumed to stay the same with Copytech, and so are your other charges, except those the service agreement includes (such as toner delivery), which are left out of Copytech's column. A quote compares machines too.",
    );
    if (answers.purchaseMethod === 'purchase') {
      list.push(
        `The price you paid for your equipment is spread evenly over ${answers.equipmentPurchasePeriodYears} year${answers.equipmentPurchasePeriodYears === 1 ? '' : 's'}.`,
      );
    }
    if (answers.purchaseMethod === 'cpc-only' && (!machine || machine.rentalPence === null)) {
      list.push(
        "Your cost-per-copy charge includes the machine; Copytech's prices per page do not, so a Copytech machine would be quoted on top of the figures shown.",
      );
    }
  }
  const from = terms.service.pricePerPage.fromPence;
  const fromRatio = roundPerPage(from.colour / from.mono);
  const sideRatio = roundPerPage(rates.colour / rates.mono);
  const priced = machine ?? fit?.machine ?? null;
  list.push(
    `Costs per page share every cost between mono and colour pages, a colour page counting as ${fromRatio} mono pages in what you pay today (the ratio of Copytech's "from" prices, the same whatever machine you compare with)${
      sideRatio !== fromRatio && priced
        ? ` and as ${sideRatio} mono pages in Copytech's column (the ratio of the ${priced.brand} ${priced.model}'s prices)`
        : ''
    }.`,
  );
  return list;
}

/** Why a large saving is so large, in plain words: what today's figures hold that Copytech's column does not, or few pages. */
function reasonsFor(
  answers: SavingsAnswers,
  pages: { mono: number; colour: number },
  terms: CommercialTerms,
  minimumApplies: boolean,
  machine: CheckerMachine | null,
  fit: MachineFit | null,
): string[] {
  const reasons: string[] = [];
  // A machine with a rental puts the machine in Copytech's column: nothing is on top.
  const machineOnTop = !machine || machine.rentalPence === null;
  if (answers.entryMode === 'bill' && machineOnTop) {
    reasons.push(
      "Your bill may include the lease or rental of your machine, while Copytech's column is the service agreement only: a Copytech machine is bought or leased on top.",
    );
  }
  if (answers.entryMode === 'itemised' && answers.purchaseMethod === 'cpc-only' && machineOnTop) {
    reasons.push(
      "Your cost-per-copy charge pays for the machine too, while Copytech's column is the service agreement only: a Copytech machine is bought or leased on top.",
    );
  }
  const perQuarter = Math.round((pages.mono + pages.colour) * 3);
  if (minimumApplies) {
    reasons.push(
      `You print few pages (about ${perQuarter.toLocaleString('en-GB')} a quarter), so Copytech's minimum charge of ${minimumChargeWords(terms)} applies, and what you pay today is spread over few pages.`,
    );
  }
  reasons.push(
    machine
      ? `The figures use the ${machine.brand} ${machine.model}'s own prices per page; any saving is confirmed on your quote.`
      : fit
        ? `The figures use the ${fit.machine.brand} ${fit.machine.model}'s own prices per page, a machine that fits what you print; any saving is confirmed on your quote.`
        : `The figures use Copytech's lowest prices per page, which only its fastest office machines have; the price for your machine, and any saving, is confirmed on your quote.`,
  );
  return reasons;
}

/** Copytech's print service per month for these pages: the pages at its prices, at least the minimum charge. */
function copytechService(
  pages: { mono: number; colour: number },
  rates: { mono: number; colour: number | null },
  terms: CommercialTerms,
): { perMonth: number; minimumApplies: boolean } {
  const pagesCost = pages.mono * rates.mono + pages.colour * (rates.colour ?? 0);
  const minimum = terms.service.minimumCharge.pence / terms.service.minimumCharge.periodMonths;
  return pagesCost < minimum ? { perMonth: minimum, minimumApplies: true } : { perMonth: pagesCost, minimumApplies: false };
}

/** Today's other charges, without those the service agreement includes, pence per month. */
function otherChargesWithCopytech(answers: SavingsAnswers): number {
  if (answers.entryMode !== 'itemised' || !asksOtherCharges(answers)) return 0;
  return answers.otherChargesPricePerPeriod
    .filter((charge) => !chargeCoveredByService(charge))
    .reduce((sum, c) => sum + amountPerMonth(c), 0);
}

function savingsOf(current: SideFigures, copytech: SideFigures): SavingsFigures {
  return {
    perMonth: current.perMonth - copytech.perMonth,
    perYear: current.perYear - copytech.perYear,
    per60Months: current.per60Months - copytech.per60Months,
    percent: current.perYear > 0 ? Math.round(((current.perYear - copytech.perYear) / current.perYear) * 1000) / 10 : null,
  };
}

/**
 * The whole comparison (docs/product-rules.md "Calculation"). Today's side is `currentFigures`,
 * the same whatever Copytech's side is. Copytech's side is priced with `machine` (docs/product-rules.md
 * "The checker for one machine": its rental in place of today's equipment and its own prices per
 * page); without one, with `fit` (docs/product-rules.md "The machine the checker compares with":
 * today's equipment kept, the same pages at the prices of the machine that fits); without either,
 * at the terms' "from" prices, said as such. Pure; never throws on answers of the right shape.
 */
export function calculateSavings(
  answers: SavingsAnswers,
  terms: CommercialTerms,
  machine: CheckerMachine | null = null,
  fit: MachineFit | null = null,
): SavingsResult {
  const usedFit = machine ? null : fit;
  const priced = machine ?? usedFit?.machine ?? null;
  const colourMachine = priced && priced.rates.colour !== null ? { mono: priced.rates.mono, colour: priced.rates.colour } : null;
  const rates: PricePerPage = colourMachine ?? { ...terms.service.pricePerPage.fromPence };
  const pages = pagesPerMonth(answers);
  // A mono machine prints every page in mono.
  const copytechPages = priced && !colourMachine ? { mono: pages.mono + pages.colour, colour: 0 } : pages;
  const currentParts = currentCostParts(answers);
  const service = copytechService(copytechPages, priced ? priced.rates : rates, terms);
  const copytechParts: CostParts = {
    equipment: machine ? (machine.rentalPence ?? 0) : currentParts.equipment,
    printService: service.perMonth,
    otherCharges: otherChargesWithCopytech(answers),
  };
  const current = currentFigures(answers, terms);
  const copytech = sideFigures(copytechParts, copytechPages, rates);
  const assumptions = assumptionsFor(answers, terms, machine, usedFit, rates);
  const base = {
    pagesPerMonth: pages,
    current,
    copytech,
    pricePerPage: rates,
    machine,
    fit: usedFit,
    comparison: machine ? ('machine' as const) : usedFit ? ('fit' as const) : ('from' as const),
    assumptions,
    reasons: [],
    minimumApplies: service.minimumApplies,
  };

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

  const savings = savingsOf(current, copytech);
  const side = comparisonLead(machine, usedFit);
  const range = fitRangeWords(usedFit);
  if (savings.perYear > 0) {
    const message = `${side}, you could save ${money(savings.perYear)} a year${savings.percent !== null ? ` (${savings.percent}%)` : ''}, ${money(savings.per60Months)} over 60 months.${range}`;
    if (savings.percent === null || savings.percent <= HIGH_SAVING_PERCENT) return { ...base, status: 'saving', savings, message };
    const reasons = reasonsFor(answers, pages, terms, service.minimumApplies, machine, usedFit);
    return {
      ...base,
      status: 'saving',
      savings,
      reasons,
      message: `${message} A saving this large needs a word of explanation: ${reasons.join(' ')}`,
    };
  }
  return {
    ...base,
    status: 'no-saving',
    savings,
    message:
      savings.perYear === 0
        ? `${side}, it would cost about the same as you pay today on the figures you gave, so we would not promise you a saving. We can still look at your service and equipment.${range}`
        : `${side}, you would not save: on the figures you gave, it would cost ${money(savings.perYear)} a year more than you pay today. Your costs per page are already at or below those prices, and we would rather tell you so.${range}`,
  };
}
