/**
 * @jest-environment-options {"url": "https://www.copytech.co.uk/products"}
 *
 * Consent changed elsewhere or taken back (shell/src/tracking.ts; docs/product-rules.md "Tracking,
 * cookies and consent"): a choice made in another tab applies in this one, and withdrawing
 * marketing removes the stored campaign and expires the marketing service's cookies on this host
 * and every parent domain, and its local storage entries.
 */
import {
  COOKIE_CONSENT_KEY,
  COOKIE_PURPOSES_KEY,
  FIRST_TOUCH_STORAGE_KEY,
  UiStore,
  setAnalyticsConsent,
  trackEvent,
} from '@copytech/shared';
import { MARKETING_COOKIES } from '@copytech/shared/domain';
import { removeMarketingCookies, startConsentedTracking } from './tracking';

let stop: () => void = () => undefined;
let written: string[];
let cookieSpy: jest.SpyInstance | null = null;

beforeEach(() => {
  window.localStorage.clear();
  window.dataLayer = [];
  setAnalyticsConsent('refused');
  document.head.innerHTML = '';
  written = [];
});
afterEach(() => {
  stop();
  cookieSpy?.mockRestore();
  cookieSpy = null;
});

/** What another tab does: it writes local storage, and this tab hears a storage event for the key. */
function otherTab(key: string | null, value: string | null) {
  if (key === null) window.localStorage.clear();
  else if (value === null) window.localStorage.removeItem(key);
  else window.localStorage.setItem(key, value);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
}

describe('a choice made in another tab', () => {
  it('applies here: refusing there stops the events here, accepting there starts them', () => {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, 'accept');
    const ui = new UiStore();
    stop = startConsentedTracking(ui, '');
    trackEvent('page_view', { path: '/' });
    expect(window.dataLayer).toHaveLength(1);

    otherTab(COOKIE_CONSENT_KEY, 'reject');
    expect(ui.consent).toEqual({ analytics: false, marketing: false });
    trackEvent('page_view', { path: '/again' });
    expect(window.dataLayer).toHaveLength(1);

    otherTab(COOKIE_CONSENT_KEY, 'accept');
    trackEvent('page_view', { path: '/third' });
    expect(window.dataLayer).toHaveLength(2);
  });

  it('applies a choice per purpose, and storage cleared there is no choice here', () => {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, 'custom');
    window.localStorage.setItem(COOKIE_PURPOSES_KEY, JSON.stringify({ analytics: false, marketing: true }));
    const ui = new UiStore();
    stop = startConsentedTracking(ui, '');
    otherTab(COOKIE_PURPOSES_KEY, JSON.stringify({ analytics: true, marketing: false }));
    expect(ui.consent).toEqual({ analytics: true, marketing: false });
    otherTab(null, null);
    expect(ui.consent).toBeNull();
  });

  it('is not read again for a change of another key (the basket, say)', () => {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, 'accept');
    const ui = new UiStore();
    stop = startConsentedTracking(ui, '');
    window.localStorage.setItem(COOKIE_CONSENT_KEY, 'reject'); // written, but no event says so
    otherTab('copytech-basket', '[]');
    expect(ui.consent).toEqual({ analytics: true, marketing: true });
  });

  it('is not heard once tracking has stopped', () => {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, 'accept');
    const ui = new UiStore();
    startConsentedTracking(ui, '')();
    otherTab(COOKIE_CONSENT_KEY, 'reject');
    expect(ui.consent).toEqual({ analytics: true, marketing: true });
  });
});

describe('withdrawing marketing', () => {
  it("removes the stored campaign, and the service's cookies and storage entries", () => {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, 'accept');
    const ui = new UiStore();
    stop = startConsentedTracking(ui, '?utm_source=linkedin&utm_campaign=a3');
    expect(JSON.parse(window.localStorage.getItem(FIRST_TOUCH_STORAGE_KEY)!)).toEqual({ utm_source: 'linkedin', utm_campaign: 'a3' });
    for (const name of MARKETING_COOKIES) window.localStorage.setItem(name, 'x');
    document.cookie = 'mtc_id=42; path=/';
    document.cookie = 'copytech-session=keep; path=/';

    ui.chooseCookies({ analytics: true, marketing: false });
    expect(window.localStorage.getItem(FIRST_TOUCH_STORAGE_KEY)).toBeNull();
    for (const name of MARKETING_COOKIES) expect(window.localStorage.getItem(name)).toBeNull();
    expect(document.cookie).toBe('copytech-session=keep');
  });

  it('expires each cookie on this host and on every parent domain, at the root path', () => {
    cookieSpy = jest.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => void written.push(value));
    removeMarketingCookies();
    const expired = 'expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    expect(written).toEqual(
      MARKETING_COOKIES.flatMap((name) => [
        `${name}=; ${expired}`,
        `${name}=; ${expired}; domain=.www.copytech.co.uk`,
        `${name}=; ${expired}; domain=.copytech.co.uk`,
        `${name}=; ${expired}; domain=.co.uk`,
      ]),
    );
  });
});
