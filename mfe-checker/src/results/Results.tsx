/**
 * The results (docs/product-rules.md "Results"): the answer in one sentence, the figures side by side (today,
 * with Copytech, the difference: per month, per year, over 60 months, per page), a chart of the
 * cost per year, what the visitor told us (each with Change), the assumptions, and the two
 * actions. Every figure comes from the shared calculation, as the e-mailed report's do.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import type { SavingsCheckerStore } from '../checker/SavingsCheckerStore';
import { formatMoney, formatPages, formatPerPage, formatWholePounds } from '../checker/format';
import { CostChart } from './CostChart';
import { ReportActions } from './ReportActions';
import { answerSummary } from './summary';
import styles from './Results.module.css';

/** A saving as money; a negative one (Copytech would cost more) said in words: "£42.50 more". */
function savingText(pence: number | null): string {
  if (pence === null) return '–';
  return pence < 0 ? `${formatMoney(-pence)} more` : formatMoney(pence);
}
function perPageSavingText(pence: number | null): string {
  if (pence === null) return '–';
  return pence < 0 ? `${formatPerPage(-pence)} more` : formatPerPage(pence);
}

function difference(today: number | null, copytech: number | null): number | null {
  return today === null || copytech === null ? null : Math.round((today - copytech) * 100) / 100;
}

export const Results = observer(function Results({ store, focusOnMount = false }: { store: SavingsCheckerStore; focusOnMount?: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const result = store.result;
  const { current, copytech, savings } = result;

  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);

  const moneyRows = [
    { label: 'Per month', today: current.perMonth, copytech: copytech.perMonth, saving: savings?.perMonth ?? null },
    { label: 'Per year', today: current.perYear, copytech: copytech.perYear, saving: savings?.perYear ?? null },
    { label: '60 months', today: current.per60Months, copytech: copytech.per60Months, saving: savings?.per60Months ?? null },
  ];
  const pageRows = [
    { label: 'Per mono page', today: current.perPage.mono, copytech: copytech.perPage.mono },
    { label: 'Per colour page', today: current.perPage.colour, copytech: copytech.perPage.colour },
  ].filter((row) => row.today !== null || row.copytech !== null);

  return (
    <section className={styles.results} aria-labelledby="checker-results-heading" data-status={result.status}>
      <h2 id="checker-results-heading" className={styles.heading} tabIndex={-1} ref={heading}>
        Your results
      </h2>

      <div className={styles.headline} data-status={result.status}>
        {result.status === 'saving' && savings ? (
          <p className={styles.big}>
            Save <strong>{formatWholePounds(savings.perYear)}</strong> a year
          </p>
        ) : null}
        <p className={styles.message}>{result.message}</p>
        {result.status === 'incomplete' ? (
          <button
            type="button"
            className={styles.secondary}
            onClick={() => store.goTo(store.answers.entryMode === 'bill' ? 'bill' : 'volumes')}
          >
            Change my answers
          </button>
        ) : null}
      </div>

      <div className={styles.tableWrap}>
        <table className={styles.figures}>
          <caption className={styles.caption}>Your costs today and with Copytech, excluding VAT</caption>
          <thead>
            <tr>
              <td />
              <th scope="col">Today</th>
              <th scope="col">With Copytech</th>
              <th scope="col">{savings && savings.perYear < 0 ? 'Difference' : 'Saving'}</th>
            </tr>
          </thead>
          <tbody>
            {moneyRows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td>{formatMoney(row.today)}</td>
                <td>{formatMoney(row.copytech)}</td>
                <td className={row.saving !== null && row.saving > 0 ? styles.positive : undefined}>{savingText(row.saving)}</td>
              </tr>
            ))}
            {pageRows.map((row) => {
              const saving = difference(row.today, row.copytech);
              return (
                <tr key={row.label} className={styles.pageRow}>
                  <th scope="row">{row.label}</th>
                  <td>{formatPerPage(row.today)}</td>
                  <td>{formatPerPage(row.copytech)}</td>
                  <td className={saving !== null && saving > 0 ? styles.positive : undefined}>{perPageSavingText(saving)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className={styles.muted}>
        Pages a month: {formatPages(result.pagesPerMonth.mono)} mono and {formatPages(result.pagesPerMonth.colour)} colour. Costs per page
        include every cost you told us about; Copytech’s own prices are {result.pricePerPage.mono}p per mono page and{' '}
        {result.pricePerPage.colour}p per colour page.
      </p>

      {result.status !== 'incomplete' ? <CostChart result={result} /> : null}

      <section aria-labelledby="checker-told-us" className={styles.block}>
        <h3 id="checker-told-us" className={styles.subheading}>
          What you told us
        </h3>
        <dl className={styles.summary}>
          {answerSummary(store.answers).map((row) => (
            <div key={row.label} className={styles.summaryRow}>
              <dt>{row.label}</dt>
              <dd>
                <span>{row.value}</span>
                <button type="button" className={styles.linkButton} onClick={() => store.goTo(row.step)}>
                  Change<span className="visually-hidden"> {row.label.toLowerCase()}</span>
                </button>
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="checker-assumptions" className={styles.block}>
        <h3 id="checker-assumptions" className={styles.subheading}>
          How we worked it out
        </h3>
        <ul className={styles.assumptions}>
          {result.assumptions.map((assumption) => (
            <li key={assumption}>{assumption}</li>
          ))}
        </ul>
      </section>

      <ReportActions store={store} />

      <p className={styles.restart}>
        <button type="button" className={styles.linkButton} onClick={() => store.reset()}>
          Start again with new figures
        </button>
      </p>
    </section>
  );
});
