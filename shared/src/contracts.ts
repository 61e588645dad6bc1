/**
 * The contracts between rooms: which remotes exist, what each exposes, and the props of every
 * exposed component. Both sides import these types, so the compiler checks the boundary.
 *
 * The remotes and their exposes are listed once, in shared/apps.json; REMOTE_NAMES and
 * REQUIRED_EXPOSES are read from it. RemoteName and ExposedModules are the typed contract beside
 * it, written by hand, and shared/src/contracts.test.ts holds them equal to the list.
 */
import type { ComponentType } from 'react';
import * as remoteList from './remoteList';

export type RemoteName = 'catalogue' | 'basket' | 'checker' | 'content';

/** Every remote, in the order of shared/apps.json. */
export const REMOTE_NAMES = remoteList.REMOTE_NAMES as readonly RemoteName[];

/** Top-level path sections the catalogue owns; the shell mounts CatalogueRoutes once per section. */
export type CatalogueSection =
  'printers' | 'scanners' | 'finishers' | 'photocopiers' | 'commercial-printers' | 'office-printers' | 'search';

export interface CatalogueRoutesProps {
  section: CatalogueSection;
}
export interface FeaturedProductsProps {
  heading?: string;
  limit?: number;
}
/**
 * The header's search box made a typeahead (docs/product-rules.md "Site search"). The shell renders
 * the plain form (`<form role="search" action="/search">`, which works without JavaScript) and loads
 * this the first time the box is focused or typed in; it takes over the shell's own input in place
 * (its value, caret and focus stay as they are) and renders the suggestions beside it.
 */
export interface SiteSearchProps {
  /** The header's `<input type="search" name="q">`, owned by the shell. */
  input: HTMLInputElement;
  /** An id prefix for the suggestions' elements (the listbox, its options, the live region). */
  idPrefix: string;
}
export type BasketDrawerProps = Record<string, never>;
export type InstantQuoteProps = Record<string, never>;
export type SavingsCheckerProps = Record<string, never>;
export interface ContentPageProps {
  /** the CMS page's slug; for the blog, the post's ('' for the blog's own pages, /blog?page=N) */
  slug: string;
  /** 'service' for /services/{slug}: a page of another kind at that path is Not Found. 'blog': /blog and its posts. */
  kind?: 'page' | 'service' | 'blog';
}

/** Every exposed module: remote name, expose key and the props of its default export. */
export interface ExposedModules {
  'catalogue/CatalogueRoutes': CatalogueRoutesProps;
  'catalogue/FeaturedProducts': FeaturedProductsProps;
  'catalogue/SiteSearch': SiteSearchProps;
  'basket/BasketDrawer': BasketDrawerProps;
  'basket/InstantQuote': InstantQuoteProps;
  'checker/SavingsChecker': SavingsCheckerProps;
  'content/ContentPage': ContentPageProps;
}
export type ExposedModuleId = keyof ExposedModules;
export interface ExposedComponentModule<P> {
  default: ComponentType<P>;
}

/**
 * The modules each remote must expose for the shell to compose it (the keys of ExposedModules), as
 * values, so the release gate (server) can check a candidate build's manifest against them.
 */
export const REQUIRED_EXPOSES = remoteList.REQUIRED_EXPOSES as Readonly<Record<RemoteName, readonly string[]>>;

/**
 * The id of the JSON data block (`CanaryPageView`) in which a page that uses a canary release
 * carries its page view's signed token (server/src/pages/canaryPageView.ts). Pages without a
 * canary release, and a remote's standalone page, carry none.
 */
export const CANARY_PAGE_VIEW_ID = 'copytech-canary';

/** A canary page view: its token, and the canary remotes the browser reports, each once. */
export interface CanaryPageView {
  token: string;
  remotes: RemoteName[];
}

/**
 * What the browser sends to POST /api/releases/beacon for one canary remote, once per page view
 * (shared/src/federation/remoteRegistry.ts): the page's token, the remote, and whether its first
 * module loaded and was usable (`ok`) or failed (`failed`). Nothing of the visitor.
 */
export interface CanaryReportBeacon {
  token: string;
  remote: RemoteName;
  outcome: 'ok' | 'failed';
}

/** The shape of /remotes.json, produced by the server from its release registry. */
export interface RemotesManifest {
  remotes: Record<RemoteName, string>;
  /** Time allowed for a remote's manifest or entry to load, in milliseconds. */
  timeoutMs: number;
  /**
   * The release of each remote this page uses (the live one, a canary or a preview). Absent from
   * a standalone page's configuration. (A canary's health is reported with the page's
   * CanaryPageView, not with these ids.)
   */
  releases?: Partial<Record<RemoteName, string>>;
}
