/**
 * The instant quote's figures (docs/product-rules.md "A quote's figures"): the pages a month the
 * quote is worked out at, and what the machine costs a month at them, ex VAT and with VAT, by the
 * shared rule the product page and the quote e-mail use (`quoteFigures`). The volumes start as the
 * product page's do: those of its query (its "Work it out" form), else the machine's class's.
 * Without prices per page (a scanner or finisher) there is nothing to set: its rental, if any.
 */
import { useId } from 'react';
import {
  MONTHLY_PAGES_MAX,
  PRINTS_NOTHING_WORDS,
  boundedPages,
  defaultMonthlyPages,
  quoteFigures,
  quoteTotalSentences,
  runningCostWords,
  servicePerPageOf,
  volumesWords,
  type CommercialTerms,
  type MonthlyPages,
  type Product,
} from '@copytech/shared/domain';
import styles from './QuoteViews.module.css';

export type VolumeTexts = { mono: string; colour: string };

const count = new Intl.NumberFormat('en-GB');

/** The volumes the panel opens with: the page's query (`?mono=&colour=`), else the class's defaults. */
export function startingVolumeTexts(product: Product, search: string): VolumeTexts | null {
  const defaults = defaultMonthlyPages(product);
  if (!defaults) return null;
  const query = new URLSearchParams(search);
  const read = (name: keyof MonthlyPages) => {
    const value = query.get(name);
    return String(value === null ? defaults[name] : boundedPages(value));
  };
  return { mono: read('mono'), colour: read('colour') };
}

/** The volumes as the request sends them: whole pages, bounded. */
export function volumesOf(texts: VolumeTexts | null): MonthlyPages | null {
  return texts ? { mono: boundedPages(texts.mono), colour: boundedPages(texts.colour) } : null;
}

export function InstantFigures(props: {
  product: Product;
  terms: CommercialTerms;
  volumes: VolumeTexts | null;
  onChange: (volumes: VolumeTexts) => void;
}) {
  const { product, terms, volumes, onChange } = props;
  const id = useId();
  const pages = volumesOf(volumes) ?? { mono: 0, colour: 0 };
  const figures = quoteFigures([product], pages, terms);
  const line = figures.lines[0]!;
  const colour = servicePerPageOf(product)?.colour != null;
  return (
    <div className={styles.summary} data-testid="instant-figures">
      {volumes && line.estimate ? (
        <fieldset className={styles.volumes}>
          <legend>Your quote is worked out at</legend>
          <div className={styles.volumeFields}>
            <label htmlFor={`${id}-mono`}>Mono pages a month</label>
            <input
              id={`${id}-mono`}
              name="mono"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              aria-describedby={`${id}-hint`}
              className={styles.volumeInput}
              value={volumes.mono}
              onChange={(event) => onChange({ ...volumes, mono: event.target.value.slice(0, 12) })}
            />
            {colour ? (
              <>
                <label htmlFor={`${id}-colour`}>Colour pages a month</label>
                <input
                  id={`${id}-colour`}
                  name="colour"
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  aria-describedby={`${id}-hint`}
                  className={styles.volumeInput}
                  value={volumes.colour}
                  onChange={(event) => onChange({ ...volumes, colour: event.target.value.slice(0, 12) })}
                />
              </>
            ) : null}
          </div>
          <p id={`${id}-hint`} className={styles.volumeHint}>
            A4 pages, 0 to {count.format(MONTHLY_PAGES_MAX)} of each.
          </p>
        </fieldset>
      ) : null}
      {line.estimate ? (
        <p data-testid="instant-figure">
          What it costs at {volumesWords(pages)}: {runningCostWords(line.estimate)}.
        </p>
      ) : (
        <p>{PRINTS_NOTHING_WORDS}</p>
      )}
      {quoteTotalSentences(figures, 1).map((sentence) => (
        <p key={sentence}>
          <strong>{sentence}</strong>
        </p>
      ))}
      <p>Your quote e-mail gives these figures, valid for {terms.quote.validForDays} days from the day you ask for it.</p>
    </div>
  );
}
