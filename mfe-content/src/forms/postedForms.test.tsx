/**
 * The content room's forms without JavaScript (docs/product-rules.md "Forms without JavaScript"):
 * as the server renders them, each is a `<form method="post">` to its own page naming itself in a
 * hidden field, and on the server's answer to a post it shows what came of it: the values kept with
 * each field's message and an error summary that takes the focus, or the reference.
 */
import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import { PageDataProvider, type PageData, type PageDataAnswer, type PostedForm } from '@copytech/shared';
import { TERMS_URL } from '@copytech/shared/domain';
import { postedFormKey } from '@copytech/shared/ssr';
import { TEST_TERMS } from '@copytech/shared/testing';
import type { ReactElement } from 'react';
import { PageContext, type PageInfo } from '../pages/PageContext';
import EnquiryForm from './EnquiryForm';
import NewsletterSignup from './NewsletterSignup';
import ServiceRequestForm from './ServiceRequestForm';

const CONTACT: PageInfo = { slug: 'contact-us', kind: 'page', title: 'Contact us' };
const SUPPORT: PageInfo = { slug: 'customer-support', kind: 'page', title: 'Customer support' };
const NEWSLETTER: PageInfo = { slug: 'newsletter', kind: 'page', title: 'Newsletter' };

function pageData(answers: Record<string, PageDataAnswer>): PageData {
  return { read: (url) => answers[url] ?? { ok: false, status: 404 } };
}

function onPage(ui: ReactElement, page: PageInfo, answers: Record<string, PageDataAnswer> = {}) {
  return (
    <PageDataProvider data={pageData({ [TERMS_URL]: { ok: true, value: TEST_TERMS }, ...answers })}>
      <PageContext.Provider value={page}>{ui}</PageContext.Provider>
    </PageDataProvider>
  );
}

const posted = (form: string, path: string, value: PostedForm) => ({ [postedFormKey(form, path)]: { ok: true, value } as PageDataAnswer });

function formOf(html: string): HTMLFormElement {
  const host = document.createElement('div');
  host.innerHTML = html;
  return host.querySelector('form')!;
}

it.each([
  ['enquiry', <EnquiryForm key="e" />, CONTACT, '/contact-us', ['name', 'email', 'phone', 'company', 'message']],
  [
    'service-request',
    <ServiceRequestForm key="s" />,
    SUPPORT,
    '/customer-support',
    ['name', 'company', 'email', 'phone', 'machine', 'serialNumber', 'fault', 'urgency'],
  ],
  ['newsletter', <NewsletterSignup key="n" />, NEWSLETTER, '/newsletter', ['first_name', 'email']],
])('the %s form posts its named fields to its page, naming itself', (kind, ui, page, path, fields) => {
  const form = formOf(renderToString(onPage(ui, page)));
  expect(form.getAttribute('method')).toBe('post');
  expect(form.getAttribute('action')).toBe(path);
  const hidden = form.querySelector<HTMLInputElement>('input[type="hidden"][name="form"]');
  expect(hidden?.value).toBe(kind);
  const named = [...form.querySelectorAll<HTMLInputElement>('input:not([type="hidden"]), textarea, select')].map((control) => control.name);
  expect(named).toEqual(fields);
});

it('the footer’s form (outside a CMS page) posts to the newsletter’s page', () => {
  const form = formOf(renderToString(<NewsletterSignup />));
  expect(form.getAttribute('action')).toBe('/newsletter');
});

it('an enquiry that failed its rules comes back with what was typed, each message on its field, and a summary that takes the focus', () => {
  const answer = posted('enquiry', '/contact-us', {
    status: 'invalid',
    values: { name: 'J', email: 'jo@', phone: '', company: 'Bloggs Ltd', message: 'Two A3 machines please.' },
    fieldErrors: { name: 'Please enter your name.', email: 'Please enter your email address.' },
  });
  const html = renderToString(onPage(<EnquiryForm />, CONTACT, answer));
  const form = formOf(html);
  expect(form.querySelector<HTMLInputElement>('#enquiry-name')?.value).toBe('J');
  expect(form.querySelector<HTMLInputElement>('#enquiry-company')?.value).toBe('Bloggs Ltd');
  expect(form.querySelector<HTMLTextAreaElement>('#enquiry-message')?.textContent).toBe('Two A3 machines please.');
  expect(form.querySelector('#enquiry-name')?.getAttribute('aria-invalid')).toBe('true');
  const summary = form.querySelector('[data-testid="error-summary"]')!;
  expect(summary.getAttribute('role')).toBe('alert');
  expect(summary.hasAttribute('autofocus')).toBe(true);
  expect([...summary.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
    ['#enquiry-name', 'Please enter your name.'],
    ['#enquiry-email', 'Please enter your email address.'],
  ]);
  // Each message is also said with its own field.
  const describedBy = form.querySelector('#enquiry-email')!.getAttribute('aria-describedby')!;
  expect(form.querySelector(`#${describedBy.split(' ').pop()}`)?.textContent).toBe('Please enter your email address.');
});

it('a service request that was stored shows its reference, focused, with a link to start again', () => {
  const answer = posted('service-request', '/customer-support', { status: 'sent', reference: 'CT-7K3M9Q2P' });
  const host = document.createElement('div');
  host.innerHTML = renderToString(onPage(<ServiceRequestForm />, SUPPORT, answer));
  const panel = host.querySelector('[data-testid="enquiry-success"]')!;
  expect(panel.textContent).toContain('Your service request has been logged');
  expect(panel.textContent).toContain('CT-7K3M9Q2P');
  expect(panel.hasAttribute('autofocus')).toBe(true);
  expect(panel.querySelector('a[href="/customer-support"]')?.textContent).toBe('Log another request');
});

it('another page’s post, or another form’s, shows nothing', () => {
  const answer = posted('enquiry', '/about-us', { status: 'sent', reference: 'CT-7K3M9Q2P' });
  const html = renderToString(onPage(<EnquiryForm />, CONTACT, answer));
  expect(html).not.toContain('CT-7K3M9Q2P');
  expect(
    renderToString(
      onPage(<EnquiryForm />, CONTACT, posted('service-request', '/contact-us', { status: 'sent', reference: 'CT-7K3M9Q2P' })),
    ),
  ).not.toContain('CT-7K3M9Q2P');
});

it('a newsletter sign-up posted to its page: the address kept with its message, focused, or the thanks', () => {
  const invalid = posted('newsletter', '/newsletter', {
    status: 'invalid',
    values: { first_name: 'Jo', email: 'jo@example' },
    fieldErrors: { email: 'Please enter a valid email address.' },
  });
  const { unmount } = render(onPage(<NewsletterSignup />, NEWSLETTER, invalid));
  const email = screen.getByLabelText(/^email/i);
  expect(email).toHaveValue('jo@example');
  expect(screen.getByLabelText(/first name/i)).toHaveValue('Jo');
  expect(email).toHaveAccessibleDescription('Please enter a valid email address.');
  expect(email).toHaveFocus();
  unmount();
  render(onPage(<NewsletterSignup />, NEWSLETTER, posted('newsletter', '/newsletter', { status: 'sent', reference: null })));
  expect(screen.getByRole('status')).toHaveTextContent("Thanks — you're on the list.");
});
