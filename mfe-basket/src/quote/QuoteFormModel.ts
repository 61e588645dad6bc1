/**
 * The state of one quote form: what the visitor typed, which messages show, and the submit.
 * It lives outside the components so that closing and reopening the drawer, or a failed submit,
 * never loses what was typed. Validation is the shared yup schema (SPEC.md section 5), the same
 * one the server applies.
 *
 * Idempotency: each distinct request (products + details + campaign) gets one key, reused by
 * every retry of it; the key is dropped after success, and a change to the basket or the details
 * makes a different request and so a new key. A retry can never create a second quote.
 */
import { action, computed, makeObservable, observable, runInAction } from 'mobx';
import { readFirstTouch, trackEvent } from '@copytech/shared';
import { CONTACT_FIELDS, QUOTE_MESSAGES, type ContactDetails } from '@copytech/shared/domain';
import { contactDetailsSchema } from '@copytech/shared/forms';
import { newIdempotencyKey, sendQuoteRequest, type QuoteFailureKind, type QuoteOutcome, type QuoteRequestBody } from './quoteClient';

export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;

export interface QuoteFailure {
  kind: QuoteFailureKind;
  /** What to tell the visitor. */
  message: string;
  /** Whether pressing Retry can help (not while the details need changing). */
  retryable: boolean;
  /** The products of the failed request: a failure belongs to that request only. */
  productKey: string;
}

export interface SentQuote {
  reference: string;
  /** The products it was for, joined with ','. */
  productKey: string;
  count: number;
  /** Where it was sent, to show on the confirmation (never put in an event). */
  email: string;
}

const EMPTY: ContactValues = { firstName: '', lastName: '', email: '', phoneNumber: '', postcode: '' };

function isContactField(value: string): value is ContactField {
  return (CONTACT_FIELDS as readonly string[]).includes(value);
}

function failureMessage(outcome: Extract<QuoteOutcome, { ok: false }>, fieldsWithErrors: number): string {
  switch (outcome.kind) {
    case 'network':
      return 'We could not reach Copytech, so your request has not been sent. Check your connection and press Retry. Everything you typed is kept.';
    case 'rate-limited':
      return outcome.retryAfterSeconds && outcome.retryAfterSeconds <= 120
        ? `We have had a lot of requests from you in a short time. Please wait ${outcome.retryAfterSeconds} seconds, then press Retry.`
        : 'We have had a lot of requests from you in a short time. Please wait a minute, then press Retry.';
    case 'invalid': {
      // 'productIds' or 'productIds[1]': a product that is unknown or no longer offered.
      const products = Array.from(new Set(Object.entries(outcome.fieldErrors).filter(([path]) => /^productIds\b/.test(path)).map(([, message]) => message)));
      if (products.length) return `We could not quote for these printers: ${products.join(' ')} Please change your basket and try again.`;
      if (fieldsWithErrors > 0) return 'Please check the highlighted details and send again.';
      return outcome.message ? `Your request was not accepted: ${outcome.message}` : 'Your request was not accepted. Please check your details and send again.';
    }
    case 'server':
      return 'Something went wrong on our side and your request has not been sent. Please press Retry. Everything you typed is kept.';
  }
}

export class QuoteFormModel {
  values: ContactValues = { ...EMPTY };
  /** Messages shown beside the fields. */
  errors: Partial<Record<ContactField, string>> = {};
  touched = observable.set<ContactField>();
  sending = false;
  failure: QuoteFailure | null = null;
  /** The last quote sent with this form, until the visitor has seen its confirmation. */
  sent: SentQuote | null = null;

  private attempt: { signature: string; key: string } | null = null;

  constructor(private readonly send: typeof sendQuoteRequest = sendQuoteRequest) {
    makeObservable<QuoteFormModel, 'applyOutcome'>(this, {
      values: observable,
      errors: observable,
      sending: observable,
      failure: observable.ref,
      sent: observable.ref,
      acknowledge: action,
      isValid: computed,
      setValue: action,
      blur: action,
      validateAll: action,
      reset: action,
      applyOutcome: action,
    });
  }

  /** The whole form passes the rules (checked silently as the visitor types; enables submit). */
  get isValid(): boolean {
    return contactDetailsSchema.isValidSync(this.values);
  }

  private messageFor(field: ContactField): string | undefined {
    try {
      contactDetailsSchema.validateSyncAt(field, this.values);
      return undefined;
    } catch (error) {
      return (error as Error).message || QUOTE_MESSAGES[field];
    }
  }

  setValue(field: ContactField, value: string): void {
    this.values[field] = value;
    // A message already shown follows the typing, so it goes as soon as the value is right.
    if (this.touched.has(field)) this.errors[field] = this.messageFor(field);
    else if (this.errors[field]) this.errors[field] = undefined;
  }

  /** Validation on blur (SPEC.md section 4). An untouched empty field says nothing yet. */
  blur(field: ContactField): void {
    if (!this.touched.has(field) && this.values[field] === '') return;
    this.touched.add(field);
    this.errors[field] = this.messageFor(field);
  }

  /** Shows every message; returns the first field in error, or null when the form is valid. */
  validateAll(): ContactField | null {
    let first: ContactField | null = null;
    for (const field of CONTACT_FIELDS) {
      this.touched.add(field);
      this.errors[field] = this.messageFor(field);
      if (this.errors[field] && !first) first = field;
    }
    return first;
  }

  get firstFieldInError(): ContactField | null {
    return CONTACT_FIELDS.find((field) => !!this.errors[field]) ?? null;
  }

  failureFor(productIds: readonly string[]): QuoteFailure | null {
    return this.failure && this.failure.productKey === productIds.join(',') ? this.failure : null;
  }

  /**
   * Sends the quote request for these products. Returns null without sending while a request is
   * in flight, when there are no products, or when a field is invalid (its message then shows).
   */
  async submit(productIds: readonly string[]): Promise<QuoteOutcome | null> {
    if (this.sending || productIds.length === 0) return null;
    if (this.validateAll()) return null;

    const contactDetails = contactDetailsSchema.validateSync(this.values, { stripUnknown: true }) as ContactDetails;
    const body: QuoteRequestBody = { productIds: [...productIds], contactDetails, eventType: 'QUOTE', utm: readFirstTouch() };
    const signature = JSON.stringify(body);
    if (!this.attempt || this.attempt.signature !== signature) this.attempt = { signature, key: newIdempotencyKey() };
    const key = this.attempt.key;

    runInAction(() => {
      this.sending = true;
      this.failure = null;
    });
    let outcome: QuoteOutcome;
    try {
      outcome = await this.send(body, key);
    } catch {
      outcome = { ok: false, kind: 'network', status: null, fieldErrors: {}, message: null, retryAfterSeconds: null };
    }
    this.applyOutcome(outcome, body.productIds);
    return outcome;
  }

  private applyOutcome(outcome: QuoteOutcome, productIds: string[]): void {
    this.sending = false;
    if (outcome.ok) {
      this.attempt = null;
      this.sent = { reference: outcome.reference, productKey: productIds.join(','), count: productIds.length, email: this.values.email.trim() };
      this.failure = null;
      // No personal data in events: a count and the reference only.
      trackEvent('quote_request_submitted', { count: productIds.length, reference: outcome.reference });
      trackEvent('lead', { source: 'quote' });
      return;
    }
    // SPEC.md section 8 logs a failed submit; never with the visitor's details.
    console.error('[basket] quote request failed:', outcome.kind, outcome.status ?? 'no response');
    if (outcome.status === 422) this.attempt = null;
    let fieldsWithErrors = 0;
    for (const [path, message] of Object.entries(outcome.fieldErrors)) {
      const field = path.replace(/^contactDetails\./, '');
      if (isContactField(field)) {
        this.errors[field] = message;
        this.touched.add(field);
        fieldsWithErrors += 1;
      }
    }
    this.failure = {
      kind: outcome.kind,
      message: failureMessage(outcome, fieldsWithErrors),
      retryable: outcome.kind !== 'invalid',
      productKey: productIds.join(','),
    };
  }

  /** Forget everything (tests; or a visitor who wants a clean form). */
  reset(): void {
    this.values = { ...EMPTY };
    this.errors = {};
    this.touched.clear();
    this.sending = false;
    this.failure = null;
    this.sent = null;
    this.attempt = null;
  }

  /** The confirmation has been seen. */
  acknowledge(): void {
    this.sent = null;
  }
}

/** One form per flow, kept for the whole page view. */
export const basketQuoteForm = new QuoteFormModel();
export const instantQuoteForm = new QuoteFormModel();
