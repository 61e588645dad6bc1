/**
 * POST /api/quote (docs/product-rules.md "Writes"), with the failure model of
 * docs/architecture.md "Failure model": every outcome is a value, never a throw, so the form can
 * say what went wrong and keep what the visitor typed. The Idempotency-Key header lets a retry of
 * the same request return the same quote instead of storing a second one.
 */
import { postJson } from '@copytech/shared';
import { type ContactDetails, type FirstTouchCampaign } from '@copytech/shared/domain';

/** A fresh key per quote attempt (the shared write client's), under the name this room's form uses. */
export { newIdempotencyKey } from '@copytech/shared';

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

export async function sendQuoteRequest(
  body: QuoteRequestBody,
  idempotencyKey: string,
  timeoutMs = QUOTE_TIMEOUT_MS,
): Promise<QuoteOutcome> {
  const result = await postJson(QUOTE_ENDPOINT, body, { idempotencyKey, timeoutMs });
  switch (result.outcome) {
    case 'sent':
      return { ok: true, reference: result.reference };
    case 'rate-limited':
      return failure('rate-limited', 429, { retryAfterSeconds: result.retryAfterSeconds });
    case 'invalid':
      return failure('invalid', result.status, { fieldErrors: result.fieldErrors, message: result.message });
    case 'failed':
      // 5xx, and 422 (the key was already used for a different request: the caller starts afresh).
      return failure(result.kind, result.status);
  }
}
