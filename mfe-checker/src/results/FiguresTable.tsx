/**
 * The figures side by side: today, with Copytech and the difference, per month, per year, over 60
 * months and per page. A negative saving (Copytech would cost more) is said in words.
 */
import type { SavingsResult } from '@copytech/shared/domain';
import { formatMoney, formatPerPage } from '../checker/format';
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

export function FiguresTable({ result }: { result: SavingsResult }) {
  const { current, copytech, savings } = result;
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
  );
}
