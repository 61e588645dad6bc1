/**
 * Tracking starts only after the visitor accepts cookies (UK PECR): then held analytics events are
 * released and the marketing script, if one is configured, is injected
 * (docs/product-rules.md "Tracking, cookies and consent").
 */
import { reaction } from 'mobx';
import { enableAnalytics, uiStore } from '@copytech/shared';

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

export function startConsentedTracking(): void {
  reaction(
    () => uiStore.cookieConsent,
    (consent) => {
      if (consent !== 'accept') return;
      enableAnalytics();
      const url = marketingScriptUrl();
      if (url) injectMarketingScript(url);
    },
    { fireImmediately: true },
  );
}
