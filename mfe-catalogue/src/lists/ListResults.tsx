/**
 * The results of a list page: the count (announced politely) with the sort, then the cards, or
 * skeleton cards while the first page loads, a failure with Retry, or an empty result that offers
 * to clear the filters; under the cards, "Load more" and the page links (ListPager), or a failure.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useHydrated } from '@copytech/shared';
import type { ListFilters } from '../api/catalogueApi';
import { PRODUCT_SORTS, pageCountOf, type ListDefinition, type ProductSort } from '@copytech/shared/domain';
import { MAX_LIMIT, PAGE_SIZE } from '../api/catalogueApi';
import { ProductGrid, ProductGridSkeleton } from '../cards/ProductGrid';
import { SORT_LABELS, listUrlParams } from './filterState';
import { ClearFiltersLink } from './ClearFiltersLink';
import { ListPager } from './ListPager';
import type { ProductListView } from './useProductList';
import styles from './ProductListPage.module.css';

/** Cards whose image loads at once: the first row on a wide screen. */
const EAGER_IMAGES = 3;

/** The result count line: loading, failed, none, or how many of how many are shown. */
export function listStatus(list: ProductListView, noun: ListDefinition['noun']): string {
  if (list.initialLoading) return `Loading ${noun.many}…`;
  if (list.error && list.items.length === 0) return `${noun.many.charAt(0).toUpperCase()}${noun.many.slice(1)} could not be loaded.`;
  if (list.count === 0) return `No ${noun.many} found`;
  const total = list.count ?? list.items.length;
  const what = `${total} ${total === 1 ? noun.one : noun.many}`;
  if (list.firstPage === 1) return `Showing ${list.items.length} of ${what}`;
  const from = (list.firstPage - 1) * PAGE_SIZE + 1;
  return `Showing ${from} to ${from + list.items.length - 1} of ${what}`;
}

interface ResultsToolbarProps {
  /** the page's useId */
  uid: string;
  status: string;
  sort: ProductSort | undefined;
  defaultSort: ProductSort | undefined;
  /** The list's path and its filters: without JavaScript the sort is a GET form to it, keeping them. */
  action: string;
  filters: ListFilters;
  onSort: (sort: ProductSort | undefined) => void;
}

export function ResultsToolbar({ uid, status, sort, defaultSort, action, filters, onSort }: ResultsToolbarProps) {
  // The sort shown follows the URL, but a new choice shows at once (navigation is a transition).
  const [sortShown, setSortShown] = useState(sort ?? '');
  useEffect(() => setSortShown(sort ?? ''), [sort]);
  // Once the page is live a choice applies at once; before (without JavaScript) "Sort" sends it.
  const live = useHydrated();
  const kept = [...listUrlParams({ filters: { ...filters, sort: undefined }, page: 1 }).entries()];
  return (
    <div className={styles.toolbar}>
      <p className={styles.count} role="status" aria-live="polite" data-testid="result-count">
        {status}
      </p>
      <form className={styles.sort} method="get" action={action} onSubmit={(event) => event.preventDefault()}>
        {kept.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label htmlFor={`${uid}-sort`}>Sort by</label>
        <select
          id={`${uid}-sort`}
          name="sort"
          className={styles.select}
          value={sortShown}
          onChange={(e) => {
            setSortShown(e.target.value);
            onSort((e.target.value || undefined) as ProductSort | undefined);
          }}
        >
          {defaultSort ? null : <option value="">Recommended</option>}
          {PRODUCT_SORTS.map((option) => (
            <option key={option} value={option}>
              {SORT_LABELS[option]}
            </option>
          ))}
        </select>
        {live ? null : (
          <button type="submit" className={styles.sortSubmit}>
            Sort
          </button>
        )}
      </form>
    </div>
  );
}

interface ListResultsBodyProps {
  definition: ListDefinition;
  list: ProductListView;
  /** pages asked for: the first shown and how many */
  pages: number;
  filterCount: number;
  /** The list without filters (in its order): the empty result's Clear filters links to it. */
  clearPath: string;
  onClear: () => void;
  /** the path of a page of this list, with its filters and sort */
  pathOf: (page: number) => string;
  onLoadMore: () => void;
  onPageLink: () => void;
}

export function ListResultsBody({
  definition,
  list,
  pages,
  filterCount,
  clearPath,
  onClear,
  pathOf,
  onLoadMore,
  onPageLink,
}: ListResultsBodyProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const focusIndex = useRef<number | null>(null);

  // After "Load more", move focus to the first new product so keyboard users carry on from there.
  useEffect(() => {
    const index = focusIndex.current;
    if (index === null || list.loadingMore || list.items.length <= index) return;
    focusIndex.current = null;
    listRef.current?.querySelectorAll<HTMLElement>(':scope > li')[index]?.querySelector<HTMLElement>('h2 a, h3 a')?.focus();
  }, [list.items.length, list.loadingMore]);

  if (list.initialLoading) {
    // As many as are asked for (pages added by "Load more" too), so Back to a long list can restore the scroll position.
    return <ProductGridSkeleton count={Math.min(pages * PAGE_SIZE, MAX_LIMIT)} />;
  }
  if (list.error && list.items.length === 0) {
    return (
      <div className={styles.message} role="alert">
        <h3>Sorry, we could not load the {definition.noun.many}.</h3>
        <p>Please check your connection and try again.</p>
        <button type="button" className={styles.primary} onClick={list.retry}>
          Retry
        </button>
      </div>
    );
  }
  if (list.items.length === 0)
    return <NoResults noun={definition.noun.many} filterCount={filterCount} clearPath={clearPath} onClear={onClear} />;
  return (
    <>
      <ProductGrid products={list.items} headingLevel={3} eagerCount={EAGER_IMAGES} listRef={listRef} label={definition.heading} />
      <div className={styles.more}>
        {list.loadingMore ? <ProductGridSkeleton count={list.pending || 3} /> : null}
        {list.error ? (
          <div className={styles.inlineError} role="alert">
            <p>More {definition.noun.many} could not be loaded.</p>
            <button type="button" className={styles.secondary} onClick={list.retry}>
              Retry
            </button>
          </div>
        ) : null}
        <ListPager
          noun={definition.noun.many}
          firstPage={list.firstPage}
          lastPage={list.lastPage}
          pageCount={pageCountOf(list.count ?? list.items.length)}
          pathOf={pathOf}
          canLoadMore={list.hasMore && !list.loadingMore && !list.error}
          onLoadMore={() => {
            focusIndex.current = list.items.length;
            onLoadMore();
          }}
          onPageLink={onPageLink}
        />
      </div>
    </>
  );
}

/** An empty result: with filters, an offer to clear them; without, an offer to source a machine. */
function NoResults({
  noun,
  filterCount,
  clearPath,
  onClear,
}: {
  noun: string;
  filterCount: number;
  clearPath: string;
  onClear: () => void;
}) {
  return (
    <div className={styles.message}>
      <h3>
        No {noun} match {filterCount ? 'these filters' : 'this list yet'}.
      </h3>
      {filterCount ? (
        <>
          <p>Try a wider speed range, another brand or fewer filters.</p>
          <ClearFiltersLink to={clearPath} className={styles.primary} onClear={onClear} />
        </>
      ) : (
        <p>
          Please <Link to="/contact-us">contact us</Link>: we can source machines that are not listed.
        </p>
      )}
    </div>
  );
}
