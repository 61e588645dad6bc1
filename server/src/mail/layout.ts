/**
 * What every e-mail the site sends has in common, whichever feature writes it: the context a
 * template is given (sender, sales address, site address, commercial terms), the HTML frame with
 * the company's name and details, and the envelope and close of a visitor's e-mail. Each feature
 * writes its own messages (features/<feature>/<feature>Mail.ts) in this frame, every value escaped.
 */
import {
  COMPANY,
  CREDIT_BROKER_DISCLOSURE,
  companyRegistrationLine,
  type CommercialTerms,
  type ContactDetails,
} from '@copytech/shared/domain';
import { escapeHtml, type MailMessage } from './message';

export interface MailContext {
  from: string;
  salesEmail: string;
  publicUrl: string | null;
  /** the commercial terms (plugins/terms.ts): what the e-mails say about leases, service and response */
  terms: CommercialTerms;
}

/** The junk-folder hint every visitor e-mail carries ({from} is the sender address). */
export const JUNK_HINT =
  "Can't find our e-mails? If a message from us is not in your inbox after a few minutes, please check your junk or spam folder, and add {from} to your contacts so our replies reach you.";

/** The HTML frame of every e-mail: company name above; below, the company's details, its registration and the credit-broker disclosure. */
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
<p style="font-size:12px;color:#5b6670">${escapeHtml(companyRegistrationLine())}</p>
<p style="font-size:12px;color:#5b6670">${escapeHtml(CREDIT_BROKER_DISCLOSURE)}</p>
</div>
</body>
</html>
`;
}

const footerText = [
  `${COMPANY.legalName} · ${COMPANY.address.join(', ')} · ${COMPANY.salesPhone}`,
  companyRegistrationLine(),
  CREDIT_BROKER_DISCLOSURE,
].join('\n');

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

/** The visitor's details as a sales e-mail lists them. */
export function salesContactLines(contact: ContactDetails): string[] {
  return [
    `Name: ${contact.firstName} ${contact.lastName}`,
    `E-mail: ${contact.email}`,
    `Phone: ${contact.phoneNumber}`,
    `Postcode: ${contact.postcode.toUpperCase()}`,
  ];
}

/** Lines as an HTML list, each escaped. */
export function htmlList(lines: readonly string[]): string {
  return `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`;
}

/** The top of a sales e-mail's HTML: what it is, when it came and who sent it. */
export function salesHtmlOpening(heading: string, createdAt: string, contactLines: readonly string[]): string {
  return `<h1 style="font-size:18px">${escapeHtml(heading)}</h1>
<p>Received: ${escapeHtml(createdAt)}</p>
<h2 style="font-size:16px">Contact</h2>
${htmlList(contactLines)}`;
}

/** From the website to sales, replies going to the visitor: the envelope of every sales e-mail of a form. */
export function salesAddressing(
  context: MailContext,
  contact: Pick<ContactDetails, 'firstName' | 'lastName' | 'email'>,
): Pick<MailMessage, 'from' | 'to' | 'replyTo'> {
  return {
    from: { name: `${COMPANY.name} website`, address: context.from },
    to: [{ name: `${COMPANY.name} sales`, address: context.salesEmail }],
    replyTo: { name: `${contact.firstName} ${contact.lastName}`, address: contact.email },
  };
}
