import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COOKIE_CONSENT_KEY, COOKIE_PURPOSES_KEY, UiStore } from '@copytech/shared';
import { BANNER_HEIGHT_PROPERTY, CookieBanner } from './CookieBanner';
import { renderInShell } from '../../testing/renderInShell';
import styles from './CookieBanner.module.css';

beforeEach(() => window.localStorage.clear());

const banner = () => screen.queryByRole('region', { name: 'Cookie consent' });
/** Lets the banner's focus return (on the next animation frame) happen. */
const nextFrame = () => act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));

test('the banner shows until Accept, which stores the choice and hides it', async () => {
  const user = userEvent.setup();
  const ui = new UiStore();
  renderInShell(<CookieBanner ui={ui} />);
  expect(banner()).toHaveTextContent(/cookies/i);
  expect(screen.getByRole('link', { name: /cookie policy/i })).toHaveAttribute('href', '/cookie-policy');

  await user.click(screen.getByRole('button', { name: 'Accept cookies' }));
  expect(banner()).not.toBeInTheDocument();
  expect(window.localStorage.getItem(COOKIE_CONSENT_KEY)).toBe('accept');
});

test('Accept and Reject are buttons of equal weight (the same style), side by side with Settings', () => {
  renderInShell(<CookieBanner ui={new UiStore()} />);
  const accept = screen.getByRole('button', { name: 'Accept cookies' });
  const reject = screen.getByRole('button', { name: 'Reject cookies' });
  expect(accept.className).toBe(reject.className);
  expect(accept.className).toBe(styles.choice);
  expect(screen.getByRole('button', { name: 'Settings' })).toBeInTheDocument();
});

test("Reject stores 'reject' and the banner stays hidden on the next visit", async () => {
  const user = userEvent.setup();
  const firstVisit = renderInShell(<CookieBanner ui={new UiStore()} />);
  await user.click(screen.getByRole('button', { name: 'Reject cookies' }));
  expect(banner()).not.toBeInTheDocument();
  expect(window.localStorage.getItem(COOKIE_CONSENT_KEY)).toBe('reject');
  firstVisit.unmount();

  renderInShell(<CookieBanner ui={new UiStore()} />);
  expect(banner()).not.toBeInTheDocument();
});

test('after Accept the banner stays hidden on the next visit (a fresh store reads local storage)', async () => {
  const user = userEvent.setup();
  const firstVisit = renderInShell(<CookieBanner ui={new UiStore()} />);
  await user.click(screen.getByRole('button', { name: /accept/i }));
  firstVisit.unmount();

  renderInShell(<CookieBanner ui={new UiStore()} />);
  expect(banner()).not.toBeInTheDocument();
});

test('any stored value it does not know still shows the banner', () => {
  window.localStorage.setItem(COOKIE_CONSENT_KEY, 'declined');
  renderInShell(<CookieBanner ui={new UiStore()} />);
  expect(banner()).toBeInTheDocument();
});

test('Settings offers a labelled choice per purpose, off by default, with essential explained as always on; Save stores it', async () => {
  const user = userEvent.setup();
  const ui = new UiStore();
  renderInShell(<CookieBanner ui={ui} />);
  await user.click(screen.getByRole('button', { name: 'Settings' }));
  const group = screen.getByRole('group', { name: 'Choose what we may use' });
  const analytics = screen.getByRole('checkbox', { name: 'Analytics' });
  const marketing = screen.getByRole('checkbox', { name: 'Marketing' });
  expect(analytics).not.toBeChecked();
  expect(marketing).not.toBeChecked();
  expect(analytics).toHaveFocus();
  expect(analytics).toHaveAccessibleDescription(/never your details/);
  expect(group).toHaveTextContent(/Essential\s*Always on/);

  await user.click(analytics);
  await user.click(screen.getByRole('button', { name: 'Save my choices' }));
  expect(banner()).not.toBeInTheDocument();
  expect(window.localStorage.getItem(COOKIE_CONSENT_KEY)).toBe('custom');
  expect(JSON.parse(window.localStorage.getItem(COOKIE_PURPOSES_KEY)!)).toEqual({ analytics: true, marketing: false });
  expect([ui.analyticsAllowed, ui.marketingAllowed]).toEqual([true, false]);
});

test('reopened (the footer’s Cookie settings), it shows the current choice; Escape closes it and focus returns to the opener', async () => {
  const user = userEvent.setup();
  window.localStorage.setItem(COOKIE_CONSENT_KEY, 'custom');
  window.localStorage.setItem(COOKIE_PURPOSES_KEY, JSON.stringify({ analytics: false, marketing: true }));
  const ui = new UiStore();
  renderInShell(
    <>
      <main id="main" tabIndex={-1}>
        <button type="button" onClick={() => ui.openCookieSettings()}>
          Cookie settings
        </button>
      </main>
      <CookieBanner ui={ui} />
    </>,
  );
  expect(banner()).not.toBeInTheDocument();
  const opener = screen.getByRole('button', { name: 'Cookie settings' });
  await user.click(opener);
  expect(screen.getByRole('checkbox', { name: 'Analytics' })).not.toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Marketing' })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Analytics' })).toHaveFocus();

  await user.keyboard('{Escape}');
  await nextFrame();
  expect(banner()).not.toBeInTheDocument();
  expect(opener).toHaveFocus();
  expect(ui.cookieConsent).toBe('custom');

  await user.click(opener);
  await user.click(screen.getByRole('button', { name: 'Reject cookies' }));
  await nextFrame();
  expect(opener).toHaveFocus();
  expect(window.localStorage.getItem(COOKIE_CONSENT_KEY)).toBe('reject');
});

test('while it shows, the banner publishes its height for the page to keep focus clear of it, and withdraws it on Accept', async () => {
  const user = userEvent.setup();
  renderInShell(<CookieBanner ui={new UiStore()} />);
  const root = document.documentElement;
  expect(root.style.getPropertyValue(BANNER_HEIGHT_PROPERTY)).toMatch(/^\d+px$/);

  await user.click(screen.getByRole('button', { name: /accept/i }));
  expect(root.style.getPropertyValue(BANNER_HEIGHT_PROPERTY)).toBe('');
});
