/** The page's shape while its content loads: a hero band and a few lines, in the space they will take. */
import styles from './PageSkeleton.module.css';

export function PageSkeleton() {
  return (
    <div className={styles.skeleton} role="status" aria-busy="true" data-testid="content-loading">
      <span className="visually-hidden">Loading the page…</span>
      <div className={styles.hero} aria-hidden="true">
        <div className={styles.heroInner}>
          <span className={`${styles.line} ${styles.badge}`} />
          <span className={`${styles.line} ${styles.title}`} />
          <span className={`${styles.line} ${styles.titleShort}`} />
          <span className={`${styles.line} ${styles.text}`} />
          <span className={`${styles.line} ${styles.text}`} />
          <span className={`${styles.line} ${styles.button}`} />
        </div>
      </div>
      <div className={styles.body} aria-hidden="true">
        <span className={`${styles.line} ${styles.heading}`} />
        <div className={styles.cards}>
          <span className={styles.card} />
          <span className={styles.card} />
          <span className={styles.card} />
        </div>
      </div>
    </div>
  );
}
