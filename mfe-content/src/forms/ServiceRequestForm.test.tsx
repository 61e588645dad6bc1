import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEST_TERMS } from '@copytech/shared/testing';
import { installFakeApi, type FakeApi } from '../testing/fakeApi';
import { renderInRouter } from '../testing/render';
import ServiceRequestForm from './ServiceRequestForm';

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi({
    'POST /api/enquiries/send': { status: 201, body: { reference: 'CT-ABCDEFGH' } },
    'GET /api/terms': { status: 200, body: TEST_TERMS },
  });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

function setup() {
  const user = userEvent.setup();
  renderInRouter(<ServiceRequestForm />);
  return user;
}

it('asks for the person, the machine, its serial number, the fault and the urgency, each labelled', async () => {
  setup();
  expect(screen.getByLabelText('Your name')).toHaveAttribute('autocomplete', 'name');
  expect(screen.getByLabelText('Company')).toHaveAttribute('autocomplete', 'organization');
  expect(screen.getByLabelText('Phone')).toHaveAttribute('autocomplete', 'tel');
  expect(screen.getByLabelText('Make and model')).toBeRequired();
  expect(screen.getByLabelText('Serial number')).toBeRequired();
  expect(screen.getByLabelText('What is wrong?').tagName).toBe('TEXTAREA');
  const urgency = screen.getByLabelText('How urgent is it?');
  // Each urgency says the response standard of the commercial terms; none says "a few working days",
  // and no two urgencies share one (a "low" urgency answered as a routine one promised nothing more).
  await screen.findByRole('option', { name: /Working, but with a fault/ });
  expect(Array.from((urgency as HTMLSelectElement).options).map((o) => o.textContent)).toEqual([
    'Routine: toner, a meter reading or a question (within three business days)',
    'Working, but with a fault (within two business days)',
    'Machine down: we cannot print (an engineer on site the next business day, if we cannot fix it remotely)',
  ]);
  expect((urgency as HTMLSelectElement).value).toBe('normal');
});

it('checks the serial number when the visitor leaves it', async () => {
  const user = setup();
  await user.type(screen.getByLabelText('Serial number'), '#!');
  await user.tab();
  expect(screen.getByText(/Please enter the serial number/)).toBeInTheDocument();
  expect(screen.getByLabelText('Serial number')).toHaveAttribute('aria-invalid', 'true');
});

it('needs a phone number and a company for a service request', async () => {
  const user = setup();
  await user.click(screen.getByRole('button', { name: 'Send service request' }));
  expect(screen.getByText('Please enter a valid phone number.')).toBeInTheDocument();
  expect(screen.getByText(/Please enter your company name/)).toBeInTheDocument();
  expect(api.calls).toHaveLength(0);
});

it('sends the service request and shows its reference', async () => {
  const user = setup();
  await user.type(screen.getByLabelText('Your name'), 'Sam Patel');
  await user.type(screen.getByLabelText('Company'), 'Patel Vets');
  await user.type(screen.getByLabelText('Email'), 'sam@patelvets.co.uk');
  await user.type(screen.getByLabelText('Phone'), '0116 496 0123');
  await user.type(screen.getByLabelText('Make and model'), 'Canon imageRUNNER C5840i');
  await user.type(screen.getByLabelText('Serial number'), 'XLM04567');
  await user.type(screen.getByLabelText('What is wrong?'), 'Paper jams in drawer 2, error E000-0001.');
  await user.selectOptions(screen.getByLabelText('How urgent is it?'), 'machine-down');
  await user.click(screen.getByRole('button', { name: 'Send service request' }));

  expect(await screen.findByTestId('enquiry-success')).toHaveTextContent('CT-ABCDEFGH');
  expect(api.callsTo('/api/enquiries/send', 'POST')[0]!.body).toEqual({
    kind: 'service-request',
    name: 'Sam Patel',
    company: 'Patel Vets',
    email: 'sam@patelvets.co.uk',
    phone: '0116 496 0123',
    machine: 'Canon imageRUNNER C5840i',
    serialNumber: 'XLM04567',
    fault: 'Paper jams in drawer 2, error E000-0001.',
    urgency: 'machine-down',
  });
});
