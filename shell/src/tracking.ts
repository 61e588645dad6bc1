/**
 * Tracking follows the visitor's cookie choice, per purpose (UK PECR; docs/product-rules.md
 * "Tracking, cookies and consent"). Nothing non-essential runs or is stored before a choice:
 *
 * - analytics: events reach the dataLayer only while analytics is allowed; held in memory until a
 *   choice, dropped on a refusal (setAnalyticsConsent);
 * - marketing: the marketing script (MARKETING_SCRIPT_URL) is injected only while marketing is
 *   allowed, and the first-touch campaign stored only then. Withdrawing marketing after the script
 *   has run in this page removes the campaign and the service's cookies and reloads the page, so
 *   the script stops.
 *
 * A choice made in another tab applies here too (the storage event).
 */
import { reaction } from 'mobx';
import {
  COOKIE_CONSENT_KEY,
  COOKIE_PURPOSES_KEY,
  applyCampaignConsent,
  holdFirstTouch,
  setAnalyticsConsent,
  uiStore,
  type UiStore,
} from '@copytech/shared';
import { MARKETING_COOKIES } from '@copytech/shared/domain';

/** Written into the index page's head by the server from MARKETING_SCRIPT_URL; absent or empty by default. */
export function marketingScriptUrl(): string | null {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="copytech:marketing-script"]');
  const url = meta?.content?.trim();
  return url ? url : null;
}

function injectMarketingScript(url: string): void {
  if (document.querySelector(`script[data-marketing]`)) return;
  const script = document.createElement('script');
  script.src = url;
  script.async = true;
  script.dataset.marketing = 'true';
  document.head.appendChild(script);
}

/** Expires the marketing service's cookies (on this host and its parent domains) and its local storage entries. */
export function removeMarketingCookies(): void {
  const labels = window.location.hostname.split('.');
  const domains = [''];
  for (let i = 0; i < labels.length - 1; i++) domains.push(`; domain=.${labels.slice(i).join('.')}`);
  for (const name of MARKETING_COOKIES) {
    for (const domain of domains) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/${domain}`;
    try {
      window.localStorage.removeItem(name);
    } catch {
      /* storage unavailable */
    }
  }
}

export function startConsentedTracking(ui: UiStore = uiStore, search: string = window.location.search): () => void {
  holdFirstTouch(search);
  const stopAnalytics = reaction(
    () => (ui.consent === null ? 'pending' : ui.analyticsAllowed ? 'granted' : 'refused'),
    (state) => setAnalyticsConsent(state),
    { fireImmediately: true },
  );
  const stopMarketing = reaction(
    () => (ui.consent === null ? null : ui.marketingAllowed),
    (allowed) => {
      if (allowed === null) return;
      applyCampaignConsent(allowed);
      const url = marketingScriptUrl();
      if (allowed) {
        if (url) injectMarketingScript(url);
        return;
      }
      removeMarketingCookies();
      if (document.querySelector('script[data-marketing]')) window.location.reload();
    },
    { fireImmediately: true },
  );
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === COOKIE_CONSENT_KEY || event.key === COOKIE_PURPOSES_KEY) ui.reloadConsent();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    stopAnalytics();
    stopMarketing();
    window.removeEventListener('storage', onStorage);
  };
}
