/**
 * UI state that crosses rooms (docs/product-rules.md "Drawers, modal and scrolling"): which drawer
 * is open (the nav and basket drawers are mutually exclusive, because there is only one slot), the
 * modal, and cookie consent (docs/product-rules.md "Tracking, cookies and consent"): the visitor's
 * choice per purpose (analytics, marketing), or none yet, and whether the cookie settings are open.
 */
import { action, computed, makeObservable, observable } from 'mobx';
import { readConsent, writeConsent, type ConsentChoice, type CookieConsent } from './consent';

export { COOKIE_CONSENT_KEY, COOKIE_PURPOSES_KEY, type ConsentChoice, type CookieConsent } from './consent';
export type DrawerName = 'nav' | 'basket' | 'instant-quote';

export interface ModalContent {
  /** Accessible title of the dialog. */
  title: string;
  /** Identifier of what the modal shows; the host decides how to render it. */
  contentId: string;
  data?: Record<string, unknown>;
}

export class UiStore {
  drawer: DrawerName | null = null;
  modal: ModalContent | null = null;
  /** the visitor's choice, or null while they have made none (read from local storage) */
  consent: ConsentChoice | null = readConsent();
  /** the banner's per-purpose settings are open (from its Settings button or the footer's Cookie settings) */
  cookieSettingsOpen = false;

  constructor() {
    makeObservable(this, {
      drawer: observable,
      modal: observable.ref,
      consent: observable.ref,
      cookieSettingsOpen: observable,
      cookieConsent: computed,
      analyticsAllowed: computed,
      marketingAllowed: computed,
      isModalOpen: computed,
      isScrollLocked: computed,
      showCookieBanner: computed,
      openDrawer: action,
      closeDrawer: action,
      toggleDrawer: action,
      openModal: action,
      closeModal: action,
      acceptCookies: action,
      rejectCookies: action,
      chooseCookies: action,
      reloadConsent: action,
      openCookieSettings: action,
      closeCookieSettings: action,
    });
  }

  get isModalOpen(): boolean {
    return this.modal !== null;
  }
  /** Opening a drawer or the modal locks page scrolling. */
  get isScrollLocked(): boolean {
    return this.drawer !== null || this.modal !== null;
  }
  /** 'accept' (every purpose), 'reject' (none), 'custom' (a choice per purpose) or 'unset' (no choice yet). */
  get cookieConsent(): CookieConsent {
    if (!this.consent) return 'unset';
    if (this.consent.analytics && this.consent.marketing) return 'accept';
    return this.consent.analytics || this.consent.marketing ? 'custom' : 'reject';
  }
  get analyticsAllowed(): boolean {
    return this.consent?.analytics === true;
  }
  get marketingAllowed(): boolean {
    return this.consent?.marketing === true;
  }
  /** Until the visitor chooses, and whenever they reopen the choice. */
  get showCookieBanner(): boolean {
    return this.consent === null || this.cookieSettingsOpen;
  }

  openDrawer(name: DrawerName): void {
    this.drawer = name;
  }
  closeDrawer(): void {
    this.drawer = null;
  }
  toggleDrawer(name: DrawerName): void {
    this.drawer = this.drawer === name ? null : name;
  }

  /** Opens or switches the modal; the shell mirrors this in the URL hash 'modal'. */
  openModal(content: ModalContent): void {
    this.modal = content;
  }
  closeModal(): void {
    this.modal = null;
  }

  /** Every purpose: stores 'accept' under 'cookie-acceptance-status'. */
  acceptCookies(): void {
    this.chooseCookies({ analytics: true, marketing: true });
  }
  /** Essential only: stores 'reject', so the banner does not come back. */
  rejectCookies(): void {
    this.chooseCookies({ analytics: false, marketing: false });
  }
  /** A choice per purpose (the settings' Save); both yes is the same as Accept, both no as Reject. */
  chooseCookies(choice: ConsentChoice): void {
    this.consent = { analytics: choice.analytics, marketing: choice.marketing };
    this.cookieSettingsOpen = false;
    writeConsent(this.consent); // if storage fails, the choice still applies for this visit
  }
  /** Reads the stored choice again (another tab changed it). */
  reloadConsent(): void {
    this.consent = readConsent();
  }
  openCookieSettings(): void {
    this.cookieSettingsOpen = true;
  }
  /** Closes the settings without a new choice (the banner stays while no choice was ever made). */
  closeCookieSettings(): void {
    this.cookieSettingsOpen = false;
  }
}
