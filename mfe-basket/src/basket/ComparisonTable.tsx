/**
 * The side-by-side comparison: a real table (th scope col/row), scrollable sideways on phones with
 * the specification column kept in view. Rows that differ are highlighted and tagged "Differs";
 * the best value of a row is marked "Best" in words, not by colour alone.
 */
import { useId } from 'react';
import { observer } from 'mobx-react-lite';
import type { BasketItem } from '@copytech/shared';
import { rentalTermsSummary } from '@copytech/shared/domain';
import { useTerms } from '@copytech/shared/terms';
import { productDetailsOf, reloadFailedProductDetails } from '../products/productDetails';
import { buildComparison, type ComparisonCell, type ComparisonRow } from './comparison';
import styles from './ComparisonTable.module.css';

export const ComparisonTable = observer(function ComparisonTable({ items }: { items: readonly BasketItem[] }) {
  const headingId = useId();
  const terms = useTerms();
  const rows = buildComparison(items, productDetailsOf, terms?.lease ?? null);
  const failed = items.filter((item) => productDetailsOf(item.modelId)?.status === 'failed');
  const several = items.length >= 2;

  return (
    // A plain block, not a second region: the scroller below is the region this heading names.
    <div className={styles.comparison}>
      <h3 id={headingId} className={styles.heading}>
        {several ? 'Compare side by side' : 'Specifications'}
      </h3>
      {several ? (
        <p className={styles.legend}>
          <span className={styles.legendDiffers}>Highlighted rows</span> differ between printers; <span className={styles.best}>Best</span>{' '}
          marks the fastest speed and the lowest price.
        </p>
      ) : (
        <p className={styles.legend}>Add another printer to compare them side by side.</p>
      )}
      {/* A scrollable region must be reachable by keyboard to be scrolled. */}
      <div className={styles.scroller} role="region" aria-labelledby={headingId} tabIndex={0}>
        <table className={styles.table} data-columns={items.length}>
          <caption className="visually-hidden">
            Specifications of the {items.length === 1 ? 'printer' : `${items.length} printers`} in your basket
            {several ? '; rows that differ are marked' : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col" className={styles.corner}>
                Specification
              </th>
              {items.map((item) => (
                <th scope="col" key={item.modelId} className={styles.product}>
                  <span className={styles.brand}>{item.brand}</span>
                  <span className={styles.model}>{item.model}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.id}
                className={row.differs ? styles.differs : undefined}
                data-row={row.id}
                data-differs={row.differs || undefined}
              >
                <th scope="row" className={styles.rowHead}>
                  {row.label}
                  {row.differs ? <span className={styles.differsTag}>Differs</span> : null}
                </th>
                {row.cells.map((cell, index) => (
                  <td key={items[index]!.modelId} className={cell.best ? styles.bestCell : undefined} data-best={cell.best || undefined}>
                    <CellContent cell={cell} bestMeans={row.bestMeans} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {terms ? <p className={styles.terms}>{rentalTermsSummary(terms)}</p> : null}
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

/** A cell: a skeleton while its product's details load, a dash when not known, else its value and "Best" in words. */
function CellContent({ cell, bestMeans }: { cell: ComparisonCell; bestMeans: ComparisonRow['bestMeans'] }) {
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
