/**
 * Calls to outside services, made only by the outbox worker (so a failure is retried and never
 * fails the visitor's request). The enquiry API key is sent server-side in a header and never
 * logged or returned to the browser.
 */
import type { EnquiryApiPayload, MauticPayload } from './outbox';

const TIMEOUT_MS = 10_000;

export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** POST {ENQUIRY_API_URL} with the JSON payload and the key in X-API-Key. Any 2xx is delivered. */
export function enquiryApiForwarder(api: { url: string; key: string }) {
  return async (payload: EnquiryApiPayload): Promise<void> => {
    let response: Response;
    try {
      response = await fetch(api.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': api.key },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new DeliveryError(`enquiry API unreachable: ${(error as Error).name}`, 'ENQUIRY_API_UNREACHABLE');
    }
    await response.body?.cancel().catch(() => undefined);
    if (!response.ok) throw new DeliveryError(`enquiry API answered ${response.status}`, 'ENQUIRY_API_STATUS');
  };
}

/** The marketing-automation form submit: {MAUTIC_URL}/form/submit?formId={id}, url-encoded fields. */
export function mauticForwarder(baseUrl: string) {
  return async (payload: MauticPayload): Promise<void> => {
    const url = new URL('form/submit', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
    if (payload.formId) url.searchParams.set('formId', payload.formId);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' },
        body: new URLSearchParams(payload.fields).toString(),
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new DeliveryError(`marketing form unreachable: ${(error as Error).name}`, 'MAUTIC_UNREACHABLE');
    }
    await response.body?.cancel().catch(() => undefined);
    if (response.status >= 400) throw new DeliveryError(`marketing form answered ${response.status}`, 'MAUTIC_STATUS');
  };
}
