/**
 * The volume the comparison's monthly estimate is at, set once above the printers' comparison:
 * mono and colour pages a month (`comparisonVolume.ts`). The estimate row follows as the visitor
 * types; a figure out of range counts as its nearest (0 to 2,000,000). Once the visitor pauses,
 * the lowest estimate is announced to screen readers (the basket's polite live region).
 */
import { useEffect, useId, useRef } from 'react';
import { observer } from 'mobx-react-lite';
import { MONTHLY_PAGES_MAX, minimumChargeWords, type CommercialTerms, type MonthlyPages } from '@copytech/shared/domain';
import { announce } from '../ui/announcer';
import { setVolumeText, volumeText, type VolumeField } from './comparisonVolume';
import styles from './ComparisonTable.module.css';

const pages = new Intl.NumberFormat('en-GB');

const FIELDS: ReadonlyArray<{ field: VolumeField; label: string }> = [
  { field: 'mono', label: 'Mono pages a month' },
  { field: 'colour', label: 'Colour pages a month' },
];

/** How long after the last keystroke the new estimates are announced. */
const ANNOUNCE_AFTER_MS = 700;

export const VolumeSetting = observer(function VolumeSetting({ defaults, announcement }: { defaults: MonthlyPages; announcement: string }) {
  const id = useId();
  // Announced only after the visitor typed, once they pause: never on opening the basket.
  const typed = useRef(false);
  useEffect(() => {
    if (!typed.current) return undefined;
    const timer = setTimeout(() => {
      typed.current = false;
      announce(announcement);
    }, ANNOUNCE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [announcement]);
  return (
    <fieldset className={styles.volume} data-testid="comparison-volume">
      <legend className={styles.volumeLegend}>Estimate a month at</legend>
      {FIELDS.map(({ field, label }) => (
        <div key={field} className={styles.volumeField}>
          <label htmlFor={`${id}-${field}`}>{label}</label>
          <input
            id={`${id}-${field}`}
            name={`${field}Pages`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            aria-describedby={`${id}-hint`}
            className={styles.volumeInput}
            value={volumeText(field, defaults)}
            onChange={(event) => {
              typed.current = true;
              setVolumeText(field, event.target.value);
            }}
          />
        </div>
      ))}
      <p id={`${id}-hint`} className={styles.volumeHint}>
        A4 pages, 0 to {pages.format(MONTHLY_PAGES_MAX)} of each.
      </p>
    </fieldset>
  );
});

/** How the estimate is made, under the printers' comparison. */
export function EstimateNote({ pagesUsed, terms }: { pagesUsed: MonthlyPages; terms: CommercialTerms }) {
  return (
    <p className={styles.terms} data-testid="estimate-note">
      Estimated cost a month at {pages.format(pagesUsed.mono)} mono and {pages.format(pagesUsed.colour)} colour pages: the rental plus the
      pages at each machine&rsquo;s own prices, the pages at least the minimum charge of {minimumChargeWords(terms)}, ex VAT. A machine sold
      outright only has its pages alone (the machine is bought at its price), so it is never marked Best; a mono machine prints every page
      in mono, so when you print colour it is not marked Best against a colour machine.
    </p>
  );
}
