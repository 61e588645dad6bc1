import { observer } from 'mobx-react-lite';
import { effectiveSupport } from '@copytech/shared/domain';
import { MoneyField } from '../fields';
import styles from '../Wizard.module.css';
import type { StepProps } from './StepProps';

export const SupportCostsStep = observer(function SupportCostsStep({ store, errors }: StepProps) {
  const { answers } = store;
  const support = effectiveSupport(answers);
  const cpcOnly = answers.purchaseMethod === 'cpc-only';
  return (
    <fieldset className={styles.group}>
      <legend className={styles.groupLegend}>What do you pay to keep your equipment printing?</legend>
      {support === null ? <p className={styles.note}>Please go back and tell us how your equipment is supported.</p> : null}
      {support === 'service-contract' || support === 'cpc' ? (
        <MoneyField
          name="cpcPricePerPeriod"
          label={
            support === 'cpc'
              ? `Your cost-per-copy charges${cpcOnly ? ', machine included' : ''}, excluding VAT`
              : 'Your service contract fee, excluding VAT'
          }
          hint={
            support === 'cpc'
              ? 'The total of the click charges on your invoice for the period, including any minimum charge; not the price per page.'
              : 'The fee for servicing, repairs and supplies under the contract.'
          }
          pence={answers.cpcPricePerPeriod.value}
          onPence={(value) => store.setPrice('cpcPricePerPeriod', { value })}
          period={answers.cpcPricePerPeriod.periodInMonths}
          onPeriod={(periodInMonths) => store.setPrice('cpcPricePerPeriod', { periodInMonths })}
          error={errors['cpcPricePerPeriod.value']}
        />
      ) : null}
      {support === 'warranty' ? (
        <MoneyField
          name="warrantyPrice"
          label="What the warranty costs, excluding VAT"
          hint="Enter 0 if it came free with the machine."
          pence={answers.warrantyPrice.value}
          onPence={(value) => store.setPrice('warrantyPrice', { value })}
          period={answers.warrantyPrice.periodInMonths}
          onPeriod={(periodInMonths) => store.setPrice('warrantyPrice', { periodInMonths })}
          error={errors['warrantyPrice.value']}
        />
      ) : null}
      {support === 'warranty' || support === 'pay-as-you-go' || support === 'none' ? (
        <MoneyField
          name="spendPricePerPeriod"
          label="What you spend on toner, parts and repairs, excluding VAT"
          hint="Add up your toner orders, engineer visits and parts. Enter 0 if nothing."
          pence={answers.spendPricePerPeriod.value}
          onPence={(value) => store.setPrice('spendPricePerPeriod', { value })}
          period={answers.spendPricePerPeriod.periodInMonths}
          onPeriod={(periodInMonths) => store.setPrice('spendPricePerPeriod', { periodInMonths })}
          error={errors['spendPricePerPeriod.value']}
        />
      ) : null}
    </fieldset>
  );
});
