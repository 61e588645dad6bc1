/**
 * A list page: heading and intro, filters and sort held in the URL query, the result count
 * (announced politely), product cards, and "Load more" that appends the next page and is also a
 * real link (?page=N) for crawlers and for anyone without JavaScript. Loading shows skeleton cards
 * in the space the cards will take; an empty result offers to clear the filters; a failure offers
 * Retry.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useDocumentMeta } from '@copytech/shared';
import { PRODUCT_SORTS, type ProductSort } from '@copytech/shared/domain';
import { MAX_LIMIT, PAGE_SIZE, type ListFilters } from '../api/catalogueApi';
import { ProductGrid, ProductGridSkeleton } from '../cards/ProductGrid';
import { Breadcrumbs } from '../layout/Breadcrumbs';
import type { ListDefinition } from '@copytech/shared/domain';
import { activeFilterCount, listUrlParams, parseListUrl, SORT_LABELS } from './filterState';
import { ProductFilters } from './ProductFilters';
import { useProductList } from './useProductList';
import styles from './ProductListPage.module.css';

/** Cards whose image loads at once: the first row on a wide screen. */
const EAGER_IMAGES = 3;

export function ProductListPage({ definition }: { definition: ListDefinition }) {
  const uid = useId();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const { filters, page } = useMemo(
    () =>
      parseListUrl(searchParams, { speed: definition.speed, colourFilter: definition.colourFilter, defaultSort: definition.defaultSort }),
    [searchParams, definition.speed, definition.colourFilter, definition.defaultSort],
  );
  const list = useProductList(definition, filters, page);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const focusIndex = useRef<number | null>(null);
  const filterCount = activeFilterCount(filters);
  // The sort shown follows the URL, but a new choice shows at once (navigation is a transition).
  const [sortShown, setSortShown] = useState(filters.sort ?? '');
  useEffect(() => setSortShown(filters.sort ?? ''), [filters.sort]);

  useDocumentMeta({
    title: definition.metaTitle,
    description: definition.metaDescription,
    canonicalPath: definition.path,
    robots: filterCount ? 'noindex, follow' : null,
  });

  // After "Load more", move focus to the first new product so keyboard users carry on from there.
  useEffect(() => {
    const index = focusIndex.current;
    if (index === null || list.loadingMore || list.items.length <= index) return;
    focusIndex.current = null;
    listRef.current?.querySelectorAll<HTMLElement>(':scope > li')[index]?.querySelector<HTMLElement>('h2 a, h3 a')?.focus();
  }, [list.items.length, list.loadingMore]);

  function writeUrl(next: ListFilters, nextPage = 1, replace = false): void {
    setSearchParams(listUrlParams({ filters: next, page: nextPage }, definition.defaultSort), { replace, preventScrollReset: true });
  }
  const clearFilters = () => writeUrl({ brand: [], maxPaperSize: [], q: '', sort: filters.sort });

  const seenBrands = useMemo(() => Array.from(new Set(list.items.map((p) => p.brand).filter(Boolean))).sort(), [list.items]);
  const nextPageSearch = `?${listUrlParams({ filters, page: page + 1 }, definition.defaultSort).toString()}`;
  const noun = list.count === 1 ? definition.noun.one : definition.noun.many;

  let status: string;
  if (list.initialLoading) status = `Loading ${definition.noun.many}…`;
  else if (list.error && list.items.length === 0)
    status = `${definition.noun.many.charAt(0).toUpperCase()}${definition.noun.many.slice(1)} could not be loaded.`;
  else if (list.count === 0) status = `No ${definition.noun.many} found`;
  else status = `Showing ${list.items.length} of ${list.count ?? list.items.length} ${noun}`;

  return (
    <div className={styles.page} data-testid="product-list">
      <header className={styles.header}>
        <Breadcrumbs crumbs={definition.crumbs} />
        <h1 className={styles.title}>{definition.heading}</h1>
        <p className={styles.intro}>{definition.intro}</p>
        {definition.highlights ? (
          <ul className={styles.highlights}>
            {definition.highlights.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        ) : null}
        {definition.related.length ? (
          <nav aria-label="Related lists" className={styles.related}>
            <ul>
              {definition.related.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </header>

      <div className={styles.layout}>
        <aside className={styles.sidebar} aria-label="Filters">
          <button
            type="button"
            className={styles.disclosure}
            aria-expanded={filtersOpen}
            aria-controls={`${uid}-filters`}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <FilterIcon />
            {filtersOpen ? 'Hide filters' : 'Show filters'}
            {filterCount ? <span className={styles.badge}>{filterCount} active</span> : null}
          </button>
          <div className={filtersOpen ? `${styles.panel} ${styles.panelOpen}` : styles.panel} id={`${uid}-filters`}>
            <ProductFilters
              definition={definition}
              filters={filters}
              facets={list.facets}
              seenBrands={seenBrands}
              onChange={(next) => writeUrl(next)}
              onClear={clearFilters}
            />
          </div>
        </aside>

        <section className={styles.results} aria-labelledby={`${uid}-results`}>
          <h2 id={`${uid}-results`} className="visually-hidden">
            Results
          </h2>
          <div className={styles.toolbar}>
            <p className={styles.count} role="status" aria-live="polite" data-testid="result-count">
              {status}
            </p>
            <div className={styles.sort}>
              <label htmlFor={`${uid}-sort`}>Sort by</label>
              <select
                id={`${uid}-sort`}
                value={sortShown}
                onChange={(e) => {
                  setSortShown(e.target.value);
                  writeUrl({ ...filters, sort: (e.target.value || undefined) as ProductSort | undefined });
                }}
              >
                {definition.defaultSort ? null : <option value="">Recommended</option>}
                {PRODUCT_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {SORT_LABELS[sort]}
                  </option>
                ))}
              </select>
            </div>
          </div>

          {list.initialLoading ? (
            // As many as the URL asks for (?page=N), so Back to a long list can restore the scroll position.
            <ProductGridSkeleton count={Math.min(page * PAGE_SIZE, MAX_LIMIT)} />
          ) : list.error && list.items.length === 0 ? (
            <div className={styles.message} role="alert">
              <h3>Sorry, we could not load the {definition.noun.many}.</h3>
              <p>Please check your connection and try again.</p>
              <button type="button" className={styles.primary} onClick={list.retry}>
                Retry
              </button>
            </div>
          ) : list.items.length === 0 ? (
            <div className={styles.message}>
              <h3>
                No {definition.noun.many} match {filterCount ? 'these filters' : 'this list yet'}.
              </h3>
              {filterCount ? (
                <>
                  <p>Try a wider speed range, another brand or fewer filters.</p>
                  <button type="button" className={styles.primary} onClick={clearFilters}>
                    Clear filters
                  </button>
                </>
              ) : (
                <p>
                  Please <Link to="/contact-us">contact us</Link>: we can source machines that are not listed.
                </p>
              )}
            </div>
          ) : (
            <>
              <ProductGrid products={list.items} headingLevel={3} eagerCount={EAGER_IMAGES} listRef={listRef} label={definition.heading} />
              <div className={styles.more}>
                {list.loadingMore ? (
                  <ProductGridSkeleton count={Math.min(PAGE_SIZE, Math.max(0, (list.count ?? 0) - list.items.length)) || 3} />
                ) : null}
                {list.error ? (
                  <div className={styles.inlineError} role="alert">
                    <p>More {definition.noun.many} could not be loaded.</p>
                    <button type="button" className={styles.secondary} onClick={list.retry}>
                      Retry
                    </button>
                  </div>
                ) : list.hasMore && !list.loadingMore ? (
                  <Link
                    className={styles.secondary}
                    to={{ pathname: location.pathname, search: nextPageSearch }}
                    replace
                    preventScrollReset
                    onClick={() => {
                      focusIndex.current = list.items.length;
                    }}
                  >
                    Load more {definition.noun.many}
                  </Link>
                ) : null}
              </div>
            </>
          )}
        </section>
      </div>
    </div>
  );
}

function FilterIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d="M3 5h14M6 10h8M8.5 15h3" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
