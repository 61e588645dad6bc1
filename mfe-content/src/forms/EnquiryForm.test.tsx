import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onAnalyticsEvent, type AnalyticsEvent } from '@copytech/shared';
import { installFakeApi, type FakeApi, type FakeAnswer } from '../testing/fakeApi';
import { renderInRouter } from '../testing/render';
import EnquiryForm from './EnquiryForm';

const SENT: FakeAnswer = { status: 201, body: { reference: 'CT-7K3M9Q2P' } };
let api: FakeApi;
let events: AnalyticsEvent[];
let stopListening: () => void;

beforeEach(() => {
  api = installFakeApi({ 'POST /api/enquiries/send': SENT });
  events = [];
  stopListening = onAnalyticsEvent((event) => events.push(event));
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  stopListening();
  jest.restoreAllMocks();
});

function setup() {
  const user = userEvent.setup();
  renderInRouter(<EnquiryForm />);
  return user;
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Your name'), '  Jane Smith ');
  await user.type(screen.getByLabelText('Email'), 'jane@example.co.uk');
  await user.type(screen.getByLabelText('Company (optional)'), 'Smith & Co');
  await user.type(screen.getByLabelText(/How can we help/), 'We need two A3 colour copiers for a new office.');
}

const sendButton = () => screen.getByRole('button', { name: /Send enquiry|Sending/ });

it('labels every field and gives the browser autocomplete hints', () => {
  setup();
  expect(screen.getByLabelText('Your name')).toHaveAttribute('autocomplete', 'name');
  expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
  expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
  expect(screen.getByLabelText('Phone (optional)')).toHaveAttribute('autocomplete', 'tel');
  expect(screen.getByLabelText('Company (optional)')).toHaveAttribute('autocomplete', 'organization');
  expect(screen.getByLabelText(/How can we help/).tagName).toBe('TEXTAREA');
});

it('checks a field when the visitor leaves it, says what is wrong beside it, and clears it once right', async () => {
  const user = setup();
  const email = screen.getByLabelText('Email');
  await user.type(email, 'jane@');
  await user.tab();
  const message = screen.getByText('Please enter your email address.');
  expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(email.getAttribute('aria-describedby')).toContain(message.id);

  await user.type(email, 'example.co.uk');
  expect(screen.queryByText('Please enter your email address.')).toBeNull();
  expect(email).not.toHaveAttribute('aria-invalid');
});

it('says nothing about a field the visitor only tabbed through', async () => {
  const user = setup();
  await user.click(screen.getByLabelText('Your name'));
  await user.tab();
  expect(screen.queryByText('Please enter your name.')).toBeNull();
});

it('checks a phone number when one is given (it is optional)', async () => {
  const user = setup();
  await user.type(screen.getByLabelText('Phone (optional)'), '12345');
  await user.tab();
  expect(screen.getByText('Please enter a valid phone number.')).toBeInTheDocument();
});

it('on submit with missing answers, marks every field that needs one and moves focus to the first', async () => {
  const user = setup();
  await user.click(sendButton());
  expect(screen.getByText('Please enter your name.')).toBeInTheDocument();
  expect(screen.getByText('Please enter your email address.')).toBeInTheDocument();
  expect(screen.getByText(/Please tell us a little more/)).toBeInTheDocument();
  expect(screen.getByLabelText('Your name')).toHaveFocus();
  expect(api.calls).toHaveLength(0);
});

it('sends the enquiry as JSON, says "Sending…" while it goes, then shows the reference and moves focus to it', async () => {
  api = installFakeApi({ 'POST /api/enquiries/send': { ...SENT, deferred: true } });
  const user = setup();
  await fillValid(user);
  await user.click(sendButton());

  expect(sendButton()).toHaveTextContent('Sending…');
  expect(sendButton()).toBeDisabled();
  const [call] = api.callsTo('/api/enquiries/send', 'POST');
  expect(call!.headers['content-type']).toBe('application/json');
  expect(call!.headers.accept).toBe('application/json');
  expect(call!.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  expect(call!.body).toEqual({
    kind: 'enquiry',
    name: 'Jane Smith',
    email: 'jane@example.co.uk',
    company: 'Smith & Co',
    message: 'We need two A3 colour copiers for a new office.',
  });

  act(() => api.release());
  const success = await screen.findByTestId('enquiry-success');
  expect(success).toHaveTextContent('CT-7K3M9Q2P');
  await waitFor(() => expect(success).toHaveFocus());
  expect(events.filter((event) => event.event === 'enquiry_sent')).toEqual([expect.objectContaining({ params: { kind: 'enquiry' } })]);
});

it('sends once however many times it is submitted while sending', async () => {
  api = installFakeApi({ 'POST /api/enquiries/send': { ...SENT, deferred: true } });
  const user = setup();
  await fillValid(user);
  const form = sendButton().closest('form')!;
  act(() => {
    form.requestSubmit();
    form.requestSubmit();
  });
  await user.click(sendButton());
  await user.keyboard('{Enter}');
  expect(api.callsTo('/api/enquiries/send', 'POST')).toHaveLength(1);
  act(() => api.release());
  expect(await screen.findByTestId('enquiry-success')).toBeInTheDocument();
  expect(api.callsTo('/api/enquiries/send', 'POST')).toHaveLength(1);
});

it('keeps everything typed when sending fails, says so, and a retry carries the same idempotency key', async () => {
  api = installFakeApi({ 'POST /api/enquiries/send': { status: 503, body: { message: 'down' } } });
  const user = setup();
  await fillValid(user);
  await user.click(sendButton());

  expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side and your request has not been sent.');
  expect(screen.getByLabelText('Your name')).toHaveValue('  Jane Smith ');
  expect(screen.getByLabelText('Email')).toHaveValue('jane@example.co.uk');
  expect(screen.getByLabelText(/How can we help/)).toHaveValue('We need two A3 colour copiers for a new office.');
  expect(sendButton()).toBeEnabled();
  expect(events.filter((event) => event.event === 'enquiry_sent')).toHaveLength(0);

  await user.click(sendButton());
  const calls = api.callsTo('/api/enquiries/send', 'POST');
  expect(calls).toHaveLength(2);
  expect(calls[1]!.headers['idempotency-key']).toBe(calls[0]!.headers['idempotency-key']);
});

it('keeps everything typed when the network is down', async () => {
  api = installFakeApi({ 'POST /api/enquiries/send': { networkError: true } });
  const user = setup();
  await fillValid(user);
  await user.click(sendButton());
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'We could not reach Copytech, so your request has not been sent. Check your connection and try again. Everything you typed is kept.',
  );
  expect(screen.getByLabelText('Company (optional)')).toHaveValue('Smith & Co');
});

it("puts the server's field errors (400) on the fields they belong to", async () => {
  api = installFakeApi({
    'POST /api/enquiries/send': {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Invalid enquiry',
        fieldErrors: { email: 'This e-mail address cannot receive mail.', phone: 'Please enter a valid phone number.' },
      },
    },
  });
  const user = setup();
  await fillValid(user);
  await user.click(sendButton());
  const emailError = await screen.findByText('This e-mail address cannot receive mail.');
  const email = screen.getByLabelText('Email');
  expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(email.getAttribute('aria-describedby')).toContain(emailError.id);
  expect(email).toHaveFocus();
  expect(screen.getByLabelText('Phone (optional)')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByRole('alert')).toHaveTextContent('Please check the fields marked below.');
  expect(screen.getByLabelText('Your name')).toHaveValue('  Jane Smith ');
});

it('asks the visitor to wait when they have sent too many (429), keeping what they typed', async () => {
  api = installFakeApi({ 'POST /api/enquiries/send': { status: 429, body: { message: 'Too Many Requests' } } });
  const user = setup();
  await fillValid(user);
  await user.click(sendButton());
  expect(await screen.findByRole('alert')).toHaveTextContent('Please wait a minute, then try again.');
  expect(screen.getByLabelText('Email')).toHaveValue('jane@example.co.uk');
});

it('after a success, offers an empty form for another enquiry', async () => {
  const user = setup();
  await fillValid(user);
  await user.click(sendButton());
  await user.click(await screen.findByRole('button', { name: 'Send another enquiry' }));
  expect(screen.getByLabelText('Your name')).toHaveValue('');
});
