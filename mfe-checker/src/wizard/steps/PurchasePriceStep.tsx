import { observer } from 'mobx-react-lite';
import { PURCHASE_YEARS_MAX, PURCHASE_YEARS_MIN } from '@copytech/shared/domain';
import { MoneyField, SelectField } from '../fields';
import styles from '../Wizard.module.css';
import type { StepProps } from './StepProps';
import { PURCHASE_YEARS_FIELD } from '../../checker/formFields';

const YEAR_OPTIONS = Array.from({ length: PURCHASE_YEARS_MAX - PURCHASE_YEARS_MIN + 1 }, (_, index) => {
  const years = PURCHASE_YEARS_MIN + index;
  return { value: years, label: `${years} year${years === 1 ? '' : 's'}` };
});

export const PurchasePriceStep = observer(function PurchasePriceStep({ store, errors }: StepProps) {
  const { answers } = store;
  return (
    <fieldset className={styles.group}>
      <legend className={styles.groupLegend}>What did the equipment cost, and how long do you keep it?</legend>
      <MoneyField
        name="equipmentPurchasePrice"
        label="Price you paid, excluding VAT"
        pence={answers.equipmentPurchasePrice.value}
        onPence={(value) => store.setPrice('equipmentPurchasePrice', { value })}
        error={errors['equipmentPurchasePrice.value']}
      />
      <SelectField
        name={PURCHASE_YEARS_FIELD}
        label="How many years you keep a machine"
        hint="We spread the price evenly over these years."
        value={answers.equipmentPurchasePeriodYears}
        options={YEAR_OPTIONS}
        onChange={(years) => store.setPurchaseYears(years)}
        error={errors.equipmentPurchasePeriodYears}
      />
    </fieldset>
  );
});
