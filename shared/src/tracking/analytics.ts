/**
 * Analytics events (docs/product-rules.md "Tracking, cookies and consent"): product_added,
 * quote_request_submitted, lead. Events always reach in-page subscribers; they reach the tag
 * manager's dataLayer only while the visitor allows analytics (UK PECR). Before any choice they
 * are held in memory (at most 100, never stored) and sent in order if analytics is allowed; a
 * refusal drops them, and while analytics is refused nothing is held. No personal data is ever
 * put in an event: callers pass ids and categories only.
 */
export type AnalyticsEventName =
  'product_added' | 'quote_request_submitted' | 'lead' | 'page_view' | 'report_requested' | 'enquiry_sent' | 'newsletter_signup';
export type AnalyticsParams = Record<string, string | number | boolean | null | undefined>;
export interface AnalyticsEvent {
  event: AnalyticsEventName;
  params: AnalyticsParams;
  at: number;
}
type Listener = (event: AnalyticsEvent) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

const listeners = new Set<Listener>();
const held: AnalyticsEvent[] = [];
/** 'pending': no choice yet (events are held); 'granted': sent; 'refused': dropped. */
export type AnalyticsConsent = 'pending' | 'granted' | 'refused';
let consent: AnalyticsConsent = 'pending';

export function trackEvent(event: AnalyticsEventName, params: AnalyticsParams = {}): void {
  const entry: AnalyticsEvent = { event, params, at: Date.now() };
  listeners.forEach((listener) => listener(entry));
  if (typeof window === 'undefined') return;
  if (consent === 'granted') pushToDataLayer(entry);
  else if (consent === 'pending' && held.length < 100) held.push(entry);
}

function pushToDataLayer(entry: AnalyticsEvent): void {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ event: entry.event, ...entry.params });
}

/**
 * Set by the shell from the visitor's choice: 'granted' sends the held events in order, 'refused'
 * drops them (and a later grant sends only what happens after it).
 */
export function setAnalyticsConsent(next: AnalyticsConsent): void {
  consent = next;
  const pending = held.splice(0);
  if (next === 'granted') pending.forEach(pushToDataLayer);
  else if (next === 'pending') held.push(...pending);
}

/** The visitor allowed analytics: held events are sent in order. */
export function enableAnalytics(): void {
  setAnalyticsConsent('granted');
}

export function onAnalyticsEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
