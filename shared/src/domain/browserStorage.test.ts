/**
 * @jest-environment node
 */
/**
 * What the site keeps in the visitor's browser, against the cookie policy's table (docs/product-rules.md
 * "Tracking, cookies and consent"). The site's own consent and campaign code writes into a small
 * in-memory Storage here (a node test: no DOM), and the keys it writes must be the table's.
 */
import { applyCampaignConsent, holdFirstTouch } from '../tracking/campaign';
import { readConsent, writeConsent } from '../stores/consent';
import { BROWSER_STORAGE, MARKETING_COOKIES, SITE_COOKIES, SITE_STORAGE_KEYS } from './browserStorage';

/** A real Storage, kept in a Map. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  keys() {
    return [...this.items.keys()].sort();
  }
}

const global = globalThis as { window?: { localStorage: Storage } };
let localStorage: MemoryStorage;
beforeEach(() => {
  localStorage = new MemoryStorage();
  global.window = { localStorage };
});
afterEach(() => delete global.window);

const MARKETING_SERVICE = 'Our marketing-automation service (its script, loaded only with your consent)';
const entry = (name: string) => BROWSER_STORAGE.find((item) => item.name === name);

describe("the keys the site's code writes", () => {
  it("keep the names visitors' browsers already hold (renamed, every stored basket and choice is lost)", () => {
    expect(SITE_STORAGE_KEYS).toEqual({
      basket: 'basket',
      consent: 'cookie-acceptance-status',
      consentPurposes: 'cookie-consent-purposes',
      firstTouch: 'first-touch-campaign',
      checker: 'copytech:savings-checker',
    });
    expect(SITE_COOKIES).toEqual({ canary: 'ct_canary', preview: 'ct_preview' });
  });

  it('are in the table as local storage: the cookie choice, its purposes and the campaign', () => {
    writeConsent({ analytics: true, marketing: false });
    expect(readConsent()).toEqual({ analytics: true, marketing: false });
    holdFirstTouch('?utm_source=newsletter&utm_campaign=autumn');
    applyCampaignConsent(true);
    const written = localStorage.keys();
    expect(written).toEqual(['cookie-acceptance-status', 'cookie-consent-purposes', 'first-touch-campaign']);
    const localInTable = BROWSER_STORAGE.filter((item) => item.kind === 'local storage').map((item) => item.name);
    expect(localInTable.sort()).toEqual([...written, SITE_STORAGE_KEYS.basket].sort());
  });

  it('remove the campaign when marketing is refused, as the table says', () => {
    holdFirstTouch('?utm_source=newsletter');
    applyCampaignConsent(true);
    expect(localStorage.getItem('first-touch-campaign')).toBe('{"utm_source":"newsletter"}');
    applyCampaignConsent(false);
    expect(localStorage.keys()).toEqual([]);
    expect(entry(SITE_STORAGE_KEYS.firstTouch)?.lifetime).toMatch(/removed when you refuse marketing$/);
  });
});

describe('the cookie policy table', () => {
  it('keeps each thing where the code does, for the purpose it serves', () => {
    expect(BROWSER_STORAGE.map((item) => `${item.name}: ${item.kind}, ${item.purpose}`)).toEqual([
      'basket: local storage, essential',
      'cookie-acceptance-status: local storage, essential',
      'cookie-consent-purposes: local storage, essential',
      'copytech:savings-checker: session storage, essential',
      'first-touch-campaign: local storage, marketing',
      'ct_canary: cookie, essential',
      'ct_preview: cookie, essential',
      'mtc_id, mtc_sid, mautic_device_id: cookie, marketing',
    ]);
  });

  it("names the marketing service's cookies, which the shell removes when marketing is refused", () => {
    expect(MARKETING_COOKIES).toEqual(['mtc_id', 'mtc_sid', 'mautic_device_id']);
    const service = entry(MARKETING_COOKIES.join(', '));
    expect(service?.setBy).toBe(MARKETING_SERVICE);
    expect(service?.lifetime).toMatch(/removed when you refuse marketing$/);
  });

  it('says for every entry who sets it, what it holds, in a sentence, and how long it lasts', () => {
    for (const item of BROWSER_STORAGE) {
      expect(item.setBy).toBe(item.purpose === 'marketing' && item.kind === 'cookie' ? MARKETING_SERVICE : 'This site');
      expect(item.what).toMatch(/^[A-Z].{40,}\.$/);
      expect(item.lifetime).toMatch(/^[A-Z0-9].{5,}/);
    }
  });

  it('gives the lifetimes a visitor can check', () => {
    const lifetimes = Object.fromEntries(BROWSER_STORAGE.map((item) => [item.name, item.lifetime]));
    expect(lifetimes).toMatchObject({
      basket: 'Until you empty the basket or clear it in your browser',
      'cookie-acceptance-status': 'Until you clear it in your browser, or change your choice',
      'cookie-consent-purposes': 'Until you clear it in your browser, or change your choice',
      'copytech:savings-checker': 'Until you close the tab',
      ct_canary: '30 days',
    });
    expect(lifetimes.ct_preview).toMatch(/^Until the preview link expires \(24 hours/);
  });
});
