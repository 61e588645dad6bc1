import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, type FakeApi } from '../testing/fakeApi';
import { renderInRouter } from '../testing/render';
import NewsletterSignup from './NewsletterSignup';

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi({ 'POST /api/newsletter': { status: 201, body: { ok: true } } });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

it("says 'The email is a required field.' when signing up without one", async () => {
  const user = userEvent.setup();
  renderInRouter(<NewsletterSignup />);
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
  expect(screen.getByText('The email is a required field.')).toBeInTheDocument();
  expect(screen.getByLabelText('Email')).toHaveFocus();
  expect(api.calls).toHaveLength(0);
});

it('posts the marketing form fields as multipart to /api/newsletter', async () => {
  const user = userEvent.setup();
  renderInRouter(<NewsletterSignup />);
  await user.type(screen.getByLabelText('First name (optional)'), 'Jane');
  await user.type(screen.getByLabelText('Email'), 'jane@example.co.uk');
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
  expect(await screen.findByText("Thanks — you're on the list.")).toBeInTheDocument();
  const body = api.callsTo('/api/newsletter', 'POST')[0]!.body as FormData;
  expect(body).toBeInstanceOf(FormData);
  expect(body.get('mauticform[first_name]')).toBe('Jane');
  expect(body.get('mauticform[email]')).toBe('jane@example.co.uk');
  expect(body.get('mauticform[formId]')).toBe('1');
  expect(body.get('mauticform[formName]')).toBe('newsletter');
  expect(body.get('mauticform[return]')).toBe('http://localhost/');
});

it('keeps the address typed when the sign-up fails', async () => {
  api = installFakeApi({ 'POST /api/newsletter': { status: 500, body: {} } });
  const user = userEvent.setup();
  renderInRouter(<NewsletterSignup />);
  await user.type(screen.getByLabelText('Email'), 'jane@example.co.uk');
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
  expect(await screen.findByText(/couldn't sign you up/)).toBeInTheDocument();
  expect(screen.getByLabelText('Email')).toHaveValue('jane@example.co.uk');
});
