import { observer } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import { MoneyField, PagesField, PercentField, RadioGroup, YesNoQuestion, type RadioOption } from '../fields';
import styles from '../Wizard.module.css';
import type { StepProps } from './StepProps';
import { BILL } from '../../checker/formFields';

const SPLIT_OPTIONS: ReadonlyArray<RadioOption<'split' | 'total'>> = [
  { value: 'total', label: 'No, only the total', hint: 'We will use a typical share of colour, which you can change.' },
  { value: 'split', label: 'Yes, I know the mono and colour pages' },
];

/** The bill's total and its period (the pages it covers are the next step, BillPagesStep). */
export const BillStep = observer(function BillStep({ store, errors }: StepProps) {
  const { bill } = store.answers;
  return (
    <div className={styles.questions}>
      <fieldset className={styles.group}>
        <legend className={styles.groupLegend}>Your most recent print bill</legend>
        <MoneyField
          name={BILL.cost}
          label="Total of the bill, excluding VAT"
          hint="Service, click and supply charges. Leave out any lease or rental payment for the machine."
          pence={bill.cost}
          onPence={(cost) => store.setBill({ cost })}
          period={bill.periodInMonths}
          onPeriod={(periodInMonths) => store.setBill({ periodInMonths })}
          error={errors['bill.cost']}
        />
      </fieldset>
    </div>
  );
});

/** The pages on the same bill: split into mono and colour, or a total and a share of colour. */
export const BillPagesStep = observer(function BillPagesStep({ store, errors }: StepProps) {
  const { bill } = store.answers;
  const split = bill.monoPages !== null || bill.colourPages !== null;
  return (
    <div className={styles.questions}>
      <RadioGroup
        legend="Do you know how many of the pages were in colour?"
        legendClassName={styles.groupLegend}
        name={BILL.split}
        options={SPLIT_OPTIONS}
        value={split ? 'split' : 'total'}
        onChange={(choice) => store.setBillPagesSplit(choice === 'split')}
      />
      {split ? (
        <fieldset className={styles.group} key="split">
          <legend className={styles.groupLegend}>Pages on the bill</legend>
          <PagesField
            name={BILL.monoPages}
            label="Mono pages"
            pages={bill.monoPages}
            onPages={(monoPages) => store.setBill({ monoPages })}
            emptyAs={0}
            error={errors['bill.monoPages']}
          />
          <PagesField
            name={BILL.colourPages}
            label="Colour pages"
            pages={bill.colourPages}
            onPages={(colourPages) => store.setBill({ colourPages })}
            emptyAs={0}
            error={errors['bill.colourPages']}
          />
        </fieldset>
      ) : (
        <fieldset className={styles.group} key="total">
          <legend className={styles.groupLegend}>Pages on the bill</legend>
          <PagesField
            name={BILL.pages}
            label="Total pages"
            pages={bill.pages}
            onPages={(pages) => store.setBill({ pages })}
            error={errors['bill.pages']}
          />
          <PercentField
            name={BILL.colourRatio}
            label="Share of colour pages"
            hint="30% is a typical office mix."
            value={bill.colourRatio}
            onChange={(colourRatio) => store.setBill({ colourRatio })}
            error={errors['bill.colourRatio']}
          />
        </fieldset>
      )}
      <YesNoQuestion
        name="printsA3"
        legend="Do you print on A3 paper?"
        hint="We compare with a machine that fits what you print: say yes and it will be one that takes A3."
        value={store.answers.printsA3 ?? null}
        onChange={(yes) => runInAction(() => (store.answers.printsA3 = yes))}
      />
    </div>
  );
});
