/** The one Not Found page: every room shows this, wherever "not found" is decided. */
import { Link } from 'react-router-dom';
import { NOT_FOUND_TITLE, useDocumentMeta } from './documentMeta';
import styles from './NotFoundPage.module.css';

export function NotFoundPage({ detail }: { detail?: string }) {
  useDocumentMeta({ title: NOT_FOUND_TITLE, robots: 'noindex' });
  return (
    <section className={styles.notFound} aria-labelledby="not-found-heading" data-testid="not-found">
      <p className={styles.code}>404</p>
      <h1 id="not-found-heading">Page not found</h1>
      <p>{detail ?? 'Sorry, we could not find the page you were looking for. It may have moved, or the address may be mistyped.'}</p>
      <ul className={styles.links}>
        <li>
          <Link to="/">Go to the home page</Link>
        </li>
        <li>
          <Link to="/printers/multifunctionals">Browse multifunctional printers</Link>
        </li>
        <li>
          <Link to="/contact-us">Contact us</Link>
        </li>
      </ul>
    </section>
  );
}
