/**
 * One quote form: the contact details (the shared ContactFormModel: values, messages, rules) and
 * the submit. It lives outside the components so that closing and reopening the drawer, or a
 * failed submit, never loses what was typed (docs/product-rules.md "Quote form").
 *
 * Sending goes through the shared form writer: each distinct request (products + details +
 * campaign) has one Idempotency-Key, reused by every retry of it, so a retry can never create a
 * second quote.
 */
import { action, computed, makeObservable, observable, runInAction } from 'mobx';
import { readFirstTouch, trackEvent } from '@copytech/shared';
import { CONTACT_FIELD_SPECS, ContactFormModel, isContactField, loadContactRules, type ContactField } from '@copytech/shared/contactForm';
import {
  CONTACT_FIELDS,
  boundedPages,
  listInWords,
  type ContactDetails,
  type FirstTouchCampaign,
  type MonthlyPages,
} from '@copytech/shared/domain';
import { formWriter, RULES_UNAVAILABLE, writeProblemMessage, type FormWriter, type WriteResult } from '@copytech/shared/write';

export type { ContactField, ContactValues } from '@copytech/shared/contactForm';

/** The contact rules once loaded, to tell which fields are still to complete (observable: the hint follows). */
const contactRules = observable.box<Awaited<ReturnType<typeof loadContactRules>> | null>(null, { deep: false });

/**
 * Why Send is not available yet, naming the fields still to complete, in the form's order:
 * `Still to complete: first name, e-mail address and postcode.`
 */
export function stillToCompleteWords(fields: readonly ContactField[]): string {
  if (fields.length === 0) return '';
  return `Still to complete: ${listInWords(fields.map((field) => CONTACT_FIELD_SPECS[field].label.toLowerCase()))}.`;
}

export const QUOTE_ENDPOINT = '/api/quote';
/** A request that has not answered in this time is treated as a network failure (and can be retried). */
export const QUOTE_TIMEOUT_MS = 20_000;

export interface QuoteRequestBody {
  productIds: string[];
  contactDetails: ContactDetails;
  eventType: 'QUOTE';
  utm: FirstTouchCampaign;
  /** The volumes the figures the buyer saw were worked out at: the e-mail is worked out at them too. */
  volumes?: MonthlyPages;
  /** The lease term the buyer is considering, one the terms offer (the figures are for the term prices are shown for). */
  leaseTermMonths?: number;
}

export interface QuoteFailure {
  /** What to tell the visitor. */
  message: string;
  /** Whether pressing Retry can help (not while the details or the basket need changing). */
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

/** What a 400 answer means to the visitor. */
function invalidMessage(result: Extract<WriteResult, { outcome: 'invalid' }>, fieldsWithErrors: number): string {
  // 'productIds' or 'productIds[1]': a product that is unknown or no longer offered.
  const products = Array.from(
    new Set(
      Object.entries(result.fieldErrors)
        .filter(([path]) => /^productIds\b/.test(path))
        .map(([, message]) => message),
    ),
  );
  if (products.length)
    return `We could not quote for everything in your basket: ${products.join(' ')} Please change your basket and try again.`;
  if (fieldsWithErrors > 0) return 'Please check the highlighted details and send again.';
  return result.message
    ? `Your request was not accepted: ${result.message}`
    : 'Your request was not accepted. Please check your details and send again.';
}

export class QuoteFormModel extends ContactFormModel {
  sending = false;
  failure: QuoteFailure | null = null;
  /** The last quote sent with this form, until the visitor has seen its confirmation. */
  sent: SentQuote | null = null;
  /** The lease term chosen in the form (LeaseTermChoice); null: none asked, the figures' own term. */
  leaseTermMonths: number | null = null;

  /** A submit waiting for the rules to load (not yet sending). */
  private awaitingRules = false;

  constructor(private readonly writer: FormWriter = formWriter(QUOTE_ENDPOINT, { timeoutMs: QUOTE_TIMEOUT_MS })) {
    super();
    makeObservable<QuoteFormModel, 'applyResult'>(this, {
      fieldsToComplete: computed,
      sending: observable,
      failure: observable.ref,
      sent: observable.ref,
      leaseTermMonths: observable,
      chooseLeaseTerm: action,
      acknowledge: action,
      reset: action,
      applyResult: action,
    });
  }

  /** The lease term the buyer is considering (months; the server checks it is one the terms offer). */
  chooseLeaseTerm(months: number | null): void {
    this.leaseTermMonths = months;
  }

  /** Loads the rules (the shared model's), and keeps them to tell which fields are still to complete. */
  override async loadRules(): Promise<boolean> {
    const loaded = await super.loadRules();
    if (loaded && !contactRules.get()) {
      const rules = await loadContactRules();
      runInAction(() => contactRules.set(rules));
    }
    return loaded;
  }

  /**
   * The fields that do not pass their rule yet, in the form's order (checked silently, as the
   * visitor types): what the hint beside a disabled Send names. Every field until the rules are in.
   */
  get fieldsToComplete(): ContactField[] {
    const rules = contactRules.get();
    if (!rules) return [...CONTACT_FIELDS];
    return CONTACT_FIELDS.filter((field) => {
      try {
        rules.validateSyncAt(field, this.values);
        return false;
      } catch {
        return true;
      }
    });
  }

  failureFor(productIds: readonly string[]): QuoteFailure | null {
    return this.failure && this.failure.productKey === productIds.join(',') ? this.failure : null;
  }

  /**
   * Sends the quote request for these products, at the volumes the figures shown were worked out
   * at (none: the server quotes each machine at its class's typical volumes). Returns null without sending while a request is
   * in flight, when there are no products, or when a field is invalid (its message then shows).
   */
  async submit(productIds: readonly string[], volumes?: MonthlyPages | null): Promise<WriteResult | null> {
    if (this.sending || this.awaitingRules || productIds.length === 0) return null;
    this.awaitingRules = true;
    const loaded = await this.loadRules();
    this.awaitingRules = false;
    if (!loaded) {
      this.applyResult(RULES_UNAVAILABLE, [...productIds]);
      return RULES_UNAVAILABLE;
    }
    const contactDetails = this.validateAll() ? null : this.details();
    if (!contactDetails) return null;

    const body: QuoteRequestBody = { productIds: [...productIds], contactDetails, eventType: 'QUOTE', utm: readFirstTouch() };
    if (volumes) body.volumes = { mono: boundedPages(volumes.mono), colour: boundedPages(volumes.colour) };
    if (this.leaseTermMonths !== null) body.leaseTermMonths = this.leaseTermMonths;
    runInAction(() => {
      this.sending = true;
      this.failure = null;
    });
    const result = await this.writer.send(body);
    this.applyResult(result, body.productIds);
    return result;
  }

  private applyResult(result: WriteResult, productIds: string[]): void {
    this.sending = false;
    const productKey = productIds.join(',');
    if (result.outcome === 'sent') {
      this.sent = { reference: result.reference, productKey, count: productIds.length, email: this.values.email.trim() };
      this.failure = null;
      // No personal data in events: a count and the reference only.
      trackEvent('quote_request_submitted', { count: productIds.length, reference: result.reference });
      trackEvent('lead', { source: 'quote' });
      return;
    }
    // A failed submit is logged (docs/product-rules.md "Quote flow"), never with the visitor's details.
    console.error(
      '[basket] quote request failed:',
      result.outcome === 'failed' ? result.kind : result.outcome,
      result.status ?? 'no response',
    );
    if (result.outcome === 'invalid') {
      const onFields = this.showServerErrors(result.fieldErrors, (path) => {
        const field = path.replace(/^contactDetails\./, '');
        return isContactField(field) ? field : undefined;
      });
      this.failure = { message: invalidMessage(result, onFields), retryable: false, productKey };
      return;
    }
    this.failure = { message: writeProblemMessage(result), retryable: true, productKey };
  }

  /** Forget everything (tests; or a visitor who wants a clean form). */
  reset(): void {
    this.clear();
    this.sending = false;
    this.failure = null;
    this.sent = null;
    this.leaseTermMonths = null;
  }

  /** The confirmation has been seen. */
  acknowledge(): void {
    this.sent = null;
  }
}

/** One form per flow, kept for the whole page view. */
export const basketQuoteForm = new QuoteFormModel();
export const instantQuoteForm = new QuoteFormModel();
