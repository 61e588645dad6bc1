/**
 * The e-mails the site sends, each as plain text and simple HTML (every value escaped):
 * the visitor's quote and the sales notification; the enquiry or service-request
 * acknowledgement and its sales notification. Money is pence until shown (formatPence).
 */
import {
  COMPANY,
  categoryLabel,
  formatPence,
  rentalNote,
  rentalTermsSummary,
  urgencyLabel,
  type CommercialTerms,
  type ContactDetails,
  type EnquiryRequest,
  type ServicePerPage,
  type ServiceRequest,
} from '@copytech/shared/domain';
import { escapeHtml, type MailAddress, type MailMessage } from './message';
import { quoteNextSteps } from '../features/quote/quoteNextSteps';
import { pageBillingNote, quotedRunningCostLines, servicePerPageForSales } from '../features/quote/quoteRunningCosts';

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

export interface MailContext {
  from: string;
  salesEmail: string;
  publicUrl: string | null;
  /** the commercial terms (plugins/terms.ts): what the e-mails say about leases, service and response */
  terms: CommercialTerms;
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

/** The junk-folder hint every visitor e-mail carries ({from} is the sender address). */
export const JUNK_HINT =
  "Can't find our e-mails? If a message from us is not in your inbox after a few minutes, please check your junk or spam folder, and add {from} to your contacts so our replies reach you.";

function productUrl(context: MailContext, product: QuotedProduct): string | null {
  return context.publicUrl && product.path !== '#' ? `${context.publicUrl}${product.path}` : null;
}

/** The HTML frame of every e-mail: company name above, company details below. */
export function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1d2733;line-height:1.5">
<div style="max-width:640px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
<p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#0b4f8a">${escapeHtml(COMPANY.name)}</p>
${body}
<hr style="border:none;border-top:1px solid #d9dee3;margin:24px 0">
<p style="font-size:12px;color:#5b6670">${escapeHtml(COMPANY.legalName)} · ${COMPANY.address.map(escapeHtml).join(', ')} · ${escapeHtml(COMPANY.salesPhone)}</p>
</div>
</body>
</html>
`;
}

const footerText = `${COMPANY.legalName} · ${COMPANY.address.join(', ')} · ${COMPANY.salesPhone}`;

/** The close of every visitor e-mail: the junk-folder hint, the sign-off and the company line, as text lines and as HTML. */
export function visitorSignOff(context: MailContext): { text: string[]; html: string } {
  const junk = JUNK_HINT.replace('{from}', context.from);
  return {
    text: [junk, '', 'Kind regards,', 'The Copytech team', '', footerText, ''],
    html: `<p style="font-size:13px;color:#5b6670">${escapeHtml(junk)}</p>
<p>Kind regards,<br>The Copytech team</p>`,
  };
}

/** From Copytech to the visitor, replies going to sales: the envelope of every visitor e-mail. */
export function visitorAddressing(
  context: MailContext,
  contact: Pick<ContactDetails, 'firstName' | 'lastName' | 'email'>,
): Pick<MailMessage, 'from' | 'to' | 'replyTo'> {
  return {
    from: { name: COMPANY.name, address: context.from },
    to: [{ name: `${contact.firstName} ${contact.lastName}`, address: contact.email }],
    replyTo: { name: `${COMPANY.name} sales`, address: context.salesEmail },
  };
}

// ---------------------------------------------------------------------------------------------
// Quote

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
  const contactLines = [
    `Name: ${contact.firstName} ${contact.lastName}`,
    `E-mail: ${contact.email}`,
    `Phone: ${contact.phoneNumber}`,
    `Postcode: ${contact.postcode.toUpperCase()}`,
  ];
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
    `<h1 style="font-size:18px">New quote request ${escapeHtml(reference)}</h1>
<p>Received: ${escapeHtml(createdAt)}</p>
<h2 style="font-size:16px">Contact</h2>
<ul>${contactLines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<h2 style="font-size:16px">Products (${products.length})</h2>
<ol>${products
      .map(
        (p) =>
          `<li>${escapeHtml(`${p.brand} ${p.model}`)} <code>${escapeHtml(p.modelId)}</code>, ${escapeHtml(categoryLabel(p.productCategory))}: starting at ${escapeHtml(money(p.startingFrom))}; ${escapeHtml(leaseForSales(p))} (all ex VAT)</li>`,
      )
      .join('')}</ol>
<h2 style="font-size:16px">Campaign (first touch)</h2>
<ul>${utmLines(utm)
      .map((line) => `<li>${escapeHtml(line)}</li>`)
      .join('')}</ul>
<p>The visitor has been sent the quote e-mail. Reply to this message to answer them.</p>`,
  );
  return {
    from: { name: `${COMPANY.name} website`, address: context.from },
    to: [{ name: `${COMPANY.name} sales`, address: context.salesEmail }],
    replyTo: { name: `${contact.firstName} ${contact.lastName}`, address: contact.email },
    subject,
    text,
    html,
  };
}

// ---------------------------------------------------------------------------------------------
// Enquiries and service requests

function enquiryLines(context: MailContext, request: EnquiryRequest | ServiceRequest): Array<[string, string]> {
  const lines: Array<[string, string]> = [
    ['Name', request.name],
    ['E-mail', request.email],
  ];
  if (request.phone) lines.push(['Phone', request.phone]);
  if (request.company) lines.push(['Company', request.company]);
  if (request.kind === 'service-request') {
    lines.push(
      ['Machine', request.machine],
      ['Serial number', request.serialNumber],
      ['Urgency', urgencyLabel(request.urgency, context.terms)],
    );
  } else if (request.consent !== undefined) {
    lines.push(['Happy to hear about offers', request.consent ? 'Yes' : 'No']);
  }
  return lines;
}

function longText(request: EnquiryRequest | ServiceRequest): { label: string; text: string } {
  return request.kind === 'service-request' ? { label: 'Fault', text: request.fault } : { label: 'Message', text: request.message };
}

function paragraphsHtml(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br>');
}

export function enquirySalesMail(
  context: MailContext,
  reference: string,
  request: EnquiryRequest | ServiceRequest,
  createdAt: string,
): MailMessage {
  const isService = request.kind === 'service-request';
  const subject = isService
    ? `${request.urgency === 'machine-down' ? '[Machine down] ' : request.urgency === 'high' ? '[High] ' : ''}Service request ${reference}`
    : `New enquiry ${reference}`;
  const lines = enquiryLines(context, request);
  const body = longText(request);
  const text = [
    `${isService ? 'Service request' : 'Enquiry'} ${reference}`,
    `Received: ${createdAt}`,
    '',
    ...lines.map(([k, v]) => `${k}: ${v}`),
    '',
    `${body.label.toUpperCase()}`,
    body.text,
    '',
    'Reply to this message to answer them.',
    '',
  ].join('\n');
  const html = htmlPage(
    subject,
    `<h1 style="font-size:18px">${isService ? 'Service request' : 'Enquiry'} ${escapeHtml(reference)}</h1>
<p>Received: ${escapeHtml(createdAt)}</p>
<ul>${lines.map(([k, v]) => `<li>${escapeHtml(k)}: ${escapeHtml(v)}</li>`).join('')}</ul>
<h2 style="font-size:16px">${escapeHtml(body.label)}</h2>
<p>${paragraphsHtml(body.text)}</p>
<p>Reply to this message to answer them.</p>`,
  );
  return {
    from: { name: `${COMPANY.name} website`, address: context.from },
    to: [{ name: `${COMPANY.name} ${isService ? 'support' : 'sales'}`, address: context.salesEmail }],
    replyTo: { name: request.name, address: request.email },
    subject,
    text,
    html,
  };
}

export function enquiryVisitorMail(context: MailContext, reference: string, request: EnquiryRequest | ServiceRequest): MailMessage {
  const isService = request.kind === 'service-request';
  const subject = isService ? `We have your service request ${reference}` : `Thank you for your enquiry ${reference}`;
  const signOff = visitorSignOff(context);
  const next = isService
    ? `You told us: ${urgencyLabel(request.urgency, context.terms)}. Our support desk will contact you to try a remote fix first and, ` +
      `if a visit is needed, to book the engineer. If anything changes, call support on ${COMPANY.supportPhone}.`
    : `One of our team will reply within one working day. If it is urgent, call us on ${COMPANY.salesPhone}.`;
  const body = longText(request);
  const text = [
    `Hello ${request.name},`,
    '',
    `Thank you for contacting Copytech. Your reference is ${reference}.`,
    '',
    next,
    '',
    `What you sent us (${body.label.toLowerCase()}):`,
    body.text,
    '',
    ...signOff.text,
  ].join('\n');
  const html = htmlPage(
    subject,
    `<p>Hello ${escapeHtml(request.name)},</p>
<p>Thank you for contacting Copytech. Your reference is <strong>${escapeHtml(reference)}</strong>.</p>
<p>${escapeHtml(next)}</p>
<p style="color:#5b6670">What you sent us (${escapeHtml(body.label.toLowerCase())}):</p>
<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:3px solid #0b4f8a;background:#f4f6f8">${paragraphsHtml(body.text)}</blockquote>
${signOff.html}`,
  );
  const to: MailAddress = { name: request.name, address: request.email };
  return {
    from: { name: COMPANY.name, address: context.from },
    to: [to],
    replyTo: { name: `${COMPANY.name} ${isService ? 'support' : 'sales'}`, address: context.salesEmail },
    subject,
    text,
    html,
  };
}
