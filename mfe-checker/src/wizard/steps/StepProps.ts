import type { SavingsCheckerStore } from '../../checker/SavingsCheckerStore';

/** What every step's questions get: the checker's store and the messages of the last check, by field. */
export interface StepProps {
  store: SavingsCheckerStore;
  errors: Record<string, string>;
}
