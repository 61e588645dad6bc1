import { observer } from 'mobx-react-lite';
import { MAX_OTHER_CHARGES, NAMED_CHARGES } from '@copytech/shared/domain';
import { MoneyField } from '../fields';
import styles from '../Wizard.module.css';
import type { StepProps } from './StepProps';
import { chargeName, chargeValue } from '../../checker/formFields';
import { MoveButton } from '../MoveButton';

const NAMED = Object.values(NAMED_CHARGES) as string[];

export const OtherChargesStep = observer(function OtherChargesStep({ store, errors }: StepProps) {
  const charges = store.answers.otherChargesPricePerPeriod;
  const add = () => {
    if (!store.addOtherCharge()) return;
    // Focus the new charge's name, so keyboard and screen-reader users land where they type.
    requestAnimationFrame(() => {
      const inputs = document.querySelectorAll<HTMLInputElement>('[data-charge-name]');
      inputs[inputs.length - 1]?.focus();
    });
  };
  return (
    <div className={styles.questions}>
      <p className={styles.lead}>Enter each charge with how often you pay it.</p>
      {errors.otherChargesPricePerPeriod ? <p className={styles.error}>{errors.otherChargesPricePerPeriod}</p> : null}
      <ol className={styles.charges}>
        {charges.map((charge, index) => (
          // Rows are keyed by position: removing a row remounts those after it with their stored values.
          <ChargeRow key={`${index}-${charges.length}`} store={store} errors={errors} index={index} />
        ))}
      </ol>
      {charges.length < MAX_OTHER_CHARGES ? (
        <MoveButton move="add-charge" onMove={add} className={styles.secondary}>
          Add {charges.length ? 'another' : 'a'} charge
        </MoveButton>
      ) : null}
    </div>
  );
});

/** One charge: what it is for (unless it is one of the named extras), its amount and period, and Remove. */
const ChargeRow = observer(function ChargeRow({ store, errors, index }: StepProps & { index: number }) {
  const charge = store.answers.otherChargesPricePerPeriod[index]!;
  const named = NAMED.includes(charge.name);
  const nameError = errors[`otherChargesPricePerPeriod[${index}].name`];
  return (
    <li className={styles.charge}>
      <fieldset className={styles.group}>
        <legend className={styles.chargeLegend}>{named ? charge.name : `Charge ${index + 1}`}</legend>
        {named ? null : (
          <div className={styles.textField}>
            <label htmlFor={`charge-${index}-name`} className={styles.label}>
              What the charge is for
            </label>
            <input
              id={`charge-${index}-name`}
              name={chargeName(index)}
              data-charge-name
              type="text"
              className={styles.textInput}
              value={charge.name}
              maxLength={60}
              autoComplete="off"
              onChange={(event) => store.updateOtherCharge(index, { name: event.target.value })}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? `charge-${index}-name-error` : undefined}
            />
            {nameError ? (
              <p id={`charge-${index}-name-error`} className={styles.error}>
                {nameError}
              </p>
            ) : null}
          </div>
        )}
        <MoneyField
          name={chargeValue(index)}
          label="Amount, excluding VAT"
          pence={charge.value}
          onPence={(value) => store.updateOtherCharge(index, { value })}
          period={charge.periodInMonths}
          onPeriod={(periodInMonths) => store.updateOtherCharge(index, { periodInMonths })}
          error={errors[`otherChargesPricePerPeriod[${index}].value`]}
        />
        <MoveButton move={`remove-charge-${index}`} onMove={() => store.removeOtherCharge(index)} className={styles.linkButton}>
          Remove {named ? charge.name.toLowerCase() : `charge ${index + 1}`}
        </MoveButton>
      </fieldset>
    </li>
  );
});
