/**
 * A list page: heading and intro, filters and sort held in the URL query, the result count
 * (announced politely), product cards, then "Load more" (appends the next page; how many pages it
 * added is kept in the visit's history, so Back and a reload show them again) and the page links:
 * ?page=N is one page, for crawlers and for anyone without JavaScript, with Previous and Next up
 * to the last page. A page past the end, or a ?page that is not a page, is Not Found (the server
 * answers it 404 by the same rules). Loading shows skeleton cards in the space the cards will
 * take; an empty result offers to clear the filters; a failure offers Retry.
 */
import { useId, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { NotFoundPage, useDocumentMeta } from '@copytech/shared';
import type { ListFilters } from '../api/catalogueApi';
import { listPageLinks, listPagePath, pageCountOf, type ListDefinition } from '@copytech/shared/domain';
import { MAX_LOADED_PAGES, activeFilterCount, listUrlParams, parseListUrl } from './filterState';
import { FiltersPanel } from './FiltersPanel';
import { ListHeader } from './ListHeader';
import { ListResultsBody, ResultsToolbar, listStatus } from './ListResults';
import { ProductFilters } from './ProductFilters';
import { useProductList } from './useProductList';
import styles from './ProductListPage.module.css';

/** How many pages "Load more" has shown, from the history entry's state (1 when none). */
function loadedPagesOf(state: unknown): number {
  const pages = (state as { listPages?: unknown } | null)?.listPages;
  return typeof pages === 'number' && Number.isInteger(pages) && pages >= 1 ? Math.min(pages, MAX_LOADED_PAGES) : 1;
}

export function ProductListPage({ definition }: { definition: ListDefinition }) {
  const [searchParams] = useSearchParams();
  const { filters, page } = useMemo(
    () =>
      parseListUrl(searchParams, { speed: definition.speed, colourFilter: definition.colourFilter, defaultSort: definition.defaultSort }),
    [searchParams, definition.speed, definition.colourFilter, definition.defaultSort],
  );
  if (page === null) return <NotFoundPage />;
  return <ListPage definition={definition} filters={filters} page={page} />;
}

function ListPage({ definition, filters, page }: { definition: ListDefinition; filters: ListFilters; page: number }) {
  const uid = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const [, setSearchParams] = useSearchParams();
  const pages = loadedPagesOf(location.state);
  const list = useProductList(definition, filters, page, pages);
  const filterCount = activeFilterCount(filters);
  const links = listPageLinks(definition, filters, { first: page, last: list.lastPage, pageCount: pageCountOf(list.count ?? 0) });

  useDocumentMeta({ title: definition.metaTitle, description: definition.metaDescription, ...links });
  const writeUrl = (next: ListFilters) =>
    setSearchParams(listUrlParams({ filters: next, page: 1 }, definition.defaultSort), { preventScrollReset: true });
  const unfiltered: ListFilters = { brand: [], maxPaperSize: [], q: '', sort: filters.sort };
  const clearFilters = () => writeUrl(unfiltered);
  // One more page, kept in this history entry (the URL stays the page the list starts at).
  const loadMore = () =>
    navigate(
      { pathname: location.pathname, search: location.search },
      { replace: true, state: { listPages: pages + 1 }, preventScrollReset: true },
    );
  const toResults = () => document.getElementById(`${uid}-results`)?.closest('section')?.scrollIntoView?.({ block: 'start' });

  // The list without filters, in the order chosen: where both Clear filters links lead.
  const clearPath = listPagePath(location.pathname, { brand: [], maxPaperSize: [], q: '', sort: filters.sort }, 1, definition.defaultSort);

  const seenBrands = useMemo(() => Array.from(new Set(list.items.map((p) => p.brand).filter(Boolean))).sort(), [list.items]);

  // A page past the end of the list (the server answers it 404).
  if (list.count !== null && page > pageCountOf(list.count)) return <NotFoundPage />;

  return (
    <div className={styles.page} data-testid="product-list">
      <ListHeader definition={definition} />

      <div className={styles.layout}>
        <FiltersPanel resultsId={`${uid}-results`} filterCount={filterCount}>
          <ProductFilters
            definition={definition}
            action={location.pathname}
            clearPath={clearPath}
            filters={filters}
            facets={list.facets}
            seenBrands={seenBrands}
            onChange={(next) => writeUrl(next)}
            onClear={clearFilters}
          />
        </FiltersPanel>

        <section className={styles.results} aria-labelledby={`${uid}-results`}>
          <h2 id={`${uid}-results`} className="visually-hidden">
            Results
          </h2>
          <ResultsToolbar
            uid={uid}
            status={listStatus(list, definition.noun)}
            sort={filters.sort}
            defaultSort={definition.defaultSort}
            action={location.pathname}
            filters={filters}
            onSort={(sort) => writeUrl({ ...filters, sort })}
          />
          <ListResultsBody
            definition={definition}
            list={list}
            pages={pages}
            filterCount={filterCount}
            clearPath={clearPath}
            onClear={clearFilters}
            pathOf={(n) => listPagePath(location.pathname, filters, n, definition.defaultSort)}
            onLoadMore={loadMore}
            onPageLink={toResults}
          />
        </section>
      </div>
    </div>
  );
}
