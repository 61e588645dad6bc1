/**
 * The legal pages' tables, rendered from the one source the code itself uses, so the policy cannot
 * say other than what the site does (docs/product-rules.md "Tracking, cookies and consent",
 * "Retention of personal data"):
 * - retentionTable: each kind of record and how long it is kept (RETENTION, which the server's
 *   retention job applies);
 * - storageTable: every key and cookie kept in the visitor's browser (BROWSER_STORAGE).
 * Each entry is a small description list: it reads the same at 375 px as at 1280 px, with no
 * sideways scrolling, and a screen reader hears each value with its name.
 */
import type { ReactNode } from 'react';
import { BROWSER_STORAGE, RETENTION, RETENTION_SCHEDULE, describePeriod, type StoragePurpose } from '@copytech/shared/domain';
import type { BlockProps } from './types';
import layout from './layout.module.css';
import styles from './PolicyTables.module.css';

function Frame({ block, kind, children }: { block: { heading?: string; intro?: string }; kind: string; children: ReactNode }) {
  return (
    <section className={layout.section} data-block={kind}>
      <div className={layout.narrow}>
        {block.heading ? <h2 className={layout.heading}>{block.heading}</h2> : null}
        {block.intro ? <p className={layout.intro}>{block.intro}</p> : null}
        {children}
      </div>
    </section>
  );
}

export function RetentionTable({ block }: BlockProps<'retentionTable'>) {
  return (
    <Frame block={block} kind="retentionTable">
      <ul className={styles.entries}>
        {RETENTION_SCHEDULE.map((entry) => (
          <li key={entry.record} className={styles.entry}>
            <p className={styles.name}>{entry.what}</p>
            <dl className={styles.facts}>
              <dt>Kept for</dt>
              <dd>
                {describePeriod(RETENTION[entry.record])} from {entry.from}, then deleted
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    </Frame>
  );
}

const PURPOSE_LABELS: Record<StoragePurpose, string> = {
  essential: 'Essential (always on)',
  analytics: 'Analytics (only with your consent)',
  marketing: 'Marketing (only with your consent)',
};

export function StorageTable({ block }: BlockProps<'storageTable'>) {
  return (
    <Frame block={block} kind="storageTable">
      <ul className={styles.entries}>
        {BROWSER_STORAGE.map((entry) => (
          <li key={entry.name} className={styles.entry}>
            <p className={styles.name}>
              <code>{entry.name}</code>
            </p>
            <dl className={styles.facts}>
              <dt>Kind</dt>
              <dd>{sentenceCase(entry.kind)}</dd>
              <dt>Purpose</dt>
              <dd>{PURPOSE_LABELS[entry.purpose]}</dd>
              <dt>Set by</dt>
              <dd>{entry.setBy}</dd>
              <dt>What it holds</dt>
              <dd>{entry.what}</dd>
              <dt>How long</dt>
              <dd>{entry.lifetime}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </Frame>
  );
}

/** A value as a label shows it, in sentence case: `Local storage`. */
function sentenceCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
