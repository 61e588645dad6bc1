/**
 * The content of the mobile nav drawer (up to 1007px): the product groups and the services as
 * expandable sections, the landing pages, the top links and the sales phone number.
 */
import { useId, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { COMPANY, telHref, uiStore } from '@copytech/shared';
import { HUB_LINKS, PRODUCT_GROUPS, SERVICE_LINKS, TOP_LINKS, type NavLinkItem } from '../navigation';
import { MenuLinkText } from './ProductsMenu';
import { ChevronIcon, PhoneIcon } from '../icons';
import styles from './MobileNav.module.css';

interface SectionProps {
  title: string;
  links: readonly NavLinkItem[];
  viewAll?: NavLinkItem;
}

function SectionLinks({ links, viewAll, id, hidden }: Pick<SectionProps, 'links' | 'viewAll'> & { id: string; hidden: boolean }) {
  return (
    <ul id={id} className={styles.subList} hidden={hidden}>
      {links.map((link) => (
        <li key={link.href}>
          <Link className={styles.subLink} to={link.href}>
            <MenuLinkText link={link} />
          </Link>
        </li>
      ))}
      {viewAll ? (
        <li>
          <Link className={`${styles.subLink} ${styles.viewAll}`} to={viewAll.href}>
            {viewAll.label}
          </Link>
        </li>
      ) : null}
    </ul>
  );
}

function ExpandableSection({ title, links, viewAll }: SectionProps) {
  const [expanded, setExpanded] = useState(false);
  const listId = `${useId()}-links`;
  return (
    <li className={styles.section}>
      <button
        type="button"
        className={styles.sectionButton}
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded((value) => !value)}
      >
        <span>{title}</span>
        <ChevronIcon className={expanded ? `${styles.chevron} ${styles.chevronOpen}` : styles.chevron} />
      </button>
      <SectionLinks id={listId} hidden={!expanded} links={links} viewAll={viewAll} />
    </li>
  );
}

export function MobileNav() {
  return (
    <nav
      aria-label="Mobile"
      className={styles.nav}
      // Following a link closes the drawer, even when it leads to the page already shown.
      onClick={(event) => {
        if ((event.target as HTMLElement).closest('a[href]') && uiStore.drawer === 'nav') uiStore.closeDrawer();
      }}
    >
      <p className={styles.heading} id="mobile-nav-products">
        Products
      </p>
      <ul className={styles.list} aria-labelledby="mobile-nav-products">
        {PRODUCT_GROUPS.map((group) => (
          <ExpandableSection
            key={group.id}
            title={group.label}
            links={group.items}
            viewAll={{ label: `View all ${group.label.toLowerCase()}`, href: group.href }}
          />
        ))}
      </ul>
      <ul className={styles.list}>
        <ExpandableSection title="Services" links={SERVICE_LINKS} />
      </ul>
      <ul className={styles.plainList}>
        {[...HUB_LINKS.filter((link) => !TOP_LINKS.some((top) => top.href === link.href)), ...TOP_LINKS].map((link) => (
          <li key={link.href}>
            <NavLink className={styles.plainLink} to={link.href} end>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
      <a className={styles.phone} href={telHref(COMPANY.salesPhone)}>
        <PhoneIcon />
        <span>
          Call sales <strong>{COMPANY.salesPhone}</strong>
        </span>
      </a>
    </nav>
  );
}
