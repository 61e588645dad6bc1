/** The questions of each step (one question group per step), bound to the checker's store. */
import { observer } from 'mobx-react-lite';
import type { FunctionComponent } from 'react';
import {
  effectiveSupport,
  MAX_OTHER_CHARGES,
  NAMED_CHARGES,
  PURCHASE_METHOD_LABELS,
  PURCHASE_YEARS_MAX,
  PURCHASE_YEARS_MIN,
  SUPPORT_METHOD_LABELS,
  type EntryMode,
  type PurchaseMethod,
  type SupportMethod,
} from '@copytech/shared/domain';
import type { SavingsCheckerStore } from '../checker/SavingsCheckerStore';
import type { StepId } from '../checker/steps';
import { HumanCheck } from './HumanCheck';
import { MoneyField, PagesField, PercentField, RadioGroup, SelectField, YesNoQuestion, type RadioOption } from './fields';
import styles from './Wizard.module.css';

interface StepProps {
  store: SavingsCheckerStore;
  errors: Record<string, string>;
}

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

const YEAR_OPTIONS = Array.from({ length: PURCHASE_YEARS_MAX - PURCHASE_YEARS_MIN + 1 }, (_, index) => {
  const years = PURCHASE_YEARS_MIN + index;
  return { value: years, label: `${years} year${years === 1 ? '' : 's'}` };
});

const StartStep = observer(function StartStep({ store, errors }: StepProps) {
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

const EquipmentStep = observer(function EquipmentStep({ store, errors }: StepProps) {
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

const PurchasePriceStep = observer(function PurchasePriceStep({ store, errors }: StepProps) {
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

const LeasePriceStep = observer(function LeasePriceStep({ store, errors }: StepProps) {
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

const SupportStep = observer(function SupportStep({ store, errors }: StepProps) {
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

const SupportCostsStep = observer(function SupportCostsStep({ store, errors }: StepProps) {
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

const ExtrasStep = observer(function ExtrasStep({ store, errors }: StepProps) {
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

const NAMED = Object.values(NAMED_CHARGES) as string[];

const OtherChargesStep = observer(function OtherChargesStep({ store, errors }: StepProps) {
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
        {charges.map((charge, index) => {
          const named = NAMED.includes(charge.name);
          const nameError = errors[`otherChargesPricePerPeriod[${index}].name`];
          return (
            // Rows are keyed by position: removing a row remounts those after it with their stored values.
            <li key={`${index}-${charges.length}`} className={styles.charge}>
              <fieldset className={styles.group}>
                <legend className={styles.chargeLegend}>{named ? charge.name : `Charge ${index + 1}`}</legend>
                {named ? null : (
                  <div className={styles.textField}>
                    <label htmlFor={`charge-${index}-name`} className={styles.label}>
                      What the charge is for
                    </label>
                    <input
                      id={`charge-${index}-name`}
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
                  name={`charge-${index}-value`}
                  label="Amount, excluding VAT"
                  pence={charge.value}
                  onPence={(value) => store.updateOtherCharge(index, { value })}
                  period={charge.periodInMonths}
                  onPeriod={(periodInMonths) => store.updateOtherCharge(index, { periodInMonths })}
                  error={errors[`otherChargesPricePerPeriod[${index}].value`]}
                />
                <button type="button" className={styles.linkButton} onClick={() => store.removeOtherCharge(index)}>
                  Remove {named ? charge.name.toLowerCase() : `charge ${index + 1}`}
                </button>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {charges.length < MAX_OTHER_CHARGES ? (
        <button type="button" className={styles.secondary} onClick={add}>
          Add {charges.length ? 'another' : 'a'} charge
        </button>
      ) : null}
    </div>
  );
});

const VolumesStep = observer(function VolumesStep({ store, errors }: StepProps) {
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
    </fieldset>
  );
});

const SPLIT_OPTIONS: ReadonlyArray<RadioOption<'split' | 'total'>> = [
  { value: 'total', label: 'No, only the total', hint: 'We will use a typical share of colour, which you can change.' },
  { value: 'split', label: 'Yes, I know the mono and colour pages' },
];

const BillStep = observer(function BillStep({ store, errors }: StepProps) {
  const { bill } = store.answers;
  const split = bill.monoPages !== null || bill.colourPages !== null;
  return (
    <div className={styles.questions}>
      <fieldset className={styles.group}>
        <legend className={styles.groupLegend}>Your most recent print bill</legend>
        <MoneyField
          name="billCost"
          label="Total of the bill, excluding VAT"
          hint="Service, click and supply charges. Leave out any lease or rental payment for the machine."
          pence={bill.cost}
          onPence={(cost) => store.setBill({ cost })}
          period={bill.periodInMonths}
          onPeriod={(periodInMonths) => store.setBill({ periodInMonths })}
          error={errors['bill.cost']}
        />
      </fieldset>
      <RadioGroup
        legend="Do you know how many of the pages were in colour?"
        legendClassName={styles.groupLegend}
        name="billSplit"
        options={SPLIT_OPTIONS}
        value={split ? 'split' : 'total'}
        onChange={(choice) => store.setBillPagesSplit(choice === 'split')}
      />
      {split ? (
        <fieldset className={styles.group} key="split">
          <legend className={styles.groupLegend}>Pages on the bill</legend>
          <PagesField
            name="billMonoPages"
            label="Mono pages"
            pages={bill.monoPages}
            onPages={(monoPages) => store.setBill({ monoPages })}
            emptyAs={0}
            error={errors['bill.monoPages']}
          />
          <PagesField
            name="billColourPages"
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
            name="billPages"
            label="Total pages"
            pages={bill.pages}
            onPages={(pages) => store.setBill({ pages })}
            error={errors['bill.pages']}
          />
          <PercentField
            label="Share of colour pages"
            hint="30% is a typical office mix."
            value={bill.colourRatio}
            onChange={(colourRatio) => store.setBill({ colourRatio })}
            error={errors['bill.colourRatio']}
          />
        </fieldset>
      )}
    </div>
  );
});

const CheckStep = observer(function CheckStep({ store, errors }: StepProps) {
  return (
    <div className={styles.questions}>
      <p className={styles.lead}>
        Your results are ready. To keep this tool free of robots, please confirm you are a person: tick the box and wait a moment while your
        browser solves a small puzzle. Nothing about you is tracked.
      </p>
      {store.captchaComplete && !store.captchaPayload ? (
        <p className={styles.done} role="status">
          Thank you, you have already confirmed. Press “See my results”.
        </p>
      ) : (
        <HumanCheck
          onVerified={(payload) => store.completeCaptcha(payload)}
          onExpired={() => store.captchaExpired()}
          error={errors.captcha}
        />
      )}
    </div>
  );
});

const STEP_COMPONENTS: Record<StepId, FunctionComponent<StepProps>> = {
  start: StartStep,
  equipment: EquipmentStep,
  'purchase-price': PurchasePriceStep,
  'lease-price': LeasePriceStep,
  support: SupportStep,
  'support-costs': SupportCostsStep,
  extras: ExtrasStep,
  'other-charges': OtherChargesStep,
  volumes: VolumesStep,
  bill: BillStep,
  check: CheckStep,
};

export function StepQuestions({ step, store, errors }: StepProps & { step: StepId }) {
  const Questions = STEP_COMPONENTS[step];
  return <Questions store={store} errors={errors} />;
}
