import { FIRST_TOUCH_STORAGE_KEY, UiStore, setAnalyticsConsent, trackEvent } from '@copytech/shared';
import { startConsentedTracking } from './tracking';

const SCRIPT = 'https://marketing.example.com/mtc.js';
let stop: () => void = () => undefined;

beforeEach(() => {
  window.localStorage.clear();
  window.dataLayer = [];
  setAnalyticsConsent('refused'); // a new page: nothing held from the test before
  document.head.innerHTML = `<meta name="copytech:marketing-script" content="${SCRIPT}">`;
});
afterEach(() => stop());

const marketingScripts = () => document.querySelectorAll(`script[src="${SCRIPT}"]`).length;

test('with no choice nothing runs or is stored: no marketing script, no campaign, no event in the dataLayer', () => {
  const ui = new UiStore();
  stop = startConsentedTracking(ui, '?utm_source=linkedin');
  trackEvent('page_view', { path: '/' });
  expect(marketingScripts()).toBe(0);
  expect(window.dataLayer).toEqual([]);
  expect(window.localStorage.getItem(FIRST_TOUCH_STORAGE_KEY)).toBeNull();
});

test('Accept: the held events are sent in order, the marketing script is injected once and the campaign stored', () => {
  const ui = new UiStore();
  stop = startConsentedTracking(ui, '?utm_source=linkedin');
  trackEvent('page_view', { path: '/' });
  ui.acceptCookies();
  expect(window.dataLayer).toEqual([{ event: 'page_view', path: '/' }]);
  expect(marketingScripts()).toBe(1);
  expect(JSON.parse(window.localStorage.getItem(FIRST_TOUCH_STORAGE_KEY)!)).toEqual({ utm_source: 'linkedin' });
  trackEvent('lead', { source: 'quote' });
  expect(window.dataLayer).toHaveLength(2);
});

test('Reject: the held events are dropped, not sent later; no script; no campaign', () => {
  const ui = new UiStore();
  stop = startConsentedTracking(ui, '?utm_source=linkedin');
  trackEvent('page_view', { path: '/' });
  ui.rejectCookies();
  trackEvent('product_added', { modelId: 'x' });
  expect(window.dataLayer).toEqual([]);
  expect(marketingScripts()).toBe(0);
  expect(window.localStorage.getItem(FIRST_TOUCH_STORAGE_KEY)).toBeNull();
});

test('analytics only: events flow, the marketing script does not load', () => {
  const ui = new UiStore();
  stop = startConsentedTracking(ui, '');
  ui.chooseCookies({ analytics: true, marketing: false });
  trackEvent('page_view', { path: '/terms' });
  expect(window.dataLayer).toEqual([{ event: 'page_view', path: '/terms' }]);
  expect(marketingScripts()).toBe(0);
});

test('a stored refusal applies from the start, and withdrawing analytics later stops the events', () => {
  window.localStorage.setItem('cookie-acceptance-status', 'accept');
  const ui = new UiStore();
  stop = startConsentedTracking(ui, '');
  expect(marketingScripts()).toBe(1);
  trackEvent('page_view', { path: '/' });
  expect(window.dataLayer).toHaveLength(1);
  document.querySelector('script[data-marketing]')?.remove(); // (reloading the page is not possible in jsdom)
  ui.chooseCookies({ analytics: false, marketing: false });
  trackEvent('page_view', { path: '/again' });
  expect(window.dataLayer).toHaveLength(1);
});
