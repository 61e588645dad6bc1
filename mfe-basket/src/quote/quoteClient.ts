/**
 * POST /api/quote (SPEC.md section 7), with the failure model of DESIGN.md: every outcome is a
 * value, never a throw, so the form can say what went wrong and keep what the visitor typed.
 * The Idempotency-Key header lets a retry of the same request return the same quote instead of
 * storing a second one.
 */
import { IDEMPOTENCY_KEY_HEADER, type ContactDetails, type FirstTouchCampaign } from '@copytech/shared';

export const QUOTE_ENDPOINT = '/api/quote';
/** A request that has not answered in this time is treated as a network failure (and can be retried). */
export const QUOTE_TIMEOUT_MS = 20_000;

export interface QuoteRequestBody {
  productIds: string[];
  contactDetails: ContactDetails;
  eventType: 'QUOTE';
  utm: FirstTouchCampaign;
}

export type QuoteFailureKind = 'network' | 'server' | 'rate-limited' | 'invalid';

export type QuoteOutcome =
  | { ok: true; reference: string }
  | {
      ok: false;
      kind: QuoteFailureKind;
      /** HTTP status, or null when no answer came. */
      status: number | null;
      /** 'contactDetails.email' → message, as the server sends them (400 only). */
      fieldErrors: Record<string, string>;
      /** The server's own message (400 only), for errors that belong to no field. */
      message: string | null;
      /** Seconds to wait before retrying (429 with Retry-After). */
      retryAfterSeconds: number | null;
    };

function failure(kind: QuoteFailureKind, status: number | null, extra: Partial<Extract<QuoteOutcome, { ok: false }>> = {}): QuoteOutcome {
  return { ok: false, kind, status, fieldErrors: {}, message: null, retryAfterSeconds: null, ...extra };
}

async function jsonOf(response: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function stringRecord(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

export async function sendQuoteRequest(body: QuoteRequestBody, idempotencyKey: string, timeoutMs = QUOTE_TIMEOUT_MS): Promise<QuoteOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let response: Response;
  try {
    response = await fetch(QUOTE_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      body: JSON.stringify(body),
      signal: controller.signal,
      credentials: 'same-origin',
    });
  } catch {
    return failure('network', null);
  } finally {
    clearTimeout(timer);
  }

  if (response.ok) {
    const json = await jsonOf(response);
    return typeof json.reference === 'string' && json.reference ? { ok: true, reference: json.reference } : failure('server', response.status);
  }
  if (response.status === 429) {
    const retryAfter = Number(response.headers.get('Retry-After'));
    return failure('rate-limited', 429, { retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? Math.ceil(retryAfter) : null });
  }
  if (response.status === 400) {
    const json = await jsonOf(response);
    return failure('invalid', response.status, {
      fieldErrors: stringRecord(json.fieldErrors),
      message: typeof json.message === 'string' ? json.message : null,
    });
  }
  // 5xx, and 422 (the key was already used for a different request: the caller starts afresh).
  return failure('server', response.status);
}

/**
 * A fresh key per quote attempt. crypto.randomUUID only exists in secure contexts, so a site
 * opened over plain http falls back to the same format from getRandomValues.
 */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
