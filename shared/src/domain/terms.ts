/**
 * Copytech's commercial terms (docs/product-rules.md "Commercial terms"): what a lease and the
 * service agreement cover, the prices per page, the minimum service charge, the engineer response
 * standards and the lease terms offered. The one source is `server/data/terms.json`; the server
 * reads it on start with `parseCommercialTerms` (a file that does not pass stops the start), serves
 * it at `GET /api/terms` (TERMS_URL) and fills the CMS pages' `{{terms.…}}` placeholders from it.
 * Browser rooms read it with `useTerms()` ('@copytech/shared/terms'). Everything here is pure:
 * every function takes the terms it words.
 */
import { formatPence, isScannerCategory, leaseOffer, LEASE_TERM_MONTHS, startingFromPence, type LeaseTerms } from './catalogue';
import type { Product } from './product';
import { URGENCIES, type Urgency } from './enquiry';

export const TERMS_URL = '/api/terms';

export const RESPONSE_STANDARDS = ['machine-down', 'fault', 'routine'] as const;
export type ResponseStandard = (typeof RESPONSE_STANDARDS)[number];

export type { LeaseTerms } from './catalogue';

export interface ServiceTerms {
  covers: string[];
  doesNotCover: string[];
  pricePerPage: {
    /** true: prices differ by machine, so a price per page is always "from". */
    variesByMachine: boolean;
    /** The lowest prices per A4 page, pence ex VAT. */
    fromPence: { mono: number; colour: number };
    /** Which machines the "from" prices are for (the lowest of their machines' own prices). */
    fromAppliesTo: string;
  };
  /** How pages are counted and billed, and how prices per page may change (the terms buyers are caught by elsewhere). */
  pageBilling: PageBillingTerms;
  /** The least a period's page charges are billed at (pence ex VAT per `periodMonths`). */
  minimumCharge: { pence: number; periodMonths: number };
}

export interface PageBillingTerms {
  /** How a colour page is billed, after "Colour is billed per page: " (never per colour used). */
  colourPage: string;
  /** A4 pages an A3 page counts as (1 or 2); larger plotter sheets count by area in A4 pages. */
  a4PagesPerA3Page: 1 | 2;
  /** The average toner coverage of a page the prices assume, per cent. */
  coveragePercent: number;
  /** What happens above that coverage, after "; " (e.g. `there is no extra charge for pages that use more`). */
  aboveCoverage: string;
  /** Prices per page are fixed for this many months from the start of the agreement. */
  fixedForMonths: number;
  /** How they may rise after that, after "after that they may rise " (e.g. `once a year, by no more than ...`). */
  riseAtMost: string;
  /** Written notice of a rise, in days. */
  riseNoticeDays: number;
}

/** What a quote holds to: it is valid for `validForDays` days from the day it is made. */
export interface QuoteTerms {
  validForDays: number;
}

export interface CommercialTerms {
  lease: LeaseTerms;
  service: ServiceTerms;
  quote: QuoteTerms;
  /** Each response standard in words, e.g. `within two business days`. */
  engineerResponse: Record<ResponseStandard, string>;
  /** Each service-request urgency: its label, and the standard it is answered by. */
  urgencies: Record<Urgency, { label: string; response: ResponseStandard }>;
  /** Which machine suits how many people, as the product pages and the blog say it. */
  machineFit: {
    /** An A4 office multifunctional (about 30 to 35 ppm) suits a team of up to about this many people. */
    a4TeamUpTo: number;
  };
}

/** A terms file that cannot be used: the message names the field. */
export class TermsError extends Error {}

// Plain text only (it is placed in HTML and in e-mail headers' neighbours): no markup, no braces.
const PLAIN = /^[A-Za-z0-9 £%.,:;()'/-]+$/;

function object(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new TermsError(`${path} must be an object`);
  return value as Record<string, unknown>;
}
function text(value: unknown, path: string): string {
  if (typeof value !== 'string' || !PLAIN.test(value) || value.length > 200) {
    throw new TermsError(`${path} must be plain text (letters, digits, spaces and £%.,:;()'/-), at most 200 characters`);
  }
  return value;
}
function texts(value: unknown, path: string): string[] {
  if (!Array.isArray(value) || value.length === 0) throw new TermsError(`${path} must be a list of at least one item`);
  return value.map((item, index) => text(item, `${path}[${index}]`));
}
function positive(value: unknown, path: string, integer: boolean): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new TermsError(`${path} must be a ${integer ? 'whole ' : ''}number above 0`);
  }
  return value;
}

function parseLease(raw: unknown): LeaseTerms {
  const lease = object(raw, 'lease');
  const offered = lease.termsOfferedMonths;
  if (!Array.isArray(offered) || offered.length === 0) throw new TermsError('lease.termsOfferedMonths must be a list of months');
  const termsOfferedMonths = offered.map((months, index) => positive(months, `lease.termsOfferedMonths[${index}]`, true));
  const pricesShownForMonths = positive(lease.pricesShownForMonths, 'lease.pricesShownForMonths', true);
  // The catalogue's lease price is `60MonthLeasePrice`: the prices shown can only be that term's.
  if (pricesShownForMonths !== LEASE_TERM_MONTHS || !termsOfferedMonths.includes(pricesShownForMonths)) {
    throw new TermsError(
      `lease.pricesShownForMonths must be ${LEASE_TERM_MONTHS} (the catalogue's lease price) and one of termsOfferedMonths`,
    );
  }
  return {
    termsOfferedMonths: [...termsOfferedMonths].sort((a, b) => a - b),
    pricesShownForMonths,
    billedEveryMonths: positive(lease.billedEveryMonths, 'lease.billedEveryMonths', true),
    minimumStartingPricePence: positive(lease.minimumStartingPricePence, 'lease.minimumStartingPricePence', true),
    covers: texts(lease.covers, 'lease.covers'),
    doesNotCover: texts(lease.doesNotCover, 'lease.doesNotCover'),
  };
}

function parsePageBilling(raw: unknown): PageBillingTerms {
  const billing = object(raw, 'service.pageBilling');
  const a3 = billing.a4PagesPerA3Page;
  if (a3 !== 1 && a3 !== 2) throw new TermsError('service.pageBilling.a4PagesPerA3Page must be 1 or 2');
  const coveragePercent = positive(billing.coveragePercent, 'service.pageBilling.coveragePercent', false);
  if (coveragePercent > 100) throw new TermsError('service.pageBilling.coveragePercent must be a number above 0 and at most 100');
  return {
    colourPage: text(billing.colourPage, 'service.pageBilling.colourPage'),
    a4PagesPerA3Page: a3,
    coveragePercent,
    aboveCoverage: text(billing.aboveCoverage, 'service.pageBilling.aboveCoverage'),
    fixedForMonths: positive(billing.fixedForMonths, 'service.pageBilling.fixedForMonths', true),
    riseAtMost: text(billing.riseAtMost, 'service.pageBilling.riseAtMost'),
    riseNoticeDays: positive(billing.riseNoticeDays, 'service.pageBilling.riseNoticeDays', true),
  };
}

function parseService(raw: unknown): ServiceTerms {
  const service = object(raw, 'service');
  const perPage = object(service.pricePerPage, 'service.pricePerPage');
  const from = object(perPage.fromPence, 'service.pricePerPage.fromPence');
  const minimum = object(service.minimumCharge, 'service.minimumCharge');
  if (typeof perPage.variesByMachine !== 'boolean') throw new TermsError('service.pricePerPage.variesByMachine must be true or false');
  return {
    covers: texts(service.covers, 'service.covers'),
    doesNotCover: texts(service.doesNotCover, 'service.doesNotCover'),
    pricePerPage: {
      variesByMachine: perPage.variesByMachine,
      fromPence: {
        mono: positive(from.mono, 'service.pricePerPage.fromPence.mono', false),
        colour: positive(from.colour, 'service.pricePerPage.fromPence.colour', false),
      },
      fromAppliesTo: text(perPage.fromAppliesTo, 'service.pricePerPage.fromAppliesTo'),
    },
    pageBilling: parsePageBilling(service.pageBilling),
    minimumCharge: {
      pence: positive(minimum.pence, 'service.minimumCharge.pence', true),
      periodMonths: positive(minimum.periodMonths, 'service.minimumCharge.periodMonths', true),
    },
  };
}

/** The terms file's content, checked field by field; throws TermsError naming the first bad field. */
export function parseCommercialTerms(raw: unknown): CommercialTerms {
  const root = object(raw, 'terms');
  const response = object(root.engineerResponse, 'engineerResponse');
  const engineerResponse = Object.fromEntries(
    RESPONSE_STANDARDS.map((standard) => [standard, text(response[standard], `engineerResponse.${standard}`)]),
  ) as Record<ResponseStandard, string>;
  const rawUrgencies = object(root.urgencies, 'urgencies');
  const urgencies = Object.fromEntries(
    URGENCIES.map((urgency) => {
      const entry = object(rawUrgencies[urgency], `urgencies.${urgency}`);
      if (!(RESPONSE_STANDARDS as readonly unknown[]).includes(entry.response)) {
        throw new TermsError(`urgencies.${urgency}.response must be one of ${RESPONSE_STANDARDS.join(', ')}`);
      }
      return [urgency, { label: text(entry.label, `urgencies.${urgency}.label`), response: entry.response as ResponseStandard }];
    }),
  ) as CommercialTerms['urgencies'];
  const fit = object(root.machineFit, 'machineFit');
  const machineFit = { a4TeamUpTo: positive(fit.a4TeamUpTo, 'machineFit.a4TeamUpTo', true) };
  const quote = object(root.quote, 'quote');
  return {
    lease: parseLease(root.lease),
    service: parseService(root.service),
    quote: { validForDays: positive(quote.validForDays, 'quote.validForDays', true) },
    engineerResponse,
    urgencies,
    machineFit,
  };
}

// ---------------------------------------------------------------------------------------------
// Words

/** `a, b and c` */
export function listInWords(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
/** `a, b or c` */
function listOr(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** A price per page as the site says it: `0.39p`. */
export function penceWords(pence: number): string {
  return `${pence}p`;
}

/** `a quarter`, `a month`, `every 6 months`. */
export function periodWords(months: number): string {
  if (months === 1) return 'a month';
  if (months === 3) return 'a quarter';
  if (months === 12) return 'a year';
  return `every ${months} months`;
}

/** A service-request urgency with the standard it is answered by, e.g. `Working, but with a fault (within two business days)`. */
export function urgencyLabel(urgency: Urgency, terms: CommercialTerms): string {
  const entry = terms.urgencies[urgency];
  return `${entry.label} (${terms.engineerResponse[entry.response]})`;
}

/** The minimum service charge: `£45 a quarter`. */
export function minimumChargeWords(terms: CommercialTerms): string {
  const { pence, periodMonths } = terms.service.minimumCharge;
  return `${money(pence)} ${periodWords(periodMonths)}`;
}

/** The lease terms offered: `36, 48 or 60 months`. */
export function leaseTermsWords(lease: LeaseTerms): string {
  return `${listOr(lease.termsOfferedMonths.map(String))} months`;
}

/** How often a payment is billed: `quarterly`, `monthly`, `every 6 months`. */
function billedWords(months: number): string {
  return months === 3 ? 'quarterly' : months === 1 ? 'monthly' : months === 12 ? 'yearly' : `every ${months} months`;
}

/** Whole pounds without pence when there are none: `£1,000`, `£45.50`. */
export const moneyWords = (pence: number) => (formatPence(pence) ?? '').replace(/\.00$/, '');
const money = moneyWords;

/**
 * Prices per page as the site says them, always "from" when they vary by machine: `from 0.39p a
 * mono page and from 3.3p a colour page (A4, ex VAT) on office machines (...); every machine's own
 * prices are on its page`. The "from" prices are the lowest of those machines' own prices (a data
 * test holds the catalogue to it).
 */
export function pricePerPageWords(terms: CommercialTerms): string {
  const { fromPence, variesByMachine, fromAppliesTo } = terms.service.pricePerPage;
  const from = variesByMachine ? 'from ' : '';
  const rates = `${from}${penceWords(fromPence.mono)} a mono page and ${from}${penceWords(fromPence.colour)} a colour page (A4, ex VAT)`;
  return variesByMachine ? `${rates} on ${fromAppliesTo}; every machine's own prices per page are on its page` : rates;
}

// ---------------------------------------------------------------------------------------------
// What is said of one machine: its servicing and how it is supplied (docs/product-rules.md
// "Product copy"). Every room and e-mail that words a machine's servicing or lease asks these, so
// the product page, the basket and the e-mails say the same true thing.

type CopyProduct = Pick<Product, 'productCategory' | 'productFeatures'>;

/** Scanners and finishers print nothing, so no per-page charge covers their service. */
export function chargesPerPage(product: Pick<Product, 'productCategory'>): boolean {
  const category = String(product.productCategory ?? '');
  return category !== 'finisher' && !isScannerCategory(category);
}

function featureValue(product: Pick<Product, 'productFeatures'>, name: string): string | null {
  const feature = (product.productFeatures ?? []).find((f) => f?.featureName?.trim().toLowerCase() === name.toLowerCase());
  return feature?.featureValue?.trim() || null;
}

/** What a printing machine prints with: `ink` for an inkjet (its Technology feature), `toner` otherwise. */
export function consumableOf(product: Pick<Product, 'productFeatures'>): 'ink' | 'toner' {
  return /inkjet/i.test(featureValue(product, 'Technology') ?? '') ? 'ink' : 'toner';
}

/**
 * Whether the machine goes on the customer's network: a finisher never does (it fits a machine
 * that is); any other machine does unless its Connectivity feature names no network (USB only).
 */
export function onTheNetwork(product: CopyProduct): boolean {
  if (String(product.productCategory ?? '') === 'finisher') return false;
  const connectivity = featureValue(product, 'Connectivity');
  return connectivity === null || /network|ethernet|wi-?fi/i.test(connectivity);
}

/** The one thing said of a machine that prints nothing (a scanner, a finisher), wherever its servicing is mentioned. */
export const NO_PAGE_CHARGES = 'It prints nothing, so it has no page charges: its servicing is priced separately.';

/**
 * How a machine is serviced, in one sentence: for a printing machine its ink or toner, parts and
 * servicing on the service agreement, charged per page; for one that prints nothing, NO_PAGE_CHARGES.
 */
export function servicingSentence(product: CopyProduct): string {
  if (!chargesPerPage(product)) return NO_PAGE_CHARGES;
  const consumable = consumableOf(product);
  return `${consumable === 'ink' ? 'Ink' : 'Toner'}, parts and servicing come on one service agreement, charged per page printed.`;
}

/** What the lease pays for, for this machine: network set-up only for a machine that goes on the network. */
function leaseCoversFor(terms: CommercialTerms, product: CopyProduct): string[] {
  return onTheNetwork(product) ? terms.lease.covers : terms.lease.covers.filter((item) => !/network/i.test(item));
}

/** What the lease pays for and what it leaves to the service agreement, in one sentence. */
function leaseCoversSentence(terms: CommercialTerms, product: CopyProduct | null): string {
  const covers = `It covers ${listInWords(product ? leaseCoversFor(terms, product) : terms.lease.covers)}`;
  if (product && !chargesPerPage(product)) return `${covers}. ${NO_PAGE_CHARGES}`;
  const excluded = product
    ? terms.lease.doesNotCover.map((item) => (item === 'toner' ? consumableOf(product) : item))
    : terms.lease.doesNotCover;
  return `${covers}: ${listInWords(excluded)} are charged per page printed, under a separate service agreement.`;
}

/**
 * How a machine is supplied, in one sentence, with a lease only where one is offered
 * (`leaseOffer`: at or above the lease minimum): `Buy it outright or lease it over 36, 48 or 60
 * months (finance subject to status), delivered, installed and set up on your network by
 * Copytech.`; below the minimum, `Sold outright only (we lease machines from £1,000), …`.
 */
export function supplySentence(product: CopyProduct & Pick<Product, 'price'>, terms: CommercialTerms): string {
  const setUp = onTheNetwork(product)
    ? 'delivered, installed and set up on your network by Copytech'
    : 'delivered and installed by Copytech';
  if (leaseOffer(product, terms.lease)) {
    return `Buy it outright or lease it over ${leaseTermsWords(terms.lease)} (finance subject to status), ${setUp}.`;
  }
  if (startingFromPence(product) !== null) {
    return `Sold outright only (we lease machines from ${money(terms.lease.minimumStartingPricePence)}), ${setUp}.`;
  }
  return `${setUp.charAt(0).toUpperCase()}${setUp.slice(1)}.`;
}

/**
 * What a monthly figure is, said next to it, or null when no lease is offered (`leaseOffer`).
 * `short` fits under a card's price; `full` is for the product page and the e-mails: the term,
 * its billing, VAT, the other terms offered and what the payment does not cover.
 */
export function rentalNote(
  product: Pick<Product, 'price' | 'productCategory' | 'productFeatures'>,
  terms: CommercialTerms,
): { short: string; full: string } | null {
  const offer = leaseOffer(product, terms.lease);
  if (offer === null) return null;
  const others = terms.lease.termsOfferedMonths.filter((months) => months !== offer.termMonths);
  const otherTerms = others.length ? ` Terms of ${listOr(others.map(String))} months are quoted on request.` : '';
  return {
    short: `ex VAT, ${offer.termMonths}-month lease`,
    full:
      `Ex VAT, on a ${offer.termMonths}-month lease billed ${billedWords(offer.billedEveryMonths)} ` +
      `(${formatPence(offer.paymentPence)} ${periodWords(offer.billedEveryMonths)} plus VAT).${otherTerms} ` +
      `${leaseCoversSentence(terms, product)} Lease finance is subject to status.`,
  };
}

/** The note under several products' prices (comparison table, quote e-mails). */
export function rentalTermsSummary(terms: CommercialTerms): string {
  const { lease } = terms;
  return (
    `Prices exclude VAT. A lease is offered on machines from ${money(lease.minimumStartingPricePence)} over ${leaseTermsWords(lease)}; ` +
    `rental per month is a third of the ${billedWords(lease.billedEveryMonths)} payment on a ${lease.pricesShownForMonths}-month lease ` +
    `(finance subject to status). ${leaseCoversSentence(terms, null)} Service is ${pricePerPageWords(terms)}.`
  );
}
