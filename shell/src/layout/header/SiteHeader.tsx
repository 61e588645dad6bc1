/**
 * The sticky main navigation: the logo linking home, the Products mega-menu, the Services menu,
 * the top links, the site search box (a row of its own below 1008px), the basket button and (up to 1007px, instead of the menus) the menu button that
 * opens the mobile nav drawer (without JavaScript, a link to the footer's links: MenuButton).
 */
import { observer } from 'mobx-react-lite';
import { Link, NavLink } from 'react-router-dom';
import { uiStore, useHydrated } from '@copytech/shared';
import { DisclosureMenu } from './DisclosureMenu';
import { ProductsMenu, ServicesMenu } from './ProductsMenu';
import { BasketToggle } from './BasketToggle';
import { SiteSearchBox } from './SiteSearchBox';
import { CopytechWordmark, MenuIcon } from '../icons';
import { DRAWER_ELEMENT_IDS, SITE_LINKS_ID, TOP_LINKS } from '../navigation';
import { useMenuController } from './useMenuController';
import { preloadDrawerProps } from '../overlays/drawerPart';
import styles from './SiteHeader.module.css';

/**
 * Menu: until the shell is live (the server's HTML, a page without JavaScript) a link to the
 * footer's links to every product group, service and company page, which works with no script;
 * once live, the button that opens the nav drawer (focus kept in it, Escape closes it, focus
 * returns to the button). Not a second copy of the mobile menu in every page: that was about 11 KB
 * and 200 elements of HTML that every server render wrote and every browser hydrated, for a
 * visitor without JavaScript only.
 */
const MenuButton = observer(function MenuButton() {
  const hydrated = useHydrated();
  const open = uiStore.drawer === 'nav';
  if (!hydrated)
    return (
      <a className={`${styles.menuButton} ${styles.menuLink}`} href={`#${SITE_LINKS_ID}`}>
        <MenuIcon />
        <span className={styles.menuLabel}>Menu</span>
      </a>
    );
  return (
    <button
      type="button"
      className={styles.menuButton}
      aria-expanded={open}
      aria-controls={open ? DRAWER_ELEMENT_IDS.nav : undefined}
      aria-haspopup="dialog"
      onClick={() => uiStore.toggleDrawer('nav')}
      {...preloadDrawerProps}
    >
      <MenuIcon />
      <span className={styles.menuLabel}>Menu</span>
    </button>
  );
});

export function SiteHeader() {
  const menus = useMenuController();
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.logo} aria-label="Copytech home">
          <CopytechWordmark />
        </Link>
        <nav aria-label="Main" className={styles.desktopNav}>
          <ul className={styles.menuBar}>
            <DisclosureMenu id="products" label="Products" variant="mega" controller={menus}>
              <ProductsMenu />
            </DisclosureMenu>
            <DisclosureMenu id="services" label="Services" variant="dropdown" controller={menus}>
              <ServicesMenu />
            </DisclosureMenu>
            {TOP_LINKS.map((link, index) => (
              <li key={link.href} className={styles.topItem}>
                <NavLink
                  to={link.href}
                  className={({ isActive }) =>
                    [styles.topLink, index === TOP_LINKS.length - 1 ? styles.cta : '', isActive ? styles.active : '']
                      .filter(Boolean)
                      .join(' ')
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <SiteSearchBox />
        <div className={styles.actions}>
          <BasketToggle />
          <MenuButton />
        </div>
      </div>
    </header>
  );
}
