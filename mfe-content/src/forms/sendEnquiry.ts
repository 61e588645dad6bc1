/**
 * POST /api/enquiries/send (docs/product-rules.md "Contact enquiry and service request"): JSON in
 * and out. The answer is turned into what the form must show: a reference, field errors to put on
 * fields, "too many", or a failure. A retry of the same body carries the same idempotency key, so a
 * request that reached the server before the connection dropped is not stored twice.
 */
import { postJson } from '@copytech/shared';
import { type EnquiriesSendRequest } from '@copytech/shared/domain';

/** The shared write client's key-per-body rule, under the name this room's form uses. */
export { idempotencyKeyFor } from '@copytech/shared';

export const ENQUIRIES_ENDPOINT = '/api/enquiries/send';

export type SendResult =
  | { outcome: 'sent'; reference: string }
  | { outcome: 'invalid'; message: string; fieldErrors: Record<string, string> }
  | { outcome: 'rate-limited' }
  | { outcome: 'failed'; reason: string };

export async function sendEnquiry(request: EnquiriesSendRequest, idempotencyKey: string): Promise<SendResult> {
  const result = await postJson(ENQUIRIES_ENDPOINT, request, { idempotencyKey });
  switch (result.outcome) {
    case 'sent':
      return { outcome: 'sent', reference: result.reference };
    case 'invalid':
      return { outcome: 'invalid', message: result.message || 'Please check the details you entered.', fieldErrors: result.fieldErrors };
    case 'rate-limited':
      return { outcome: 'rate-limited' };
    case 'failed':
      return { outcome: 'failed', reason: result.reason };
  }
}
