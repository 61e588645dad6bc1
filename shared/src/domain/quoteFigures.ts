/**
 * A quote's figures (docs/product-rules.md "A quote's figures"): what each machine costs a month at
 * the volumes the buyer chose, and the total, ex VAT and with VAT, with the date the quote is valid
 * until. The basket, the instant quote, the product page (through `runningCostWords`) and the quote
 * e-mail all work them out here, so the figure a buyer reads on the page is the figure in the inbox.
 * Pure: every function takes the products, the volumes and the terms.
 */
import { formatPence, leaseOffer, startingFromPence } from './catalogue';
import type { Product } from './product';
import { monthlyRunningCost, servicePerPageOf, type MonthlyPages, type RunningCostEstimate } from './runningCosts';
import type { CommercialTerms } from './terms';
import { VAT_PERCENT, withVatPence } from './vat';

/** What a machine is quoted from: its prices (and, for the words, its category). */
export type QuotedMachine = Pick<Product, 'price'>;

/** One machine's line of a quote. */
export interface QuoteLine<P extends QuotedMachine = QuotedMachine> {
  product: P;
  /** The rental plus the pages at the quote's volumes (`monthlyRunningCost`); null for a machine that prints nothing. */
  estimate: RunningCostEstimate | null;
  /**
   * What the machine costs a month, pence ex VAT: the estimate's total; for a machine that prints
   * nothing, its rental alone (its servicing is priced separately); null when it has neither (a
   * scanner or finisher sold outright only).
   */
  monthlyPence: number | null;
  /** The same with VAT. */
  monthlyWithVatPence: number | null;
  /** The price to buy it outright when no lease is offered (pence ex VAT), else null. */
  outrightPence: number | null;
  /** Whether the machine prints (has prices per page); a scanner or finisher does not. */
  prints: boolean;
}

export interface QuoteFigures<P extends QuotedMachine = QuotedMachine> {
  lines: QuoteLine<P>[];
  /** The volumes asked for (a mono machine prints all of them in mono: see each line's estimate); null when each machine has its own. */
  pages: MonthlyPages | null;
  /** Every line's monthly figure added up, pence ex VAT, and with VAT (worked out on the total). */
  monthlyPence: number;
  monthlyWithVatPence: number;
  /** The machines bought outright, added up (pence ex VAT), and with VAT; 0 when every machine is leased. */
  outrightPence: number;
  outrightWithVatPence: number;
}

/** One machine's monthly figure at these volumes, ex VAT and with VAT. */
export function quoteLine<P extends QuotedMachine>(product: P, pages: MonthlyPages, terms: CommercialTerms): QuoteLine<P> {
  const prints = servicePerPageOf(product) !== null;
  const estimate = prints ? monthlyRunningCost(product, pages, terms) : null;
  const offer = leaseOffer(product, terms.lease);
  const monthlyPence = estimate ? estimate.totalPence : offer ? offer.perMonthPence : null;
  return {
    product,
    estimate,
    monthlyPence,
    monthlyWithVatPence: monthlyPence === null ? null : withVatPence(monthlyPence),
    outrightPence: offer ? null : startingFromPence(product),
    prints,
  };
}

/**
 * The quote's figures: each machine at the same volumes (or, given a function, each at its own:
 * a request that names no volumes is quoted at each machine's class defaults), and the totals.
 */
export function quoteFigures<P extends QuotedMachine>(
  products: readonly P[],
  pages: MonthlyPages | ((product: P) => MonthlyPages),
  terms: CommercialTerms,
): QuoteFigures<P> {
  const pagesOf = typeof pages === 'function' ? pages : () => pages;
  const lines = products.map((product) => quoteLine(product, pagesOf(product), terms));
  const monthlyPence = lines.reduce((sum, line) => sum + (line.monthlyPence ?? 0), 0);
  const outrightPence = lines.reduce((sum, line) => sum + (line.outrightPence ?? 0), 0);
  return {
    lines,
    pages: typeof pages === 'function' ? null : pages,
    monthlyPence,
    monthlyWithVatPence: withVatPence(monthlyPence),
    outrightPence,
    outrightWithVatPence: withVatPence(outrightPence),
  };
}

/** What a machine that prints nothing says where a printing machine has its prices per page. */
export const PRINTS_NOTHING_WORDS = 'No page charges: it prints nothing. Its servicing is priced separately.';

/** Under several machines' prices when some print and some do not: whom the page charges are for. */
export const PAGE_CHARGES_PRINTING_ONLY =
  'Page charges are for the machines that print only: a scanner or finisher has none, and its servicing is priced separately.';

/** `£653.10 a month ex VAT (£783.72 with VAT)`. */
export function monthlyWithVatWords(exVatPence: number): string {
  return `${formatPence(exVatPence) ?? '£0.00'} a month ex VAT (${formatPence(withVatPence(exVatPence)) ?? '£0.00'} with VAT)`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last day a quote made at `createdAtMs` holds: `terms.quote.validForDays` days after it. */
export function quoteValidUntil(createdAtMs: number, terms: Pick<CommercialTerms, 'quote'>): Date {
  return new Date(createdAtMs + terms.quote.validForDays * DAY_MS);
}

const LONG_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });

/** `Valid until 2 January 2027` (the day in the UK). */
export function validUntilWords(createdAtMs: number, terms: Pick<CommercialTerms, 'quote'>): string {
  return `Valid until ${LONG_DATE.format(quoteValidUntil(createdAtMs, terms))}`;
}

/** `3,000 mono and 1,000 colour pages a month`; `4,000 mono pages a month` when no colour is asked. */
export function volumesWords(pages: MonthlyPages): string {
  const count = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
  return pages.colour > 0
    ? `${count.format(pages.mono)} mono and ${count.format(pages.colour)} colour pages a month`
    : `${count.format(pages.mono)} mono pages a month`;
}

/**
 * What the outright sentence is about: `Bought outright (no lease is offered on it)` when every
 * machine is sold outright only, `on them` for several; when only some are, which of them:
 * `Bought outright, the machine we do not lease` / `the 2 machines we do not lease`.
 */
function outrightWords(outright: number, count: number): string {
  if (outright >= count) return `Bought outright (no lease is offered on ${count === 1 ? 'it' : 'them'})`;
  return `Bought outright, ${outright === 1 ? 'the machine' : `the ${outright} machines`} we do not lease`;
}

/**
 * The totals in words, as the basket, the instant quote and the e-mail say them: `Total a month for
 * these 2 machines: £653.10 ex VAT; £783.72 with VAT (VAT at 20%).`, then, when some are sold
 * outright only, what buying them costs, once.
 */
export function quoteTotalSentences(
  figures: Pick<QuoteFigures, 'lines' | 'monthlyPence' | 'monthlyWithVatPence' | 'outrightPence' | 'outrightWithVatPence'>,
  count: number,
): string[] {
  const money = (pence: number) => formatPence(pence) ?? '£0.00';
  const which = count === 1 ? 'this machine' : `these ${count} machines`;
  const sentences = [
    `Total a month for ${which}: ${money(figures.monthlyPence)} ex VAT; ${money(figures.monthlyWithVatPence)} with VAT (VAT at ${VAT_PERCENT}%).`,
  ];
  if (figures.outrightPence > 0) {
    const outright = figures.lines.filter((line) => line.outrightPence !== null).length;
    sentences.push(
      `${outrightWords(outright, count)}: ${money(figures.outrightPence)} ex VAT; ${money(figures.outrightWithVatPence)} with VAT, once.`,
    );
  }
  return sentences;
}
