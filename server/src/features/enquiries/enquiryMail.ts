/**
 * The e-mails of a contact-us enquiry or a customer-support service request: the notification to
 * sales (or support) and the acknowledgement to the visitor. Plain text and simple HTML in the
 * common frame (mail/layout.ts), every value escaped.
 */
import { COMPANY, urgencyLabel, type EnquiryRequest, type ServiceRequest } from '@copytech/shared/domain';
import { htmlPage, visitorSignOff, type MailContext } from '../../mail/layout';
import { escapeHtml, type MailAddress, type MailMessage } from '../../mail/message';

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
