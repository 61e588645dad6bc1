/**
 * The list's filters beside the results: on a phone behind "Show filters", which says how many
 * are active; on a wide screen always open (the stylesheet decides). Without JavaScript (the
 * server's page, before it is live) "Show filters" is a link to the panel, which the stylesheet
 * opens as the page's target, and the panel ends with a link that hides it again; once the page
 * is live it is a disclosure button (aria-expanded), and Escape in the open panel closes it and
 * gives focus back to the button.
 */
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useHydrated } from '@copytech/shared';
import styles from './ProductListPage.module.css';

/** The panel's id: the link's target without JavaScript, the button's aria-controls with it (one list a page). */
export const FILTERS_PANEL_ID = 'list-filters';

/** `resultsId` is the results' heading: where "Hide filters" goes without JavaScript. */
export function FiltersPanel({ resultsId, filterCount, children }: { resultsId: string; filterCount: number; children: ReactNode }) {
  const [filtersOpen, setFiltersOpen] = useState(false);
  const live = useHydrated();
  const button = useRef<HTMLButtonElement>(null);
  const badge = filterCount ? <span className={styles.badge}>{filterCount} active</span> : null;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    if (event.key !== 'Escape' || !filtersOpen) return;
    event.stopPropagation();
    setFiltersOpen(false);
    button.current?.focus();
  }

  const panelClass = [styles.panel, filtersOpen ? styles.panelOpen : '', live ? '' : styles.panelByLink].filter(Boolean).join(' ');
  return (
    <aside className={styles.sidebar} aria-label="Filters">
      {live ? (
        <button
          ref={button}
          type="button"
          className={styles.disclosure}
          aria-expanded={filtersOpen}
          aria-controls={FILTERS_PANEL_ID}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          <FilterIcon />
          {filtersOpen ? 'Hide filters' : 'Show filters'}
          {badge}
        </button>
      ) : (
        <a className={styles.disclosure} href={`#${FILTERS_PANEL_ID}`}>
          <FilterIcon />
          Show filters
          {badge}
        </a>
      )}
      <div className={panelClass} id={FILTERS_PANEL_ID} onKeyDown={onKeyDown}>
        {children}
        {live ? null : (
          <a className={styles.hideLink} href={`#${resultsId}`}>
            Hide filters
          </a>
        )}
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
