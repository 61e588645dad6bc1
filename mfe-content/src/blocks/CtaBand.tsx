/** A call-to-action band between sections: one heading, a line, one button. */
import { ContentLink } from '../links/ContentLink';
import type { BlockProps } from './types';
import styles from './CtaBand.module.css';

export function CtaBand({ block }: BlockProps<'ctaBand'>) {
  return (
    <section className={styles.band} data-block="ctaBand">
      <div className={styles.inner}>
        <div>
          <h2 className={styles.heading}>{block.heading}</h2>
          {block.text ? <p className={styles.text}>{block.text}</p> : null}
        </div>
        <ContentLink href={block.cta.href} className={styles.button}>
          {block.cta.label}
        </ContentLink>
      </div>
    </section>
  );
}
