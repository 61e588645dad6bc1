/**
 * What the visitor types and what the checker shows: pounds in, pence stored (the shared
 * calculation works in pence); pence out as £ with two decimals, per-page prices as pence.
 */
import { formatPence, formatPageCount, formatPencePerPage } from '@copytech/shared/domain';

export type Parsed = number | null | 'invalid';

/**
 * Pounds typed (e.g. "270", "£1,234.50", " 99.9 ") to whole pence; null when empty; 'invalid'
 * for anything else (letters, negative amounts, more than two decimals, absurd sizes).
 */
export function parsePounds(text: string, maxPence = 100_000_000): Parsed {
  const cleaned = text
    .trim()
    .replace(/^£\s*/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  if (cleaned === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned) && !/^\.\d{1,2}$/.test(cleaned)) return 'invalid';
  const pence = Math.round(Number(cleaned) * 100);
  return Number.isFinite(pence) && pence <= maxPence ? pence : 'invalid';
}

/** Pages typed (e.g. "15000", "15,000") to a whole number; null when empty; 'invalid' otherwise. */
export function parsePages(text: string, max = 50_000_000): Parsed {
  const cleaned = text
    .trim()
    .replace(/,(?=\d{3}(\D|$))/g, '')
    .replace(/\s+/g, '');
  if (cleaned === '') return null;
  if (!/^\d+$/.test(cleaned)) return 'invalid';
  const pages = Number(cleaned);
  return pages <= max ? pages : 'invalid';
}

/** Pence as the visitor would type pounds back ("270" or "270.50"), for a field's first value. */
export function penceToPoundsText(pence: number | null): string {
  if (pence === null) return '';
  return pence % 100 === 0 ? String(pence / 100) : (pence / 100).toFixed(2);
}

/** Pages as shown: "15,000" (the shared format, as in the e-mailed report). */
export const formatPages = formatPageCount;

/** £1,234.56, or "-£12.00" for a negative amount. */
export function formatMoney(pence: number): string {
  const text = formatPence(Math.abs(pence)) ?? '£0.00';
  return pence < 0 ? `-${text}` : text;
}

/** Whole pounds for headlines: £1,170. */
export function formatWholePounds(pence: number): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(
    Math.round(pence / 100),
  );
}

/** A price per page in pence: "1.78p"; a dash when there is none. */
export const formatPerPage = formatPencePerPage;
