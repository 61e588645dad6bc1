import { observer } from 'mobx-react-lite';
import { type EntryMode } from '@copytech/shared/domain';
import { RadioGroup, type RadioOption } from '../fields';
import type { StepProps } from './StepProps';

const ENTRY_OPTIONS: ReadonlyArray<RadioOption<EntryMode>> = [
  {
    value: 'itemised',
    label: 'Item by item',
    hint: 'Your lease or purchase, service and supplies, and how many pages you print. The most accurate answer, about 3 minutes.',
  },
  {
    value: 'bill',
    label: 'I only know my total print bill',
    hint: 'The total of a recent bill and how many pages it covered. About 1 minute.',
  },
];

export const StartStep = observer(function StartStep({ store, errors }: StepProps) {
  return (
    <RadioGroup
      legend="How would you like to tell us what you pay?"
      name="entryMode"
      options={ENTRY_OPTIONS}
      value={store.answers.entryMode}
      onChange={(mode) => store.setEntryMode(mode)}
      error={errors.entryMode}
    />
  );
});
