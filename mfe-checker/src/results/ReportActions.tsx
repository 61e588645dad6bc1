/**
 * The two actions on the results (docs/product-rules.md "Report and quote"), sharing one set of
 * contact details:
 * - "E-mail me this report": POST /api/report with the answers, the contact details and the
 *   human check's solution (asked for again here if it has been used or was never kept);
 * - "Get a quote": a general enquiry carrying the checker's figures.
 * Contact details are checked with the quote form's rules (contactDetailsSchema, the server uses
 * the same). A failure keeps everything typed and says what went wrong; 400 answers put the
 * server's messages on the fields.
 *
 * The schema (and yup) load when the form first takes focus, as every form of the site does, and
 * every check awaits it: a field left, a message updating as the visitor types, and the submit.
 * A check whose field has changed since is dropped. If the rules cannot load, the submit says so
 * as a failed send does, keeping everything typed, and the next check tries again.
 */
import { observer } from 'mobx-react-lite';
import { toJS } from 'mobx';
import { useId, useRef, useState, type FormEvent } from 'react';
import { trackEvent } from '@copytech/shared';
import { CONTACT_FIELDS, fieldErrorsOf, FIELD_LIMITS, type ContactDetails } from '@copytech/shared/domain';
import { loadFormRules, preloadFormRules } from '@copytech/shared/formRules';
import type { SavingsCheckerStore } from '../checker/SavingsCheckerStore';
import { idempotencyKeyFor, sendQuoteEnquiry, sendReport, type WriteResult } from '../api/checkerApi';
import { HumanCheck } from '../wizard/HumanCheck';
import { quoteEnquiryMessage } from './summary';
import styles from './Results.module.css';

type ContactField = (typeof CONTACT_FIELDS)[number];
type Values = Record<ContactField, string>;
type Action = 'report' | 'quote';
type Outcome = { status: 'idle' } | { status: 'sending' } | { status: 'sent'; reference: string } | { status: 'problem'; message: string };

const EMPTY: Values = { firstName: '', lastName: '', email: '', phoneNumber: '', postcode: '' };
const FIELD_SETUP: Record<ContactField, { label: string; autoComplete: string; type: 'text' | 'email' | 'tel'; maxLength: number }> = {
  firstName: { label: 'First name', autoComplete: 'given-name', type: 'text', maxLength: FIELD_LIMITS.nameMax },
  lastName: { label: 'Last name', autoComplete: 'family-name', type: 'text', maxLength: FIELD_LIMITS.nameMax },
  email: { label: 'Email', autoComplete: 'email', type: 'email', maxLength: FIELD_LIMITS.emailMax },
  phoneNumber: { label: 'Phone', autoComplete: 'tel', type: 'tel', maxLength: 25 },
  postcode: { label: 'Postcode', autoComplete: 'postal-code', type: 'text', maxLength: FIELD_LIMITS.postcodeMax + 2 },
};
/** Where the enquiry endpoint's field names land on this form. */
const ENQUIRY_FIELD_MAP: Record<string, ContactField> = { name: 'firstName', email: 'email', phone: 'phoneNumber' };

const FAILED = 'We could not send this just now. Everything you typed is still here: please try again in a moment.';
const RATE_LIMITED = 'You have sent several requests in a short time. Please wait a minute and try again.';

/** The field's message, or undefined when it is right. Rejects if the rules cannot load. */
async function messageFor(field: ContactField, values: Values): Promise<string | undefined> {
  const { contactDetailsSchema } = await loadFormRules();
  try {
    contactDetailsSchema.validateSyncAt(field, values);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

export const ReportActions = observer(function ReportActions({ store }: { store: SavingsCheckerStore }) {
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [needCheck, setNeedCheck] = useState<string | null>(null);
  const [report, setReport] = useState<Outcome>({ status: 'idle' });
  const [quote, setQuote] = useState<Outcome>({ status: 'idle' });
  const edited = useRef(new Set<ContactField>());
  const inputs = useRef(new Map<ContactField, HTMLInputElement>());
  const pendingReport = useRef(false);
  const lastQuote = useRef<{ body: string; key: string } | null>(null);
  const sentEmail = useRef('');
  /** A submit between its first check and its answer (a second press meanwhile does nothing). */
  const submitting = useRef(false);
  /** The values as last typed, to tell whether a check that has just finished is still current. */
  const latest = useRef<Values>(values);
  latest.current = values;

  /** Shows the message for a field once its check is done, unless the field has changed since. */
  const check = (field: ContactField, all: Values) => {
    messageFor(field, all).then(
      (message) => {
        if (latest.current[field] === all[field]) setErrors((current) => ({ ...current, [field]: message }));
      },
      () => undefined, // the rules could not load: the submit checks again, and says so if it still cannot
    );
  };

  /** The details checked by the rules: valid details, null (messages shown, first field focused), or 'unavailable' (the rules could not load). */
  const validate = async (): Promise<ContactDetails | null | 'unavailable'> => {
    let rules: Awaited<ReturnType<typeof loadFormRules>>;
    try {
      rules = await loadFormRules();
    } catch (error) {
      console.error('[checker] the contact details could not be checked:', (error as Error).message);
      return 'unavailable';
    }
    const all = latest.current;
    try {
      return rules.contactDetailsSchema.validateSync(all, { abortEarly: false }) as ContactDetails;
    } catch (error) {
      const messages = fieldErrorsOf(error);
      const onFields: Partial<Record<ContactField, string>> = {};
      for (const field of CONTACT_FIELDS) if (messages[field]) onFields[field] = messages[field];
      setErrors(onFields);
      const first = CONTACT_FIELDS.find((field) => onFields[field]);
      if (first) inputs.current.get(first)?.focus();
      return null;
    }
  };

  const serverFieldErrors = (fieldErrors: Record<string, string>, map: (path: string) => ContactField | undefined) => {
    const onFields: Partial<Record<ContactField, string>> = {};
    for (const [path, message] of Object.entries(fieldErrors)) {
      const field = map(path);
      if (field && !onFields[field]) onFields[field] = message;
    }
    if (Object.keys(onFields).length) setErrors(onFields);
    return onFields;
  };

  const handleReportResult = (result: WriteResult, contact: ContactDetails) => {
    switch (result.outcome) {
      case 'sent':
        store.captchaUsed();
        sentEmail.current = contact.email;
        trackEvent('report_requested', { status: store.result.status });
        trackEvent('lead', { source: 'savings-checker', kind: 'report' });
        setReport({ status: 'sent', reference: result.reference });
        break;
      case 'invalid': {
        if (result.fieldErrors.captcha) {
          store.captchaUsed();
          setNeedCheck('Please confirm you are not a robot again, then we will send your report.');
          pendingReport.current = true;
          setReport({ status: 'idle' });
          break;
        }
        serverFieldErrors(result.fieldErrors, (path) => {
          const field = path.replace(/^contactDetails\./, '');
          return (CONTACT_FIELDS as readonly string[]).includes(field) ? (field as ContactField) : undefined;
        });
        const answerProblem = Object.keys(result.fieldErrors).some((path) => path.startsWith('answers'));
        setReport({
          status: 'problem',
          message: answerProblem ? 'Some of your answers need checking: press “Change” beside them above and try again.' : result.message,
        });
        break;
      }
      case 'rate-limited':
        setReport({ status: 'problem', message: RATE_LIMITED });
        break;
      default:
        setReport({ status: 'problem', message: FAILED });
    }
  };

  const submitReport = async (contact: ContactDetails) => {
    const payload = store.captchaPayload;
    if (!payload) {
      pendingReport.current = true;
      setNeedCheck('Please confirm you are not a robot, then we will send your report.');
      return;
    }
    pendingReport.current = false;
    setNeedCheck(null);
    setReport({ status: 'sending' });
    handleReportResult(await sendReport({ answers: toJS(store.answers), contactDetails: contact, captcha: payload }), contact);
  };

  const submitQuote = async (contact: ContactDetails) => {
    const request = {
      kind: 'enquiry' as const,
      name: `${contact.firstName} ${contact.lastName}`.trim(),
      email: contact.email,
      phone: contact.phoneNumber,
      message: quoteEnquiryMessage(store.result, store.answers, contact),
    };
    lastQuote.current = idempotencyKeyFor(lastQuote.current, JSON.stringify(request));
    setQuote({ status: 'sending' });
    const result = await sendQuoteEnquiry(request, lastQuote.current.key);
    switch (result.outcome) {
      case 'sent':
        trackEvent('enquiry_sent', { kind: 'enquiry', source: 'savings-checker' });
        trackEvent('lead', { source: 'savings-checker', kind: 'quote' });
        lastQuote.current = null;
        setQuote({ status: 'sent', reference: result.reference });
        break;
      case 'invalid':
        serverFieldErrors(result.fieldErrors, (path) => ENQUIRY_FIELD_MAP[path]);
        setQuote({ status: 'problem', message: result.message });
        break;
      case 'rate-limited':
        setQuote({ status: 'problem', message: RATE_LIMITED });
        break;
      default:
        setQuote({ status: 'problem', message: FAILED });
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const action: Action = submitter?.value === 'quote' ? 'quote' : 'report';
    if (submitting.current || (action === 'report' ? report : quote).status === 'sending') return;
    submitting.current = true;
    try {
      const contact = await validate();
      if (contact === 'unavailable') {
        // Nothing can be checked or sent without the network: the same message as a failed send.
        (action === 'report' ? setReport : setQuote)({ status: 'problem', message: FAILED });
        return;
      }
      if (!contact) return;
      setErrors({});
      if (action === 'report') await submitReport(contact);
      else await submitQuote(contact);
    } finally {
      submitting.current = false;
    }
  };

  const onVerified = async (payload: string) => {
    store.completeCaptcha(payload);
    if (!pendingReport.current) return;
    const contact = await validate();
    if (contact === 'unavailable') setReport({ status: 'problem', message: FAILED });
    else if (contact) void submitReport(contact);
  };

  const sendingReport = report.status === 'sending';
  const sendingQuote = quote.status === 'sending';
  return (
    <section className={styles.actions} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className={styles.subheading}>
        Keep these figures, or get a quote
      </h3>
      <p className={styles.muted}>
        We will e-mail you this report, or a member of our team will send you a quote based on it. We only use your details for that.
      </p>
      <form className={styles.contactForm} noValidate onSubmit={onSubmit} onFocus={preloadFormRules} aria-labelledby={`${id}-heading`}>
        <div className={styles.contactGrid}>
          {CONTACT_FIELDS.map((field) => {
            const setup = FIELD_SETUP[field];
            const inputId = `${id}-${field}`;
            const error = errors[field];
            return (
              <div key={field} className={styles.contactField}>
                <label htmlFor={inputId} className={styles.label}>
                  {setup.label}
                </label>
                <input
                  id={inputId}
                  ref={(element) => {
                    if (element) inputs.current.set(field, element);
                    else inputs.current.delete(field);
                  }}
                  name={field}
                  type={setup.type}
                  inputMode={setup.type === 'email' ? 'email' : setup.type === 'tel' ? 'tel' : undefined}
                  autoComplete={setup.autoComplete}
                  maxLength={setup.maxLength}
                  required
                  className={styles.input}
                  value={values[field]}
                  onChange={(event) => {
                    const next = { ...values, [field]: event.target.value };
                    edited.current.add(field);
                    latest.current = next;
                    setValues(next);
                    // A message already shown follows the typing, and goes when the field is right.
                    if (errors[field]) check(field, next);
                  }}
                  onBlur={() => {
                    if (!edited.current.has(field) && !errors[field]) return;
                    check(field, values);
                  }}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${inputId}-error` : undefined}
                />
                {error ? (
                  <p id={`${inputId}-error`} className={styles.error}>
                    {error}
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>

        {needCheck ? (
          <div className={styles.check}>
            <p className={styles.notice}>{needCheck}</p>
            <HumanCheck onVerified={onVerified} onExpired={() => store.captchaExpired()} />
          </div>
        ) : null}

        <div aria-live="polite" className={styles.outcomes}>
          {report.status === 'sent' ? (
            <div className={styles.success} data-outcome="report-sent">
              <p>
                <strong>Your report is on its way</strong> to {sentEmail.current}. Reference <strong>{report.reference}</strong>.
              </p>
              <p>If it has not arrived in a few minutes, please check your junk folder.</p>
            </div>
          ) : null}
          {report.status === 'problem' ? (
            <p className={styles.problem} role="alert">
              {report.message}
            </p>
          ) : null}
          {quote.status === 'sent' ? (
            <div className={styles.success} data-outcome="quote-sent">
              <p>
                <strong>Thank you: we have your quote request.</strong> Reference <strong>{quote.reference}</strong>.
              </p>
              <p>One of our team will be in touch within one working day.</p>
            </div>
          ) : null}
          {quote.status === 'problem' ? (
            <p className={styles.problem} role="alert">
              {quote.message}
            </p>
          ) : null}
        </div>

        <div className={styles.buttons}>
          <button
            type="submit"
            name="action"
            value="report"
            className={styles.primary}
            disabled={sendingReport}
            aria-disabled={sendingReport}
          >
            {sendingReport ? 'Sending…' : 'E-mail me this report'}
          </button>
          <button
            type="submit"
            name="action"
            value="quote"
            className={styles.secondary}
            disabled={sendingQuote}
            aria-disabled={sendingQuote}
          >
            {sendingQuote ? 'Sending…' : 'Get a quote'}
          </button>
        </div>
      </form>
    </section>
  );
});
