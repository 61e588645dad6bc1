/**
 * One group of the comparison as a real table (th scope col/row): one column per product, the
 * specification column kept in view. Rows that differ are highlighted and tagged "Differs"; the
 * best value of a row is marked "Best" in words, not by colour alone. Used where the group's
 * columns fit (ComparisonCards otherwise), so it does not scroll sideways.
 */
import type { ComparisonGroup } from './comparison';
import { CellContent } from './ComparisonCell';
import styles from './ComparisonTable.module.css';

export function ComparisonTable({ group, caption, labelledBy }: { group: ComparisonGroup; caption: string; labelledBy: string }) {
  return (
    // A region so that, were it ever wider than its box, it could be scrolled by keyboard.
    <div className={styles.scroller} role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <table className={styles.table} data-columns={group.items.length}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.corner}>
              Specification
            </th>
            {group.items.map((item) => (
              <th scope="col" key={item.modelId} className={styles.product}>
                <span className={styles.brand}>{item.brand}</span>
                <span className={styles.model}>{item.model}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {group.rows.map((row) => (
            <tr key={row.id} className={row.differs ? styles.differs : undefined} data-row={row.id} data-differs={row.differs || undefined}>
              <th scope="row" className={styles.rowHead}>
                {row.label}
                {row.differs ? <span className={styles.differsTag}>Differs</span> : null}
              </th>
              {row.cells.map((cell, index) => (
                <td
                  key={group.items[index]!.modelId}
                  className={cell.best ? styles.bestCell : undefined}
                  data-best={cell.best || undefined}
                >
                  <CellContent cell={cell} bestMeans={row.bestMeans} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
