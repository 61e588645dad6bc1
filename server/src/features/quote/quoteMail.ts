/**
 * The quote's e-mails (docs/api.md "Writes"): the visitor's quote, with each machine's
 * prices, lease terms and running costs and what happens next, and the sales notification. Plain
 * text and simple HTML in the common frame (mail/layout.ts); money is pence until shown (formatPence).
 */
import {
  COMPANY,
  categoryLabel,
  formatPence,
  rentalNote,
  rentalTermsSummary,
  type ContactDetails,
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
import { pageBillingNote, quotedRunningCostLines, servicePerPageForSales } from './quoteRunningCosts';

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

const money = (pence: number | null) => formatPence(pence) ?? 'price on request';

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
function quotedProductLines(context: MailContext, p: QuotedProduct, i: number): string[] {
  const url = productUrl(context, p);
  const terms = leaseTermsOf(context, p);
  return [
    `${i + 1}. ${p.brand} ${p.model} (${categoryLabel(p.productCategory)})`,
    `   Starting at: ${money(p.startingFrom)} ex VAT`,
    `   Rental per month: ${rentalOf(p)}`,
    ...(terms ? [`   ${terms}`] : []),
    ...quotedRunningCostLines(p, context.terms).map((line) => `   ${line}`),
    ...(url ? [`   ${url}`] : []),
    '',
  ];
}

/** A quoted product's rows in the HTML of the visitor's mail: name (linked), category and prices, then its lease terms. */
function quotedProductRow(context: MailContext, p: QuotedProduct): string {
  const url = productUrl(context, p);
  const name = `${escapeHtml(p.brand)} ${escapeHtml(p.model)}`;
  const terms = leaseTermsOf(context, p);
  const running = quotedRunningCostLines(p, context.terms).map((line) => escapeHtml(line));
  const notes = [...(terms ? [`<span style="color:#5b6670">${escapeHtml(terms)}</span>`] : []), ...running].join('<br>');
  return `<tr>
<td style="padding:8px;border-bottom:1px solid #d9dee3">${url ? `<a href="${escapeHtml(url)}" style="color:#0b4f8a">${name}</a>` : name}<br><span style="font-size:13px;color:#5b6670">${escapeHtml(categoryLabel(p.productCategory))}</span></td>
<td style="padding:8px;border-bottom:1px solid #d9dee3;text-align:right;white-space:nowrap">${escapeHtml(money(p.startingFrom))}</td>
<td style="padding:8px;border-bottom:1px solid #d9dee3;text-align:right;white-space:nowrap">${escapeHtml(rentalOf(p))}</td>
</tr>
<tr><td colspan="3" style="padding:0 8px 8px;border-bottom:1px solid #d9dee3;font-size:13px">${notes}</td></tr>`;
}

export function quoteVisitorMail(context: MailContext, reference: string, contact: ContactDetails, products: QuotedProduct[]): MailMessage {
  const subject = `Your Copytech quote ${reference}`;
  const signOff = visitorSignOff(context);
  const billing = pageBillingNote(context.terms);

  const text = [
    `Hello ${contact.firstName},`,
    '',
    `Thank you for asking Copytech for a quote. Your quote reference is ${reference}.`,
    '',
    'YOUR QUOTE',
    '',
    ...products.flatMap((p, i) => quotedProductLines(context, p, i)),
    rentalTermsSummary(context.terms),
    '',
    billing.lead,
    ...billing.terms.map((sentence) => `- ${sentence}`),
    '',
    'WHAT HAPPENS NEXT',
    '',
    ...quoteNextSteps(context.terms).map((step, i) => `${i + 1}. ${step}`),
    '',
    `Questions? Call us on ${COMPANY.salesPhone} and quote ${reference}, or reply to this e-mail.`,
    '',
    ...signOff.text,
  ].join('\n');

  const rows = products.map((p) => quotedProductRow(context, p)).join('\n');
  const html = htmlPage(
    subject,
    `<p>Hello ${escapeHtml(contact.firstName)},</p>
<p>Thank you for asking Copytech for a quote. Your quote reference is <strong>${escapeHtml(reference)}</strong>.</p>
<h2 style="font-size:17px;margin:24px 0 8px">Your quote</h2>
<table role="presentation" style="width:100%;border-collapse:collapse;font-size:15px">
<thead><tr><th style="text-align:left;padding:8px;border-bottom:2px solid #0b4f8a">Product</th><th style="text-align:right;padding:8px;border-bottom:2px solid #0b4f8a">Starting at (ex VAT)</th><th style="text-align:right;padding:8px;border-bottom:2px solid #0b4f8a">Rental per month (ex VAT)</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<p style="font-size:13px;color:#5b6670">${escapeHtml(rentalTermsSummary(context.terms))}</p>
<p style="font-size:13px;color:#5b6670;margin-bottom:4px">${escapeHtml(billing.lead)}</p>
<ul style="font-size:13px;color:#5b6670;margin-top:0">${billing.terms.map((sentence) => `<li>${escapeHtml(sentence)}</li>`).join('')}</ul>
<h2 style="font-size:17px;margin:24px 0 8px">What happens next</h2>
<ol>${quoteNextSteps(context.terms)
      .map((step) => `<li>${escapeHtml(step)}</li>`)
      .join('')}</ol>
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
const leaseForSales = (p: QuotedProduct) =>
  `${p.rentalPerMonth === null ? 'no lease offered (purchase only)' : `60-month lease ${money(p.leaseQuarterly)}/quarter; rental ${money(p.rentalPerMonth)}/month`}; ${servicePerPageForSales(p.servicePerPage)}`;

function utmLines(utm: Record<string, string | undefined>): string[] {
  const entries = Object.entries(utm).filter(([, v]) => v);
  return entries.length ? entries.map(([k, v]) => `${k}: ${v}`) : ['(none: direct or unknown)'];
}

export function quoteSalesMail(
  context: MailContext,
  reference: string,
  contact: ContactDetails,
  products: QuotedProduct[],
  utm: Record<string, string | undefined>,
  createdAt: string,
): MailMessage {
  const subject = `New quote request ${reference}: ${products.length} product${products.length === 1 ? '' : 's'}`;
  const contactLines = salesContactLines(contact);
  const productLines = products.map(
    (p, i) =>
      `${i + 1}. ${p.brand} ${p.model} [${p.modelId}] ${categoryLabel(p.productCategory)}: starting at ${money(p.startingFrom)}; ${leaseForSales(p)} (all ex VAT)`,
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
        (p) =>
          `<li>${escapeHtml(`${p.brand} ${p.model}`)} <code>${escapeHtml(p.modelId)}</code>, ${escapeHtml(categoryLabel(p.productCategory))}: starting at ${escapeHtml(money(p.startingFrom))}; ${escapeHtml(leaseForSales(p))} (all ex VAT)</li>`,
      )
      .join('')}</ol>
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
