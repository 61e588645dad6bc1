/**
 * First-touch campaign data (docs/product-rules.md "Tracking, cookies and consent"): the utm_*
 * values of the visit that first brought the visitor, stored once, when any campaign value is
 * present, and sent with quotes. Storing it is marketing: the shell holds the page's campaign in
 * memory (holdFirstTouch) and stores it only once the visitor allows marketing
 * (applyCampaignConsent); a refusal removes any stored campaign.
 */
import { SITE_STORAGE_KEYS } from '../domain/browserStorage';
import { CAMPAIGN_KEYS, type FirstTouchCampaign } from '../domain/campaign';

export { CAMPAIGN_KEYS };
export type { CampaignKey, FirstTouchCampaign } from '../domain/campaign';
export const FIRST_TOUCH_STORAGE_KEY = SITE_STORAGE_KEYS.firstTouch;
const MAX_VALUE_LENGTH = 200;
/** Control characters: the server refuses a quote whose campaign values hold any. */
const CONTROL_CHARS = /[\u0000-\u001f\u007f]+/g;

/**
 * A campaign value as the quote may send it: control characters (a crafted link's %0D%0A)
 * become spaces, then trimmed and bounded. Without this, one such link would make every later
 * quote of that visitor fail validation on a field they cannot see.
 */
function cleanValue(value: string): string {
  return value.replace(CONTROL_CHARS, ' ').trim().slice(0, MAX_VALUE_LENGTH).trim();
}

export function campaignFromSearch(search: string): FirstTouchCampaign {
  const params = new URLSearchParams(search);
  const campaign: FirstTouchCampaign = {};
  for (const key of CAMPAIGN_KEYS) {
    const value = cleanValue(params.get(key) ?? '');
    if (value) campaign[key] = value;
  }
  return campaign;
}

/** window.localStorage, or null where reading it throws (storage blocked for the site) or there is no window. */
function browserStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** Store the campaign of this visit unless one is already stored. Returns what is stored. */
export function captureFirstTouch(search: string, storage: Storage | null = browserStorage()): FirstTouchCampaign {
  const existing = readFirstTouch(storage);
  if (Object.keys(existing).length > 0) return existing;
  const campaign = campaignFromSearch(search);
  if (Object.keys(campaign).length > 0) {
    try {
      storage?.setItem(FIRST_TOUCH_STORAGE_KEY, JSON.stringify(campaign));
    } catch {
      /* storage unavailable */
    }
  }
  return campaign;
}

/** The stored first-touch object, or {} when none (or when storage holds garbage or cannot be read). */
export function readFirstTouch(storage: Storage | null = browserStorage()): FirstTouchCampaign {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(FIRST_TOUCH_STORAGE_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const campaign: FirstTouchCampaign = {};
    for (const key of CAMPAIGN_KEYS) {
      const value = (parsed as Record<string, unknown>)[key];
      const cleaned = typeof value === 'string' ? cleanValue(value) : '';
      if (cleaned) campaign[key] = cleaned;
    }
    return campaign;
  } catch {
    return {};
  }
}

/** The landing page's query, held in memory until the visitor's marketing choice is known. */
let heldSearch: string | null = null;

/** Holds this page's campaign (its query) without storing anything. */
export function holdFirstTouch(search: string): void {
  heldSearch = search;
}

/**
 * The visitor's marketing choice: allowed stores the held campaign (unless one is stored already);
 * refused drops it and removes any stored campaign.
 */
export function applyCampaignConsent(allowed: boolean, storage: Storage | null = browserStorage()): void {
  const search = heldSearch;
  heldSearch = null;
  if (allowed) {
    if (search !== null) captureFirstTouch(search, storage);
    return;
  }
  try {
    storage?.removeItem(FIRST_TOUCH_STORAGE_KEY);
  } catch {
    /* storage unavailable: nothing is stored either */
  }
}
