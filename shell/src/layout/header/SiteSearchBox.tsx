/**
 * The header's search box (docs/product-rules.md "Site search"): a plain GET form to /search that
 * works without JavaScript. The first time the box is focused or typed in, the shell loads the
 * catalogue's typeahead (catalogue/SiteSearch) through the federation runtime; it takes this same
 * input over (what is typed while it loads stays in the box, with the caret and the focus) and
 * sends the form in place from then on. None of it is in any page's first load. If it cannot be
 * loaded the form stays as it is and still works (a page load of /search); the next focus tries
 * again. The typeahead catches its own failures (it then shows nothing), so the form never breaks.
 */
import { useId, useState, type ComponentType } from 'react';
import { loadExposedComponent, type SiteSearchProps } from '@copytech/shared';
import { SEARCH_PATH } from '@copytech/shared/domain';
import { SearchIcon } from '../icons';
import styles from './SiteSearchBox.module.css';

export function SiteSearchBox() {
  const id = useId();
  const [input, setInput] = useState<HTMLInputElement | null>(null);
  const [Typeahead, setTypeahead] = useState<ComponentType<SiteSearchProps> | null>(null);
  const [loading, setLoading] = useState(false);

  const start = () => {
    if (loading) return;
    setLoading(true);
    loadExposedComponent('catalogue/SiteSearch').then(
      (module) => setTypeahead(() => module.default),
      (error: Error) => {
        setLoading(false);
        console.warn('[shell] search suggestions:', error.message);
      },
    );
  };

  return (
    <form role="search" aria-label="Site" action={SEARCH_PATH} method="get" className={styles.form}>
      <label htmlFor={id} className="visually-hidden">
        Search machines and pages
      </label>
      <input
        ref={setInput}
        id={id}
        type="search"
        name="q"
        placeholder="Search"
        autoComplete="off"
        className={styles.input}
        onFocus={start}
        onInput={start}
      />
      <button type="submit" className={styles.submit}>
        <SearchIcon />
        <span className="visually-hidden">Search</span>
      </button>
      {Typeahead && input ? <Typeahead input={input} idPrefix={`site-search${id.replace(/\W/g, '')}`} /> : null}
    </form>
  );
}
