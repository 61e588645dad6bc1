import { captureFirstTouch, campaignFromSearch, readFirstTouch, FIRST_TOUCH_STORAGE_KEY } from './campaign';
import { enableAnalytics, onAnalyticsEvent, trackEvent } from './analytics';

describe('first-touch campaign', () => {
  beforeEach(() => localStorage.clear());

  it('keeps only the five utm fields, trimmed and bounded', () => {
    expect(campaignFromSearch('?utm_source=google&utm_medium=cpc&gclid=x&utm_campaign=%20a3-colour%20&utm_term=' + 'x'.repeat(300))).toEqual({
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
});

describe('analytics', () => {
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
