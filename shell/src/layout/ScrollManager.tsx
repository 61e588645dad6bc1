/**
 * What happens on every navigation (SPEC.md section 2): the page scrolls to the top, or to the
 * element named by the location hash (which may arrive a moment later, with a remote's content);
 * Back and Forward return to where the visitor was. Focus moves to the main content (or the hash
 * target) so a screen reader starts reading the new page, and a page that sets no meta of its own
 * ends with the default title and description.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { applyDocumentMeta } from '@copytech/shared';
import { MODAL_HASH } from './ModalHost';

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

export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const savedPositions = useRef(new Map<string, number>());
  const firstRender = useRef(true);

  // The browser's own restoration fights ours on Back/Forward in a single-page app.
  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  // Before anything else renders for the new page: defaults, which the page's own meta replaces.
  useLayoutEffect(() => {
    applyDocumentMeta({});
  }, [location.pathname]);

  // Remember where the visitor was on the page they are leaving.
  useEffect(() => {
    const key = location.key;
    const positions = savedPositions.current;
    return () => {
      positions.set(key, window.scrollY);
    };
  }, [location.key]);

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
    if (!isFirst || saved !== undefined) window.scrollTo({ top: saved ?? 0, left: 0, behavior: 'instant' as ScrollBehavior });
    // On the first page the browser's own focus start is right; afterwards, read from the new page.
    if (!isFirst && before.pathname !== location.pathname) {
      const main = document.getElementById('main');
      if (main) focusForReading(main);
    }
    return undefined;
  }, [location.pathname, location.hash, location.key, navigationType]);

  return null;
}
