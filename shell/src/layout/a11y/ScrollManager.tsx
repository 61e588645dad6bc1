/**
 * What happens on every navigation (docs/product-rules.md "Drawers, modal and scrolling"): the page
 * scrolls to the top, or to the element named by the location hash (which may arrive a moment
 * later, with a remote's content); Back and Forward return to where the visitor was. Focus moves to
 * the main content (or the hash target) so a screen reader starts reading the new page, and a page
 * that sets no meta of its own ends with the default title and description.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { applyDocumentMeta } from '@copytech/shared';
import { MODAL_HASH } from '../overlays/ModalHost';

/** How long to wait for a hash target that a lazily loaded remote has yet to render. */
const HASH_TARGET_WAIT_MS = 3000;

function hashTarget(hash: string): HTMLElement | null {
  const id = decodeURIComponent(hash.slice(1));
  return id ? document.getElementById(id) : null;
}

function focusForReading(element: HTMLElement): void {
  if (!element.hasAttribute('tabindex') && !element.matches('a[href], button, input, select, textarea')) {
    element.setAttribute('tabindex', '-1');
  }
  element.focus({ preventScroll: true });
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Scroll to the hash target as soon as it exists; returns a cancel function. */
function scrollToHashTarget(hash: string, moveFocus: boolean): () => void {
  const reveal = (target: HTMLElement) => {
    target.scrollIntoView?.({ block: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    if (moveFocus) focusForReading(target);
  };
  const target = hashTarget(hash);
  if (target) {
    reveal(target);
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    const late = hashTarget(hash);
    if (late) {
      stop();
      reveal(late);
    }
  });
  const timer = setTimeout(() => stop(), HASH_TARGET_WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/**
 * Back/Forward: return to the saved position. A remote may still be loading the page's content,
 * in steps (a list shows skeleton cards, then its products, whose height differs), so keep
 * returning there as the page changes size, for a short while, unless the visitor scrolls.
 */
function restoreScroll(top: number): () => void {
  const jump = () => window.scrollTo({ top, left: 0, behavior: 'instant' as ScrollBehavior });
  jump();
  if (typeof ResizeObserver === 'undefined') return () => undefined;
  const observer = new ResizeObserver(() => jump());
  const timer = setTimeout(() => stop(), HASH_TARGET_WAIT_MS);
  const onUserScroll = () => stop();
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
    window.removeEventListener('wheel', onUserScroll);
    window.removeEventListener('touchmove', onUserScroll);
    window.removeEventListener('keydown', onUserScroll);
  }
  observer.observe(document.body);
  // The visitor scrolling themselves wins over restoration.
  window.addEventListener('wheel', onUserScroll, { passive: true });
  window.addEventListener('touchmove', onUserScroll, { passive: true });
  window.addEventListener('keydown', onUserScroll, { passive: true });
  return stop;
}

export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const savedPositions = useRef(new Map<string, number>());

  // The browser's own restoration fights ours on Back/Forward in a single-page app.
  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  // Before anything else renders for a new page: defaults, which the page's own meta replaces. Not
  // for the first page: the server answered its URL with that page's own head, which stays until
  // the page sets the same meta.
  const firstPath = useRef(true);
  useLayoutEffect(() => {
    if (firstPath.current) {
      firstPath.current = false;
      return;
    }
    applyDocumentMeta({});
  }, [location.pathname]);

  // Remember where the visitor is on this page as they scroll. (Reading scrollY when the page is
  // left is too late: the next page has already rendered and the browser has clamped it.) A layout
  // effect, so the listener of the page being left is gone in the same commit as its content: the
  // scroll event of that clamp, fired before passive effects run, would otherwise overwrite the
  // position (Back would then land near the top of a long list).
  useLayoutEffect(() => {
    const key = location.key;
    const positions = savedPositions.current;
    const record = () => positions.set(key, window.scrollY);
    // An entry replaced in place ("Load more" keeps its pages in the entry) starts where the visitor
    // is, so Back to it returns there even if they did not scroll after.
    if (navigationType === 'REPLACE') record();
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, [location.key, navigationType]);

  const previous = useRef<{ pathname: string; hash: string } | null>(null);
  useEffect(() => {
    const before = previous.current;
    const isFirst = before === null;
    const hash = location.hash === MODAL_HASH ? '' : location.hash;
    previous.current = { pathname: location.pathname, hash };
    // Only the query changed (a filter, a page of results): the visitor stays where they are.
    if (before && before.pathname === location.pathname && before.hash === hash && navigationType !== 'POP') return undefined;

    if (hash) return scrollToHashTarget(hash, !isFirst);

    const saved = navigationType === 'POP' ? savedPositions.current.get(location.key) : undefined;
    let cancelRestore = () => undefined as void;
    if (saved !== undefined) cancelRestore = restoreScroll(saved);
    else if (!isFirst) window.scrollTo({ top: 0, left: 0, behavior: 'instant' as ScrollBehavior });
    // On the first page the browser's own focus start is right; afterwards, read from the new page.
    if (!isFirst && before.pathname !== location.pathname) {
      const main = document.getElementById('main');
      if (main) focusForReading(main);
    }
    return cancelRestore;
  }, [location.pathname, location.hash, location.key, navigationType]);

  return null;
}
