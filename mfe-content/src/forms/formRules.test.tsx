/**
 * The forms' rules (yup and the schemas) are not part of a page that shows a form: they load on the
 * form's first focus, and a form whose rules cannot load says so and keeps what was typed. Module
 * state matters here (the loaded rules are kept), so these tests run in order in their own file.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, type FakeApi } from '../testing/fakeApi';
import { renderInRouter } from '../testing/render';
import EnquiryForm from './EnquiryForm';
import NewsletterSignup from './NewsletterSignup';
import { chunks } from '@copytech/shared/testing';

jest.mock('@copytech/shared/forms', () =>
  require('@copytech/shared/testing').chunkLoad('forms', () => jest.requireActual('@copytech/shared/forms')),
);

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi({
    'POST /api/enquiries/send': { status: 201, body: { reference: 'CT-7K3M9Q2P' } },
    'POST /api/newsletter': { status: 201, body: { ok: true } },
  });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

it('an enquiry whose rules cannot load is not sent: the form says so and keeps what was typed', async () => {
  const user = userEvent.setup();
  renderInRouter(<EnquiryForm />);
  expect(chunks.loads('forms')).toBe(0); // showing the form does not load its rules
  await user.type(screen.getByLabelText('Your name'), 'Jane Smith');
  await user.type(screen.getByLabelText(/How can we help/), 'We need two A3 colour copiers.');
  await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
  expect(await screen.findByText(/We could not reach Copytech, so your request has not been sent/)).toBeInTheDocument();
  expect(screen.getByLabelText('Your name')).toHaveValue('Jane Smith');
  expect(api.calls).toHaveLength(0);
});

it('a newsletter sign-up whose rules cannot load says it failed and keeps the address', async () => {
  const user = userEvent.setup();
  renderInRouter(<NewsletterSignup />);
  await user.type(screen.getByLabelText('Email'), 'jane@example.co.uk');
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
  expect(await screen.findByText(/couldn't sign you up/)).toBeInTheDocument();
  expect(screen.getByLabelText('Email')).toHaveValue('jane@example.co.uk');
  expect(api.calls).toHaveLength(0);
});

it('the rules load once, on the first focus of a form, and a failed load is tried again', async () => {
  chunks.reachable = true;
  chunks.resetLoads();
  const user = userEvent.setup();
  renderInRouter(<EnquiryForm />);
  expect(chunks.loads('forms')).toBe(0);
  const email = screen.getByLabelText('Email');
  await user.click(email);
  await waitFor(() => expect(chunks.loads('forms')).toBe(1));
  await user.type(email, 'jane@');
  await user.tab();
  expect(await screen.findByText('Please enter your email address.')).toBeInTheDocument();
  expect(chunks.loads('forms')).toBe(1);
});
