/**
 * The checker's progress in sessionStorage (docs/product-rules.md "Saved progress"): what is kept,
 * how it is read back and checked. It survives a reload of the tab but not the end of the visit, and
 * holds costs and volumes, never contact details. Anything stored that is not a valid state (an old
 * version, edited or corrupt data) is discarded.
 */
import { COPYTECH_PRICE_PER_PAGE, type SavingsAnswers } from '@copytech/shared/domain';
import type { FormRules } from '@copytech/shared/formRules';
import { isStepId, type StepId, type WizardPosition } from './steps';

export const CHECKER_STORAGE_KEY = 'copytech:savings-checker';
const STORAGE_VERSION = 1;

export interface PersistedState {
  version: typeof STORAGE_VERSION;
  answers: SavingsAnswers;
  currentStep: WizardPosition;
  completedSteps: StepId[];
  captchaComplete: boolean;
}

export function sessionStorageOrNull(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null; // storage disabled: the wizard still works, without surviving a reload
  }
}

export type RestoredState = Omit<PersistedState, 'version'>;
/** Stored progress whose structure is right, its answers not yet checked with the schema. */
export interface SavedProgress extends Omit<RestoredState, 'answers'> {
  answers: unknown;
}
/** Where restoring saved progress is: nothing to restore or finished ('done'), 'checking', or 'failed' (the schema could not load). */
export type RestoreStatus = 'done' | 'checking' | 'failed';
export type ShapeRules = Pick<FormRules, 'savingsAnswersShapeSchema'>;

export function forget(storage: Storage): void {
  try {
    storage.removeItem(CHECKER_STORAGE_KEY);
  } catch {
    /* nothing more to do */
  }
}

/**
 * The stored progress if its structure is a valid state's, else null (and a bad entry is
 * removed). Needs no schema: the answers are checked by checkSavedAnswers().
 */
export function readSavedProgress(storage: Storage | null): SavedProgress | null {
  if (!storage) return null;
  let raw: string | null;
  try {
    raw = storage.getItem(CHECKER_STORAGE_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const data = JSON.parse(raw) as Partial<PersistedState> | null;
    if (!data || typeof data !== 'object' || data.version !== STORAGE_VERSION) throw new Error('unknown version');
    const position = data.currentStep;
    if (!(isStepId(position) || position === 'results')) throw new Error('bad step');
    if (!Array.isArray(data.completedSteps) || !data.completedSteps.every(isStepId)) throw new Error('bad completed steps');
    if (typeof data.captchaComplete !== 'boolean') throw new Error('bad captcha flag');
    return {
      answers: data.answers,
      currentStep: position,
      completedSteps: [...new Set(data.completedSteps)],
      captchaComplete: data.captchaComplete,
    };
  } catch {
    forget(storage);
    return null;
  }
}

/** The saved progress with its answers checked by the shape schema, or null when they fail it. */
export function checkSavedAnswers(saved: SavedProgress, rules: ShapeRules): RestoredState | null {
  try {
    const answers = rules.savingsAnswersShapeSchema.validateSync(saved.answers, { abortEarly: true }) as unknown as SavingsAnswers;
    return { ...saved, answers: { ...answers, copytechPricePerPage: { ...COPYTECH_PRICE_PER_PAGE } } };
  } catch {
    return null;
  }
}

/** The progress as stored: its version and the state, in JSON. */
export function serialiseProgress(state: RestoredState): string {
  const persisted: PersistedState = { version: STORAGE_VERSION, ...state };
  return JSON.stringify(persisted);
}

/** Keeps the progress; a full or disabled storage means it will not survive a reload, nothing worse. */
export function writeProgress(storage: Storage | null, snapshot: string): void {
  if (!storage) return;
  try {
    storage.setItem(CHECKER_STORAGE_KEY, snapshot);
  } catch {
    /* storage full or disabled */
  }
}
