/**
 * The wizard's step logic (docs/product-rules.md "Steps"): increment, jump by name, completed steps, reset,
 * the relevant steps, and progress that survives a reload (and corrupt storage that does not).
 */
import { COPYTECH_PRICE_PER_PAGE, SAVINGS_MESSAGES } from '@copytech/shared/domain';
import { TEST_TERMS } from '@copytech/shared/testing';
import * as forms from '@copytech/shared/forms';
import { SavingsCheckerStore } from './SavingsCheckerStore';
import { CHECKER_STORAGE_KEY } from './savedProgress';
import { CAPTCHA_MESSAGE, relevantSteps } from './steps';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

let storage: MemoryStorage;
const stores: SavingsCheckerStore[] = [];
function newStore() {
  const store = new SavingsCheckerStore(storage);
  store.setTerms(TEST_TERMS);
  stores.push(store);
  return store;
}
beforeEach(() => {
  storage = new MemoryStorage();
});
afterEach(() => {
  stores.splice(0).forEach((store) => store.dispose());
});

/** Answers the lease path up to the volumes, moving with Next. */
function walkLeasePath(store: SavingsCheckerStore) {
  store.setEntryMode('itemised');
  expect(store.next()).toEqual({});
  store.setPurchaseMethod('lease');
  expect(store.next()).toEqual({});
  store.setPrice('leasePricePerPeriod', { value: 27_000 });
  expect(store.next()).toEqual({});
  store.setSupport('cpc');
  expect(store.next()).toEqual({});
  store.setPrice('cpcPricePerPeriod', { value: 45_000 });
  expect(store.next()).toEqual({});
  (['equipmentIsInsured', 'tonerDeliveryPaidFor', 'networkSupportPaidFor', 'payOtherCharges'] as const).forEach((q) =>
    store.setExtra(q, false),
  );
  expect(store.next()).toEqual({});
  store.setVolume('blackAndWhiteVolume', { value: 15_000 });
  store.setVolume('colourVolume', { value: 3_000 });
  expect(store.next()).toEqual({});
}

describe('relevant steps', () => {
  it('asks the lease price of a leased machine and never a purchase price', () => {
    const store = newStore();
    store.setEntryMode('itemised');
    store.setPurchaseMethod('lease');
    expect(store.steps).toEqual(['start', 'equipment', 'lease-price', 'support', 'support-costs', 'extras', 'volumes', 'check']);
  });
  it('asks the purchase price of a bought machine and never a lease price', () => {
    const store = newStore();
    store.setEntryMode('itemised');
    store.setPurchaseMethod('purchase');
    expect(store.steps).toContain('purchase-price');
    expect(store.steps).not.toContain('lease-price');
  });
  it('skips the support question when one cost-per-copy charge covers everything', () => {
    const store = newStore();
    store.setEntryMode('itemised');
    store.setPurchaseMethod('cpc-only');
    expect(store.steps).toEqual(['start', 'equipment', 'support-costs', 'extras', 'volumes', 'check']);
  });
  it('adds the other-charges step once an extra is answered yes', () => {
    const store = newStore();
    store.setEntryMode('itemised');
    store.setPurchaseMethod('rental');
    store.setExtra('networkSupportPaidFor', true);
    expect(store.steps).toContain('other-charges');
    expect(store.answers.otherChargesPricePerPeriod).toEqual([{ name: 'Network support', value: null, periodInMonths: 3 }]);
    store.setExtra('networkSupportPaidFor', false);
    expect(store.steps).not.toContain('other-charges');
    expect(store.answers.otherChargesPricePerPeriod).toEqual([]);
  });
  it('asks only for the bill on the bill-only path', () => {
    const store = newStore();
    store.setEntryMode('bill');
    expect(store.steps).toEqual(['start', 'bill', 'bill-pages', 'check']);
    expect(relevantSteps({ ...store.answers, entryMode: 'itemised' })).toContain('volumes');
  });
});

describe('moving through the wizard', () => {
  it('moves by increment, and Next refuses a step with unanswered questions, saying why', () => {
    const store = newStore();
    expect(store.currentStep).toBe('start');
    expect(store.next()).toEqual({ entryMode: SAVINGS_MESSAGES.entryMode });
    expect(store.currentStep).toBe('start');
    store.setEntryMode('itemised');
    expect(store.next()).toEqual({});
    expect(store.currentStep).toBe('equipment');
    expect(store.stepNumber).toBe(2);
    expect(store.completedSteps).toEqual(['start']);
    expect(store.goTo(-1)).toBe(true);
    expect(store.currentStep).toBe('start');
    expect(store.goTo(1)).toBe(true);
    expect(store.currentStep).toBe('equipment');
  });
  // docs/product-rules.md "Steps": the count is the four sections, whatever the answers add.
  it('shows "Step n of 4", the sections, and never changes the count as questions are added', () => {
    const store = newStore();
    expect([store.stepNumber, store.stepCount]).toEqual([1, 4]);
    store.setEntryMode('bill');
    store.next();
    expect([store.currentStep, store.stepNumber, store.stepCount]).toEqual(['bill', 2, 4]);
    const itemised = newStore();
    itemised.setEntryMode('itemised');
    itemised.next();
    expect([itemised.stepNumber, itemised.stepCount]).toEqual([2, 4]);
    itemised.setPurchaseMethod('lease'); // adds the lease price step
    itemised.setExtra('payOtherCharges', true); // adds the other charges step
    expect(itemised.steps.length).toBe(9);
    expect(itemised.stepCount).toBe(4);
    expect(itemised.stepNumber).toBe(2);
  });
  it('jumps by name to a step already reached, but not past the first unanswered step', () => {
    const store = newStore();
    walkLeasePath(store);
    expect(store.currentStep).toBe('check');
    expect(store.goTo('lease-price')).toBe(true);
    expect(store.currentStep).toBe('lease-price');
    expect(store.goTo('volumes')).toBe(true);

    const fresh = newStore();
    fresh.reset();
    expect(fresh.goTo('volumes')).toBe(false);
    expect(fresh.goTo('results')).toBe(false);
    expect(fresh.currentStep).toBe('start');
  });
  it('refuses a step that is not asked for these answers', () => {
    const store = newStore();
    walkLeasePath(store);
    expect(store.goTo('purchase-price')).toBe(false);
    expect(store.goTo('bill')).toBe(false);
  });
  it('needs the human check before the results, then shows them', () => {
    const store = newStore();
    walkLeasePath(store);
    expect(store.next()).toEqual({ captcha: CAPTCHA_MESSAGE });
    expect(store.isResults).toBe(false);
    store.completeCaptcha('payload');
    expect(store.captchaComplete).toBe(true);
    expect(store.next()).toEqual({});
    expect(store.isResults).toBe(true);
    expect(store.result?.status).toBe('saving');
    expect(store.result?.savings?.perYear).toBe(117_000);
    expect(store.back()).toBe(true);
    expect(store.currentStep).toBe('check');
  });
  it('takes a completed step off the list when its answers become incomplete', () => {
    const store = newStore();
    walkLeasePath(store);
    expect(store.completedSteps).toContain('support-costs');
    store.setSupport('warranty'); // now warranty and spend must be given
    expect(store.completedSteps).not.toContain('support-costs');
    expect(store.firstOpenStep).toBe('support-costs');
    expect(store.goTo('volumes')).toBe(false);
  });
  it('adds and removes completed steps by name', () => {
    const store = newStore();
    store.completeStep('start');
    store.completeStep('start');
    expect(store.completedSteps).toEqual(['start']);
    store.uncompleteStep('start');
    expect(store.completedSteps).toEqual([]);
  });
});

describe('reset', () => {
  it('restores every default', () => {
    const store = newStore();
    walkLeasePath(store);
    store.completeCaptcha('payload');
    store.reset();
    expect(store.currentStep).toBe('start');
    expect(store.completedSteps).toEqual([]);
    expect(store.captchaComplete).toBe(false);
    expect(store.captchaPayload).toBeNull();
    expect(store.answers.entryMode).toBeNull();
    expect(store.answers.leasePricePerPeriod).toEqual({ value: null, periodInMonths: 3 });
    expect(store.answers.copytechPricePerPage).toEqual({ mono: 0.39, colour: 3.3 });
    expect(store.answers.bill.colourRatio).toBe(30);
  });
});

describe('progress that survives a reload', () => {
  it('restores the answers, the step, the completed steps and the human check', async () => {
    const store = newStore();
    walkLeasePath(store);
    store.completeCaptcha('payload');
    store.next();
    const reloaded = newStore();
    await reloaded.ready;
    expect(reloaded.currentStep).toBe('results');
    expect(reloaded.answers.leasePricePerPeriod.value).toBe(27_000);
    expect(reloaded.completedSteps).toEqual(store.completedSteps);
    expect(reloaded.captchaComplete).toBe(true);
    expect(reloaded.captchaPayload).toBeNull(); // single-use: never stored
    expect(reloaded.result?.savings).toEqual(store.result?.savings);
  });
  it.each([
    ['not JSON', '{oops'],
    ['another version', JSON.stringify({ version: 99 })],
    ['an unknown step', JSON.stringify({ version: 1, currentStep: 'admin', completedSteps: [], captchaComplete: false, answers: {} })],
    [
      'answers of the wrong shape',
      JSON.stringify({ version: 1, currentStep: 'start', completedSteps: [], captchaComplete: false, answers: { entryMode: 'guess' } }),
    ],
    ['null', 'null'],
  ])('starts from the defaults when storage holds %s, and removes it', async (_label, stored) => {
    storage.setItem(CHECKER_STORAGE_KEY, stored);
    const store = newStore();
    await store.ready;
    expect(store.restoreStatus).toBe('done');
    expect(store.currentStep).toBe('start');
    expect(store.answers.entryMode).toBeNull();
    expect(storage.getItem(CHECKER_STORAGE_KEY)).toBeNull();
  });
  it('never takes prices per page from storage', async () => {
    const store = newStore();
    walkLeasePath(store);
    const saved = JSON.parse(storage.getItem(CHECKER_STORAGE_KEY)!);
    saved.answers.copytechPricePerPage = { mono: 0.01, colour: 0.01 };
    storage.setItem(CHECKER_STORAGE_KEY, JSON.stringify(saved));
    const reloaded = newStore();
    await reloaded.ready;
    expect(reloaded.answers.copytechPricePerPage).toEqual(COPYTECH_PRICE_PER_PAGE);
  });
  it('does not let a stored position skip unanswered steps', async () => {
    const store = newStore();
    store.setEntryMode('itemised');
    store.next();
    const saved = JSON.parse(storage.getItem(CHECKER_STORAGE_KEY)!);
    saved.currentStep = 'results';
    storage.setItem(CHECKER_STORAGE_KEY, JSON.stringify(saved));
    const reloaded = newStore();
    await reloaded.ready;
    expect(reloaded.currentStep).toBe('equipment');
  });
  it('works without storage at all', () => {
    const store = new SavingsCheckerStore(null);
    store.setTerms(TEST_TERMS);
    store.setEntryMode('bill');
    expect(store.next()).toEqual({});
    store.dispose();
  });
});

describe('the schema, loaded only for saved progress', () => {
  type Rules = Pick<typeof forms, 'savingsAnswersShapeSchema'>;
  /** A schema load the test settles when it likes. */
  function controlledLoad() {
    const attempts: Array<{ resolve: (rules: Rules) => void; reject: (error: Error) => void }> = [];
    const load = jest.fn(
      () =>
        new Promise<Rules>((resolve, reject) => {
          attempts.push({ resolve, reject });
        }),
    );
    return { load, attempts };
  }
  function savedAtVolumes() {
    const store = newStore();
    walkLeasePath(store);
    store.goTo('volumes');
    return storage.getItem(CHECKER_STORAGE_KEY)!;
  }
  function storeWith(load: () => Promise<Rules>) {
    const store = new SavingsCheckerStore(storage, load);
    store.setTerms(TEST_TERMS);
    stores.push(store);
    return store;
  }

  it('is ready at once, without loading the schema, when nothing is stored', () => {
    const { load } = controlledLoad();
    const store = storeWith(load);
    expect(store.restoreStatus).toBe('done');
    expect(store.currentStep).toBe('start');
    expect(load).not.toHaveBeenCalled();
  });

  it('holds saved progress as "checking" until the schema has checked it, then restores it', async () => {
    const saved = savedAtVolumes();
    const { load, attempts } = controlledLoad();
    const store = storeWith(load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(store.restoreStatus).toBe('checking');
    expect(store.answers.entryMode).toBeNull(); // nothing unchecked is used meanwhile
    expect(storage.getItem(CHECKER_STORAGE_KEY)).toBe(saved); // nor overwritten
    attempts[0]!.resolve(forms);
    await store.ready;
    expect(store.restoreStatus).toBe('done');
    expect(store.currentStep).toBe('volumes');
    expect(store.answers.leasePricePerPeriod.value).toBe(27_000);
  });

  it('keeps saved progress when the schema cannot load, and restores it on a retry', async () => {
    const saved = savedAtVolumes();
    const { load, attempts } = controlledLoad();
    const store = storeWith(load);
    attempts[0]!.reject(new Error('ChunkLoadError'));
    await store.ready;
    expect(store.restoreStatus).toBe('failed');
    expect(storage.getItem(CHECKER_STORAGE_KEY)).toBe(saved);

    const retried = store.retryRestore();
    expect(store.restoreStatus).toBe('checking');
    expect(load).toHaveBeenCalledTimes(2);
    attempts[1]!.resolve(forms);
    await retried;
    expect(store.restoreStatus).toBe('done');
    expect(store.currentStep).toBe('volumes');
  });

  it('starts afresh, forgetting saved progress, when the visitor gives it up', async () => {
    savedAtVolumes();
    const { load, attempts } = controlledLoad();
    const store = storeWith(load);
    attempts[0]!.reject(new Error('offline'));
    await store.ready;
    store.discardSaved();
    expect(store.restoreStatus).toBe('done');
    expect(store.currentStep).toBe('start');
    expect(storage.getItem(CHECKER_STORAGE_KEY)).toBeNull();
    // A schema arriving late changes nothing.
    store.retryRestore();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('discards stored state of the wrong structure without loading the schema', () => {
    storage.setItem(CHECKER_STORAGE_KEY, '{oops');
    const { load } = controlledLoad();
    const store = storeWith(load);
    expect(store.restoreStatus).toBe('done');
    expect(load).not.toHaveBeenCalled();
    expect(storage.getItem(CHECKER_STORAGE_KEY)).toBeNull();
  });
});

describe('bill pages', () => {
  it('switches between a total with a colour ratio and a known split', () => {
    const store = newStore();
    store.setEntryMode('bill');
    store.setBill({ pages: 30_000, cost: 90_000 });
    store.setBillPagesSplit(true);
    expect(store.answers.bill).toMatchObject({ monoPages: 21_000, colourPages: 9_000 });
    store.setBill({ colourPages: 1_000 });
    store.setBillPagesSplit(false);
    expect(store.answers.bill).toMatchObject({ monoPages: null, colourPages: null, pages: 22_000 });
  });
});
