/**
 * The page's first view when the schema that checks saved progress loads on demand: without saved
 * progress step 1 is there at once and no schema is asked for; with it, the wizard's frame holds
 * its place (never step 1) until the schema has checked it, then the visitor's own step or
 * results; and when the schema cannot load, the frame says so and offers to try again or to start
 * again, the focus following the visitor.
 */
import { act, render, screen } from '@testing-library/react';
import { TEST_TERMS } from '@copytech/shared/testing';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import * as forms from '@copytech/shared/forms';
import { SavingsCheckerStore } from './checker/SavingsCheckerStore';
import { CHECKER_STORAGE_KEY } from './checker/savedProgress';
import { CheckerPage } from './CheckerPage';

jest.mock('./wizard/HumanCheck', () => ({ HumanCheck: () => <p>human check (test)</p> }));

type Rules = Pick<typeof forms, 'savingsAnswersShapeSchema'>;

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

/** A schema load that the test settles. */
function controlledLoad() {
  const attempts: Array<{ resolve: (rules: Rules) => void; reject: (error: Error) => void }> = [];
  const load = jest.fn(() => new Promise<Rules>((resolve, reject) => attempts.push({ resolve, reject })));
  return { load, attempts };
}

const STEP_1_HEADING = 'What do you know about your costs?';
let storage: MemoryStorage;
const stores: SavingsCheckerStore[] = [];
let headingsSeen: string[] = [];
let observer: MutationObserver | null = null;

beforeEach(() => {
  storage = new MemoryStorage();
  // Every step heading that ever appears, so a flash of step 1 cannot pass unseen.
  headingsSeen = [];
  observer = new MutationObserver(() => {
    const heading = document.getElementById('checker-step-heading');
    if (heading?.textContent && headingsSeen.at(-1) !== heading.textContent) headingsSeen.push(heading.textContent);
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
});
afterEach(() => {
  observer?.disconnect();
  stores.splice(0).forEach((store) => store.dispose());
});

/** Progress saved at a step (walked through a store on the same storage, as a previous page view would). */
function saveProgress(at: 'volumes' | 'results') {
  const store = new SavingsCheckerStore(storage, () => Promise.resolve(forms));
  store.setTerms(TEST_TERMS);
  store.setEntryMode('itemised');
  store.setPurchaseMethod('lease');
  store.setPrice('leasePricePerPeriod', { value: 27_000, periodInMonths: 3 });
  store.setSupport('cpc');
  store.setPrice('cpcPricePerPeriod', { value: 45_000, periodInMonths: 3 });
  (['equipmentIsInsured', 'tonerDeliveryPaidFor', 'networkSupportPaidFor', 'payOtherCharges'] as const).forEach((q) =>
    store.setExtra(q, false),
  );
  store.setVolume('blackAndWhiteVolume', { value: 15_000 });
  store.setVolume('colourVolume', { value: 3_000 });
  store.completeCaptcha('payload');
  for (const step of store.steps) store.completeStep(step);
  store.goTo(at);
  store.dispose();
  return storage.getItem(CHECKER_STORAGE_KEY)!;
}

function renderPage(load: () => Promise<Rules>) {
  const store = new SavingsCheckerStore(storage, load);
  store.setTerms(TEST_TERMS);
  stores.push(store);
  render(
    <MemoryRouter initialEntries={['/discover-print-savings']}>
      <CheckerPage store={store} />
    </MemoryRouter>,
  );
  return store;
}

const frame = () => document.querySelector('[data-restore-status]');

describe('without saved progress', () => {
  it('shows step 1 at once and loads no schema', () => {
    const { load } = controlledLoad();
    renderPage(load);
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
    expect(document.getElementById('checker-step-heading')).toHaveTextContent(STEP_1_HEADING);
    expect(screen.getByRole('radio', { name: /Item by item/ })).toBeEnabled();
    expect(frame()).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });
});

describe('with saved progress', () => {
  it('holds the frame, never step 1, until the schema has checked it; then the saved step, without taking the focus', async () => {
    const saved = saveProgress('volumes');
    const { load, attempts } = controlledLoad();
    renderPage(load);

    expect(frame()).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading your saved answers…');
    expect(screen.queryByText(/^Step \d+ of \d+$/)).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    // The page around it is there already.
    expect(screen.getByRole('heading', { level: 1, name: 'Discover your print savings' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What pushes up the cost of a page' })).toBeInTheDocument();
    expect(storage.getItem(CHECKER_STORAGE_KEY)).toBe(saved);

    await act(async () => attempts[0]!.resolve(forms));
    expect(frame()).toBeNull();
    expect(document.getElementById('checker-step-heading')).toHaveTextContent('How much you print');
    expect(screen.getByText('Step 3 of 4')).toBeInTheDocument();
    expect(screen.getByLabelText('Mono (black and white) pages')).toHaveValue('15000');
    expect(document.getElementById('checker-step-heading')).not.toHaveFocus(); // a first load: no scroll to it
    expect(headingsSeen).toEqual(['How much you print']);
  });

  it('shows the saved results once checked, without taking the focus', async () => {
    saveProgress('results');
    const { load, attempts } = controlledLoad();
    renderPage(load);
    expect(screen.queryByRole('heading', { name: 'Your results' })).not.toBeInTheDocument();
    await act(async () => attempts[0]!.resolve(forms));
    const results = await screen.findByRole('heading', { level: 2, name: 'Your results' });
    expect(results).not.toHaveFocus();
    expect(screen.getByText(/Save/)).toHaveTextContent('Save £1,170 a year');
    expect(headingsSeen).toEqual([]);
  });

  it('starts at step 1 when the saved answers fail the schema', async () => {
    const saved = JSON.parse(saveProgress('volumes'));
    saved.answers.entryMode = 'guess';
    storage.setItem(CHECKER_STORAGE_KEY, JSON.stringify(saved));
    const { load, attempts } = controlledLoad();
    renderPage(load);
    expect(screen.queryByText('Step 1 of 4')).not.toBeInTheDocument();
    await act(async () => attempts[0]!.resolve(forms));
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
    expect(storage.getItem(CHECKER_STORAGE_KEY)).toBeNull();
  });
});

describe('when the schema cannot load', () => {
  async function failedFirstLoad() {
    const saved = saveProgress('volumes');
    const { load, attempts } = controlledLoad();
    const store = renderPage(load);
    await act(async () => attempts[0]!.reject(new Error('ChunkLoadError')));
    return { saved, load, attempts, store, user: userEvent.setup() };
  }

  it('says so, keeps the saved answers, and restores them when the visitor tries again, focusing the step', async () => {
    const { saved, load, attempts, user } = await failedFirstLoad();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your saved answers could not load. Please check your connection and try again, or start again (clears your answers).',
    );
    expect(frame()).toHaveAttribute('aria-busy', 'false');
    expect(storage.getItem(CHECKER_STORAGE_KEY)).toBe(saved);

    await user.click(screen.getByRole('button', { name: 'try again' }));
    expect(load).toHaveBeenCalledTimes(2);
    expect(frame()).toHaveFocus(); // the pressed button is gone: the focus stays in the frame
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(async () => attempts[1]!.resolve(forms));
    expect(document.getElementById('checker-step-heading')).toHaveTextContent('How much you print');
    expect(document.getElementById('checker-step-heading')).toHaveFocus();
    expect(headingsSeen).toEqual(['How much you print']);
  });

  it('fails again as often as the load does, then restores', async () => {
    const { attempts, user } = await failedFirstLoad();
    await user.click(screen.getByRole('button', { name: 'try again' }));
    await act(async () => attempts[1]!.reject(new Error('still offline')));
    expect(screen.getByRole('alert')).toHaveTextContent('Your saved answers could not load.');
    await user.click(screen.getByRole('button', { name: 'try again' }));
    await act(async () => attempts[2]!.resolve(forms));
    expect(document.getElementById('checker-step-heading')).toHaveTextContent('How much you print');
  });

  it('lets the visitor start again instead: step 1, focused, the saved answers cleared', async () => {
    const { load, user } = await failedFirstLoad();
    await user.click(screen.getByRole('button', { name: 'start again' }));
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
    expect(document.getElementById('checker-step-heading')).toHaveFocus();
    expect(storage.getItem(CHECKER_STORAGE_KEY)).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
