/** Contact us: a general enquiry (name, e-mail, optional phone and company, message). */
import { ENQUIRY_LIMITS, FIELD_LIMITS, type EnquiryRequest } from '@copytech/shared/domain';
import { FormField } from './FormField';
import { loadFormRules } from '@copytech/shared/formRules';
import { SubmitProblem, SubmitSuccess } from './SubmitFeedback';
import { useEnquiryForm } from './useEnquiryForm';
import styles from './forms.module.css';

const INITIAL = { name: '', email: '', phone: '', company: '', message: '' };
type EnquiryValues = typeof INITIAL;
const loadEnquirySchema = () => loadFormRules().then((rules) => rules.enquirySchema);

export function enquiryRequest(values: EnquiryValues): EnquiryRequest {
  const request: EnquiryRequest = { kind: 'enquiry', name: values.name.trim(), email: values.email.trim(), message: values.message.trim() };
  if (values.phone.trim()) request.phone = values.phone.trim();
  if (values.company.trim()) request.company = values.company.trim();
  return request;
}

export default function EnquiryForm({ labelledBy }: { labelledBy?: string }) {
  const form = useEnquiryForm<EnquiryValues>({
    kind: 'enquiry',
    loadSchema: loadEnquirySchema,
    initialValues: INITIAL,
    toRequest: enquiryRequest,
  });
  const { submit } = form;

  if (submit.status === 'sent') {
    return (
      <SubmitSuccess
        title="Thank you: your enquiry has been sent"
        reference={submit.reference}
        onStartAgain={form.startAgain}
        againLabel="Send another enquiry"
        posted={form.posted}
        againHref={form.action}
      >
        <p>One of our team will reply within one working day. We have also sent a copy to your e-mail address.</p>
      </SubmitSuccess>
    );
  }

  const sending = submit.status === 'sending';
  return (
    <form
      className={styles.form}
      method="post"
      action={form.action ?? undefined}
      noValidate
      onSubmit={form.onSubmit}
      onFocus={form.preload}
      aria-labelledby={labelledBy}
      data-form="enquiry"
    >
      {/* Which form this is, for the page's answer to a post without JavaScript. */}
      <input type="hidden" name="form" value="enquiry" />
      <div className={styles.row}>
        <FormField field={form.field('name')} label="Your name" autoComplete="name" maxLength={ENQUIRY_LIMITS.nameMax} />
        <FormField
          field={form.field('email')}
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={FIELD_LIMITS.emailMax}
        />
      </div>
      <div className={styles.row}>
        <FormField field={form.field('phone')} label="Phone" optional type="tel" inputMode="tel" autoComplete="tel" maxLength={25} />
        <FormField
          field={form.field('company')}
          label="Company"
          optional
          autoComplete="organization"
          maxLength={ENQUIRY_LIMITS.companyMax}
        />
      </div>
      <FormField
        field={form.field('message')}
        as="textarea"
        label="How can we help?"
        hint="For example the machines you are interested in, how much you print each month, or a question about your account."
        rows={6}
        maxLength={ENQUIRY_LIMITS.textMax}
      />
      <SubmitProblem submit={submit} />
      <div className={styles.actions}>
        <button type="submit" className={styles.submit} disabled={sending} aria-disabled={sending}>
          {sending ? 'Sending…' : 'Send enquiry'}
        </button>
        <p className={styles.privacy}>We only use your details to answer your enquiry.</p>
      </div>
    </form>
  );
}
