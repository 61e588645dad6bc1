/** A grid of short features: icon, title, a sentence, and a link when the item leads somewhere. */
import { ContentLink } from '../links/ContentLink';
import { BlockIcon, iconFor } from './icons';
import type { BlockProps } from './types';
import layout from './layout.module.css';
import styles from './FeatureGrid.module.css';

export function FeatureGrid({ block }: BlockProps<'featureGrid'>) {
  const ItemHeading = block.heading ? 'h3' : 'h2';
  return (
    <section className={layout.section} data-block="featureGrid">
      <div className={layout.inner}>
        {block.heading ? <h2 className={layout.heading}>{block.heading}</h2> : null}
        {block.intro ? <p className={layout.intro}>{block.intro}</p> : null}
        <ul className={styles.grid} role="list">
          {block.items.map((item, index) => (
            <li key={`${item.title}-${index}`} className={item.href ? `${styles.item} ${styles.linked}` : styles.item}>
              <span className={styles.icon}>
                <BlockIcon name={iconFor(item.icon, item.href)} />
              </span>
              <ItemHeading className={styles.title}>
                {item.href ? (
                  <ContentLink href={item.href} className={styles.link}>
                    {item.title}
                  </ContentLink>
                ) : (
                  item.title
                )}
              </ItemHeading>
              <p className={styles.text}>{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
