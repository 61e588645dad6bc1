/**
 * The cookie banner (docs/product-rules.md "Tracking, cookies and consent"): shown until the
 * visitor accepts; Accept stores 'accept' under 'cookie-acceptance-status'. Analytics and the
 * marketing script wait for that acceptance (see ../tracking.ts). Fixed to the bottom of the
 * window, so it never moves the page.
 *
 * While it shows, its height is published as --cookie-banner-height: the page keeps that much
 * room at its end and scrolls whatever takes focus above the banner (WCAG 2.4.11, focus not
 * obscured), so nothing a keyboard user reaches is hidden behind it.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { uiStore, useHydrated, type UiStore } from '@copytech/shared';
import { PRIVACY_POLICY_HREF } from '../navigation';
import styles from './CookieBanner.module.css';

export const BANNER_HEIGHT_PROPERTY = '--cookie-banner-height';

/** Publishes the element's height on the root element for as long as it is mounted. */
function usePublishedHeight(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(BANNER_HEIGHT_PROPERTY, `${Math.ceil(element.getBoundingClientRect().height)}px`);
    publish();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(publish) : null;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(BANNER_HEIGHT_PROPERTY);
    };
  }, [ref]);
}

function Banner({ ui }: { ui: UiStore }) {
  const ref = useRef<HTMLDivElement>(null);
  usePublishedHeight(ref);
  return (
    <div ref={ref} className={styles.banner} role="region" aria-label="Cookie consent" data-testid="cookie-banner">
      <div className={styles.inner}>
        <p className={styles.text}>
          We use cookies to keep your comparison basket and remember this choice. With your consent we also use analytics and marketing
          cookies to improve the site. <Link to={PRIVACY_POLICY_HREF}>How we use cookies</Link>
        </p>
        <button type="button" className={styles.accept} onClick={() => ui.acceptCookies()}>
          Accept cookies
        </button>
      </div>
    </div>
  );
}

export const CookieBanner = observer(function CookieBanner({ ui = uiStore }: { ui?: UiStore }) {
  // The visitor's choice is in their browser: the server never renders the banner; it appears
  // after hydration when no choice is stored.
  const hydrated = useHydrated();
  return hydrated && ui.showCookieBanner ? <Banner ui={ui} /> : null;
});
