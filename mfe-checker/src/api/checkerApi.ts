/**
 * The checker's two writes (docs/product-rules.md "Report and quote"; JSON in and out):
 * - POST /api/report: the answers, the contact details and the ALTCHA solution; the server
 *   verifies the solution, recomputes the figures from the answers and e-mails the report.
 *   201 { reference }.
 * - POST /api/enquiries/send: a general enquiry (kind 'enquiry') asking for a quote, carrying
 *   the checker's figures in its message.
 * Both answers are turned into what the form must show: a reference, field errors, "too many"
 * or a failure. A retry of the same body carries the same idempotency key.
 */
import { postJson, type WriteResult as SharedWriteResult } from '@copytech/shared';
import { type ContactDetails, type SavingsAnswers } from '@copytech/shared/domain';

/** The shared write client's key-per-body rule, under the name this room's form uses. */
export { idempotencyKeyFor } from '@copytech/shared';

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

const CHECK_DETAILS = 'Please check the details you entered.';

/** The shared client's answer in this room's terms; a 422 (a key reused for another body) is shown as a problem with the request. */
function toWriteResult(result: SharedWriteResult): WriteResult {
  switch (result.outcome) {
    case 'sent':
      return { outcome: 'sent', reference: result.reference };
    case 'invalid':
      return { outcome: 'invalid', message: result.message || CHECK_DETAILS, fieldErrors: result.fieldErrors };
    case 'rate-limited':
      return { outcome: 'rate-limited' };
    case 'failed':
      if (result.status === 422) return { outcome: 'invalid', message: result.message || CHECK_DETAILS, fieldErrors: {} };
      return { outcome: 'failed', reason: result.reason };
  }
}

/** The report is not idempotent by key: its captcha solution is single-use on the server. */
export function sendReport(request: ReportRequest): Promise<WriteResult> {
  return postJson(REPORT_ENDPOINT, request).then(toWriteResult);
}

export function sendQuoteEnquiry(request: QuoteEnquiryRequest, idempotencyKey: string): Promise<WriteResult> {
  return postJson(ENQUIRIES_ENDPOINT, request, { idempotencyKey }).then(toWriteResult);
}
