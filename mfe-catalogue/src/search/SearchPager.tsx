/**
 * The pages of a search's machines as links (no JavaScript needed): Previous, the page numbers
 * around this one (with the first and the last), Next.
 */
import { Link } from 'react-router-dom';
import { searchPagePath } from '@copytech/shared/domain';
import styles from './SearchPage.module.css';

/** The page numbers to link: the first, the last, and two either side of this one; null marks a gap. */
export function pageNumbers(page: number, pageCount: number): Array<number | null> {
  const shown: Array<number | null> = [];
  for (let n = 1; n <= pageCount; n += 1) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= 2) shown.push(n);
    else if (shown[shown.length - 1] !== null) shown.push(null);
  }
  return shown;
}

export function SearchPager({ query, page, pageCount }: { query: string; page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  return (
    <nav className={styles.pager} aria-label="Pages of machines found" data-testid="search-pager">
      {page > 1 ? (
        <Link to={searchPagePath(query, page - 1)} rel="prev" className={styles.pageLink}>
          <span aria-hidden="true">←</span> Previous page
        </Link>
      ) : null}
      <ol className={styles.pageNumbers}>
        {pageNumbers(page, pageCount).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span className={styles.current} aria-current="page">
                  <span className="visually-hidden">Page </span>
                  {n}
                </span>
              ) : (
                <Link to={searchPagePath(query, n)} className={styles.pageNumber}>
                  <span className="visually-hidden">Page </span>
                  {n}
                </Link>
              )}
            </li>
          ),
        )}
      </ol>
      {page < pageCount ? (
        <Link to={searchPagePath(query, page + 1)} rel="next" className={styles.pageLink}>
          Next page <span aria-hidden="true">→</span>
        </Link>
      ) : null}
    </nav>
  );
}
