/**
 * What the site's navigation links to (docs/product-rules.md "Navigation"): the hub links, the
 * Products mega-menu, the Services menu and the top links. One source for the desktop menus, the
 * mobile drawer and the footer, so they never disagree.
 */
import { FINISHER_CATEGORIES, FINISHER_CATEGORY_HEADINGS, SERVICES } from '@copytech/shared/domain';

/** Hover menus close this long after the pointer leaves (docs/product-rules.md "Navigation"). */
export const HOVER_CLOSE_DELAY_MS = 40;
/**
 * Widths up to this use the mobile menu drawer (docs/product-rules.md "Navigation"); the CSS uses
 * the same value.
 */
export const MOBILE_MAX_WIDTH_PX = 1007;
export const DESKTOP_MEDIA_QUERY = `(min-width: ${MOBILE_MAX_WIDTH_PX + 1}px)`;

export type Printing = 'colour' | 'mono';

export interface NavLinkItem {
  label: string;
  href: string;
  /** Colour or mono entries show a small icon beside the text. */
  printing?: Printing;
}

export interface ProductGroup {
  id: string;
  label: string;
  /** The group's list page, the target of its "View all" link. */
  href: string;
  items: NavLinkItem[];
}

export const HUB_LINKS: readonly NavLinkItem[] = [
  { label: 'Home', href: '/' },
  { label: 'Photocopiers', href: '/photocopiers' },
  { label: 'Office printers', href: '/office-printers' },
  { label: 'Commercial printers', href: '/commercial-printers' },
  { label: 'Support', href: '/customer-support' },
];

export const PRODUCT_GROUPS: readonly ProductGroup[] = [
  {
    id: 'multifunctionals',
    label: 'Multifunctionals',
    href: '/printers/multifunctionals',
    items: [
      { label: 'A3 colour', href: '/printers/multifunctionals/a3-colour', printing: 'colour' },
      { label: 'A3 mono', href: '/printers/multifunctionals/a3-mono', printing: 'mono' },
      { label: 'A4 colour', href: '/printers/multifunctionals/a4-colour', printing: 'colour' },
      { label: 'A4 mono', href: '/printers/multifunctionals/a4-mono', printing: 'mono' },
    ],
  },
  {
    id: 'production',
    label: 'Production printers',
    href: '/printers/production',
    items: [
      { label: 'Colour', href: '/printers/production/colour', printing: 'colour' },
      { label: 'Mono', href: '/printers/production/mono', printing: 'mono' },
    ],
  },
  {
    id: 'plotters',
    label: 'Plotters',
    href: '/printers/plotters',
    items: [
      { label: 'Colour', href: '/printers/plotters/colour', printing: 'colour' },
      { label: 'Mono', href: '/printers/plotters/mono', printing: 'mono' },
    ],
  },
  {
    id: 'printers',
    label: 'Printers',
    href: '/printers/print-only',
    items: [
      { label: 'A4 colour', href: '/printers/print-only/a4-colour', printing: 'colour' },
      { label: 'A4 mono', href: '/printers/print-only/a4-mono', printing: 'mono' },
    ],
  },
  {
    id: 'scanners',
    label: 'Scanners',
    href: '/scanners',
    items: [
      { label: 'Personal', href: '/scanners/personal' },
      { label: 'Workgroup', href: '/scanners/workgroup' },
      { label: 'Departmental', href: '/scanners/departmental' },
      { label: 'Production', href: '/scanners/production' },
    ],
  },
  {
    id: 'finishers',
    label: 'Finishers',
    href: '/finishers',
    // Every finisher category (listPages.ts), as the other groups list their sub-categories.
    items: FINISHER_CATEGORIES.map((category) => ({ label: FINISHER_CATEGORY_HEADINGS[category], href: `/finishers/${category}` })),
  },
];

export const SERVICE_LINKS: readonly NavLinkItem[] = SERVICES.map(({ slug, label }) => ({ label, href: `/services/${slug}` }));

export const TOP_LINKS: readonly NavLinkItem[] = [
  { label: 'Support', href: '/customer-support' },
  { label: 'Contact', href: '/contact-us' },
  { label: 'Discover savings', href: '/discover-print-savings' },
];

/** Who we are (the content room's About page), linked first in the footer's Company group. */
export const ABOUT_US_HREF = '/about-us';
export const PRIVACY_POLICY_HREF = '/privacy-policy';
export const COOKIE_POLICY_HREF = '/cookie-policy';
export const TERMS_HREF = '/terms';

/** The footer's legal links (its Company group and its last line). */
export const LEGAL_LINKS: readonly NavLinkItem[] = [
  { label: 'Privacy policy', href: PRIVACY_POLICY_HREF },
  { label: 'Cookie policy', href: COOKIE_POLICY_HREF },
  { label: 'Terms', href: TERMS_HREF },
];

/** "1 item", "2 items". */
export function itemCountText(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

/** matchMedia that tolerates environments without it (jsdom, old browsers): treated as no match. */
export function mediaMatches(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/** Element ids of the drawers, for the aria-controls of the buttons that open them. */
/** The footer's links (products, services, company): where Menu leads before the shell is live. */
export const SITE_LINKS_ID = 'site-links';

export const DRAWER_ELEMENT_IDS = { nav: 'nav-drawer', basket: 'basket-drawer', 'instant-quote': 'instant-quote-drawer' } as const;
