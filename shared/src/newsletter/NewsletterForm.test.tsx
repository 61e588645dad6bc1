/** The one newsletter form, as the footer and a CMS block show it (docs/product-rules.md "Newsletter sign-up"). */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FIELD_LIMITS } from '@copytech/shared/domain';
import { EMAIL_MAX_LENGTH, NewsletterForm } from '.';

const fetchMock = jest.fn();

function answer(status: number, body: unknown = {}) {
  return { ok: status >= 200 && status < 300, status, json: async () => body } as unknown as Response;
}

beforeEach(() => {
  fetchMock.mockReset();
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
  jest.restoreAllMocks();
});

function renderForm() {
  window.history.replaceState(null, '', '/services/print-audit?ref=footer');
  render(<NewsletterForm classes={{}} />);
  return {
    firstName: screen.getByLabelText(/first name/i),
    email: screen.getByLabelText(/^email/i),
    submit: screen.getByRole('button', { name: 'Sign up' }),
  };
}

test('an empty e-mail is refused on submit with the required message, and nothing is sent', async () => {
  const user = userEvent.setup();
  const { email, submit } = renderForm();
  await user.click(submit);
  expect(screen.getByText('The email is a required field.')).toBeInTheDocument();
  expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(email).toHaveAccessibleDescription('The email is a required field.');
  expect(email).toHaveFocus();
  expect(fetchMock).not.toHaveBeenCalled();
});

test('a malformed e-mail is refused when the field is left, and the message clears once it is right', async () => {
  const user = userEvent.setup();
  const { email, firstName } = renderForm();
  await user.type(email, 'jo@example');
  await user.click(firstName);
  expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();

  await user.type(email, '.co.uk');
  expect(screen.queryByText('Please enter a valid email address.')).not.toBeInTheDocument();
  expect(email).not.toHaveAttribute('aria-invalid');
});

test('a field emptied again says the e-mail is required when it is left', async () => {
  const user = userEvent.setup();
  const { email, firstName } = renderForm();
  await user.type(email, 'j');
  await user.clear(email);
  await user.click(firstName);
  expect(screen.getByText('The email is a required field.')).toBeInTheDocument();
});

test('a good sign-up posts the marketing form fields as multipart and thanks the visitor', async () => {
  const user = userEvent.setup();
  fetchMock.mockResolvedValue(answer(201, { ok: true }));
  const { firstName, email, submit } = renderForm();
  await user.type(firstName, 'Jo');
  await user.type(email, 'jo@example.co.uk');
  await user.click(submit);

  expect(await screen.findByText("Thanks — you're on the list.")).toBeInTheDocument();
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
  expect(url).toBe('/api/newsletter');
  expect(init.method).toBe('POST');
  // FormData: the browser sets multipart/form-data with its boundary, so no Content-Type is forced.
  expect(init.body).toBeInstanceOf(FormData);
  expect(new Headers(init.headers).has('Content-Type')).toBe(false);
  const body = init.body as FormData;
  expect(Object.fromEntries(body.entries())).toEqual({
    'mauticform[first_name]': 'Jo',
    'mauticform[email]': 'jo@example.co.uk',
    'mauticform[formId]': '1',
    'mauticform[formName]': 'newsletter',
    'mauticform[return]': 'http://localhost/services/print-audit?ref=footer',
  });
  expect(email).toHaveValue('');
});

test('a failed sign-up says so and keeps what was typed', async () => {
  const user = userEvent.setup();
  fetchMock.mockResolvedValue(answer(503, { statusCode: 503, error: 'Service Unavailable', message: 'down' }));
  const { firstName, email, submit } = renderForm();
  await user.type(firstName, 'Jo');
  await user.type(email, 'jo@example.co.uk');
  await user.click(submit);

  expect(await screen.findByText(/couldn't sign you up/i)).toBeInTheDocument();
  expect(screen.queryByText("Thanks — you're on the list.")).not.toBeInTheDocument();
  expect(firstName).toHaveValue('Jo');
  expect(email).toHaveValue('jo@example.co.uk');
  expect(submit).toBeEnabled();
});

test('a network failure is a failed sign-up too', async () => {
  const user = userEvent.setup();
  fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
  const { email, submit } = renderForm();
  await user.type(email, 'jo@example.co.uk');
  await user.click(submit);
  expect(await screen.findByText(/couldn't sign you up/i)).toBeInTheDocument();
  expect(email).toHaveValue('jo@example.co.uk');
});

test("the server's own field error for the e-mail is shown at the field", async () => {
  const user = userEvent.setup();
  fetchMock.mockResolvedValue(
    answer(400, {
      statusCode: 400,
      error: 'Bad Request',
      message: 'invalid',
      fieldErrors: { email: 'Please enter a valid email address.' },
    }),
  );
  const { email, submit } = renderForm();
  await user.type(email, 'jo@example.co.uk');
  await user.click(submit);
  expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
  expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(email).toHaveValue('jo@example.co.uk');
});

test("the e-mail field's length limit is the shared rule's (kept as a literal so the first load need not carry the quote rules)", () => {
  const { email } = renderForm();
  expect(EMAIL_MAX_LENGTH).toBe(FIELD_LIMITS.emailMax);
  expect(email).toHaveAttribute('maxLength', String(FIELD_LIMITS.emailMax));
});
