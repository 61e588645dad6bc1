/**
 * The checker wizard's state (docs/product-rules.md "Answers" and "Steps"): the answers, the
 * current step, the completed steps, the human check, and what the results are priced with (the
 * terms, the machine chosen, the list of the machines that fit: fitList.ts). Reset restores the
 * defaults. Progress is kept in sessionStorage (savedProgress.ts), checked with the shared shape
 * schema, loaded only when something is stored: `restoreStatus` is 'checking' until then ('done',
 * or 'failed' with `retryRestore()` and `discardSaved()`); `ready` settles either way. The
 * captcha's solution stays in memory. Changes touching several answers are in answerEdits.ts.
 */
import { action, computed, makeObservable, observable, reaction, toJS } from 'mobx';
import {
  calculateSavings,
  defaultSavingsAnswers,
  type Product,
  type Bill,
  type OtherCharge,
  type PricePerPeriod,
  type PurchaseMethod,
  type SavingsAnswers,
  type CheckerMachine,
  type CommercialTerms,
  type SavingsResult,
  type Volume,
} from '@copytech/shared/domain';
import { addOtherCharge, setBillPagesSplit, setExtra, type ExtraQuestion, type PriceFieldName, type VolumeFieldName } from './answerEdits';
import { loadFormRules } from '@copytech/shared/formRules';
import {
  readSavedProgress,
  checkSavedAnswers,
  forget,
  serialiseProgress,
  sessionStorageOrNull,
  writeProgress,
  type RestoredState,
  type RestoreStatus,
  type SavedProgress,
  type ShapeRules,
} from './savedProgress';
import { fitOf, fitUrlOf, type FitList } from './fitList';
import { relevantSteps, sectionOf, SECTIONS, stepErrors, type StepId, type WizardPosition } from './steps';

export class SavingsCheckerStore {
  answers: SavingsAnswers = defaultSavingsAnswers();
  currentStep: WizardPosition = 'start';
  completedSteps: StepId[] = [];
  captchaComplete = false;
  /** The ALTCHA solution to send with the report: single-use, never stored. */
  captchaPayload: string | null = null;
  /** The commercial terms the results are worked out with (useTerms, set by the page); null until they are in. */
  terms: CommercialTerms | null = null;
  /** The machine Copytech's side is priced with (`?machine=`, set by the page with the terms); null: the "from" prices. */
  machine: CheckerMachine | null = null;
  /** The list of the machines that fit (fitList.ts): products null when it failed. */ fitList: FitList | null = null;

  /** Where restoring saved progress is: 'done' at once when nothing is stored (see the header). */
  restoreStatus: RestoreStatus = 'done';
  /** Settles when the current attempt to restore is over. */ ready: Promise<void> = Promise.resolve();

  private readonly storage: Storage | null;
  private readonly stopPersisting: () => void;
  private readonly loadRules: () => Promise<ShapeRules>;
  /** Stored progress waiting for the schema's check; null once restored or discarded. */
  private saved: SavedProgress | null;

  /**
   * @param storage where progress is kept (sessionStorage by default; null: nowhere)
   * @param loadRules loads the shape schema, only when there is stored progress to check
   */
  constructor(storage: Storage | null = sessionStorageOrNull(), loadRules: () => Promise<ShapeRules> = loadFormRules) {
    this.storage = storage;
    this.loadRules = loadRules;
    this.saved = readSavedProgress(storage);
    if (this.saved) this.restoreStatus = 'checking';
    makeObservable<SavingsCheckerStore, 'settle' | 'finishRestore' | 'restoreFailed'>(this, {
      restoreStatus: observable,
      retryRestore: action,
      discardSaved: action,
      finishRestore: action,
      restoreFailed: action,
      answers: observable,
      currentStep: observable,
      completedSteps: observable,
      captchaComplete: observable,
      captchaPayload: observable,
      terms: observable.ref,
      machine: observable.ref,
      fitList: observable.ref,
      setTerms: action,
      setFitList: action,
      steps: computed,
      stepIndex: computed,
      stepNumber: computed,
      stepCount: computed,
      isResults: computed,
      result: computed,
      firstOpenStep: computed,
      snapshot: computed,
      goTo: action,
      next: action,
      back: action,
      completeStep: action,
      uncompleteStep: action,
      completeCaptcha: action,
      captchaUsed: action,
      captchaExpired: action,
      reset: action,
      setEntryMode: action,
      setPurchaseMethod: action,
      setPurchaseYears: action,
      setSupport: action,
      setPrice: action,
      setVolume: action,
      setExtra: action,
      addOtherCharge: action,
      updateOtherCharge: action,
      removeOtherCharge: action,
      setBill: action,
      setBillPagesSplit: action,
      settle: action,
    });
    this.stopPersisting = reaction(
      () => this.snapshot,
      (snapshot) => writeProgress(this.storage, snapshot),
      { fireImmediately: false },
    );
    if (this.saved) this.ready = this.restore();
  }

  // --- restoring saved progress -----------------------------------------------------------------

  /** Where the saved progress being checked left the visitor (null when there is none waiting). */
  get savedPosition(): WizardPosition | null {
    return this.saved?.currentStep ?? null;
  }

  /** Loads the schema and checks the saved progress with it; a failed load keeps it for a retry. */
  private async restore(): Promise<void> {
    const saved = this.saved;
    if (!saved) return;
    let rules: ShapeRules;
    try {
      rules = await this.loadRules();
    } catch {
      if (this.saved === saved) this.restoreFailed();
      return;
    }
    if (this.saved === saved) this.finishRestore(checkSavedAnswers(saved, rules));
  }

  private restoreFailed(): void {
    this.restoreStatus = 'failed';
  }

  /** The saved progress if its answers passed the schema (else it is removed from storage). */
  private finishRestore(restored: RestoredState | null): void {
    this.saved = null;
    if (restored) {
      this.answers = restored.answers;
      this.currentStep = restored.currentStep;
      this.completedSteps = restored.completedSteps;
      this.captchaComplete = restored.captchaComplete;
    } else if (this.storage) {
      forget(this.storage);
    }
    // A stored position that no longer fits the answers (or skips ahead) goes to the first open step.
    if (!this.canVisit(this.currentStep)) this.currentStep = this.firstOpenStep;
    this.restoreStatus = 'done';
  }

  /** After a failed load of the schema: try again (resolves when this attempt is over). */
  retryRestore(): Promise<void> {
    if (this.restoreStatus !== 'failed') return this.ready;
    this.restoreStatus = 'checking';
    this.ready = this.restore();
    return this.ready;
  }

  /** Gives up the saved progress (the visitor chose to start again): defaults, storage cleared. */
  discardSaved(): void {
    this.saved = null;
    if (this.storage) forget(this.storage);
    this.reset();
    this.restoreStatus = 'done';
  }

  // --- derived -------------------------------------------------------------------------------

  /** The steps asked for the current answers, in order. */
  get steps(): StepId[] {
    return relevantSteps(this.answers);
  }
  /** 0-based position of the current step; the results count as one past the last step. */
  get stepIndex(): number {
    return this.currentStep === 'results' ? this.steps.length : Math.max(0, this.steps.indexOf(this.currentStep));
  }
  /** "Step {stepNumber} of {stepCount}": the sections (steps.ts), the same four on every path. */
  get stepNumber(): number {
    return this.currentStep === 'results' ? SECTIONS.length : sectionOf(this.currentStep) + 1;
  }
  get stepCount(): number {
    return SECTIONS.length;
  }
  get isResults(): boolean {
    return this.currentStep === 'results';
  }
  /** The comparison at the commercial terms' minimum, priced with the machine chosen or the one that fits; null until the terms are in. */
  get result(): SavingsResult | null {
    const fit = fitOf(this.fitList, fitUrlOf(this.answers, this.machine), this.answers, this.terms);
    return this.terms ? calculateSavings(this.answers, this.terms, this.machine, fit) : null;
  }
  setFitList(url: string, products: Product[] | null): void {
    this.fitList = { url, products };
  }
  setTerms(terms: CommercialTerms, machine: CheckerMachine | null = null): void {
    [this.terms, this.machine] = [terms, machine];
  }

  errorsFor(step: StepId): Record<string, string> {
    return stepErrors(step, this.answers, this.captchaComplete);
  }
  isStepComplete(step: StepId): boolean {
    return this.completedSteps.includes(step) && Object.keys(this.errorsFor(step)).length === 0;
  }
  /** The first step not yet completed (or whose answers have since become incomplete); the results when none. */
  get firstOpenStep(): WizardPosition {
    return this.steps.find((step) => !this.isStepComplete(step)) ?? 'results';
  }
  /** A step can be visited when every step before it is complete; the results when every step is. */
  canVisit(position: WizardPosition): boolean {
    if (position === 'results') return this.firstOpenStep === 'results';
    const index = this.steps.indexOf(position);
    if (index < 0) return false;
    const open = this.firstOpenStep;
    return open === 'results' || index <= this.steps.indexOf(open);
  }

  get snapshot(): string {
    return serialiseProgress({
      answers: toJS(this.answers),
      currentStep: this.currentStep,
      completedSteps: toJS(this.completedSteps),
      captchaComplete: this.captchaComplete,
    });
  }

  // --- moving through the wizard (docs/product-rules.md "Steps") ---------------------------------

  /**
   * Moves by an increment (a number: +1 next, -1 back) or to a step given by name (or
   * 'results'). Going past the last step shows the results. Returns whether it moved; a step
   * that is not asked, or one beyond the first unanswered step, is refused.
   */
  goTo(target: number | WizardPosition): boolean {
    let position: WizardPosition;
    if (typeof target === 'number') {
      if (!Number.isInteger(target)) return false;
      const index = Math.max(0, this.stepIndex + target);
      position = index >= this.steps.length ? 'results' : (this.steps[index] as StepId);
    } else {
      position = target;
    }
    if (position === this.currentStep || !this.canVisit(position)) return false;
    this.currentStep = position;
    return true;
  }

  /** Next: the current step's unanswered questions, or (when none) completes it and moves on. */
  next(): Record<string, string> {
    if (this.currentStep === 'results') return {};
    const step = this.currentStep;
    const errors = this.errorsFor(step);
    if (Object.keys(errors).length > 0) {
      this.uncompleteStep(step);
      return errors;
    }
    this.completeStep(step);
    this.goTo(1);
    return {};
  }

  back(): boolean {
    return this.goTo(-1);
  }

  completeStep(step: StepId): void {
    if (!this.completedSteps.includes(step)) this.completedSteps.push(step);
  }
  uncompleteStep(step: StepId): void {
    const index = this.completedSteps.indexOf(step);
    if (index >= 0) this.completedSteps.splice(index, 1);
  }

  /** The ALTCHA widget verified the visitor: captchaComplete, and a solution to send once. */
  completeCaptcha(payload: string): void {
    this.captchaComplete = true;
    this.captchaPayload = payload;
  }
  /** The server accepted (or refused) the solution: it cannot be sent again. */
  captchaUsed(): void {
    this.captchaPayload = null;
  }
  /** The widget's challenge expired before it was used. */
  captchaExpired(): void {
    this.captchaPayload = null;
    if (!this.completedSteps.includes('check')) this.captchaComplete = false;
  }

  /** Start again: every default back, nothing completed, the human check to do again. */
  reset(): void {
    this.answers = defaultSavingsAnswers();
    this.currentStep = 'start';
    this.completedSteps = [];
    this.captchaComplete = false;
    this.captchaPayload = null;
  }

  /** Stops writing to storage (for tests and unmounting a standalone page). */
  dispose(): void {
    this.stopPersisting();
  }

  // --- answering --------------------------------------------------------------------------------

  setEntryMode(mode: SavingsAnswers['entryMode']): void {
    this.answers.entryMode = mode;
    this.settle();
  }

  setPurchaseMethod(method: PurchaseMethod): void {
    this.answers.purchaseMethod = method;
    this.settle();
  }

  /** Years a bought machine is kept; the purchase price's period follows it. */
  setPurchaseYears(years: number): void {
    this.answers.equipmentPurchasePeriodYears = years;
    this.answers.equipmentPurchasePrice.periodInMonths = years * 12;
    this.settle();
  }

  setSupport(support: SavingsAnswers['howIsEquipmentSupported']): void {
    this.answers.howIsEquipmentSupported = support;
    this.settle();
  }

  setPrice(field: PriceFieldName, patch: Partial<PricePerPeriod>): void {
    Object.assign(this.answers[field], patch);
    this.settle();
  }

  setVolume(field: VolumeFieldName, patch: Partial<Volume>): void {
    Object.assign(this.answers[field], patch);
    this.settle();
  }

  /**
   * A yes/no extra. "Yes" to insurance, toner delivery or network support adds a charge of that
   * name to fill in, "no" takes it away (answerEdits.ts).
   */
  setExtra(question: ExtraQuestion, yes: boolean): void {
    setExtra(this.answers, question, yes);
    this.settle();
  }

  addOtherCharge(): boolean {
    const added = addOtherCharge(this.answers);
    if (added) this.settle();
    return added;
  }

  updateOtherCharge(index: number, patch: Partial<OtherCharge>): void {
    const charge = this.answers.otherChargesPricePerPeriod[index];
    if (!charge) return;
    Object.assign(charge, patch);
    this.settle();
  }

  removeOtherCharge(index: number): void {
    this.answers.otherChargesPricePerPeriod.splice(index, 1);
    this.settle();
  }

  setBill(patch: Partial<Bill>): void {
    Object.assign(this.answers.bill, patch);
    this.settle();
  }

  /** Whether the visitor knows the bill's mono and colour pages (answerEdits.ts). */
  setBillPagesSplit(known: boolean): void {
    setBillPagesSplit(this.answers.bill, known);
    this.settle();
  }

  /** After any answer: a completed step whose answers are no longer complete is completed no more. */
  private settle(): void {
    for (const step of [...this.completedSteps]) {
      if (step !== 'check' && Object.keys(this.errorsFor(step)).length > 0) this.uncompleteStep(step);
    }
  }
}
