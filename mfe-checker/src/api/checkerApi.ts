/**
 * The checker's two writes (SPEC.md section 7; JSON in and out):
 * - POST /api/report: the answers, the contact details and the ALTCHA solution; the server
 *   verifies the solution, recomputes the figures from the answers and e-mails the report.
 *   201 { reference }.
 * - POST /api/enquiries/send: a general enquiry (kind 'enquiry') asking for a quote, carrying
 *   the checker's figures in its message.
 * Both answers are turned into what the form must show: a reference, field errors, "too many"
 * or a failure. A retry of the same body carries the same idempotency key.
 */
import type { ContactDetails, SavingsAnswers } from '@copytech/shared';

/** The server's idempotency header (IDEMPOTENCY_KEY_HEADER of @copytech/shared/domain, which the browser does not import). */
const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export const REPORT_ENDPOINT = '/api/report';
export const ENQUIRIES_ENDPOINT = '/api/enquiries/send';

export interface ReportRequest {
  answers: SavingsAnswers;
  contactDetails: ContactDetails;
  /** the ALTCHA widget's base64 payload */
  captcha: string;
}

export interface QuoteEnquiryRequest {
  kind: 'enquiry';
  name: string;
  email: string;
  phone?: string;
  message: string;
}

export type WriteResult =
  | { outcome: 'sent'; reference: string }
  | { outcome: 'invalid'; message: string; fieldErrors: Record<string, string> }
  | { outcome: 'rate-limited' }
  | { outcome: 'failed'; reason: string };

function newKey(): string {
  const crypto = globalThis.crypto;
  if (crypto && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  if (crypto && typeof crypto.getRandomValues === 'function') crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** One key per distinct body: the same body sent again (a retry) reuses it. */
export function idempotencyKeyFor(previous: { body: string; key: string } | null, body: string): { body: string; key: string } {
  return previous && previous.body === body ? previous : { body, key: newKey() };
}

async function postJson(url: string, body: string, idempotencyKey?: string): Promise<WriteResult> {
  let response: Response;
  try {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
    if (idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKey;
    response = await fetch(url, { method: 'POST', headers, body });
  } catch (error) {
    return { outcome: 'failed', reason: `network error: ${(error as Error).message}` };
  }
  let answer: unknown = null;
  try {
    answer = await response.json();
  } catch {
    answer = null;
  }
  if (response.ok) {
    const reference = (answer as { reference?: unknown } | null)?.reference;
    return typeof reference === 'string' && reference ? { outcome: 'sent', reference } : { outcome: 'failed', reason: 'the answer had no reference' };
  }
  if (response.status === 429) return { outcome: 'rate-limited' };
  if (response.status === 400 || response.status === 422) {
    const body = (answer ?? {}) as { message?: unknown; fieldErrors?: unknown };
    const fieldErrors: Record<string, string> = {};
    if (typeof body.fieldErrors === 'object' && body.fieldErrors !== null) {
      for (const [field, message] of Object.entries(body.fieldErrors)) if (typeof message === 'string') fieldErrors[field] = message;
    }
    return { outcome: 'invalid', message: typeof body.message === 'string' && body.message ? body.message : 'Please check the details you entered.', fieldErrors };
  }
  return { outcome: 'failed', reason: `HTTP ${response.status}` };
}

/** The report is not idempotent by key: its captcha solution is single-use on the server. */
export function sendReport(request: ReportRequest): Promise<WriteResult> {
  return postJson(REPORT_ENDPOINT, JSON.stringify(request));
}

export function sendQuoteEnquiry(request: QuoteEnquiryRequest, idempotencyKey: string): Promise<WriteResult> {
  return postJson(ENQUIRIES_ENDPOINT, JSON.stringify(request), idempotencyKey);
}
