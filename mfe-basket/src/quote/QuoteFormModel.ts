/**
 * The state of one quote form: what the visitor typed, which messages show, and the submit. It
 * lives outside the components so that closing and reopening the drawer, or a failed submit, never
 * loses what was typed. Validation is the shared yup schema (docs/product-rules.md "Quote form"),
 * the same one the server applies. The schema (and yup) load when a quote form is first shown, not
 * with the drawer: until they are there the form is not valid yet, and fields left meanwhile get
 * their messages as soon as the rules arrive.
 *
 * Idempotency: each distinct request (products + details + campaign) gets one key, reused by
 * every retry of it; the key is dropped after success, and a change to the basket or the details
 * makes a different request and so a new key. A retry can never create a second quote.
 */
import { action, computed, makeObservable, observable, runInAction } from 'mobx';
import { readFirstTouch, trackEvent } from '@copytech/shared';
import { CONTACT_FIELDS, loadOnce, QUOTE_MESSAGES, type ContactDetails } from '@copytech/shared/domain';
import { loadFormRules } from '@copytech/shared/formRules';
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

type ContactRules = Pick<typeof import('@copytech/shared/forms'), 'contactDetailsSchema'>;

/** The rules once loaded, for every quote form of this remote (observable: forms update when they arrive). */
const loadedRules = observable.box<ContactRules | null>(null, { deep: false });
/** Loads yup and the contact details schema, once; a failed load is tried again by the next call. */
export const loadQuoteFormRules: () => Promise<ContactRules> = loadOnce(() =>
  loadFormRules().then((rules) => {
    runInAction(() => loadedRules.set(rules));
    return rules;
  }),
);

const RULES_UNAVAILABLE: QuoteOutcome = {
  ok: false,
  kind: 'network',
  status: null,
  fieldErrors: {},
  message: null,
  retryAfterSeconds: null,
};

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
      const products = Array.from(
        new Set(
          Object.entries(outcome.fieldErrors)
            .filter(([path]) => /^productIds\b/.test(path))
            .map(([, message]) => message),
        ),
      );
      if (products.length) return `We could not quote for these printers: ${products.join(' ')} Please change your basket and try again.`;
      if (fieldsWithErrors > 0) return 'Please check the highlighted details and send again.';
      return outcome.message
        ? `Your request was not accepted: ${outcome.message}`
        : 'Your request was not accepted. Please check your details and send again.';
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
  /** A submit waiting for the rules to load (not yet sending). */
  private awaitingRules = false;

  constructor(private readonly send: typeof sendQuoteRequest = sendQuoteRequest) {
    makeObservable<QuoteFormModel, 'applyOutcome' | 'recheckTouched'>(this, {
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
      recheckTouched: action,
    });
  }

  private get schema(): ContactRules['contactDetailsSchema'] | null {
    return loadedRules.get()?.contactDetailsSchema ?? null;
  }

  /**
   * Loads the form's rules (the form calls this when it is shown; a field left, or Enter, asks
   * again if a load failed). Fields already left get their messages once the rules are there.
   * Resolves false if they could not be loaded.
   */
  async loadRules(): Promise<boolean> {
    if (this.schema) return true;
    try {
      await loadQuoteFormRules();
    } catch {
      return false;
    }
    this.recheckTouched();
    return true;
  }

  private recheckTouched(): void {
    for (const field of this.touched) this.errors[field] = this.messageFor(field);
  }

  /** The whole form passes the rules (checked silently as the visitor types; enables submit). False until the rules are loaded. */
  get isValid(): boolean {
    return this.schema?.isValidSync(this.values) ?? false;
  }

  /** The field's message; none until the rules are loaded (recheckTouched gives it then). */
  private messageFor(field: ContactField): string | undefined {
    const schema = this.schema;
    if (!schema) return undefined;
    try {
      schema.validateSyncAt(field, this.values);
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

  /** Validation on blur (docs/product-rules.md "Quote form"). An untouched empty field says nothing yet. */
  blur(field: ContactField): void {
    if (!this.touched.has(field) && this.values[field] === '') return;
    this.touched.add(field);
    this.errors[field] = this.messageFor(field);
    if (!this.schema) void this.loadRules();
  }

  /**
   * Shows every message; returns the first field in error, or null when the form is valid (or its
   * rules are not loaded yet: the messages then show when they arrive, and submit waits for them).
   */
  validateAll(): ContactField | null {
    if (!this.schema) void this.loadRules();
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
    if (this.sending || this.awaitingRules || productIds.length === 0) return null;
    if (!this.schema) {
      this.awaitingRules = true;
      const loaded = await this.loadRules();
      this.awaitingRules = false;
      if (!loaded) {
        // Nothing can be checked or sent without the network: the same message as a failed send.
        this.applyOutcome(RULES_UNAVAILABLE, [...productIds]);
        return RULES_UNAVAILABLE;
      }
    }
    const schema = this.schema;
    if (!schema || this.validateAll()) return null;

    const contactDetails = schema.validateSync(this.values, { stripUnknown: true }) as ContactDetails;
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
      this.sent = {
        reference: outcome.reference,
        productKey: productIds.join(','),
        count: productIds.length,
        email: this.values.email.trim(),
      };
      this.failure = null;
      // No personal data in events: a count and the reference only.
      trackEvent('quote_request_submitted', { count: productIds.length, reference: outcome.reference });
      trackEvent('lead', { source: 'quote' });
      return;
    }
    // A failed submit is logged (docs/product-rules.md "Quote flow"), never with the visitor's details.
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
