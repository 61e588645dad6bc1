/**
 * The results' code loads on demand: a placeholder holds their place meanwhile, and a failed load
 * says so with a try again that really loads again (and then takes the visitor to the results).
 */
import { act, render as renderInDom, screen } from '@testing-library/react';
import { TEST_TERMS } from '@copytech/shared/testing';
import userEvent from '@testing-library/user-event';
import { SavingsCheckerStore } from '../checker/SavingsCheckerStore';
import { fitUrlOf } from '../checker/fitList';
import { MemoryRouter } from 'react-router-dom';
import type { ReactElement } from 'react';

/** The results' buttons post their form to the page it is on (the router's location). */
const render = (ui: ReactElement) => renderInDom(<MemoryRouter initialEntries={['/discover-print-savings']}>{ui}</MemoryRouter>);

jest.mock('../wizard/HumanCheck', () => ({ HumanCheck: () => null }));

// The results module fails to load while this is true (as a chunk does when the network is down).
let mockOffline = true;
jest.mock('./Results', () => {
  if (mockOffline) throw new Error('ChunkLoadError: Loading chunk checker-results failed.');
  return jest.requireActual('./Results');
});

function resultsStore() {
  const store = new SavingsCheckerStore(null);
  store.setTerms(TEST_TERMS);
  store.setEntryMode('bill');
  store.setBill({ cost: 90_000, pages: 30_000 });
  // The list of the machines that fit could not be read: the "from" prices.
  const fitUrl = fitUrlOf(store.answers, store.machine);
  if (fitUrl) store.setFitList(fitUrl, null);
  store.completeCaptcha('payload');
  for (const step of store.steps) store.completeStep(step);
  store.goTo('results');
  return store;
}

it('holds the place while loading, says so when the load fails, and loads again on try again', async () => {
  const { LazyResults } = await import('./LazyResults');
  const store = resultsStore();
  const user = userEvent.setup();
  render(<LazyResults store={store} />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading your results…');
  expect(document.querySelector('[data-results-status="loading"]')).toHaveAttribute('aria-busy', 'true');

  expect(await screen.findByRole('alert')).toHaveTextContent('Your results could not load. Please check your connection and try again.');
  mockOffline = false;
  await user.click(screen.getByRole('button', { name: 'try again' }));
  const heading = await screen.findByRole('heading', { level: 2, name: 'Your results' });
  expect(heading).toHaveFocus(); // the button pressed is gone: the results take the focus
  expect(screen.getByText(/Save/)).toHaveTextContent('Save £2,084 a year');

  // Once loaded, the results show at once (no placeholder) wherever they are needed next.
  await act(async () => undefined);
  render(<LazyResults store={store} />);
  expect(screen.getAllByRole('heading', { level: 2, name: 'Your results' })).toHaveLength(2);
  store.dispose();
});
