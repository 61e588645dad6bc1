/**
 * Analytics events (docs/product-rules.md "Tracking, cookies and consent"): product_added,
 * quote_request_submitted, lead. Events always reach in-page subscribers; they reach the tag
 * manager's dataLayer only after the visitor has accepted cookies (UK PECR), and events raised
 * before that are held, not sent. No personal data is ever put in an event: callers pass ids and
 * categories only.
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
let consentGiven = false;

export function trackEvent(event: AnalyticsEventName, params: AnalyticsParams = {}): void {
  const entry: AnalyticsEvent = { event, params, at: Date.now() };
  listeners.forEach((listener) => listener(entry));
  if (typeof window === 'undefined') return;
  if (consentGiven) pushToDataLayer(entry);
  else if (held.length < 100) held.push(entry);
}

function pushToDataLayer(entry: AnalyticsEvent): void {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ event: entry.event, ...entry.params });
}

/** Called by the shell when cookies are accepted: held events are sent in order. */
export function enableAnalytics(): void {
  if (consentGiven) return;
  consentGiven = true;
  held.splice(0).forEach(pushToDataLayer);
}

export function onAnalyticsEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
