/**
 * The running costs of a quoted machine, as the quote e-mail says them (docs/product-rules.md
 * "Running costs"): its own service prices per page (never "from"), or that it prints nothing;
 * its estimate a month at its class's default volumes; and the page-billing terms said once
 * under the machines. The same words as the product page, from the same shared functions.
 */
import {
  defaultMonthlyPages,
  monthlyRunningCost,
  pageBillingTerms,
  penceWords,
  runningCostWords,
  servicePerPageWords,
  type CommercialTerms,
  type ServicePerPage,
} from '@copytech/shared/domain';

/** What the running costs of a quoted product are read from. */
export interface RunningCostFacts {
  productCategory: string;
  productSpecification: string | null;
  paperSize: string | null;
  startingFrom: number | null;
  leaseQuarterly: number | null;
  /** its own prices per A4 page, pence ex VAT; null for a machine that prints nothing */
  servicePerPage: ServicePerPage | null;
}

const count = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

/** The volumes in words: `3,000 mono and 1,000 colour pages`, `1,250 mono pages`. */
function pagesWords(pages: { mono: number; colour: number }, colour: boolean): string {
  return colour
    ? `${count.format(pages.mono)} mono and ${count.format(pages.colour)} colour pages`
    : `${count.format(pages.mono)} mono pages`;
}

/**
 * A quoted machine's running costs in two sentences: `Service: 0.52p a mono page and 4p a colour
 * page (A4, ex VAT).` and `What it costs a month at 3,000 mono and 1,000 colour pages: £138.00
 * rental + £55.60 pages = £193.60 a month, ex VAT.` A scanner or finisher: one sentence, it prints nothing.
 */
export function quotedRunningCostLines(product: RunningCostFacts, terms: CommercialTerms): string[] {
  const rates = product.servicePerPage;
  if (!rates) return ['Service prices per page: none, it prints nothing.'];
  const priced = {
    productCategory: product.productCategory,
    productSpecification: product.productSpecification,
    paperSize: product.paperSize,
    price: { startingFrom: product.startingFrom, '60MonthLeasePrice': product.leaseQuarterly, servicePerPage: rates },
  };
  const lines = [`Service: ${servicePerPageWords(rates)}.`];
  const pages = defaultMonthlyPages(priced);
  const estimate = pages ? monthlyRunningCost(priced, pages, terms) : null;
  if (pages && estimate) {
    lines.push(`What it costs a month at ${pagesWords(estimate.pages, rates.colour !== null)}: ${runningCostWords(estimate)}.`);
  }
  return lines;
}

/** A quoted machine's prices per page as sales read them: `service 0.52p mono, 4p colour a page`, or `no service per page (prints nothing)`. */
export function servicePerPageForSales(rates: ServicePerPage | null): string {
  if (!rates) return 'no service per page (prints nothing)';
  return `service ${penceWords(rates.mono)} mono${rates.colour === null ? '' : `, ${penceWords(rates.colour)} colour`} a page`;
}

/** The note under the quoted machines: where the estimates come from, then how pages are billed. */
export function pageBillingNote(terms: CommercialTerms): { lead: string; terms: string[] } {
  return {
    lead:
      "Each estimate is the rental plus the pages a machine of its class typically prints, at that machine's own prices per page; " +
      "on the machine's page you can change the volumes. How pages are billed:",
    terms: pageBillingTerms(terms),
  };
}
