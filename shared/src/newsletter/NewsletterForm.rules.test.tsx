/**
 * The footer form is on every page, so its rules (yup and the schema) are not part of the page:
 * they load when the form is first used. Module state matters here (the loaded rules are kept),
 * so these tests run in order in their own file.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NewsletterForm } from '.';
import { chunks } from '@copytech/shared/testing';

jest.mock('@copytech/shared/forms', () =>
  require('@copytech/shared/testing').chunkLoad('forms', () => jest.requireActual('@copytech/shared/forms')),
);

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
  jest.restoreAllMocks();
});

test('rules that cannot load: the sign-up says it failed, keeps what was typed and sends nothing', async () => {
  const user = userEvent.setup();
  render(<NewsletterForm classes={{}} />);
  expect(chunks.loads('forms')).toBe(0); // rendering the form does not load its rules
  const email = screen.getByLabelText(/^email/i);
  await user.type(email, 'jo@example.co.uk');
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
  expect(await screen.findByText(/couldn't sign you up/i)).toBeInTheDocument();
  expect(email).toHaveValue('jo@example.co.uk');
  expect(fetchMock).not.toHaveBeenCalled();
  expect(chunks.loads('forms')).toBeGreaterThan(0);
});

test('the rules load on the first focus of the form, and a failed load is tried again', async () => {
  chunks.reachable = true;
  chunks.resetLoads();
  const user = userEvent.setup();
  render(<NewsletterForm classes={{}} />);
  expect(chunks.loads('forms')).toBe(0);
  await user.click(screen.getByLabelText(/first name/i));
  await waitFor(() => expect(chunks.loads('forms')).toBe(1));
  const email = screen.getByLabelText(/^email/i);
  await user.type(email, 'jo@example');
  await user.tab();
  expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
  expect(chunks.loads('forms')).toBe(1);
});
