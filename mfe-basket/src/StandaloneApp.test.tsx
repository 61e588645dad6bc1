import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { basketStore } from '@copytech/shared';
import { StandaloneApp } from './StandaloneApp';
import { fakeApi, product, renderFragment, resetBasket } from './testing/harness';

const printers = [
  product('Canon', 'i-SENSYS X 1238i'),
  product('Ricoh', 'IM C4510'),
  product('Ricoh', 'P C600'),
  product('Xerox', 'VersaLink C7130'),
  product('HP', 'LaserJet M611dn'),
  product('Epson', 'WF-C879R'),
];

beforeEach(() => resetBasket());

it('QA can search the API products, fill the basket up to five and switch the drawer views', async () => {
  const api = fakeApi(printers);
  const user = userEvent.setup();
  renderFragment(<StandaloneApp />);
  expect(await screen.findByText('6 of 6 printers')).toBeInTheDocument();
  expect(api.requests[0]!.url).toBe('/api/printers/all?limit=48');

  await user.type(screen.getByLabelText('Search by brand or model'), 'ricoh');
  expect(screen.getByText('2 of 6 printers')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Add Ricoh IM C4510 to the basket' }));
  expect(basketStore.has(printers[1]!.modelId)).toBe(true);
  expect(screen.getByRole('button', { name: 'Ricoh IM C4510 is in the basket' })).toBeDisabled();

  await user.clear(screen.getByLabelText('Search by brand or model'));
  for (const name of ['Canon i-SENSYS X 1238i', 'Ricoh P C600', 'Xerox VersaLink C7130', 'HP LaserJet M611dn']) {
    await user.click(screen.getByRole('button', { name: `Add ${name} to the basket` }));
  }
  expect(basketStore.count).toBe(5);
  expect(screen.getByRole('button', { name: 'Add Epson WF-C879R to the basket' })).toBeDisabled();

  // The drawer is inline; its views can be switched.
  const drawer = screen.getByTestId('standalone-basket-drawer');
  expect(within(drawer).getByTestId('basket-count')).toHaveTextContent('5 of 5 machines');
  await user.click(screen.getByRole('button', { name: 'Quote details' }));
  expect(within(drawer).getByRole('heading', { name: 'Your details' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Confirmation (preview)' }));
  expect(within(drawer).getByRole('heading', { name: 'Your quote is on its way' })).toBeInTheDocument();

  // An instant quote opens its panel beside it.
  await user.click(screen.getByRole('button', { name: 'Instant quote for Epson WF-C879R' }));
  expect(within(screen.getByTestId('standalone-instant-quote')).getByText('WF-C879R')).toBeInTheDocument();
});
