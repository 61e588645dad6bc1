/**
 * Under a list's cards: "Load more" (once the page is live: it appends the next page and keeps
 * what is shown) and the page links, which work with or without JavaScript: "Page N of M" (or
 * "Pages N to K of M" once more were loaded), Previous and Next, real links to ?page=N that end at
 * the last page.
 */
import { Link } from 'react-router-dom';
import { useHydrated } from '@copytech/shared';
import styles from './ProductListPage.module.css';

export interface ListPagerProps {
  /** plural noun: 'printers' */
  noun: string;
  firstPage: number;
  lastPage: number;
  pageCount: number;
  /** the path of a page of this list, with its filters and sort */
  pathOf: (page: number) => string;
  /** "Load more" is offered (more products after the last shown, nothing loading or failed) */
  canLoadMore: boolean;
  onLoadMore: () => void;
  /** where to bring the visitor when a page link changes the page */
  onPageLink: () => void;
}

export function ListPager({ noun, firstPage, lastPage, pageCount, pathOf, canLoadMore, onLoadMore, onPageLink }: ListPagerProps) {
  const live = useHydrated();
  const where = firstPage === lastPage ? `Page ${firstPage} of ${pageCount}` : `Pages ${firstPage} to ${lastPage} of ${pageCount}`;
  return (
    <>
      {live && canLoadMore ? (
        <button type="button" className={styles.secondary} onClick={onLoadMore}>
          Load more {noun}
        </button>
      ) : null}
      {pageCount > 1 ? (
        <nav className={styles.pager} aria-label={`Pages of ${noun}`}>
          {firstPage > 1 ? (
            <Link to={pathOf(firstPage - 1)} rel="prev" className={styles.pageLink} onClick={onPageLink}>
              <span aria-hidden="true">←</span>Previous page
            </Link>
          ) : null}
          <span className={styles.pageOf} data-testid="page-of">
            {where}
          </span>
          {lastPage < pageCount ? (
            <Link to={pathOf(lastPage + 1)} rel="next" className={styles.pageLink} onClick={onPageLink}>
              Next page<span aria-hidden="true">→</span>
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
