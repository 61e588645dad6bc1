/**
 * /search?q=&page=N (docs/product-rules.md "Site search"): the machines found, as the lists' cards,
 * paged by links (Previous, the page numbers, Next: they work without JavaScript), then the lists
 * and pages found. The query is in the title and the h1 (React escapes it); the page is never
 * indexed. No query: what can be searched, with examples and the lists. Nothing found: the closest
 * brands and models, the lists and the sales number. A ?page that is not a page, or past the last
 * page, is Not Found, as the server answers it (the same rules: searchPage.ts in
 * @copytech/shared/domain). Its data is read as the server rendered it (usePageResource).
 */
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { NotFoundPage, useDocumentMeta } from '@copytech/shared';
import { usePageResource } from '@copytech/shared/pageResource';
import {
  SEARCH_PAGE_SIZE,
  parseSearchUrl,
  searchHeading,
  searchPageApiUrl,
  searchPageCount,
  searchPageMeta,
  type SearchResponse,
} from '@copytech/shared/domain';
import { ProductGrid, ProductGridSkeleton } from '../cards/ProductGrid';
import { PAGE_HIT_KINDS, foundWords, toSearchResponse } from './searchAnswer';
import { NoResults, SearchAgain, SearchGuidance } from './SearchHelp';
import { SearchPager } from './SearchPager';
import styles from './SearchPage.module.css';

export function SearchPage() {
  const [params] = useSearchParams();
  const { query, page } = parseSearchUrl(params);
  if (page === null || (!query && page > 1)) return <NotFoundPage />;
  return <SearchResultsPage key={`${query}|${page}`} query={query} page={page} />;
}

function SearchResultsPage({ query, page }: { query: string; page: number }) {
  useDocumentMeta(searchPageMeta(query, page));
  return (
    <div className={styles.page} data-testid="search-page">
      <h1 className={styles.title}>{searchHeading(query)}</h1>
      <SearchAgain query={query} />
      {query ? <Results query={query} page={page} /> : <SearchGuidance />}
    </div>
  );
}

function Results({ query, page }: { query: string; page: number }) {
  const [state, retry] = usePageResource(searchPageApiUrl(query, page), toSearchResponse, '[catalogue] search results');
  if (state.status === 'loading') {
    return (
      <div aria-busy="true">
        <p className={styles.count} role="status">
          Searching…
        </p>
        <ProductGridSkeleton count={3} />
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className={styles.failure} role="alert">
        <p>The search could not be done just now.</p>
        <button type="button" className={styles.retry} onClick={retry}>
          Try again
        </button>
      </div>
    );
  }
  const answer = state.value;
  const pageCount = searchPageCount(answer.products.count);
  if (page > pageCount) return <NotFoundPage />;
  return <Found answer={answer} page={page} pageCount={pageCount} />;
}

function Found({ answer, page, pageCount }: { answer: SearchResponse; page: number; pageCount: number }) {
  const uid = useId();
  const { products, pages } = answer;
  const pagesShown = page === 1 ? pages : [];
  const first = (page - 1) * SEARCH_PAGE_SIZE + 1;
  const shownWords =
    products.count > products.results.length && products.results.length > 0
      ? ` (machines ${first} to ${first + products.results.length - 1} shown)`
      : '';
  return (
    <>
      <p className={styles.count} role="status" data-testid="search-count">
        {foundWords(products.count, pagesShown.length)}
        {shownWords}
      </p>
      {products.count === 0 && pages.length === 0 ? <NoResults query={answer.query} suggestions={answer.suggestions} /> : null}
      {products.results.length > 0 ? (
        <section className={styles.group} aria-labelledby={`${uid}-machines`} data-testid="search-machines">
          <h2 id={`${uid}-machines`} className={styles.groupTitle}>
            Machines
          </h2>
          <ProductGrid products={products.results} headingLevel={3} eagerCount={3} />
          <SearchPager query={answer.query} page={page} pageCount={pageCount} />
        </section>
      ) : null}
      {pagesShown.length > 0 ? (
        <section className={styles.group} aria-labelledby={`${uid}-pages`} data-testid="search-pages">
          <h2 id={`${uid}-pages`} className={styles.groupTitle}>
            Lists and pages
          </h2>
          <ul className={styles.pageHits}>
            {pagesShown.map((hit) => (
              <li key={hit.path}>
                <Link to={hit.path}>{hit.title}</Link> <span className={styles.hitKind}>{PAGE_HIT_KINDS[hit.kind] ?? 'Page'}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
