/**
 * The list's filters beside the results: on a phone behind a "Show filters" button that says how
 * many are active; on a wide screen always open (the stylesheet decides).
 */
import { useState, type ReactNode } from 'react';
import styles from './ProductListPage.module.css';

/** `uid` is the page's useId: the panel's id, named by the button's aria-controls. */
export function FiltersPanel({ uid, filterCount, children }: { uid: string; filterCount: number; children: ReactNode }) {
  const [filtersOpen, setFiltersOpen] = useState(false);
  return (
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
        {children}
      </div>
    </aside>
  );
}

function FilterIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d="M3 5h14M6 10h8M8.5 15h3" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
