/**
 * One group of the comparison as a card per product, for a box too narrow for its columns (a
 * phone): each card lists the group's rows for its product, with the same "Differs" and "Best"
 * marks as the table, so nothing needs sideways scrolling.
 */
import type { ComparisonGroup } from './comparison';
import { CellContent } from './ComparisonCell';
import styles from './ComparisonTable.module.css';

export function ComparisonCards({ group, caption }: { group: ComparisonGroup; caption: string }) {
  return (
    <ul className={styles.cards} aria-label={caption} data-columns={group.items.length}>
      {group.items.map((item, index) => (
        <li key={item.modelId} className={styles.card} data-model-id={item.modelId}>
          <p className={styles.cardTitle}>
            <span className={styles.brand}>{item.brand}</span>
            <span className={styles.model}>{item.model}</span>
          </p>
          <dl className={styles.cardRows}>
            {group.rows.map((row) => {
              const cell = row.cells[index]!;
              const classes = [styles.cardRow, row.differs ? styles.differs : '', cell.best ? styles.bestCell : '']
                .filter(Boolean)
                .join(' ');
              return (
                <div key={row.id} className={classes} data-row={row.id} data-differs={row.differs || undefined}>
                  <dt className={styles.cardLabel}>
                    {row.label}
                    {row.differs ? <span className={styles.differsTag}>Differs</span> : null}
                  </dt>
                  <dd data-best={cell.best || undefined}>
                    <CellContent cell={cell} bestMeans={row.bestMeans} />
                  </dd>
                </div>
              );
            })}
          </dl>
        </li>
      ))}
    </ul>
  );
}
