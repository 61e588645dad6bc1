import { observer } from 'mobx-react-lite';
import { HumanCheck } from '../HumanCheck';
import styles from '../Wizard.module.css';
import type { StepProps } from './StepProps';

export const CheckStep = observer(function CheckStep({ store, errors }: StepProps) {
  return (
    <div className={styles.questions}>
      <p className={styles.lead}>
        Your results are ready. To keep this tool free of robots, please confirm you are a person: tick the box and wait a moment while your
        browser solves a small puzzle. Nothing about you is tracked.
      </p>
      {store.captchaComplete && !store.captchaPayload ? (
        <p className={styles.done} role="status">
          Thank you, you have already confirmed. Press “See my results”.
        </p>
      ) : (
        <HumanCheck
          onVerified={(payload) => store.completeCaptcha(payload)}
          onExpired={() => store.captchaExpired()}
          error={errors.captcha}
        />
      )}
    </div>
  );
});
