/** What customers say: quotations with who said them. */
import type { BlockProps } from './types';
import layout from './layout.module.css';
import styles from './Testimonials.module.css';

export function Testimonials({ block }: BlockProps<'testimonials'>) {
  return (
    <section className={layout.section} data-block="testimonials">
      <div className={layout.inner}>
        <h2 className={layout.heading}>{block.heading || 'What our customers say'}</h2>
        <ul className={styles.list} role="list">
          {block.items.map((item, index) => (
            <li key={`${item.name}-${index}`}>
              <figure className={styles.card}>
                <blockquote className={styles.quote}>
                  <p>{item.quote}</p>
                </blockquote>
                <figcaption className={styles.caption}>
                  <span className={styles.name}>{item.name}</span>
                  <span className={styles.role}>{[item.role, item.company].filter(Boolean).join(', ')}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
