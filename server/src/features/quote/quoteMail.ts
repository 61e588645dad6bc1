/**
 * The quote's e-mails (docs/api.md "Writes"): the visitor's quote, with each machine's
 * prices, lease terms and what it costs a month at the volumes the buyer chose, the total ex VAT
 * and with VAT, the date it is valid until and what happens next; and the sales notification with
 * the same figures. Plain text and simple HTML in the common frame (mail/layout.ts); money is pence
 * until shown (formatPence). The figures are the shared `quoteFigures` (docs/product-rules.md "A
 * quote's figures"), the rule the basket and the product page show them by.
 */
import {
  COMPANY,
  PAGE_CHARGES_PRINTING_ONLY,
  quoteTotalSentences,
  categoryLabel,
  formatPence,
  rentalNote,
  rentalTermsSummary,
  validUntilWords,
  volumesWords,
  type ContactDetails,
  type MonthlyPages,
  type QuoteLine,
  type ServicePerPage,
} from '@copytech/shared/domain';
import {
  htmlList,
  htmlPage,
  salesAddressing,
  salesContactLines,
  salesHtmlOpening,
  visitorAddressing,
  visitorSignOff,
  type MailContext,
} from '../../mail/layout';
import { escapeHtml, type MailMessage } from '../../mail/message';
import { quoteNextSteps } from './quoteNextSteps';
import { pageBillingNote, quotedFigures, quotedRunningCostLines, servicePerPageForSales } from './quoteRunningCosts';

/** A product as quoted: what the visitor was told, kept with the quote. */
export interface QuotedProduct {
  modelId: string;
  brand: string;
  model: string;
  productCategory: string;
  productSpecification: string | null;
  /** site path of the product page ('#' when it cannot be linked) */
  path: string;
  /** outright price, pence ex VAT */
  startingFrom: number | null;
  /** the quarterly payment of the 60-month lease, pence ex VAT; null when no lease is offered (leaseOffer) */
  leaseQuarterly: number | null;
  /** pence per month ex VAT = the quarterly payment / 3; null when no lease is offered */
  rentalPerMonth: number | null;
  /** `A3`, `A4`, ...: with the class, the estimate's default volumes */
  paperSize: string | null;
  /** its own service prices per A4 page, pence ex VAT; null for a machine that prints nothing */
  servicePerPage: ServicePerPage | null;
}

/** What a quote e-mail is written from: the stored quote. */
export interface QuoteForMail {
  reference: string;
  /** ISO time the quote was stored: the validity date counts from it */
  createdAt: string;
  contact: ContactDetails;
  products: QuotedProduct[];
  /** the volumes the buyer chose (pages a month), or null: each machine at its class's typical volumes */
  volumes: MonthlyPages | null;
  /** the lease term the buyer asked about, months; null when none was named */
  leaseTermMonths: number | null;
}

const money = (pence: number | null) => formatPence(pence) ?? 'price on request';

/** The quote's figures, worked out once for both e-mails. */
function figuresOf(context: MailContext, quote: QuoteForMail) {
  const { figures, pagesOf } = quotedFigures(quote.products, quote.volumes, context.terms);
  return { figures, pagesOf, validUntil: validUntilWords(Date.parse(quote.createdAt), context.terms) };
}

/** What the figures are worked out at, and the lease term they are for. */
function basisLine(context: MailContext, quote: QuoteForMail): string {
  const shown = context.terms.lease.pricesShownForMonths;
  const at = quote.volumes ? `at ${volumesWords(quote.volumes)}` : "at each machine's typical pages a month";
  const term =
    quote.leaseTermMonths && quote.leaseTermMonths !== shown
      ? ` Rentals are for a ${shown}-month lease; you asked about ${quote.leaseTermMonths} months, and we will set out the ${quote.leaseTermMonths}-month payments in your proposal.`
      : ` Rentals are for a ${shown}-month lease.`;
  return `Your figures ${at}.${term}`;
}

/** The full wording of a quoted product's monthly figure: lease, quarterly billing, what it covers; null when no lease is offered. */
function leaseTermsOf(context: MailContext, product: QuotedProduct): string | null {
  return (
    rentalNote(
      {
        price: { startingFrom: product.startingFrom, '60MonthLeasePrice': product.leaseQuarterly },
        productCategory: product.productCategory,
      },
      context.terms,
    )?.full ?? null
  );
}

/** The monthly figure of a quoted product, or what stands in its place when it is sold outright only. */
function rentalOf(p: QuotedProduct): string {
  return p.rentalPerMonth === null ? (p.startingFrom === null ? money(null) : 'purchase only') : money(p.rentalPerMonth);
}

function productUrl(context: MailContext, product: QuotedProduct): string | null {
  return context.publicUrl && product.path !== '#' ? `${context.publicUrl}${product.path}` : null;
}

/** A quoted product in the text of the visitor's mail: numbered, with its prices, lease terms and link. */
function quotedProductLines(context: MailContext, p: QuotedProduct, i: number, line: QuoteLine, pages: MonthlyPages): string[] {
  const url = productUrl(context, p);
  const terms = leaseTermsOf(context, p);
  return [
    `${i + 1}. ${p.brand} ${p.model} (${categoryLabel(p.productCategory)})`,
    `   Starting at: ${money(p.startingFrom)} ex VAT`,
    `   Rental per month: ${rentalOf(p)}`,
    ...(terms ? [`   ${terms}`] : []),
    ...quotedRunningCostLines(line, pages).map((sentence) => `   ${sentence}`),
    ...(url ? [`   ${url}`] : []),
    '',
  ];
}

/** A quoted product's rows in the HTML of the visitor's mail: name (linked), category and prices, then its lease terms. */
function quotedProductRow(context: MailContext, p: QuotedProduct, line: QuoteLine, pages: MonthlyPages): string {
  const url = productUrl(context, p);
  const name = `${escapeHtml(p.brand)} ${escapeHtml(p.model)}`;
  const terms = leaseTermsOf(context, p);
  const running = quotedRunningCostLines(line, pages).map((sentence) => escapeHtml(sentence));
  const notes = [...(terms ? [`<span style="color:#5b6670">${escapeHtml(terms)}</span>`] : []), ...running].join('<br>');
  return `<tr>
<td style="padding:8px;border-bottom:1px solid #d9dee3">${url ? `<a href="${escapeHtml(url)}" style="color:#0b4f8a">${name}</a>` : name}<br><span style="font-size:13px;color:#5b6670">${escapeHtml(categoryLabel(p.productCategory))}</span></td>
<td style="padding:8px;border-bottom:1px solid #d9dee3;text-align:right;white-space:nowrap">${escapeHtml(money(p.startingFrom))}</td>
<td style="padding:8px;border-bottom:1px solid #d9dee3;text-align:right;white-space:nowrap">${escapeHtml(rentalOf(p))}</td>
</tr>
<tr><td colspan="3" style="padding:0 8px 8px;border-bottom:1px solid #d9dee3;font-size:13px">${notes}</td></tr>`;
}

export function quoteVisitorMail(context: MailContext, quote: QuoteForMail): MailMessage {
  const { reference, contact, products } = quote;
  const subject = `Your Copytech quote ${reference}`;
  const signOff = visitorSignOff(context);
  const billing = pageBillingNote(context.terms, quote.volumes !== null);
  const { figures, pagesOf, validUntil } = figuresOf(context, quote);
  const printing = figures.lines.some((line) => line.prints);
  // The lease summary says toner, parts and servicing are charged per page printed: true of the printing machines only.
  const summary = printing
    ? [rentalTermsSummary(context.terms), ...(figures.lines.some((line) => !line.prints) ? [PAGE_CHARGES_PRINTING_ONLY] : [])]
    : [];
  const nextSteps = quoteNextSteps(context.terms, printing);
  const basis = basisLine(context, quote);
  const totals = quoteTotalSentences(figures, products.length);
  const validity = `${validUntil}: this quote holds for ${context.terms.quote.validForDays} days from today.`;

  const text = [
    `Hello ${contact.firstName},`,
    '',
    `Thank you for asking Copytech for a quote. Your quote reference is ${reference}.`,
    '',
    'YOUR QUOTE',
    '',
    basis,
    validity,
    '',
    ...products.flatMap((p, i) => quotedProductLines(context, p, i, figures.lines[i]!, pagesOf(p))),
    'TOTAL',
    '',
    ...totals,
    '',
    ...(summary.length ? [summary.join(' '), ''] : []),
    ...(printing ? [billing.lead, ...billing.terms.map((sentence) => `- ${sentence}`), ''] : []),
    'WHAT HAPPENS NEXT',
    '',
    ...nextSteps.map((step, i) => `${i + 1}. ${step}`),
    '',
    `Questions? Call us on ${COMPANY.salesPhone} and quote ${reference}, or reply to this e-mail.`,
    '',
    ...signOff.text,
  ].join('\n');

  const rows = products.map((p, i) => quotedProductRow(context, p, figures.lines[i]!, pagesOf(p))).join('\n');
  const html = htmlPage(
    subject,
    `<p>Hello ${escapeHtml(contact.firstName)},</p>
<p>Thank you for asking Copytech for a quote. Your quote reference is <strong>${escapeHtml(reference)}</strong>.</p>
<h2 style="font-size:17px;margin:24px 0 8px">Your quote</h2>
<p>${escapeHtml(basis)}<br><strong>${escapeHtml(validity)}</strong></p>
<table role="presentation" style="width:100%;border-collapse:collapse;font-size:15px">
<thead><tr><th style="text-align:left;padding:8px;border-bottom:2px solid #0b4f8a">Product</th><th style="text-align:right;padding:8px;border-bottom:2px solid #0b4f8a">Starting at (ex VAT)</th><th style="text-align:right;padding:8px;border-bottom:2px solid #0b4f8a">Rental per month (ex VAT)</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<h2 style="font-size:17px;margin:24px 0 8px">Total</h2>
${totals.map((line) => `<p style="margin:0 0 8px"><strong>${escapeHtml(line)}</strong></p>`).join('\n')}
${summary.length ? `<p style="font-size:13px;color:#5b6670">${escapeHtml(summary.join(' '))}</p>` : ''}
${
  printing
    ? `<p style="font-size:13px;color:#5b6670;margin-bottom:4px">${escapeHtml(billing.lead)}</p>
<ul style="font-size:13px;color:#5b6670;margin-top:0">${billing.terms.map((sentence) => `<li>${escapeHtml(sentence)}</li>`).join('')}</ul>`
    : ''
}
<h2 style="font-size:17px;margin:24px 0 8px">What happens next</h2>
<ol>${nextSteps.map((step) => `<li>${escapeHtml(step)}</li>`).join('')}</ol>
<p>Questions? Call us on <strong>${escapeHtml(COMPANY.salesPhone)}</strong> and quote ${escapeHtml(reference)}, or reply to this e-mail.</p>
${signOff.html}`,
  );

  return {
    ...visitorAddressing(context, contact),
    subject,
    text,
    html,
  };
}

/** The lease of a quoted product as sales read it (or that it is sold outright only), then its own prices per page. */
const leaseForSales = (p: QuotedProduct, line: QuoteLine) =>
  `${p.rentalPerMonth === null ? 'no lease offered (purchase only)' : `60-month lease ${money(p.leaseQuarterly)}/quarter; rental ${money(p.rentalPerMonth)}/month`}; ${servicePerPageForSales(p.servicePerPage)}; quoted ${line.monthlyPence === null ? 'nothing a month' : `${money(line.monthlyPence)}/month (${money(line.monthlyWithVatPence)} with VAT)`}`;

function utmLines(utm: Record<string, string | undefined>): string[] {
  const entries = Object.entries(utm).filter(([, v]) => v);
  return entries.length ? entries.map(([k, v]) => `${k}: ${v}`) : ['(none: direct or unknown)'];
}

export function quoteSalesMail(context: MailContext, quote: QuoteForMail, utm: Record<string, string | undefined>): MailMessage {
  const { reference, contact, products, createdAt } = quote;
  const { figures, validUntil } = figuresOf(context, quote);
  const summary = [basisLine(context, quote), ...quoteTotalSentences(figures, products.length), `${validUntil}.`];
  const subject = `New quote request ${reference}: ${products.length} product${products.length === 1 ? '' : 's'}`;
  const contactLines = salesContactLines(contact);
  const productLines = products.map(
    (p, i) =>
      `${i + 1}. ${p.brand} ${p.model} [${p.modelId}] ${categoryLabel(p.productCategory)}: starting at ${money(p.startingFrom)}; ${leaseForSales(p, figures.lines[i]!)} (ex VAT unless said)`,
  );
  const text = [
    `New quote request ${reference}`,
    `Received: ${createdAt}`,
    '',
    'CONTACT',
    ...contactLines,
    '',
    `PRODUCTS (${products.length})`,
    ...productLines,
    '',
    'FIGURES QUOTED',
    ...summary,
    '',
    'CAMPAIGN (first touch)',
    ...utmLines(utm),
    '',
    'The visitor has been sent the quote e-mail. Reply to this message to answer them.',
    '',
  ].join('\n');
  const html = htmlPage(
    subject,
    `${salesHtmlOpening(`New quote request ${reference}`, createdAt, contactLines)}
<h2 style="font-size:16px">Products (${products.length})</h2>
<ol>${products
      .map(
        (p, i) =>
          `<li>${escapeHtml(`${p.brand} ${p.model}`)} <code>${escapeHtml(p.modelId)}</code>, ${escapeHtml(categoryLabel(p.productCategory))}: starting at ${escapeHtml(money(p.startingFrom))}; ${escapeHtml(leaseForSales(p, figures.lines[i]!))} (ex VAT unless said)</li>`,
      )
      .join('')}</ol>
<h2 style="font-size:16px">Figures quoted</h2>
${htmlList(summary)}
<h2 style="font-size:16px">Campaign (first touch)</h2>
${htmlList(utmLines(utm))}
<p>The visitor has been sent the quote e-mail. Reply to this message to answer them.</p>`,
  );
  return {
    ...salesAddressing(context, contact),
    subject,
    text,
    html,
  };
}
