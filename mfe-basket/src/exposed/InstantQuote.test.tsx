import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { basketStore, uiStore } from '@copytech/shared';
import InstantQuote from './InstantQuote';
import { VALID_DETAILS, fakeApi, fillBasket, product, renderFragment, resetBasket } from '../testing/harness';

const konica = product('Konica Minolta', 'bizhub C301i', { price: { startingFrom: 199900, '60MonthLeasePrice': 15300 } });
const other = product('Ricoh', 'IM C4510');

beforeEach(() => {
  resetBasket();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First name'), VALID_DETAILS.firstName);
  await user.type(screen.getByLabelText('Last name'), VALID_DETAILS.lastName);
  await user.type(screen.getByLabelText('E-mail address'), VALID_DETAILS.email);
  await user.type(screen.getByLabelText('Phone number'), VALID_DETAILS.phoneNumber);
  await user.type(screen.getByLabelText('Postcode'), VALID_DETAILS.postcode);
  await user.tab();
}

it('shows the one product and the same contact form, and sends only that product', async () => {
  const api = fakeApi([konica, other]);
  fillBasket([other]);
  basketStore.startInstantQuote(konica);
  const user = userEvent.setup();
  renderFragment(<InstantQuote />);

  expect(screen.getByRole('heading', { level: 2, name: 'Instant quote' })).toBeInTheDocument();
  expect(screen.getByText('bizhub C301i')).toBeInTheDocument();
  expect(await screen.findByText('From £1,999.00 ex VAT')).toBeInTheDocument();
  const submit = screen.getByRole('button', { name: 'Send my instant quote' });
  expect(submit).toBeDisabled();
  await fill(user);
  await user.click(submit);

  expect(await screen.findByRole('heading', { name: 'Your quote is on its way' })).toHaveFocus();
  expect(api.quoteRequests()).toHaveLength(1);
  expect((api.quoteRequests()[0]!.body as { productIds: string[] }).productIds).toEqual([konica.modelId]);
  expect(screen.getByText('Average delivery time 2 minutes')).toBeInTheDocument();
  expect(screen.getByTestId('quote-reference')).toHaveTextContent('CT-7K3M9Q2P');

  await user.click(screen.getByRole('button', { name: 'Ok' }));
  expect(basketStore.instantMode).toBe(false);
  expect(uiStore.drawer).toBeNull();
  // The basket is untouched by an instant quote.
  expect(basketStore.list.map((item) => item.modelId)).toEqual([other.modelId]);
});

it('a failure keeps the details and Retry reuses the key', async () => {
  const api = fakeApi([konica]);
  api.answerQuote({ status: 502, body: {} });
  basketStore.startInstantQuote(konica);
  const user = userEvent.setup();
  renderFragment(<InstantQuote />);
  await fill(user);
  await user.click(screen.getByRole('button', { name: 'Send my instant quote' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
  expect(screen.getByLabelText('Phone number')).toHaveValue(VALID_DETAILS.phoneNumber);
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  await screen.findByRole('heading', { name: 'Your quote is on its way' });
  const [first, second] = api.quoteRequests();
  expect(second!.headers['Idempotency-Key']).toBe(first!.headers['Idempotency-Key']);
});

it('Cancel ends instant mode and closes the panel', async () => {
  fakeApi([konica]);
  basketStore.startInstantQuote(konica);
  expect(uiStore.drawer).toBe('instant-quote');
  const user = userEvent.setup();
  renderFragment(<InstantQuote />);
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(basketStore.instantMode).toBe(false);
  expect(uiStore.drawer).toBeNull();
});
