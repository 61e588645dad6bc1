/** The one Not Found page: every room shows this, wherever "not found" is decided. */
import { Link, useLocation } from 'react-router-dom';
import { usePageProblem } from '../ssr/pageData';
import { NOT_FOUND_TITLE, useDocumentMeta } from './documentMeta';
import styles from './NotFoundPage.module.css';

export function NotFoundPage({ detail }: { detail?: string }) {
  useDocumentMeta({ title: NOT_FOUND_TITLE, robots: 'noindex' });
  // the server's reference for this request, when the server answered this page
  const problem = usePageProblem(useLocation().pathname);
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
      {problem ? (
        <p>
          Quote this reference when you call: <strong>{problem.reference}</strong>
        </p>
      ) : null}
    </section>
  );
}
