/** The questions of each step (one question group per step, one file each in steps/), bound to the checker's store. */
import type { FunctionComponent } from 'react';
import type { StepId } from '../checker/steps';
import { StartStep } from './steps/StartStep';
import { EquipmentStep } from './steps/EquipmentStep';
import { PurchasePriceStep } from './steps/PurchasePriceStep';
import { LeasePriceStep } from './steps/LeasePriceStep';
import { SupportStep } from './steps/SupportStep';
import { SupportCostsStep } from './steps/SupportCostsStep';
import { ExtrasStep } from './steps/ExtrasStep';
import { OtherChargesStep } from './steps/OtherChargesStep';
import { VolumesStep } from './steps/VolumesStep';
import { BillPagesStep, BillStep } from './steps/BillStep';
import { CheckStep } from './steps/CheckStep';
import type { StepProps } from './steps/StepProps';

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
  'bill-pages': BillPagesStep,
  check: CheckStep,
};

export function StepQuestions({ step, store, errors }: StepProps & { step: StepId }) {
  const Questions = STEP_COMPONENTS[step];
  return <Questions store={store} errors={errors} />;
}
