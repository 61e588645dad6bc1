/**
 * POST /api/enquiries/send (SPEC.md section 7): JSON in and out. The answer is turned into what
 * the form must show: a reference, field errors to put on fields, "too many", or a failure.
 * A retry of the same body carries the same idempotency key, so a request that reached the
 * server before the connection dropped is not stored twice.
 */
import { IDEMPOTENCY_KEY_HEADER, type EnquiriesSendRequest } from '@copytech/shared';

export const ENQUIRIES_ENDPOINT = '/api/enquiries/send';

export type SendResult =
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

export async function sendEnquiry(request: EnquiriesSendRequest, idempotencyKey: string): Promise<SendResult> {
  let response: Response;
  try {
    response = await fetch(ENQUIRIES_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      body: JSON.stringify(request),
    });
  } catch (error) {
    return { outcome: 'failed', reason: `network error: ${(error as Error).message}` };
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (response.status === 201 || response.ok) {
    const reference = (body as { reference?: unknown } | null)?.reference;
    if (typeof reference === 'string' && reference) return { outcome: 'sent', reference };
    return { outcome: 'failed', reason: 'the answer had no reference' };
  }
  if (response.status === 429) return { outcome: 'rate-limited' };
  if (response.status === 400) {
    const answer = (body ?? {}) as { message?: unknown; fieldErrors?: unknown };
    const fieldErrors: Record<string, string> = {};
    if (typeof answer.fieldErrors === 'object' && answer.fieldErrors !== null) {
      for (const [field, message] of Object.entries(answer.fieldErrors)) if (typeof message === 'string') fieldErrors[field] = message;
    }
    const message = typeof answer.message === 'string' && answer.message ? answer.message : 'Please check the details you entered.';
    return { outcome: 'invalid', message, fieldErrors };
  }
  return { outcome: 'failed', reason: `HTTP ${response.status}` };
}
