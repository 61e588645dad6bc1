/** A comparison cell: a skeleton while its product's details load, a dash when not known, else its value and "Best" in words. */
import type { ComparisonCell, ComparisonRow } from './comparison';
import styles from './ComparisonTable.module.css';

export function CellContent({ cell, bestMeans }: { cell: ComparisonCell; bestMeans: ComparisonRow['bestMeans'] }) {
  if (cell.state === 'loading') {
    return (
      <span className={styles.skeleton}>
        <span className="visually-hidden">Loading</span>
      </span>
    );
  }
  if (cell.state === 'unknown') {
    return (
      <span className={styles.unknown}>
        <span aria-hidden="true">–</span>
        <span className="visually-hidden">Not known</span>
      </span>
    );
  }
  if (cell.state === 'notRated') return <span className={styles.unknown}>{cell.text}</span>;
  return (
    <>
      {cell.text}
      {cell.best ? (
        <span className={styles.best}>
          Best<span className="visually-hidden">: {bestMeans}</span>
        </span>
      ) : null}
    </>
  );
}
