import { observer } from 'mobx-react-lite';
import { SUPPORT_METHOD_LABELS, type SupportMethod } from '@copytech/shared/domain';
import { RadioGroup, type RadioOption } from '../fields';
import type { StepProps } from './StepProps';

const SUPPORT_HINTS: Record<SupportMethod, string> = {
  'service-contract': 'A fixed fee for servicing, repairs and usually toner.',
  cpc: 'You pay a price for each page printed, which covers service, parts and toner.',
  warranty: 'Repairs are covered for a time; you buy toner yourself.',
  'pay-as-you-go': 'You call an engineer and buy supplies when you need them.',
  none: 'Nobody services the machine; you replace toner yourself.',
};
const SUPPORT_OPTIONS: ReadonlyArray<RadioOption<SupportMethod>> = (
  ['service-contract', 'cpc', 'warranty', 'pay-as-you-go', 'none'] as const
).map((value) => ({
  value,
  label: SUPPORT_METHOD_LABELS[value],
  hint: SUPPORT_HINTS[value],
}));

export const SupportStep = observer(function SupportStep({ store, errors }: StepProps) {
  return (
    <RadioGroup
      legend="How is your equipment kept running?"
      name="howIsEquipmentSupported"
      options={SUPPORT_OPTIONS}
      value={store.answers.howIsEquipmentSupported}
      onChange={(support) => store.setSupport(support)}
      error={errors.howIsEquipmentSupported}
    />
  );
});
