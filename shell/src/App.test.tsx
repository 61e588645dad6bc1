import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { basketStore } from '@copytech/shared';
import { App } from './App';
import { renderInShell, resetSharedStores } from './testing/renderInShell';

// Pages and drawers are remote fragments; a stand-in names the one each slot asked for.
jest.mock('@copytech/shared', () => {
  const actual = jest.requireActual('@copytech/shared');
  const { createElement } = jest.requireActual('react');
  return {
    ...actual,
    RemoteSlot: ({ id }: { id: string }) => createElement('p', { 'data-testid': 'remote-slot' }, id),
  };
});

beforeEach(() => {
  resetSharedStores();
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
});

test('the page frame has every part of the global layout around the page', () => {
  renderInShell(<App />, { path: '/office-printers' });

  expect(screen.getByRole('link', { name: 'Part of Copytech Group' })).toHaveAttribute('href', 'https://www.copytechgroup.co.uk/');
  expect(screen.getAllByRole('link', { name: /sales 0330 058 0590/i })[0]).toHaveAttribute('href', 'tel:+443300580590');

  const hub = screen.getByRole('navigation', { name: 'Hub' });
  expect(within(hub).getByRole('link', { name: 'Office printers' })).toHaveAttribute('aria-current', 'page');
  expect(within(hub).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  // One number per purpose: the hub bar's "Talk to an expert" is the sales number.
  expect(within(hub).getByRole('link', { name: /Talk to an expert 0330 058 0590/ })).toHaveAttribute('href', 'tel:+443300580590');

  const banner = screen.getByRole('banner');
  expect(within(banner).getByRole('link', { name: 'Copytech home' })).toHaveAttribute('href', '/');
  const main = within(screen.getByRole('navigation', { name: 'Main' }));
  expect(main.getByRole('button', { name: 'Products' })).toBeInTheDocument();
  expect(main.getByRole('button', { name: 'Services' })).toBeInTheDocument();
  expect(main.getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/customer-support');
  expect(main.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact-us');
  expect(main.getByRole('link', { name: 'Discover savings' })).toHaveAttribute('href', '/discover-print-savings');
  expect(within(banner).getByTitle('Comparison basket')).toBeInTheDocument();

  expect(within(screen.getByRole('main')).getByTestId('remote-slot')).toHaveTextContent('catalogue/CatalogueRoutes');

  const footer = within(screen.getByRole('contentinfo'));
  expect(footer.getByText('Unit 4, Meridian Business Park')).toBeInTheDocument();
  expect(footer.getByRole('link', { name: /support 0330 058 0595/i })).toHaveAttribute('href', 'tel:+443300580595');
  expect(footer.getAllByRole('link', { name: 'Privacy policy' })[0]).toHaveAttribute('href', '/privacy-policy');
  expect(footer.getAllByRole('link', { name: 'Cookie policy' })[0]).toHaveAttribute('href', '/cookie-policy');
  expect(footer.getAllByRole('link', { name: 'Terms' })[0]).toHaveAttribute('href', '/terms');
  // Cookie settings reopens the choice: a button, in the footer's last line
  expect(footer.getByRole('button', { name: 'Cookie settings' })).toHaveAttribute('aria-expanded', 'false');
  expect(footer.getByText(`© ${new Date().getFullYear()} Copytech (UK) Ltd`)).toBeInTheDocument();
  expect(footer.getByRole('textbox', { name: /email/i })).toBeRequired();
  expect(footer.getByRole('textbox', { name: /first name/i })).not.toBeRequired();

  expect(screen.getByRole('region', { name: 'Cookie consent' })).toBeInTheDocument();
});

test("the header's basket count follows the shared store while the basket drawer is open", async () => {
  renderInShell(<App />);
  act(() => basketStore.open());
  // The drawer's code arrives on demand (a chunk of its own): it shows once that is there.
  expect(await screen.findByRole('dialog', { name: 'Comparison basket' })).toBeInTheDocument();
  act(() => {
    basketStore.add({ modelId: 'a1', brand: 'A', model: '1', productCategory: 'printer', productSpecification: null });
  });
  expect(screen.getByTestId('basket-count')).toHaveTextContent('1');
});

test('while the cookie choice is open its buttons come first in the tab order, before the skip link, and nothing takes focus', async () => {
  const user = userEvent.setup();
  renderInShell(<App />);
  const banner = screen.getByRole('region', { name: 'Cookie consent' });
  expect(banner).not.toContainElement(document.activeElement as HTMLElement);
  await user.tab();
  expect(screen.getByRole('button', { name: 'Accept cookies' })).toHaveFocus();
  await user.tab();
  expect(screen.getByRole('button', { name: 'Reject cookies' })).toHaveFocus();
  await user.tab();
  expect(screen.getByRole('button', { name: 'Settings' })).toHaveFocus();
  await user.tab();
  expect(within(banner).getByRole('link', { name: 'Our cookie policy' })).toHaveFocus();
  await user.tab();
  expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveFocus();
});
