/**
 * The cookie banner (SPEC.md section 4): shown until the visitor accepts; Accept stores 'accept'
 * under 'cookie-acceptance-status'. Analytics and the marketing script wait for that acceptance
 * (see ../tracking.ts). Fixed to the bottom of the window, so it never moves the page.
 */
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { uiStore, type UiStore } from '@copytech/shared';
import { PRIVACY_POLICY_HREF } from './navigation';
import styles from './CookieBanner.module.css';

export const CookieBanner = observer(function CookieBanner({ ui = uiStore }: { ui?: UiStore }) {
  if (!ui.showCookieBanner) return null;
  return (
    <div className={styles.banner} role="region" aria-label="Cookie consent" data-testid="cookie-banner">
      <div className={styles.inner}>
        <p className={styles.text}>
          We use cookies to keep your comparison basket and remember this choice. With your consent we also use
          analytics and marketing cookies to improve the site.{' '}
          <Link to={PRIVACY_POLICY_HREF}>How we use cookies</Link>
        </p>
        <button type="button" className={styles.accept} onClick={() => ui.acceptCookies()}>
          Accept cookies
        </button>
      </div>
    </div>
  );
});
