/**
 * Everything the site keeps in the visitor's browser (docs/product-rules.md "Tracking, cookies and
 * consent"): the cookie policy's table is rendered from this list by the content remote, and
 * shared/src/stores/browserStorage.test.ts checks it names the keys the code really uses, so the
 * policy cannot fall behind the code.
 *
 * The site's server sets two HTTP cookies of its own (SITE_COOKIES), only while a new build of a
 * part of the site is being tried (docs/architecture.md "Releases of a remote"). `purpose` is the consent purpose the entry belongs to:
 * 'essential' entries are strictly necessary for what the visitor asked for (PECR's exemption) and
 * need no consent; the others are written only with the visitor's consent to that purpose.
 */

export type ConsentPurpose = 'analytics' | 'marketing';
export type StoragePurpose = 'essential' | ConsentPurpose;

export interface BrowserStorageEntry {
  name: string;
  /** where it is kept */
  kind: 'local storage' | 'session storage' | 'cookie';
  purpose: StoragePurpose;
  /** who writes it */
  setBy: string;
  what: string;
  lifetime: string;
}

/** The keys this site's own code writes (the marketing service's cookies follow in BROWSER_STORAGE). */
export const SITE_STORAGE_KEYS = {
  basket: 'basket',
  consent: 'cookie-acceptance-status',
  consentPurposes: 'cookie-consent-purposes',
  firstTouch: 'first-touch-campaign',
  checker: 'copytech:savings-checker',
} as const;

/** The cookies the site's server sets: which build of each part of the site a browser gets. */
export const SITE_COOKIES = {
  /** a canary's bucket: a random number 0..99 */
  canary: 'ct_canary',
  /** the preview links opened in this browser */
  preview: 'ct_preview',
} as const;

const UNTIL_CLEARED = 'Until you clear it in your browser, or change your choice';

export const BROWSER_STORAGE: readonly BrowserStorageEntry[] = [
  {
    name: SITE_STORAGE_KEYS.basket,
    kind: 'local storage',
    purpose: 'essential',
    setBy: 'This site',
    what: 'The machines in your comparison basket (product ids only), so the basket survives a new page or a new visit.',
    lifetime: 'Until you empty the basket or clear it in your browser',
  },
  {
    name: SITE_STORAGE_KEYS.consent,
    kind: 'local storage',
    purpose: 'essential',
    setBy: 'This site',
    what: "Your cookie choice: 'accept' (everything), 'reject' (essential only) or 'custom' (your own choice, below), so we do not ask on every page.",
    lifetime: UNTIL_CLEARED,
  },
  {
    name: SITE_STORAGE_KEYS.consentPurposes,
    kind: 'local storage',
    purpose: 'essential',
    setBy: 'This site',
    what: 'When you choose in Settings: yes or no for analytics and for marketing.',
    lifetime: UNTIL_CLEARED,
  },
  {
    name: SITE_STORAGE_KEYS.checker,
    kind: 'session storage',
    purpose: 'essential',
    setBy: 'This site',
    what: 'Your answers to the savings checker so far (costs and volumes, never contact details), so a reload does not lose them.',
    lifetime: 'Until you close the tab',
  },
  {
    name: SITE_STORAGE_KEYS.firstTouch,
    kind: 'local storage',
    purpose: 'marketing',
    setBy: 'This site',
    what: 'The campaign (utm_source, utm_medium, utm_campaign, utm_term, utm_content of the link) that first brought you here, sent with a quote request so we know which advert or e-mail worked.',
    lifetime: 'Until you clear it in your browser; removed when you refuse marketing',
  },
  {
    name: SITE_COOKIES.canary,
    kind: 'cookie',
    purpose: 'essential',
    setBy: 'This site',
    what: 'Only while we try out a new version of a part of the site on some visitors: a random number from 0 to 99 that decides whether your browser gets the new version, so it stays the same on every page. It says nothing about you.',
    lifetime: '30 days',
  },
  {
    name: SITE_COOKIES.preview,
    kind: 'cookie',
    purpose: 'essential',
    setBy: 'This site',
    what: 'Only for our own team: the preview link they opened to check a new version of a part of the site before visitors see it. Visitors never get it.',
    lifetime: 'Until the preview link expires (24 hours unless the team chose otherwise), or “Exit preview”',
  },
  {
    name: 'mtc_id, mtc_sid, mautic_device_id',
    kind: 'cookie',
    purpose: 'marketing',
    setBy: 'Our marketing-automation service (its script, loaded only with your consent)',
    what: 'Recognise your browser across visits, so the pages you read can be linked to your newsletter subscription or enquiry.',
    lifetime: 'As the service sets them (its device cookie lasts for months, not a visit); removed when you refuse marketing',
  },
];

/** The marketing service's cookie names, as the shell removes them when marketing is refused. */
export const MARKETING_COOKIES = ['mtc_id', 'mtc_sid', 'mautic_device_id'] as const;
