/**
 * What the search page offers besides results: a box to search again, guidance when there is no
 * query, and, when nothing matched, the closest brands and models, the lists and the sales number:
 * a search never ends at a dead end.
 */
import { useId, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { COMPANY, telHref } from '@copytech/shared';
import { SEARCH_PATH, SEARCH_QUERY_MAX_LENGTH, readSearchQuery, searchPagePath, type SearchResponse } from '@copytech/shared/domain';
import FeaturedProducts from '../exposed/FeaturedProducts';
import { EXAMPLE_QUERIES, MAIN_LISTS } from './searchAnswer';
import styles from './SearchPage.module.css';

/** A search form on the page itself (a plain GET form to /search; live, it navigates in place). */
export function SearchAgain({ query }: { query: string }) {
  const id = useId();
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const value = readSearchQuery(new FormData(event.currentTarget).get('q'));
    event.preventDefault();
    navigate(value ? searchPagePath(value) : SEARCH_PATH);
  };
  return (
    <form role="search" aria-label="Search again" action={SEARCH_PATH} method="get" className={styles.again} onSubmit={submit}>
      <label htmlFor={id} className={styles.againLabel}>
        {query ? 'Search again' : 'Search for a machine, a brand or a page'}
      </label>
      <div className={styles.againRow}>
        <input
          id={id}
          type="search"
          name="q"
          defaultValue={query}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          autoComplete="off"
          enterKeyHint="search"
          className={styles.againInput}
        />
        <button type="submit" className={styles.againButton}>
          Search
        </button>
      </div>
    </form>
  );
}

function ListLinks() {
  return (
    <ul className={styles.chips}>
      {MAIN_LISTS.map((list) => (
        <li key={list.path}>
          <Link to={list.path} className={styles.chip}>
            {list.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function CallUs() {
  return (
    <p className={styles.call}>
      Not sure what to look for? Call our sales team on <a href={telHref(COMPANY.salesPhone)}>{COMPANY.salesPhone}</a>: tell us the machine
      you have, or what you print, and we will find the right one.
    </p>
  );
}

/** No query: what can be searched, examples to try, and the lists. */
export function SearchGuidance() {
  return (
    <div className={styles.help} data-testid="search-guidance">
      <h2 className={styles.groupTitle}>What you can search for</h2>
      <ul className={styles.tips}>
        <li>A model number however you write it, with or without its dashes and spaces: “MFC-L8900CDW” or “mfcl8900”.</li>
        <li>A brand alone, such as “Canon”, “Konica Minolta” or “Brother”.</li>
        <li>The kind of machine: “A3 colour copier”, “mono printer”, “wide format”, “booklet finisher”, “document scanner”.</li>
        <li>Our guides and services, such as “lease” or “managed print”.</li>
      </ul>
      <h2 className={styles.groupTitle}>Try</h2>
      <ul className={styles.chips}>
        {EXAMPLE_QUERIES.map((example) => (
          <li key={example}>
            <Link to={searchPagePath(example)} className={styles.chip}>
              {example}
            </Link>
          </li>
        ))}
      </ul>
      <h2 className={styles.groupTitle}>Or browse a list</h2>
      <ListLinks />
      <CallUs />
    </div>
  );
}

/**
 * Nothing matched: the closest brands and models, the lists, the featured printers and the sales
 * number. (The featured printers are the home page's own part: the search page then shares the
 * catalogue's one chunk of cards and reads with the lists and the home page, where a search page
 * using only part of that chunk split it in two and the home page paid about 0.2 KB for it.)
 */
export function NoResults({ query, suggestions }: { query: string; suggestions: SearchResponse['suggestions'] }) {
  const brands = suggestions?.brands ?? [];
  const models = suggestions?.models ?? [];
  return (
    <div data-testid="search-no-results">
      <div className={styles.help}>
        <p className={styles.lead}>No machine, list or page matched “{query}”. Check the spelling, try fewer words, or try one of these.</p>
        {brands.length + models.length > 0 ? (
          <>
            <h2 className={styles.groupTitle}>Did you mean</h2>
            <ul className={styles.chips} data-testid="search-suggestions">
              {models.map((model) => (
                <li key={model.path}>
                  <Link to={model.path} className={styles.chip}>
                    {model.brand} {model.model}
                  </Link>
                </li>
              ))}
              {brands.map((brand) => (
                <li key={brand}>
                  <Link to={searchPagePath(brand)} className={styles.chip}>
                    {brand}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <h2 className={styles.groupTitle}>Browse a list</h2>
        <ListLinks />
        <CallUs />
      </div>
      <FeaturedProducts />
    </div>
  );
}
