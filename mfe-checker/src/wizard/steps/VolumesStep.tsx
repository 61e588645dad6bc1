import { observer } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import { PagesField, YesNoQuestion } from '../fields';
import styles from '../Wizard.module.css';
import type { StepProps } from './StepProps';

export const VolumesStep = observer(function VolumesStep({ store, errors }: StepProps) {
  const { blackAndWhiteVolume: mono, colourVolume: colour } = store.answers;
  return (
    <fieldset className={styles.group}>
      <legend className={styles.groupLegend}>How many pages do you print?</legend>
      <p className={styles.hint}>Your meter readings or the page counts on your last bill show this. Count an A3 page as two A4 pages.</p>
      <PagesField
        name="blackAndWhiteVolume"
        label="Mono (black and white) pages"
        hint="Enter 0 if none."
        pages={mono.value}
        onPages={(value) => store.setVolume('blackAndWhiteVolume', { value })}
        period={mono.periodInMonths}
        onPeriod={(periodInMonths) => store.setVolume('blackAndWhiteVolume', { periodInMonths })}
        error={errors['blackAndWhiteVolume.value']}
      />
      <PagesField
        name="colourVolume"
        label="Colour pages"
        hint="Enter 0 if none."
        pages={colour.value}
        onPages={(value) => store.setVolume('colourVolume', { value })}
        period={colour.periodInMonths}
        onPeriod={(periodInMonths) => store.setVolume('colourVolume', { periodInMonths })}
        error={errors['colourVolume.value']}
      />
      <YesNoQuestion
        name="printsA3"
        legend="Do you print on A3 paper?"
        hint="We compare with a machine that fits what you print: say yes and it will be one that takes A3."
        value={store.answers.printsA3 ?? null}
        onChange={(yes) => runInAction(() => (store.answers.printsA3 = yes))}
      />
    </fieldset>
  );
});
