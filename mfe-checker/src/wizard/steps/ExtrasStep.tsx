import { observer } from 'mobx-react-lite';
import { YesNoQuestion } from '../fields';
import styles from '../Wizard.module.css';
import type { StepProps } from './StepProps';

export const ExtrasStep = observer(function ExtrasStep({ store, errors }: StepProps) {
  const { answers } = store;
  return (
    <div className={styles.questions}>
      <p className={styles.lead}>Answer yes to anything you pay for separately; you will enter the amounts next.</p>
      <YesNoQuestion
        name="equipmentIsInsured"
        legend="Do you pay to insure the equipment?"
        value={answers.equipmentIsInsured}
        onChange={(yes) => store.setExtra('equipmentIsInsured', yes)}
        error={errors.equipmentIsInsured}
      />
      <YesNoQuestion
        name="tonerDeliveryPaidFor"
        legend="Do you pay for toner to be delivered?"
        value={answers.tonerDeliveryPaidFor}
        onChange={(yes) => store.setExtra('tonerDeliveryPaidFor', yes)}
        error={errors.tonerDeliveryPaidFor}
      />
      <YesNoQuestion
        name="networkSupportPaidFor"
        legend="Do you pay for network or IT support for your printers?"
        value={answers.networkSupportPaidFor}
        onChange={(yes) => store.setExtra('networkSupportPaidFor', yes)}
        error={errors.networkSupportPaidFor}
      />
      <YesNoQuestion
        name="payOtherCharges"
        legend="Do you pay any other charges?"
        hint="For example admin fees, minimum billing, charges for high page coverage or yearly price rises."
        value={answers.payOtherCharges}
        onChange={(yes) => store.setExtra('payOtherCharges', yes)}
        error={errors.payOtherCharges}
      />
    </div>
  );
});
