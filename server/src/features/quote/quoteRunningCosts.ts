/**
 * The running costs of a quoted machine, as the quote e-mail says them (docs/product-rules.md
 * "Running costs" and "A quote's figures"): its own service prices per page (never "from"), or
 * that it prints nothing; what it costs a month at the volumes the buyer chose (or, when a request
 * names none, at its class's typical volumes), ex VAT and with VAT; and the page-billing terms said
 * once under the machines. The figures are `quoteFigures`'s, the one rule the basket and the
 * product page use too, so the inbox says what the page said.
 */
import {
  PRINTS_NOTHING_WORDS,
  defaultMonthlyPages,
  formatPence,
  pageBillingTerms,
  penceWords,
  quoteFigures,
  runningCostWords,
  servicePerPageWords,
  volumesWords,
  type CommercialTerms,
  type MonthlyPages,
  type Product,
  type QuoteLine,
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

/** A quoted product as the shared figures read it: its prices, in the catalogue's shape. */
export function pricedOf<F extends RunningCostFacts>(product: F): F & Pick<Product, 'price' | 'productSpecification' | 'paperSize'> {
  return {
    ...product,
    price: {
      startingFrom: product.startingFrom,
      '60MonthLeasePrice': product.leaseQuarterly,
      ...(product.servicePerPage ? { servicePerPage: product.servicePerPage } : {}),
    },
  } as F & Pick<Product, 'price' | 'productSpecification' | 'paperSize'>;
}

/**
 * The quote's figures: every machine at the buyer's volumes; without them (a request that names
 * none), each machine at its own class's typical volumes, added up all the same.
 */
export function quotedFigures<F extends RunningCostFacts>(products: readonly F[], pages: MonthlyPages | null, terms: CommercialTerms) {
  const priced = products.map(pricedOf);
  const pagesOf = (product: F): MonthlyPages => pages ?? defaultMonthlyPages(pricedOf(product)) ?? { mono: 0, colour: 0 };
  return { figures: quoteFigures(priced, (product) => pagesOf(product), terms), pagesOf };
}

/**
 * A quoted machine's running costs in two sentences: `Service: 0.52p a mono page and 4p a colour
 * page (A4, ex VAT).` and `What it costs at 3,000 mono and 1,000 colour pages a month:
 * £138.00 rental + £55.60 pages = £193.60 a month, ex VAT; £232.32 with VAT.` A scanner or
 * finisher: that it has no page charges, and its rental where it has one.
 */
export function quotedRunningCostLines(line: QuoteLine, pages: MonthlyPages): string[] {
  const estimate = line.estimate;
  if (!estimate) {
    const rental =
      line.monthlyPence === null
        ? null
        : `${formatPence(line.monthlyPence)} rental, ex VAT; ${formatPence(line.monthlyWithVatPence)} with VAT.`;
    return [PRINTS_NOTHING_WORDS, ...(rental ? [`What it costs a month: ${rental}`] : [])];
  }
  return [`Service: ${servicePerPageWords(estimate.rates)}.`, `What it costs at ${volumesWords(pages)}: ${runningCostWords(estimate)}.`];
}

/** A quoted machine's prices per page as sales read them: `service 0.52p mono, 4p colour a page`, or `no page charges (prints nothing)`. */
export function servicePerPageForSales(rates: ServicePerPage | null): string {
  if (!rates) return 'no page charges (prints nothing; servicing priced separately)';
  return `service ${penceWords(rates.mono)} mono${rates.colour === null ? '' : `, ${penceWords(rates.colour)} colour`} a page`;
}

/** The note under the quoted machines: where the estimates come from, then how pages are billed (for the printing machines). */
export function pageBillingNote(terms: CommercialTerms, chosenVolumes: boolean): { lead: string; terms: string[] } {
  return {
    lead:
      (chosenVolumes
        ? "Each machine's figure is its rental plus the pages you told us you print, at that machine's own prices per page; "
        : "Each machine's figure is its rental plus the pages a machine of its class typically prints, at that machine's own prices per page; ") +
      'a mono machine prints every page in mono. How pages are billed on the machines that print:',
    terms: pageBillingTerms(terms),
  };
}
