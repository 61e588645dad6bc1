import { SiteRoutes } from './routes';
import { SiteHeader } from './layout/SiteHeader';
import { SiteFooter } from './layout/SiteFooter';
import { DrawerHost } from './layout/DrawerHost';
import styles from './App.module.css';

export function App() {
  return (
    <div className={styles.app}>
      <a className={styles.skipLink} href="#main">
        Skip to main content
      </a>
      <SiteHeader />
      <main id="main" className={styles.main} tabIndex={-1}>
        <SiteRoutes />
      </main>
      <SiteFooter />
      <DrawerHost />
    </div>
  );
}
