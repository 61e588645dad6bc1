import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COOKIE_CONSENT_KEY, UiStore } from '@copytech/shared';
import { BANNER_HEIGHT_PROPERTY, CookieBanner } from './CookieBanner';
import { renderInShell } from '../../testing/renderInShell';

beforeEach(() => window.localStorage.clear());

test('the banner shows until Accept, which stores the choice and hides it', async () => {
  const user = userEvent.setup();
  const ui = new UiStore();
  renderInShell(<CookieBanner ui={ui} />);
  const banner = screen.getByRole('region', { name: 'Cookie consent' });
  expect(banner).toHaveTextContent(/cookies/i);

  await user.click(screen.getByRole('button', { name: /accept/i }));
  expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  expect(window.localStorage.getItem(COOKIE_CONSENT_KEY)).toBe('accept');
});

test('after Accept the banner stays hidden on the next visit (a fresh store reads local storage)', async () => {
  const user = userEvent.setup();
  const firstVisit = renderInShell(<CookieBanner ui={new UiStore()} />);
  await user.click(screen.getByRole('button', { name: /accept/i }));
  firstVisit.unmount();

  renderInShell(<CookieBanner ui={new UiStore()} />);
  expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
});

test('any stored value other than accept still shows the banner', () => {
  window.localStorage.setItem(COOKIE_CONSENT_KEY, 'declined');
  renderInShell(<CookieBanner ui={new UiStore()} />);
  expect(screen.getByRole('region', { name: 'Cookie consent' })).toBeInTheDocument();
});

test('while it shows, the banner publishes its height for the page to keep focus clear of it, and withdraws it on Accept', async () => {
  const user = userEvent.setup();
  renderInShell(<CookieBanner ui={new UiStore()} />);
  const root = document.documentElement;
  expect(root.style.getPropertyValue(BANNER_HEIGHT_PROPERTY)).toMatch(/^\d+px$/);

  await user.click(screen.getByRole('button', { name: /accept/i }));
  expect(root.style.getPropertyValue(BANNER_HEIGHT_PROPERTY)).toBe('');
});
