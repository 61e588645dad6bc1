/**
 * Focus handling shared by the drawers and the modal (WAI-ARIA dialog pattern): on open, focus
 * moves into the dialog; while open, Tab and Shift+Tab cycle inside it and focus cannot leave; on
 * close, focus returns to the element that opened it (or to the main content when that element is
 * gone, or when a link in the dialog led to another page). Escape calls onEscape. Dialogs stack: only the topmost one traps focus and hears Escape.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'summary',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

export function focusableElementsIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[hidden], [inert]') && element.getAttribute('tabindex') !== '-1',
  );
}

const openDialogs: HTMLElement[] = [];

function isTopmost(element: HTMLElement): boolean {
  return openDialogs[openDialogs.length - 1] === element;
}

function focusWithoutScroll(element: HTMLElement | null | undefined): boolean {
  if (!element || !element.isConnected) return false;
  element.focus({ preventScroll: true });
  return document.activeElement === element;
}

export function useDialogFocus(ref: RefObject<HTMLElement | null>, onEscape: () => void): void {
  const onEscapeRef = useRef(onEscape);
  onEscapeRef.current = onEscape;

  // A layout effect, not a passive one: the page turns inert, focus moves in and Escape is heard
  // before the dialog is first painted, so a key pressed the moment it appears is not lost (a
  // passive effect runs after paint, later still on a busy phone, and left the page inert under a
  // dialog that would not close).
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const openedOnPath = window.location.pathname;
    openDialogs.push(dialog);
    // The page under the dialog is inert while any dialog is open (set after the opener is known,
    // since focus inside an inert page is lost): it cannot be focused, clicked or read, as
    // aria-modal promises but not every browser and screen reader keeps.
    const page = document.querySelector<HTMLElement>('[data-under-overlays]');
    page?.setAttribute('inert', '');

    const first = focusableElementsIn(dialog)[0];
    if (!focusWithoutScroll(first)) focusWithoutScroll(dialog);

    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTopmost(dialog)) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onEscapeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = focusableElementsIn(dialog);
      if (focusable.length === 0) {
        event.preventDefault();
        dialog.focus({ preventScroll: true });
        return;
      }
      const firstElement = focusable[0]!;
      const lastElement = focusable[focusable.length - 1]!;
      const active = document.activeElement;
      const outside = !dialog.contains(active);
      if (event.shiftKey && (active === firstElement || active === dialog || outside)) {
        event.preventDefault();
        lastElement.focus();
      } else if (!event.shiftKey && (active === lastElement || outside)) {
        event.preventDefault();
        firstElement.focus();
      }
    };

    // Focus that escapes anyway (a click outside, a screen reader command) is brought back.
    const onFocusIn = (event: FocusEvent) => {
      if (!isTopmost(dialog) || dialog.contains(event.target as Node)) return;
      if (!focusWithoutScroll(focusableElementsIn(dialog)[0])) focusWithoutScroll(dialog);
    };

    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      const index = openDialogs.lastIndexOf(dialog);
      if (index >= 0) openDialogs.splice(index, 1);
      if (openDialogs.length === 0) page?.removeAttribute('inert');
      // Back to the opener; if it is gone (or hidden at this width), or the dialog closed because
      // the visitor went to another page, to the main content.
      const main = document.getElementById('main');
      if (window.location.pathname !== openedOnPath || !focusWithoutScroll(opener)) focusWithoutScroll(main);
    };
  }, [ref]);
}
