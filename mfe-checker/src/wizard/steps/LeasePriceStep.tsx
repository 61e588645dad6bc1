import { observer } from 'mobx-react-lite';
import { MoneyField } from '../fields';
import styles from '../Wizard.module.css';
import type { StepProps } from './StepProps';

export const LeasePriceStep = observer(function LeasePriceStep({ store, errors }: StepProps) {
  const price = store.answers.leasePricePerPeriod;
  const rental = store.answers.purchaseMethod === 'rental';
  return (
    <fieldset className={styles.group}>
      <legend className={styles.groupLegend}>What is your {rental ? 'rental' : 'lease'} payment?</legend>
      <MoneyField
        name="leasePricePerPeriod"
        label={`${rental ? 'Rental' : 'Lease'} payment, excluding VAT`}
        hint="The equipment payment only. Service or click charges on the same invoice come next."
        pence={price.value}
        onPence={(value) => store.setPrice('leasePricePerPeriod', { value })}
        period={price.periodInMonths}
        onPeriod={(periodInMonths) => store.setPrice('leasePricePerPeriod', { periodInMonths })}
        error={errors['leasePricePerPeriod.value']}
      />
    </fieldset>
  );
});
