/** The content of the Products mega-menu: every product group with its entries and a View all link. */
import { Link } from 'react-router-dom';
import { PRODUCT_GROUPS, SERVICE_LINKS, type NavLinkItem } from '../navigation';
import { PrintingIcon } from '../icons';
import styles from './ProductsMenu.module.css';

export function MenuLinkText({ link }: { link: NavLinkItem }) {
  return (
    <>
      {link.printing ? <PrintingIcon printing={link.printing} /> : null}
      <span>{link.label}</span>
    </>
  );
}

export function ProductsMenu() {
  return (
    <div className={styles.grid}>
      {PRODUCT_GROUPS.map((group) => {
        const headingId = `products-menu-${group.id}`;
        return (
          <div key={group.id} className={styles.group}>
            <p className={styles.groupTitle} id={headingId}>
              {group.label}
            </p>
            <ul className={styles.list} aria-labelledby={headingId}>
              {group.items.map((link) => (
                <li key={link.href}>
                  <Link className={styles.link} to={link.href}>
                    <MenuLinkText link={link} />
                  </Link>
                </li>
              ))}
              <li>
                <Link className={`${styles.link} ${styles.viewAll}`} to={group.href}>
                  View all<span className="visually-hidden"> {group.label.toLowerCase()}</span>
                  <span aria-hidden="true"> →</span>
                </Link>
              </li>
            </ul>
          </div>
        );
      })}
    </div>
  );
}

export function ServicesMenu() {
  return (
    <ul className={styles.servicesList}>
      {SERVICE_LINKS.map((link) => (
        <li key={link.href}>
          <Link className={styles.link} to={link.href}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
