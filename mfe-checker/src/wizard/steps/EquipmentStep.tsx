import { observer } from 'mobx-react-lite';
import { PURCHASE_METHOD_LABELS, type PurchaseMethod } from '@copytech/shared/domain';
import { RadioGroup, type RadioOption } from '../fields';
import type { StepProps } from './StepProps';

const PURCHASE_HINTS: Record<PurchaseMethod, string> = {
  lease: 'You pay a finance company a fixed amount for a set term, often 36 to 60 months.',
  rental: 'You pay a fixed rental, usually on a shorter or rolling agreement.',
  purchase: 'You paid for the machine up front.',
  'cpc-only': 'You pay only for the pages you print; the machine comes with the agreement.',
};
const PURCHASE_OPTIONS: ReadonlyArray<RadioOption<PurchaseMethod>> = (['lease', 'rental', 'purchase', 'cpc-only'] as const).map(
  (value) => ({
    value,
    label: PURCHASE_METHOD_LABELS[value],
    hint: PURCHASE_HINTS[value],
  }),
);

export const EquipmentStep = observer(function EquipmentStep({ store, errors }: StepProps) {
  return (
    <RadioGroup
      legend="How did you get your current printer or copier?"
      hint="If you have several machines, answer for them all together."
      name="purchaseMethod"
      options={PURCHASE_OPTIONS}
      value={store.answers.purchaseMethod}
      onChange={(method) => store.setPurchaseMethod(method)}
      error={errors.purchaseMethod}
    />
  );
});
