/**
 * A mail as the outbox stores it. Addresses are separate from display names, and every header
 * value passes through headerText() when the message is handed to nodemailer, so no CR or LF
 * from anything a visitor typed can ever start a new header (defence in depth: the shared
 * schemas already reject control characters in names).
 */
export interface MailAddress {
  name?: string;
  address: string;
}

export interface MailMessage {
  from: MailAddress;
  to: MailAddress[];
  replyTo?: MailAddress;
  subject: string;
  text: string;
  html: string;
}

/** One line of header text: control characters become spaces, bounded length. */
export function headerText(value: string, max = 200): string {
  return value
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}

const ADDRESS =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isPlainAddress(value: string): boolean {
  return value.length <= 254 && ADDRESS.test(value);
}

/** A display name fit for a header: no control characters, no quotes or angle brackets. */
export function displayName(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const clean = headerText(value, 100).replace(/["<>\\]/g, '');
  return clean || undefined;
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
