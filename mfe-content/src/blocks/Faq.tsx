/** Questions and answers as native disclosures: keyboard and screen-reader friendly with no script. */
import type { BlockProps } from './types';
import layout from './layout.module.css';
import styles from './Faq.module.css';

export function Faq({ block }: BlockProps<'faq'>) {
  return (
    <section className={`${layout.section} ${layout.tinted}`} data-block="faq">
      <div className={layout.narrow}>
        <h2 className={layout.heading}>{block.heading || 'Frequently asked questions'}</h2>
        <div className={styles.list}>
          {block.items.map((item, index) => (
            <details key={`${item.question}-${index}`} className={styles.item}>
              <summary className={styles.question}>{item.question}</summary>
              <p className={styles.answer}>{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
