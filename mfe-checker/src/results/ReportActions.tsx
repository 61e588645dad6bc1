/**
 * The results' two actions, "E-mail me this report" and "Get a quote", on one form of contact
 * details (ReportActionsModel says what each does). The contact rules load when the form first
 * takes focus, as every form of the site does.
 */
import { observer } from 'mobx-react-lite';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ContactFields, type ContactField } from '@copytech/shared/contactForm';
import { preloadFormRules } from '@copytech/shared/formRules';
import type { SavingsCheckerStore } from '../checker/SavingsCheckerStore';
import { HumanCheck } from '../wizard/HumanCheck';
import { ReportActionsModel, type ReportAction } from './reportActionsModel';
import styles from './Results.module.css';

const Outcomes = observer(function Outcomes({ model }: { model: ReportActionsModel }) {
  const { report, quote } = model;
  return (
    <div aria-live="polite" className={styles.outcomes}>
      {report.status === 'sent' ? (
        <div className={styles.success} data-outcome="report-sent">
          <p>
            <strong>Your report is on its way</strong> to {model.sentEmail}. Reference <strong>{report.reference}</strong>.
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
  );
});

const ActionButton = observer(function ActionButton({
  model,
  action,
  label,
}: {
  model: ReportActionsModel;
  action: ReportAction;
  label: string;
}) {
  const sending = model[action].status === 'sending';
  return (
    <button
      type="submit"
      name="action"
      value={action}
      className={action === 'report' ? styles.primary : styles.secondary}
      disabled={sending}
      aria-disabled={sending}
    >
      {sending ? 'Sending…' : label}
    </button>
  );
});

export const ReportActions = observer(function ReportActions({ store }: { store: SavingsCheckerStore }) {
  const id = useId();
  const inputs = useRef(new Map<ContactField, HTMLInputElement>());
  const [model] = useState(() => new ReportActionsModel(store, (field) => inputs.current.get(field)?.focus()));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    void model.submit(submitter?.value === 'quote' ? 'quote' : 'report');
  };

  return (
    <section className={styles.actions} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className={styles.subheading}>
        Keep these figures, or get a quote
      </h3>
      <p className={styles.muted}>
        We will e-mail you this report, or a member of our team will send you a quote based on it. We only use your details for that.
      </p>
      <form className={styles.contactForm} noValidate onSubmit={onSubmit} onFocus={preloadFormRules} aria-labelledby={`${id}-heading`}>
        <ContactFields
          model={model.contact}
          inputRef={(field, element) => {
            if (element) inputs.current.set(field, element);
            else inputs.current.delete(field);
          }}
        />
        {model.needCheck ? (
          <div className={styles.check}>
            <p className={styles.notice}>{model.needCheck}</p>
            <HumanCheck onVerified={(payload) => void model.verified(payload)} onExpired={() => store.captchaExpired()} />
          </div>
        ) : null}
        <Outcomes model={model} />
        <div className={styles.buttons}>
          <ActionButton model={model} action="report" label="E-mail me this report" />
          <ActionButton model={model} action="quote" label="Get a quote" />
        </div>
      </form>
    </section>
  );
});
