/**
 * UI state that crosses rooms (docs/product-rules.md "Drawers, modal and scrolling"): which drawer
 * is open (the nav and basket drawers are mutually exclusive, because there is only one slot), the
 * modal, and cookie consent.
 */
import { action, computed, makeObservable, observable } from 'mobx';

export const COOKIE_CONSENT_KEY = 'cookie-acceptance-status';
export type DrawerName = 'nav' | 'basket' | 'instant-quote';
export type CookieConsent = 'accept' | 'unset';

export interface ModalContent {
  /** Accessible title of the dialog. */
  title: string;
  /** Identifier of what the modal shows; the host decides how to render it. */
  contentId: string;
  data?: Record<string, unknown>;
}

function readConsent(): CookieConsent {
  try {
    return typeof window !== 'undefined' && window.localStorage.getItem(COOKIE_CONSENT_KEY) === 'accept' ? 'accept' : 'unset';
  } catch {
    return 'unset';
  }
}

export class UiStore {
  drawer: DrawerName | null = null;
  modal: ModalContent | null = null;
  cookieConsent: CookieConsent = readConsent();

  constructor() {
    makeObservable(this, {
      drawer: observable,
      modal: observable.ref,
      cookieConsent: observable,
      isModalOpen: computed,
      isScrollLocked: computed,
      showCookieBanner: computed,
      openDrawer: action,
      closeDrawer: action,
      toggleDrawer: action,
      openModal: action,
      closeModal: action,
      acceptCookies: action,
    });
  }

  get isModalOpen(): boolean {
    return this.modal !== null;
  }
  /** Opening a drawer or the modal locks page scrolling. */
  get isScrollLocked(): boolean {
    return this.drawer !== null || this.modal !== null;
  }
  get showCookieBanner(): boolean {
    return this.cookieConsent !== 'accept';
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

  acceptCookies(): void {
    this.cookieConsent = 'accept';
    try {
      window.localStorage.setItem(COOKIE_CONSENT_KEY, 'accept');
    } catch {
      /* consent still applies for this visit */
    }
  }
}
