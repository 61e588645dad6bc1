import { observer } from 'mobx-react-lite';
import { usePostedChecker } from '../../checker/postedContext';
import { HONEYPOT_FIELD, HUMAN_CONFIRM_FIELD, HUMAN_TOKEN_FIELD } from '../../checker/formFields';
import { HumanCheck } from '../HumanCheck';
import styles from '../Wizard.module.css';
import type { StepProps } from './StepProps';

/** Without JavaScript, the box was not ticked (the server's own messages say what else went wrong). */
export const NO_SCRIPT_CHECK_MESSAGE = 'Please tick the box to confirm you are a person.';

export const CheckStep = observer(function CheckStep({ store, errors }: StepProps) {
  return (
    <div className={styles.questions}>
      <p className={styles.lead}>
        Your results are ready. To keep this tool free of robots, please confirm you are a person
        <span className={styles.scriptOnly}>: tick the box and wait a moment while your browser solves a small puzzle</span>. Nothing about
        you is tracked.
      </p>
      {store.captchaComplete && !store.captchaPayload ? (
        <p className={styles.done} role="status">
          Thank you, you have already confirmed. Press “See my results”.
        </p>
      ) : (
        <>
          <HumanCheck
            onVerified={(payload) => store.completeCaptcha(payload)}
            onExpired={() => store.captchaExpired()}
            error={errors.captcha}
          />
          <NoScriptCheck error={errors.captcha} />
        </>
      )}
    </div>
  );
});

/**
 * The human check without JavaScript: a box to tick, the server's signed and time-stamped token
 * (spent once, refused when sent too soon after it was given or too late), and a field only a
 * robot fills in. Shown only on a page the server answered a post with (it carries the token).
 */
function NoScriptCheck({ error }: { error?: string }) {
  const posted = usePostedChecker();
  if (!posted) return null;
  const message = posted.humanMessage ?? (error ? NO_SCRIPT_CHECK_MESSAGE : null);
  return (
    <div className={styles.noScriptCheck}>
      <input type="hidden" name={HUMAN_TOKEN_FIELD} value={posted.humanToken} />
      {message ? (
        <p id="no-script-check-error" className={styles.error}>
          {message}
        </p>
      ) : null}
      <label className={styles.confirmHuman}>
        <input
          type="checkbox"
          name={HUMAN_CONFIRM_FIELD}
          value="yes"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? 'no-script-check-error' : undefined}
        />
        I am a person, not a program
      </label>
      <div className={styles.trap} aria-hidden="true">
        <label>
          Leave this empty
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
    </div>
  );
}
