/**
 * The basket's comparison, like with like (docs/product-rules.md "Comparison"): a group per kind
 * (printers, scanners, finishers), each with only its own rows and its own "Best". A group is a
 * table where its columns fit the drawer, else a card per product (a phone), so the comparison
 * never needs sideways scrolling.
 */
import { useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { observer } from 'mobx-react-lite';
import type { BasketItem } from '@copytech/shared';
import {
  PAGE_CHARGES_PRINTING_ONLY,
  pageBillingTerms,
  rentalTermsSummary,
  type CommercialTerms,
  type MonthlyPages,
} from '@copytech/shared/domain';
import { useTerms } from '@copytech/shared/terms';
import { productDetailsOf, reloadFailedProductDetails } from '../products/productDetails';
import { loadedProducts } from './basketQuote';
import { kindNoun } from './basketWords';
import { buildComparisonGroups, type ComparisonGroup } from './comparison';
import { comparisonPages, defaultComparisonPages } from './comparisonVolume';
import { EstimateNote, VolumeSetting } from './VolumeSetting';
import { ComparisonCards } from './ComparisonCards';
import { ComparisonTable } from './ComparisonTable';
import styles from './ComparisonTable.module.css';

/**
 * The width a table of this many products needs: the specification column (6.75rem) and 6.5rem a
 * product (ComparisonTable.module.css), plus the border.
 */
function tableWidthPx(columns: number, remPx: number): number {
  return (6.75 + 6.5 * columns) * remPx + 2;
}

/** The element's content width, followed as it changes; null before layout (or where nothing is laid out). */
function useWidth(ref: RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => setWidth(element.clientWidth || null);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

function remPx(): number {
  return typeof window === 'undefined' ? 16 : parseFloat(window.getComputedStyle(document.documentElement).fontSize) || 16;
}

export const Comparison = observer(function Comparison({ items }: { items: readonly BasketItem[] }) {
  const headingId = useId();
  const root = useRef<HTMLDivElement>(null);
  const width = useWidth(root);
  const terms = useTerms();
  // One volume for every machine's monthly estimate, set above the printers' comparison.
  const defaults = defaultComparisonPages(loadedProducts(items));
  const pages = comparisonPages(defaults);
  const groups = buildComparisonGroups(items, productDetailsOf, terms?.lease ?? null, terms ? { terms, pages } : null);
  const failed = items.filter((item) => productDetailsOf(item.modelId)?.status === 'failed');
  const several = groups.some((group) => group.items.length >= 2);

  return (
    <div className={styles.comparison} ref={root}>
      <h3 id={headingId} className={styles.heading}>
        {several ? 'Compare side by side' : 'Specifications'}
      </h3>
      {groups.length > 1 ? <p className={styles.legend}>Like with like: each kind of product is compared in its own group.</p> : null}
      {groups.map((group) => (
        <ComparisonGroupView
          key={group.kind}
          group={group}
          titled={groups.length > 1}
          headingId={headingId}
          asTable={width === null || width >= tableWidthPx(group.items.length, remPx())}
          running={group.kind === 'printer' ? { defaults, pages, terms } : null}
        />
      ))}
      {terms ? <TermsNote terms={terms} groups={groups} /> : null}
      {terms && groups.some((group) => group.kind === 'printer') ? <BillingTerms terms={terms} /> : null}
      {failed.length > 0 ? (
        <p className={styles.failed} role="alert">
          We could not load the details of {failed.map((item) => `${item.brand} ${item.model}`).join(', ')}.{' '}
          <button type="button" className={styles.retry} onClick={() => reloadFailedProductDetails(failed.map((item) => item.modelId))}>
            Try again
          </button>
        </p>
      ) : null}
    </div>
  );
});

interface GroupProps {
  group: ComparisonGroup;
  /** with its own heading (when there are several groups) */
  titled: boolean;
  /** the comparison's heading, naming the group when it has none of its own */
  headingId: string;
  asTable: boolean;
  /** The printers' group: the volume its estimate is at, set above it, and how it is made, below. */
  running: { defaults: MonthlyPages; pages: MonthlyPages; terms: CommercialTerms | null } | null;
}

/** What a screen reader hears once the volume changes: the volume and the lowest estimate. */
function estimateAnnouncement(group: ComparisonGroup, pages: MonthlyPages): string {
  const count = new Intl.NumberFormat('en-GB');
  const at = `Estimates at ${count.format(pages.mono)} mono and ${count.format(pages.colour)} colour pages a month`;
  const row = group.rows.find((r) => r.id === 'monthlyEstimate');
  const best = row ? row.cells.findIndex((cell) => cell.best) : -1;
  const item = best >= 0 ? group.items[best] : undefined;
  return item && row ? `${at}: lowest ${item.brand} ${item.model}, ${row.cells[best]!.text}.` : `${at}.`;
}

/**
 * The note under the prices. The lease summary says toner, parts and servicing are charged per page
 * printed: true of the printing machines only, so beside a scanner or finisher it says whom the
 * page charges are for, and for a basket of machines that print nothing it is not said at all.
 */
function TermsNote({ terms, groups }: { terms: CommercialTerms; groups: readonly ComparisonGroup[] }) {
  const printing = groups.some((group) => group.kind === 'printer');
  const other = groups.some((group) => group.kind !== 'printer');
  if (!printing) return <p className={styles.terms}>{NOTHING_PRINTS_NOTE}</p>;
  return (
    <p className={styles.terms}>
      {rentalTermsSummary(terms)}
      {other ? ` ${PAGE_CHARGES_PRINTING_ONLY}` : ''}
    </p>
  );
}

/** The basket's own sentence for machines that print nothing (scanners, finishers). */
export const NOTHING_PRINTS_NOTE =
  'Prices exclude VAT. These machines print nothing, so there are no page charges: their servicing is priced separately.';

/** The page-billing terms, beside the comparison's prices per page. */
function BillingTerms({ terms }: { terms: CommercialTerms }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={styles.billing} data-testid="page-billing-terms">
      <h4 id={id} className={styles.billingHeading}>
        How pages are billed
      </h4>
      <ul className={styles.billingList}>
        {pageBillingTerms(terms).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}

function ComparisonGroupView({ group, titled, headingId, asTable, running }: GroupProps) {
  const groupHeadingId = useId();
  const count = group.items.length;
  const noun = kindNoun(group.kind, count);
  const plural = kindNoun(group.kind, 2);
  const caption = `Specifications of the ${noun} in your basket${count >= 2 ? '; rows that differ are marked' : ''}`;
  // The legend names only the marks the group shows.
  const marked = new Set(group.rows.filter((row) => row.cells.some((cell) => cell.best)).map((row) => row.bestMeans));
  const bestSays = [marked.has('fastest') ? 'the fastest speed' : null, marked.has('lowest') ? 'the lowest price' : null].filter(Boolean);
  return (
    <div className={styles.group} data-kind={group.kind}>
      {titled ? (
        <h4 id={groupHeadingId} className={styles.groupHeading}>
          {noun.charAt(0).toUpperCase() + noun.slice(1)}
        </h4>
      ) : null}
      <p className={styles.legend}>
        {count >= 2 ? (
          <>
            <span className={styles.legendDiffers}>Highlighted rows</span> differ between these {plural}
            {bestSays.length ? (
              <>
                ; <span className={styles.best}>Best</span> marks {bestSays.join(' and ')} among them.
              </>
            ) : (
              '.'
            )}
          </>
        ) : (
          `Add another ${noun} to compare ${plural} side by side.`
        )}
      </p>
      {running ? <VolumeSetting defaults={running.defaults} announcement={estimateAnnouncement(group, running.pages)} /> : null}
      {asTable ? (
        <ComparisonTable group={group} caption={caption} labelledBy={titled ? groupHeadingId : headingId} />
      ) : (
        <ComparisonCards group={group} caption={caption} />
      )}
      {running?.terms ? <EstimateNote pagesUsed={running.pages} terms={running.terms} /> : null}
    </div>
  );
}
