/**
 * The site footer (docs/product-rules.md "Navigation"): address and phone numbers, the link groups
 * (the Company group's first link is About us), the newsletter sign-up, the privacy policy, cookie
 * policy and terms links, Cookie settings (which reopens the cookie choice), the copyright with the
 * current year, and who we are in law: the company's registration line (number, registered office,
 * VAT number) and the credit-broker disclosure, both from shared/src/company.ts.
 */
import { Link } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { COMPANY, CREDIT_BROKER_DISCLOSURE, companyRegistrationLine, telHref, uiStore, useHydrated } from '@copytech/shared';
import { NewsletterForm } from './NewsletterForm';
import { ABOUT_US_HREF, LEGAL_LINKS, PRODUCT_GROUPS, SERVICE_LINKS, SITE_LINKS_ID, TOP_LINKS, type NavLinkItem } from '../navigation';
import styles from './SiteFooter.module.css';

const COMPANY_LINKS: readonly NavLinkItem[] = [
  { label: 'About us', href: ABOUT_US_HREF },
  ...TOP_LINKS.filter((link) => link.href !== '/customer-support'),
  { label: 'Support', href: '/customer-support' },
  { label: 'Blog', href: '/blog' },
  ...LEGAL_LINKS,
];

/**
 * Reopens the cookie choice (the banner with its settings). A button, so it needs JavaScript: it
 * appears once the page is live (without JavaScript nothing but essential storage is ever used).
 */
const CookieSettingsButton = observer(function CookieSettingsButton() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className={styles.legalButton}
      aria-expanded={uiStore.cookieSettingsOpen}
      onClick={() => uiStore.openCookieSettings()}
    >
      Cookie settings
    </button>
  );
});

function LinkGroup({ id, title, links }: { id: string; title: string; links: readonly NavLinkItem[] }) {
  const headingId = `footer-${id}`;
  return (
    <nav className={styles.group} aria-labelledby={headingId}>
      <h2 className={styles.groupTitle} id={headingId}>
        {title}
      </h2>
      <ul className={styles.links}>
        {links.map((link) => (
          <li key={link.href}>
            <Link className={styles.link} to={link.href}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.newsletter}>
          <NewsletterForm />
        </div>
        <div className={styles.columns} id={SITE_LINKS_ID}>
          <section className={`${styles.group} ${styles.contact}`} aria-labelledby="footer-contact">
            <h2 className={styles.groupTitle} id="footer-contact">
              {COMPANY.legalName}
            </h2>
            <address className={styles.address}>
              {COMPANY.address.map((line) => (
                <span key={line}>{line}</span>
              ))}
            </address>
            <ul className={styles.links}>
              <li>
                <a className={styles.link} href={telHref(COMPANY.supportPhone)}>
                  Support <strong>{COMPANY.supportPhone}</strong>
                </a>
              </li>
              <li>
                <a className={styles.link} href={telHref(COMPANY.salesPhone)}>
                  Sales <strong>{COMPANY.salesPhone}</strong>
                </a>
              </li>
              <li>
                <a className={styles.link} href={`mailto:${COMPANY.email}`}>
                  {COMPANY.email}
                </a>
              </li>
            </ul>
          </section>
          <LinkGroup id="products" title="Products" links={PRODUCT_GROUPS.map((group) => ({ label: group.label, href: group.href }))} />
          <LinkGroup id="services" title="Services" links={SERVICE_LINKS} />
          <LinkGroup id="company" title="Company" links={COMPANY_LINKS} />
        </div>
      </div>
      <div className={styles.legal}>
        <div className={styles.legalInner}>
          <p className={styles.copyright}>
            © {year} {COMPANY.legalName}
          </p>
          <ul className={styles.legalLinks}>
            {LEGAL_LINKS.map((link) => (
              <li key={link.href}>
                <Link className={styles.legalLink} to={link.href}>
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <CookieSettingsButton />
            </li>
          </ul>
        </div>
        <div className={styles.who} data-testid="footer-company">
          <p>{companyRegistrationLine()}</p>
          <p>{CREDIT_BROKER_DISCLOSURE}</p>
        </div>
      </div>
    </footer>
  );
}
