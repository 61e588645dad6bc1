/**
 * The shell's page frame (docs/product-rules.md "Page frame"): the top strip, the hub links bar,
 * the sticky main navigation, the page itself, the footer, and the overlays (drawers, modal,
 * cookie banner), plus what every navigation does (scroll, focus, default meta).
 */
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

export function App() {
  return (
    <div className={styles.app}>
      <ScrollManager />
      {/* The page under the drawers and the modal: inert while one is open (useDialogFocus). */}
      <div className={styles.page} data-under-overlays="">
        <a className={styles.skipLink} href="#main">
          Skip to main content
        </a>
        <TopStrip />
        <HubLinks />
        <SiteHeader />
        <main id="main" className={styles.main} tabIndex={-1}>
          <SiteRoutes />
        </main>
        <SiteFooter />
        <CookieBanner />
      </div>
      <DrawerHost />
      <ModalHost />
    </div>
  );
}
