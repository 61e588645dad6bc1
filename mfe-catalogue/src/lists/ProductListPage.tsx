/**
 * A list page: heading and intro, filters and sort held in the URL query, the result count
 * (announced politely), product cards, and "Load more" that appends the next page and is also a
 * real link (?page=N) for crawlers and for anyone without JavaScript. Loading shows skeleton cards
 * in the space the cards will take; an empty result offers to clear the filters; a failure offers
 * Retry.
 */
import { useId, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useDocumentMeta } from '@copytech/shared';
import type { ListFilters } from '../api/catalogueApi';
import type { ListDefinition } from '@copytech/shared/domain';
import { activeFilterCount, listUrlParams, parseListUrl } from './filterState';
import { FiltersPanel } from './FiltersPanel';
import { ListHeader } from './ListHeader';
import { ListResultsBody, ResultsToolbar, listStatus } from './ListResults';
import { ProductFilters } from './ProductFilters';
import { useProductList } from './useProductList';
import styles from './ProductListPage.module.css';

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
  const filterCount = activeFilterCount(filters);

  useDocumentMeta({
    title: definition.metaTitle,
    description: definition.metaDescription,
    canonicalPath: definition.path,
    robots: filterCount ? 'noindex, follow' : null,
  });

  function writeUrl(next: ListFilters, nextPage = 1, replace = false): void {
    setSearchParams(listUrlParams({ filters: next, page: nextPage }, definition.defaultSort), { replace, preventScrollReset: true });
  }
  const clearFilters = () => writeUrl({ brand: [], maxPaperSize: [], q: '', sort: filters.sort });

  const seenBrands = useMemo(() => Array.from(new Set(list.items.map((p) => p.brand).filter(Boolean))).sort(), [list.items]);
  const nextPageSearch = `?${listUrlParams({ filters, page: page + 1 }, definition.defaultSort).toString()}`;

  return (
    <div className={styles.page} data-testid="product-list">
      <ListHeader definition={definition} />

      <div className={styles.layout}>
        <FiltersPanel uid={uid} filterCount={filterCount}>
          <ProductFilters
            definition={definition}
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
            onSort={(sort) => writeUrl({ ...filters, sort })}
          />
          <ListResultsBody
            definition={definition}
            list={list}
            page={page}
            filterCount={filterCount}
            onClear={clearFilters}
            nextPage={{ pathname: location.pathname, search: nextPageSearch }}
          />
        </section>
      </div>
    </div>
  );
}
