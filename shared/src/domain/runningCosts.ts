/**
 * Running costs (docs/product-rules.md "Running costs"): what a machine costs a month to run, the
 * rental (where a lease is offered) plus every page printed at the machine's service prices per
 * page, with the service agreement's minimum charge; and the page-billing terms said beside every
 * price per page. Pure: every function takes the product, the pages and the terms it words.
 */
import { formatPence, leaseOffer, startingFromPence } from './catalogue';
import type { Product, ServicePerPage } from './product';
import { minimumChargeWords, penceWords, type CommercialTerms } from './terms';
import { withVatPence } from './vat';

/** The machine's service prices per page, or null when it has none (scanners, finishers). */
export function servicePerPageOf(product: Pick<Product, 'price'> | null | undefined): ServicePerPage | null {
  const rates = product?.price?.servicePerPage;
  if (!rates || typeof rates.mono !== 'number' || !Number.isFinite(rates.mono) || rates.mono <= 0) return null;
  const colour = typeof rates.colour === 'number' && Number.isFinite(rates.colour) && rates.colour > 0 ? rates.colour : null;
  return { mono: rates.mono, colour };
}

/** Pages printed a month, in A4 pages. */
export interface MonthlyPages {
  mono: number;
  colour: number;
}
/** The most pages a month an estimate takes, of each kind (a heavy production press prints about 500,000). */
export const MONTHLY_PAGES_MAX = 2_000_000;

/** The classes whose machines share default volumes. */
export type RunningCostClass = 'office-a4' | 'office-a3' | 'light-production' | 'mid-production' | 'heavy-production' | 'wide-format';

/**
 * Typical pages a month by class, the estimate's starting volumes (A4 pages; a plotter's sheets
 * counted by area). A mono machine prints `mono + colour` of its class's pages, all mono.
 */
export const DEFAULT_MONTHLY_PAGES: Readonly<Record<RunningCostClass, MonthlyPages>> = {
  'office-a4': { mono: 1000, colour: 250 },
  'office-a3': { mono: 3000, colour: 1000 },
  'light-production': { mono: 20000, colour: 15000 },
  'mid-production': { mono: 50000, colour: 40000 },
  'heavy-production': { mono: 120000, colour: 80000 },
  'wide-format': { mono: 400, colour: 400 },
};

/** The class a printing machine's default volumes come from, or null for a machine that prints nothing. */
export function runningCostClassOf(
  product: Pick<Product, 'productCategory' | 'productSpecification' | 'paperSize'>,
): RunningCostClass | null {
  const spec = product.productSpecification ?? '';
  if (spec === 'light-production' || spec === 'mid-production' || spec === 'heavy-production') return spec;
  if (String(product.productCategory) === 'plotter' || spec === 'wide-format') return 'wide-format';
  if (spec === 'office') return product.paperSize === 'A3' ? 'office-a3' : 'office-a4';
  return null;
}

/** The estimate's starting volumes for a machine (all mono on a mono machine); null when it prints nothing. */
export function defaultMonthlyPages(
  product: Pick<Product, 'productCategory' | 'productSpecification' | 'paperSize' | 'price'>,
): MonthlyPages | null {
  const rates = servicePerPageOf(product);
  const cls = runningCostClassOf(product);
  if (!rates || !cls) return null;
  const pages = DEFAULT_MONTHLY_PAGES[cls];
  return rates.colour === null ? { mono: pages.mono + pages.colour, colour: 0 } : { ...pages };
}

/** A volume as typed or stored: a whole number of pages from 0 to MONTHLY_PAGES_MAX (anything else is 0). */
export function boundedPages(value: unknown): number {
  const number = typeof value === 'string' ? Number(value.replace(/[,\s]/g, '')) : Number(value);
  if (!Number.isFinite(number) || number <= 0) return 0;
  return Math.min(MONTHLY_PAGES_MAX, Math.round(number));
}

export interface RunningCostEstimate {
  /** The rental per month (whole pence ex VAT), or null when the machine is sold outright only. */
  rentalPence: number | null;
  /** The outright price (whole pence ex VAT) when no lease is offered; else null. */
  purchasePence: number | null;
  /** The pages at the machine's prices, pence a month (unrounded). */
  pagesPence: number;
  /** What the service agreement bills a month: the pages, at least the minimum charge (whole pence). */
  servicePence: number;
  /** Whether the minimum charge sets the service figure (the pages cost less). */
  minimumApplies: boolean;
  /** Rental plus service a month, whole pence ex VAT (service alone when there is no rental). */
  totalPence: number;
  /** The volumes used (colour 0 on a mono machine). */
  pages: MonthlyPages;
  rates: ServicePerPage;
}

/**
 * What the machine costs a month at these volumes, ex VAT: the rental (where a lease is offered,
 * `leaseOffer`) plus the pages at its service prices, the service charge being at least the
 * minimum charge spread over its period. Null for a machine without prices per page.
 */
export function monthlyRunningCost(
  product: Pick<Product, 'price'>,
  pages: MonthlyPages,
  terms: CommercialTerms,
): RunningCostEstimate | null {
  const rates = servicePerPageOf(product);
  if (!rates) return null;
  // A mono machine prints every page asked for, the colour ones in mono.
  const used =
    rates.colour === null
      ? { mono: Math.min(MONTHLY_PAGES_MAX, boundedPages(pages.mono) + boundedPages(pages.colour)), colour: 0 }
      : { mono: boundedPages(pages.mono), colour: boundedPages(pages.colour) };
  const pagesPence = used.mono * rates.mono + used.colour * (rates.colour ?? 0);
  const { pence, periodMonths } = terms.service.minimumCharge;
  const minimum = pence / periodMonths;
  const minimumApplies = pagesPence < minimum;
  const servicePence = Math.round(minimumApplies ? minimum : pagesPence);
  const offer = leaseOffer(product, terms.lease);
  const rentalPence = offer ? offer.perMonthPence : null;
  return {
    rentalPence,
    purchasePence: offer ? null : startingFromPence(product),
    pagesPence,
    servicePence,
    minimumApplies,
    totalPence: (rentalPence ?? 0) + servicePence,
    pages: used,
    rates,
  };
}

/** A machine's prices per page in words: `0.52p a mono page and 4p a colour page (A4, ex VAT)`. */
export function servicePerPageWords(rates: ServicePerPage): string {
  const mono = `${penceWords(rates.mono)} a mono page`;
  return rates.colour === null ? `${mono} (A4, ex VAT)` : `${mono} and ${penceWords(rates.colour)} a colour page (A4, ex VAT)`;
}

/**
 * The estimate's sum in words, with the total with VAT (`withVatPence`): `£138.00 rental + £35.60
 * pages = £173.60 a month, ex VAT; £208.32 with VAT`. The product page, the basket's instant quote
 * and the quote e-mail all say it so.
 */
export function runningCostWords(estimate: RunningCostEstimate): string {
  const money = (value: number) => formatPence(value) ?? '£0.00';
  const service = estimate.minimumApplies
    ? `${money(estimate.servicePence)} minimum service charge`
    : `${money(estimate.servicePence)} pages`;
  const vat = `${money(withVatPence(estimate.totalPence))} with VAT`;
  if (estimate.rentalPence === null) return `${service} a month, ex VAT (the machine bought outright); ${vat}`;
  return `${money(estimate.rentalPence)} rental + ${service} = ${money(estimate.totalPence)} a month, ex VAT; ${vat}`;
}

/**
 * The page-billing terms in plain sentences, said wherever a price per page is (product page,
 * comparison, checker, quote e-mail, terms page): colour per page, how A3 and larger sheets count,
 * the minimum charge, the coverage the prices assume, and how and when they may rise.
 */
export function pageBillingTerms(terms: CommercialTerms): string[] {
  const billing = terms.service.pageBilling;
  const a3 =
    billing.a4PagesPerA3Page === 1
      ? 'An A3 page counts as one page, the same as an A4 page, and a plotter sheet as the A3 pages of its area (an A1 sheet is four).'
      : 'An A3 page counts as two A4 pages, and a plotter sheet as the A4 pages of its area (an A1 sheet is eight).';
  return [
    `Colour is billed per page: ${billing.colourPage}.`,
    a3,
    `The minimum charge is ${minimumChargeWords(terms)} ex VAT: if your pages cost less than that, the minimum is billed, the pages included. There is no other minimum.`,
    `Prices assume an average toner coverage of ${billing.coveragePercent}% of a page (a typical business letter); ${billing.aboveCoverage}.`,
    `Prices per page are fixed for the first ${billing.fixedForMonths} months; after that they may rise ${billing.riseAtMost}, with ${billing.riseNoticeDays} days' written notice.`,
  ];
}

/** The query parameter that opens the savings checker with a machine as Copytech's side. */
export const CHECKER_MACHINE_PARAM = 'machine';

/** "Check against what you pay now": the savings checker with this machine as Copytech's side. */
export function checkerPathForMachine(modelId: string): string {
  return `/discover-print-savings?${CHECKER_MACHINE_PARAM}=${encodeURIComponent(modelId)}`;
}
