import {
  applyCampaignConsent,
  captureFirstTouch,
  campaignFromSearch,
  holdFirstTouch,
  readFirstTouch,
  FIRST_TOUCH_STORAGE_KEY,
} from './campaign';
import { enableAnalytics, onAnalyticsEvent, setAnalyticsConsent, trackEvent } from './analytics';

describe('first-touch campaign', () => {
  beforeEach(() => localStorage.clear());

  it('keeps only the five utm fields, trimmed and bounded', () => {
    expect(
      campaignFromSearch('?utm_source=google&utm_medium=cpc&gclid=x&utm_campaign=%20a3-colour%20&utm_term=' + 'x'.repeat(300)),
    ).toEqual({
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'a3-colour',
      utm_term: 'x'.repeat(200),
    });
  });

  it('stores the first campaign once and never overwrites it', () => {
    expect(captureFirstTouch('?utm_source=linkedin&utm_campaign=autumn')).toEqual({ utm_source: 'linkedin', utm_campaign: 'autumn' });
    expect(captureFirstTouch('?utm_source=google')).toEqual({ utm_source: 'linkedin', utm_campaign: 'autumn' });
    expect(readFirstTouch()).toEqual({ utm_source: 'linkedin', utm_campaign: 'autumn' });
  });

  it('stores nothing when no campaign value is present', () => {
    captureFirstTouch('?page=2');
    expect(localStorage.getItem(FIRST_TOUCH_STORAGE_KEY)).toBeNull();
    expect(readFirstTouch()).toEqual({});
  });

  it('reads garbage in storage as no campaign', () => {
    for (const garbage of ['{oops', '[1,2]', '"text"', '{"utm_source": 42, "evil": "x"}']) {
      localStorage.setItem(FIRST_TOUCH_STORAGE_KEY, garbage);
      expect(readFirstTouch()).toEqual({});
    }
    // and a garbage value does not block capturing a real campaign
    expect(captureFirstTouch('?utm_medium=email')).toEqual({ utm_medium: 'email' });
  });

  it('turns control characters from a crafted link into spaces, so the quote is not refused for them', () => {
    expect(captureFirstTouch('?utm_source=news%0D%0ABcc%3A%20x%40y.z&utm_medium=%00email%7F&utm_term=%0A%0A')).toEqual({
      utm_source: 'news Bcc: x@y.z',
      utm_medium: 'email',
    });
    localStorage.setItem(FIRST_TOUCH_STORAGE_KEY, JSON.stringify({ utm_source: 'a\r\nb', utm_campaign: '\u0000' }));
    expect(readFirstTouch()).toEqual({ utm_source: 'a b' });
  });

  it('works where the browser refuses access to storage (reading window.localStorage throws)', () => {
    const original = Object.getOwnPropertyDescriptor(window, 'localStorage')!;
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    try {
      expect(captureFirstTouch('?utm_source=google')).toEqual({ utm_source: 'google' });
      expect(readFirstTouch()).toEqual({});
    } finally {
      Object.defineProperty(window, 'localStorage', original);
    }
  });
});

describe('the campaign and the marketing choice', () => {
  beforeEach(() => localStorage.clear());

  it('holds the landing campaign in memory, and stores it only when marketing is allowed', () => {
    holdFirstTouch('?utm_source=linkedin');
    expect(localStorage.getItem(FIRST_TOUCH_STORAGE_KEY)).toBeNull();
    applyCampaignConsent(true);
    expect(readFirstTouch()).toEqual({ utm_source: 'linkedin' });
  });

  it('a refusal drops the held campaign and removes a stored one', () => {
    localStorage.setItem(FIRST_TOUCH_STORAGE_KEY, JSON.stringify({ utm_source: 'google' }));
    holdFirstTouch('?utm_source=linkedin');
    applyCampaignConsent(false);
    expect(localStorage.getItem(FIRST_TOUCH_STORAGE_KEY)).toBeNull();
    applyCampaignConsent(true);
    expect(localStorage.getItem(FIRST_TOUCH_STORAGE_KEY)).toBeNull();
  });
});

describe('analytics', () => {
  beforeEach(() => {
    window.dataLayer = [];
    setAnalyticsConsent('pending');
  });

  it('a refusal drops the held events and holds nothing more: a later grant sends only what follows it', () => {
    trackEvent('page_view', { path: '/' });
    setAnalyticsConsent('refused');
    trackEvent('product_added', { modelId: 'a' });
    expect(window.dataLayer).toEqual([]);
    setAnalyticsConsent('granted');
    expect(window.dataLayer).toEqual([]);
    trackEvent('lead', { source: 'quote' });
    expect(window.dataLayer).toEqual([{ event: 'lead', source: 'quote' }]);
  });

  it('reaches in-page listeners at once but the dataLayer only after consent, in order', () => {
    const seen: string[] = [];
    const stop = onAnalyticsEvent((e) => seen.push(e.event));
    trackEvent('product_added', { modelId: 'ricohimc3010' });
    trackEvent('quote_request_submitted', { count: 2 });
    expect(seen).toEqual(['product_added', 'quote_request_submitted']);
    expect(window.dataLayer ?? []).toHaveLength(0);

    enableAnalytics();
    expect(window.dataLayer).toEqual([
      { event: 'product_added', modelId: 'ricohimc3010' },
      { event: 'quote_request_submitted', count: 2 },
    ]);
    trackEvent('lead', { source: 'quote' });
    expect(window.dataLayer?.[2]).toEqual({ event: 'lead', source: 'quote' });
    stop();
  });
});
