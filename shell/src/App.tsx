/**
 * The shell's page frame (docs/product-rules.md "Page frame"): the top strip, the hub links bar,
 * the sticky main navigation, the page itself, the footer, and the overlays (drawers, modal,
 * cookie banner), plus what every navigation does (scroll, focus, default meta).
 */
import { Suspense, type ReactNode } from 'react';
import { usePageData } from '@copytech/shared';
import { TERMS_URL } from '@copytech/shared/domain';
import { SiteRoutes } from './routes';
import { TopStrip } from './layout/header/TopStrip';
import { HubLinks } from './layout/header/HubLinks';
import { SiteHeader } from './layout/header/SiteHeader';
import { SiteFooter } from './layout/footer/SiteFooter';
import { DrawerHost } from './layout/overlays/DrawerHost';
import { ModalHost } from './layout/overlays/ModalHost';
import { CookieBanner } from './layout/overlays/CookieBanner';
import { ScrollManager } from './layout/a11y/ScrollManager';
import styles from './App.module.css';

/**
 * Reads the commercial terms on every server render, so every page's data block holds them and
 * every room's useTerms() has them at once, on this page and the next ones of the visit.
 */
function ReadTerms() {
  usePageData(TERMS_URL);
  return null;
}

/** `main`: what the page's main shows in place of the site's routes (the server's trouble page, server/ServerApp.tsx). */
export function App({ main }: { main?: ReactNode }) {
  return (
    <div className={styles.app}>
      <ScrollManager />
      <Suspense fallback={null}>
        <ReadTerms />
      </Suspense>
      {/* The page under the drawers and the modal: inert while one is open (useDialogFocus). */}
      <div className={styles.page} data-under-overlays="">
        {/* First in the tab order while it shows (CookieBanner.tsx says why), then the skip link. */}
        <CookieBanner />
        <a className={styles.skipLink} href="#main">
          Skip to main content
        </a>
        <TopStrip />
        <HubLinks />
        <SiteHeader />
        <main id="main" className={styles.main} tabIndex={-1}>
          {main ?? <SiteRoutes />}
        </main>
        <SiteFooter />
      </div>
      <DrawerHost />
      <ModalHost />
    </div>
  );
}
