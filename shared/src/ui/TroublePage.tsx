/**
 * The page shown when the server cannot show a page because something it depends on is away (the
 * database): a 503, never a Not Found (docs/product-rules.md "When something is wrong"). The shell
 * shows it in place of the page the server could not make, with the sales number and the request's
 * reference; "Try again" loads the page afresh.
 */
import { COMPANY, telHref } from '../company';
import { TROUBLE_TITLE, useDocumentMeta } from './documentMeta';
import { ProblemReference } from './ProblemReference';
import styles from './NotFoundPage.module.css';

export function TroublePage({ reference, path }: { reference: string; path: string }) {
  useDocumentMeta({ title: TROUBLE_TITLE, robots: 'noindex' });
  return (
    <section className={styles.notFound} aria-labelledby="trouble-heading" data-testid="trouble">
      <h1 id="trouble-heading">{TROUBLE_TITLE}</h1>
      <p>Something on our side is not working just now. Please try again in a minute.</p>
      <p>
        If you would rather talk to us, call <a href={telHref(COMPANY.salesPhone)}>{COMPANY.salesPhone}</a>.
      </p>
      <ProblemReference reference={reference} />
      <ul className={styles.links}>
        <li>
          <a href={path}>Try again</a>
        </li>
      </ul>
    </section>
  );
}
