/**
 * The wizard as a visitor uses it: progress, one question group per step, Next refusing an
 * unanswered step with a message beside the question, focus on the new step's heading, only the
 * relevant steps, the bill-only path, and the human check before the results.
 */
import { act, render, screen } from '@testing-library/react';
import { TEST_TERMS } from '@copytech/shared/testing';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SAVINGS_MESSAGES } from '@copytech/shared/domain';
import { SavingsCheckerStore } from '../checker/SavingsCheckerStore';
import { CheckerPage } from '../CheckerPage';
import { CAPTCHA_MESSAGE } from '../checker/steps';

jest.mock('./HumanCheck', () => ({
  HumanCheck: ({ onVerified, error }: { onVerified: (payload: string) => void; error?: string }) => (
    <div>
      {error ? <p>{error}</p> : null}
      <button type="button" onClick={() => onVerified('payload')}>
        I am not a robot (test)
      </button>
    </div>
  ),
}));

const stores: SavingsCheckerStore[] = [];
function setup() {
  const store = new SavingsCheckerStore(null);
  store.setTerms(TEST_TERMS);
  stores.push(store);
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/discover-print-savings']}>
      <CheckerPage store={store} />
    </MemoryRouter>,
  );
  return { store, user };
}
afterEach(() => stores.splice(0).forEach((store) => store.dispose()));

const next = () => screen.getByRole('button', { name: 'Next' });
const heading = () => document.getElementById('checker-step-heading')!;

it('shows progress and refuses Next until the question is answered, saying why beside it', async () => {
  const { user } = setup();
  expect(screen.getByRole('heading', { level: 1, name: 'Discover your print savings' })).toBeInTheDocument();
  expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
  const bar = screen.getByRole('progressbar');
  expect(bar).toHaveAttribute('aria-valuenow', '1');
  expect(bar).toHaveAttribute('aria-valuemax', '4');
  expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();

  await user.click(next());
  expect(screen.getByText(SAVINGS_MESSAGES.entryMode)).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: /Item by item/ })).toHaveFocus();
  expect(heading()).toHaveTextContent('What do you know about your costs?');

  await user.click(screen.getByRole('radio', { name: /Item by item/ }));
  expect(screen.queryByText(SAVINGS_MESSAGES.entryMode)).not.toBeInTheDocument();
  await user.click(next());
  expect(heading()).toHaveTextContent('Your equipment');
  expect(heading()).toHaveFocus();
  expect(screen.getByText('Step 2 of 4')).toBeInTheDocument();
});

it('asks only what applies: a bought machine gets a price and years, never a lease payment', async () => {
  const { user, store } = setup();
  await user.click(screen.getByRole('radio', { name: /Item by item/ }));
  await user.click(next());
  await user.click(screen.getByRole('radio', { name: /Bought outright/ }));
  await user.click(next());
  expect(heading()).toHaveTextContent('What you paid for it');
  expect(screen.queryByLabelText(/Lease payment/)).not.toBeInTheDocument();

  const price = screen.getByLabelText(/Price you paid/);
  await user.type(price, 'six thousand');
  await user.tab();
  expect(screen.getByText('Please enter an amount in pounds, e.g. 125.50.')).toBeInTheDocument();
  await user.click(next());
  expect(heading()).toHaveTextContent('What you paid for it'); // typed text that is not an amount stops Next
  await user.clear(price);
  await user.type(price, '£6,000');
  await user.selectOptions(screen.getByLabelText('How many years you keep a machine'), '4 years');
  await user.click(next());
  expect(store.answers.equipmentPurchasePrice).toEqual({ value: 600_000, periodInMonths: 48 });
  expect(store.answers.equipmentPurchasePeriodYears).toBe(4);
  expect(heading()).toHaveTextContent('How your equipment is supported');

  await user.click(screen.getByRole('button', { name: 'Back' }));
  expect(heading()).toHaveTextContent('What you paid for it');
  expect(screen.getByLabelText(/Price you paid/)).toHaveValue('6000');
});

it('takes the bill-only path to the human check and the results', async () => {
  const { user, store } = setup();
  await user.click(screen.getByRole('radio', { name: /I only know my total print bill/ }));
  await user.click(next());
  // The sections are the same four on this path: the bill is "what you pay", its pages "what you print".
  expect(screen.getByText('Step 2 of 4')).toBeInTheDocument();
  expect(heading()).toHaveTextContent('Your print bill');
  await user.click(next());
  expect(screen.getByText(SAVINGS_MESSAGES.billCost)).toBeInTheDocument();

  await user.type(screen.getByRole('textbox', { name: /Total of the bill/ }), '900');
  await user.click(next());
  expect(screen.getByText('Step 3 of 4')).toBeInTheDocument();
  expect(heading()).toHaveTextContent('The pages on your bill');
  await user.click(next());
  expect(screen.getByText(SAVINGS_MESSAGES.billPages)).toBeInTheDocument();
  await user.type(screen.getByLabelText('Total pages'), '30,000');
  expect(screen.getByLabelText('Share of colour pages')).toHaveValue('30');
  await user.click(next());
  expect(screen.getByText('Step 4 of 4')).toBeInTheDocument();
  expect(heading()).toHaveTextContent('One last check');
  await user.click(screen.getByRole('button', { name: 'See my results' }));
  expect(screen.getByText(CAPTCHA_MESSAGE)).toBeInTheDocument();
  expect(heading()).toHaveTextContent('One last check');

  await user.click(screen.getByRole('button', { name: 'I am not a robot (test)' }));
  await user.click(screen.getByRole('button', { name: 'See my results' }));
  expect(screen.getByRole('heading', { level: 2, name: 'Your results' })).toHaveFocus();
  expect(store.captchaComplete).toBe(true);
  expect(screen.getByText(/Save/)).toHaveTextContent('Save £2,084 a year');
});

it('adds other-charge rows named after the extras answered yes, and a blank one for "other"', async () => {
  const { user, store } = setup();
  act(() => {
    store.setEntryMode('itemised');
    store.setPurchaseMethod('cpc-only');
    store.setPrice('cpcPricePerPeriod', { value: 60_000 });
    for (const step of ['start', 'equipment', 'support-costs'] as const) store.completeStep(step);
    store.goTo('extras');
  });
  expect(await screen.findByText('Do you pay to insure the equipment?')).toBeInTheDocument();
  const [insuredYes, tonerYes, networkYes, otherYes] = screen.getAllByRole('radio', { name: 'Yes' });
  const noes = screen.getAllByRole('radio', { name: 'No' });
  await user.click(insuredYes!);
  await user.click(noes[1]!);
  await user.click(noes[2]!);
  await user.click(otherYes!);
  void tonerYes;
  void networkYes;
  await user.click(next());
  expect(heading()).toHaveTextContent('Your other charges');
  expect(screen.getByRole('group', { name: 'Equipment insurance' })).toBeInTheDocument();
  expect(screen.getByRole('group', { name: 'Charge 2' })).toBeInTheDocument();
  await user.click(next());
  expect(screen.getByText(SAVINGS_MESSAGES.otherChargeName)).toBeInTheDocument();
  expect(screen.getAllByText(SAVINGS_MESSAGES.otherChargeValue)).toHaveLength(2);
});

it('starts again from the defaults', async () => {
  const { user, store } = setup();
  await user.click(screen.getByRole('radio', { name: /I only know my total print bill/ }));
  await user.click(next());
  await user.click(screen.getByRole('button', { name: 'Start again' }));
  expect(store.currentStep).toBe('start');
  expect(store.answers.entryMode).toBeNull();
  expect(screen.getByRole('radio', { name: /I only know my total print bill/ })).not.toBeChecked();
  expect(heading()).toHaveFocus();
});

it('takes Enter in a field as Next, never as Back or a charge’s Remove (which come first in the form)', async () => {
  const { store, user } = setup();
  await user.click(screen.getByRole('radio', { name: /Item by item/ }));
  await user.click(next());
  await user.click(screen.getByRole('radio', { name: /^Leased/ }));
  await user.click(next());
  await user.type(screen.getByRole('textbox', { name: /Lease payment/ }), '270{Enter}');
  expect(heading()).toHaveTextContent('How your equipment is supported');

  act(() => {
    store.setSupport('cpc');
    store.setPrice('cpcPricePerPeriod', { value: 45_000 });
    for (const extra of ['equipmentIsInsured', 'tonerDeliveryPaidFor', 'networkSupportPaidFor'] as const) store.setExtra(extra, false);
    store.setExtra('payOtherCharges', true);
    store.next(); // support
    store.next(); // what support costs
    store.next(); // the extras
  });
  expect(heading()).toHaveTextContent('Your other charges');
  await user.type(screen.getByRole('textbox', { name: 'What the charge is for' }), 'Admin fee');
  await user.type(screen.getByRole('textbox', { name: /Amount/ }), '12.50{Enter}');
  expect(heading()).toHaveTextContent('How much you print');
  expect(store.answers.otherChargesPricePerPeriod).toEqual([{ name: 'Admin fee', value: 1_250, periodInMonths: 3 }]);
});
