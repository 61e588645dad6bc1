import { BROWSER_STORAGE, SITE_COOKIES, SITE_STORAGE_KEYS } from '../domain/browserStorage';
import { BASKET_STORAGE_KEY } from './BasketStore';
import { FIRST_TOUCH_STORAGE_KEY } from '../tracking/campaign';
import { COOKIE_CONSENT_KEY, COOKIE_PURPOSES_KEY, UiStore } from './UiStore';

beforeEach(() => localStorage.clear());

describe('cookie consent in the UI store', () => {
  it('has no choice at first: the banner shows and nothing non-essential is allowed', () => {
    const ui = new UiStore();
    expect(ui.consent).toBeNull();
    expect(ui.cookieConsent).toBe('unset');
    expect(ui.showCookieBanner).toBe(true);
    expect(ui.analyticsAllowed).toBe(false);
    expect(ui.marketingAllowed).toBe(false);
  });

  it("Accept stores 'accept' (the specification's value) and allows both purposes", () => {
    const ui = new UiStore();
    ui.acceptCookies();
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBe('accept');
    expect(localStorage.getItem(COOKIE_PURPOSES_KEY)).toBeNull();
    expect([ui.showCookieBanner, ui.analyticsAllowed, ui.marketingAllowed]).toEqual([false, true, true]);
    expect(new UiStore().cookieConsent).toBe('accept');
  });

  it("Reject stores 'reject', so the banner does not come back, and allows nothing", () => {
    const ui = new UiStore();
    ui.rejectCookies();
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBe('reject');
    const next = new UiStore();
    expect([next.cookieConsent, next.showCookieBanner, next.analyticsAllowed, next.marketingAllowed]).toEqual([
      'reject',
      false,
      false,
      false,
    ]);
  });

  it("a choice per purpose stores 'custom' and the purposes; all or nothing stores accept or reject alone", () => {
    const ui = new UiStore();
    ui.openCookieSettings();
    expect(ui.showCookieBanner).toBe(true);
    ui.chooseCookies({ analytics: true, marketing: false });
    expect(ui.cookieSettingsOpen).toBe(false);
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBe('custom');
    expect(JSON.parse(localStorage.getItem(COOKIE_PURPOSES_KEY)!)).toEqual({ analytics: true, marketing: false });
    const next = new UiStore();
    expect([next.cookieConsent, next.analyticsAllowed, next.marketingAllowed, next.showCookieBanner]).toEqual([
      'custom',
      true,
      false,
      false,
    ]);
    next.chooseCookies({ analytics: false, marketing: false });
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBe('reject');
    expect(localStorage.getItem(COOKIE_PURPOSES_KEY)).toBeNull();
  });

  it('reads anything else as no choice (the banner shows again)', () => {
    for (const [status, purposes] of [
      ['declined', null],
      ['{"accept":true}', null],
      ['custom', null],
      ['custom', '{"analytics":"yes","marketing":false}'],
      ['custom', '{oops'],
    ] as const) {
      localStorage.setItem(COOKIE_CONSENT_KEY, status);
      if (purposes) localStorage.setItem(COOKIE_PURPOSES_KEY, purposes);
      else localStorage.removeItem(COOKIE_PURPOSES_KEY);
      expect(new UiStore().showCookieBanner).toBe(true);
    }
  });

  it('reopening the settings shows the banner over a stored choice; closing them keeps the choice', () => {
    localStorage.setItem(COOKIE_CONSENT_KEY, 'reject');
    const ui = new UiStore();
    expect(ui.showCookieBanner).toBe(false);
    ui.openCookieSettings();
    expect(ui.showCookieBanner).toBe(true);
    ui.closeCookieSettings();
    expect([ui.showCookieBanner, ui.cookieConsent]).toEqual([false, 'reject']);
  });
});

describe('the cookie policy table (BROWSER_STORAGE)', () => {
  it("names every key the site's code writes", () => {
    const names = BROWSER_STORAGE.map((entry) => entry.name);
    for (const key of [
      BASKET_STORAGE_KEY,
      COOKIE_CONSENT_KEY,
      COOKIE_PURPOSES_KEY,
      FIRST_TOUCH_STORAGE_KEY,
      ...Object.values(SITE_STORAGE_KEYS),
      ...Object.values(SITE_COOKIES),
    ]) {
      expect(names).toContain(key);
    }
  });

  it('marks as essential only what needs no consent: the campaign and the marketing cookies are marketing', () => {
    const purpose = (name: string) => BROWSER_STORAGE.find((entry) => entry.name === name)?.purpose;
    expect(purpose(FIRST_TOUCH_STORAGE_KEY)).toBe('marketing');
    expect(purpose(BASKET_STORAGE_KEY)).toBe('essential');
    // The only essential cookies are the server's own release cookies (which build a browser gets).
    const essentialCookies = BROWSER_STORAGE.filter((entry) => entry.kind === 'cookie' && entry.purpose === 'essential');
    expect(essentialCookies.map((entry) => entry.name)).toEqual([SITE_COOKIES.canary, SITE_COOKIES.preview]);
  });
});
