/**
 * The visitor's cookie choice in local storage (docs/product-rules.md "Tracking, cookies and
 * consent"). `cookie-acceptance-status` holds 'accept' for acceptance of every purpose (the
 * specification's key and value), 'reject' for essential only, or 'custom' for a choice per
 * purpose, which `cookie-consent-purposes` then holds as {"analytics":true,"marketing":false}.
 * Anything else, or 'custom' without a readable choice, is no choice: the banner shows.
 */
import { SITE_STORAGE_KEYS } from '../domain/browserStorage';

export const COOKIE_CONSENT_KEY = SITE_STORAGE_KEYS.consent;
export const COOKIE_PURPOSES_KEY = SITE_STORAGE_KEYS.consentPurposes;

export interface ConsentChoice {
  analytics: boolean;
  marketing: boolean;
}
export type CookieConsent = 'accept' | 'reject' | 'custom' | 'unset';

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null; // storage blocked for the site
  }
}

function readPurposes(raw: string | null): ConsentChoice | null {
  try {
    const parsed: unknown = JSON.parse(raw ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { analytics, marketing } = parsed as Record<string, unknown>;
    return typeof analytics === 'boolean' && typeof marketing === 'boolean' ? { analytics, marketing } : null;
  } catch {
    return null;
  }
}

/** The stored choice, or null when there is none (or it cannot be read). */
export function readConsent(): ConsentChoice | null {
  try {
    const store = storage();
    switch (store?.getItem(COOKIE_CONSENT_KEY)) {
      case 'accept':
        return { analytics: true, marketing: true };
      case 'reject':
        return { analytics: false, marketing: false };
      case 'custom':
        return readPurposes(store.getItem(COOKIE_PURPOSES_KEY));
      default:
        return null;
    }
  } catch {
    return null;
  }
}

/** Stores the choice: 'accept' or 'reject' alone when it is all or nothing, else 'custom' and the purposes. */
export function writeConsent(choice: ConsentChoice): void {
  const store = storage();
  if (!store) return;
  const status = choice.analytics && choice.marketing ? 'accept' : !choice.analytics && !choice.marketing ? 'reject' : 'custom';
  try {
    store.setItem(COOKIE_CONSENT_KEY, status);
    if (status === 'custom') store.setItem(COOKIE_PURPOSES_KEY, JSON.stringify(choice));
    else store.removeItem(COOKIE_PURPOSES_KEY);
  } catch {
    /* the choice applies for this visit */
  }
}
