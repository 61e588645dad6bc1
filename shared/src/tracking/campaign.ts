/**
 * First-touch campaign data (SPEC.md sections 3 and 4): the utm_* values of the visit that first
 * brought the visitor, stored once, when any campaign value is present, and sent with quotes.
 */
import { CAMPAIGN_KEYS, type FirstTouchCampaign } from '../domain/campaign';

export { CAMPAIGN_KEYS };
export type { CampaignKey, FirstTouchCampaign } from '../domain/campaign';
export const FIRST_TOUCH_STORAGE_KEY = 'first-touch-campaign';
const MAX_VALUE_LENGTH = 200;

export function campaignFromSearch(search: string): FirstTouchCampaign {
  const params = new URLSearchParams(search);
  const campaign: FirstTouchCampaign = {};
  for (const key of CAMPAIGN_KEYS) {
    const value = params.get(key)?.trim();
    if (value) campaign[key] = value.slice(0, MAX_VALUE_LENGTH);
  }
  return campaign;
}

/** Store the campaign of this visit unless one is already stored. Returns what is stored. */
export function captureFirstTouch(search: string, storage: Storage = window.localStorage): FirstTouchCampaign {
  const existing = readFirstTouch(storage);
  if (Object.keys(existing).length > 0) return existing;
  const campaign = campaignFromSearch(search);
  if (Object.keys(campaign).length > 0) {
    try {
      storage.setItem(FIRST_TOUCH_STORAGE_KEY, JSON.stringify(campaign));
    } catch {
      /* storage unavailable */
    }
  }
  return campaign;
}

/** The stored first-touch object, or {} when none (or when storage holds garbage). */
export function readFirstTouch(storage: Storage = window.localStorage): FirstTouchCampaign {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(FIRST_TOUCH_STORAGE_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const campaign: FirstTouchCampaign = {};
    for (const key of CAMPAIGN_KEYS) {
      const value = (parsed as Record<string, unknown>)[key];
      if (typeof value === 'string' && value) campaign[key] = value.slice(0, MAX_VALUE_LENGTH);
    }
    return campaign;
  } catch {
    return {};
  }
}
