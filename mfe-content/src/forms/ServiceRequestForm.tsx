/** Customer support: a service request for a machine (who, which machine, what is wrong, how urgent). */
import { COMPANY, telHref } from '@copytech/shared';
import {
  ENQUIRY_LIMITS,
  FIELD_LIMITS,
  URGENCIES,
  urgencyLabel,
  type CommercialTerms,
  type ServiceRequest,
  type Urgency,
} from '@copytech/shared/domain';
import { useTerms } from '@copytech/shared/terms';
import { FormField } from './FormField';
import { loadFormRules } from '@copytech/shared/formRules';
import { SubmitProblem, SubmitSuccess } from './SubmitFeedback';
import { useEnquiryForm, type FieldBinding } from './useEnquiryForm';
import styles from './forms.module.css';

const INITIAL = { name: '', email: '', phone: '', company: '', machine: '', serialNumber: '', fault: '', urgency: 'normal' };
type ServiceValues = typeof INITIAL;
const loadServiceRequestSchema = () => loadFormRules().then((rules) => rules.serviceRequestSchema);

/**
 * Each urgency with the response standard it is answered by, from the commercial terms
 * (docs/product-rules.md "Commercial terms"); until they are in, the urgency's name alone.
 */
export function urgencyOptions(terms: CommercialTerms | null) {
  return URGENCIES.map((value) => ({ value, label: terms ? urgencyLabel(value, terms) : value.replace('-', ' ') }));
}

export function serviceRequestBody(values: ServiceValues): ServiceRequest {
  return {
    kind: 'service-request',
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    company: values.company.trim(),
    machine: values.machine.trim(),
    serialNumber: values.serialNumber.trim(),
    fault: values.fault.trim(),
    urgency: values.urgency as Urgency,
  };
}

type FieldOf = (name: keyof ServiceValues & string) => FieldBinding;

function YourDetails({ field }: { field: FieldOf }) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Your details</legend>
      <div className={styles.row}>
        <FormField field={field('name')} label="Your name" autoComplete="name" maxLength={ENQUIRY_LIMITS.nameMax} />
        <FormField field={field('company')} label="Company" autoComplete="organization" maxLength={ENQUIRY_LIMITS.companyMax} />
      </div>
      <div className={styles.row}>
        <FormField
          field={field('email')}
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={FIELD_LIMITS.emailMax}
        />
        <FormField
          field={field('phone')}
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={25}
          hint="So the engineer can call you back."
        />
      </div>
    </fieldset>
  );
}

function TheMachine({ field }: { field: FieldOf }) {
  const terms = useTerms();
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>The machine</legend>
      <div className={styles.row}>
        <FormField
          field={field('machine')}
          label="Make and model"
          hint="For example Canon imageRUNNER C5840i."
          autoComplete="off"
          maxLength={ENQUIRY_LIMITS.machineMax}
        />
        <FormField
          field={field('serialNumber')}
          label="Serial number"
          hint="On the label at the back or inside the front door."
          autoComplete="off"
          maxLength={40}
        />
      </div>
      <FormField
        field={field('fault')}
        as="textarea"
        label="What is wrong?"
        hint="Any error code on the screen, what happens, and since when."
        rows={5}
        maxLength={ENQUIRY_LIMITS.textMax}
      />
      <FormField field={field('urgency')} as="select" label="How urgent is it?" options={urgencyOptions(terms)} />
    </fieldset>
  );
}

export default function ServiceRequestForm({ labelledBy }: { labelledBy?: string }) {
  const form = useEnquiryForm<ServiceValues>({
    kind: 'service-request',
    loadSchema: loadServiceRequestSchema,
    initialValues: INITIAL,
    toRequest: serviceRequestBody,
  });
  const { submit } = form;

  if (submit.status === 'sent') {
    return (
      <SubmitSuccess
        title="Your service request has been logged"
        reference={submit.reference}
        onStartAgain={form.startAgain}
        againLabel="Log another request"
        posted={form.posted}
        againHref={form.action}
      >
        <p>
          An engineer will call you to arrange a visit or fix it remotely. If the machine is down and you need help now, call support on{' '}
          <a href={telHref(COMPANY.supportPhone)}>{COMPANY.supportPhone}</a>.
        </p>
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
      data-form="service-request"
    >
      {/* Which form this is, for the page's answer to a post without JavaScript. */}
      <input type="hidden" name="form" value="service-request" />
      <YourDetails field={form.field} />
      <TheMachine field={form.field} />
      <SubmitProblem submit={submit} />
      <div className={styles.actions}>
        <button type="submit" className={styles.submit} disabled={sending} aria-disabled={sending}>
          {sending ? 'Sending…' : 'Send service request'}
        </button>
        <p className={styles.privacy}>
          Machine down? Call <a href={telHref(COMPANY.supportPhone)}>{COMPANY.supportPhone}</a>.
        </p>
      </div>
    </form>
  );
}
