/**
 * The two actions on the results (docs/product-rules.md "Report and quote"), sharing one set of
 * contact details (the shared contact form):
 * - "E-mail me this report": POST /api/report with the answers, the contact details and the human
 *   check's solution (asked for again if it has been used or was never kept). The captcha makes it
 *   single-use, so it carries no idempotency key;
 * - "Get a quote": a general enquiry (POST /api/enquiries/send) carrying the checker's figures.
 * A failure keeps everything typed and says what went wrong; a 400 puts the server's messages on
 * the fields.
 */
import { action, makeObservable, observable, runInAction, toJS } from 'mobx';
import { trackEvent } from '@copytech/shared';
import { ContactFormModel, isContactField, type ContactField } from '@copytech/shared/contactForm';
import type { ContactDetails } from '@copytech/shared/domain';
import { formWriter, RULES_UNAVAILABLE, writeProblemMessage, type FormWriter, type WriteResult } from '@copytech/shared/write';
import type { SavingsCheckerStore } from '../checker/SavingsCheckerStore';
import { quoteEnquiryMessage } from './summary';

export type ReportAction = 'report' | 'quote';
export type ActionState =
  { status: 'idle' } | { status: 'sending' } | { status: 'sent'; reference: string } | { status: 'problem'; message: string };

export const REPORT_ENDPOINT = '/api/report';
export const ENQUIRIES_ENDPOINT = '/api/enquiries/send';
const CHECK_DETAILS = 'Please check the details you entered.';
/** Where the enquiry endpoint's field names land on this form. */
const ENQUIRY_FIELDS: Record<string, ContactField> = { name: 'firstName', email: 'email', phone: 'phoneNumber' };

export interface ReportWriters {
  report: FormWriter;
  quote: FormWriter;
}

export class ReportActionsModel {
  readonly contact = new ContactFormModel();
  report: ActionState = { status: 'idle' };
  quote: ActionState = { status: 'idle' };
  /** Why the human check is shown again; null while it is not needed. */
  needCheck: string | null = null;
  /** Where the report went, for its confirmation. */
  sentEmail = '';
  /** The report waits for the human check. */
  private pendingReport = false;
  /** An action between its first check and its answer: a second press meanwhile does nothing. */
  private readonly busy = new Set<ReportAction>();

  constructor(
    private readonly store: SavingsCheckerStore,
    /** Focuses a field (the first in error). */
    private readonly focus: (field: ContactField) => void,
    private readonly writers: ReportWriters = {
      report: formWriter(REPORT_ENDPOINT, { idempotent: false }),
      quote: formWriter(ENQUIRIES_ENDPOINT),
    },
  ) {
    makeObservable<ReportActionsModel, 'set'>(this, {
      report: observable.ref,
      quote: observable.ref,
      needCheck: observable,
      sentEmail: observable,
      set: action,
    });
  }

  private set(action: ReportAction, state: ActionState): void {
    this[action] = state;
  }

  /** The details checked by the rules, or null (messages shown, first field focused, or the rules unavailable: said so). */
  private async details(action: ReportAction): Promise<ContactDetails | null> {
    if (!(await this.contact.loadRules())) {
      console.error('[checker] the contact details could not be checked: the form rules did not load');
      this.set(action, { status: 'problem', message: writeProblemMessage(RULES_UNAVAILABLE) });
      return null;
    }
    const first = this.contact.validateAll();
    if (first) this.focus(first);
    return first ? null : this.contact.details();
  }

  async submit(action: ReportAction): Promise<void> {
    if (this.busy.has(action) || this[action].status === 'sending') return;
    this.busy.add(action);
    try {
      const contact = await this.details(action);
      if (!contact) return;
      if (action === 'report') await this.sendReport(contact);
      else await this.sendQuote(contact);
    } finally {
      this.busy.delete(action);
    }
  }

  /** The human check is solved: a report that waited for it goes now. */
  async verified(payload: string): Promise<void> {
    this.store.completeCaptcha(payload);
    if (this.pendingReport) await this.submit('report');
  }

  private async sendReport(contact: ContactDetails): Promise<void> {
    const captcha = this.store.captchaPayload;
    runInAction(() => {
      this.pendingReport = !captcha;
      this.needCheck = captcha ? null : 'Please confirm you are not a robot, then we will send your report.';
    });
    if (!captcha) return;
    this.set('report', { status: 'sending' });
    // Only the machine's modelId: the server reads its prices itself.
    const machine = this.store.machine?.modelId;
    const result = await this.writers.report.send({
      answers: toJS(this.store.answers),
      contactDetails: contact,
      captcha,
      ...(machine ? { machine } : {}),
    });
    if (result.outcome === 'sent') {
      this.store.captchaUsed();
      runInAction(() => (this.sentEmail = contact.email));
      trackEvent('report_requested', { status: this.store.result?.status ?? 'incomplete' });
      trackEvent('lead', { source: 'savings-checker', kind: 'report' });
    } else if (result.outcome === 'invalid' && result.fieldErrors.captcha) {
      this.store.captchaUsed();
      runInAction(() => {
        this.pendingReport = true;
        this.needCheck = 'Please confirm you are not a robot again, then we will send your report.';
      });
      return this.set('report', { status: 'idle' });
    }
    this.finish('report', result, (path) => {
      const field = path.replace(/^contactDetails\./, '');
      return isContactField(field) ? field : undefined;
    });
  }

  private async sendQuote(contact: ContactDetails): Promise<void> {
    // The actions are on the results, which show only once the figures (and so the terms) are in.
    const figures = this.store.result;
    if (!figures) return;
    this.set('quote', { status: 'sending' });
    const result = await this.writers.quote.send({
      kind: 'enquiry',
      name: `${contact.firstName} ${contact.lastName}`.trim(),
      email: contact.email,
      phone: contact.phoneNumber,
      message: quoteEnquiryMessage(figures, this.store.answers, contact),
    });
    if (result.outcome === 'sent') {
      trackEvent('enquiry_sent', { kind: 'enquiry', source: 'savings-checker' });
      trackEvent('lead', { source: 'savings-checker', kind: 'quote' });
    }
    this.finish('quote', result, (path) => ENQUIRY_FIELDS[path]);
  }

  /** What the visitor sees of an answer. */
  private finish(action: ReportAction, result: WriteResult, fieldOf: (path: string) => ContactField | undefined): void {
    if (result.outcome === 'sent') return this.set(action, { status: 'sent', reference: result.reference });
    if (result.outcome !== 'invalid') return this.set(action, { status: 'problem', message: writeProblemMessage(result) });
    this.contact.showServerErrors(result.fieldErrors, fieldOf);
    const first = this.contact.firstFieldInError;
    if (first) this.focus(first);
    const answerProblem = Object.keys(result.fieldErrors).some((path) => path.startsWith('answers'));
    const message = answerProblem
      ? 'Some of your answers need checking: press “Change” beside them above and try again.'
      : (result.message ?? CHECK_DETAILS);
    this.set(action, { status: 'problem', message });
  }
}
