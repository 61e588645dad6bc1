/** The page's opening: the one h1, a short promise, up to two calls to action and an optional badge. */
import { ContentLink } from '../links/ContentLink';
import { HeroIllustration } from './HeroIllustration';
import type { BlockProps } from './types';
import styles from './Hero.module.css';

export function Hero({ block, primary }: BlockProps<'hero'>) {
  const Heading = primary ? 'h1' : 'h2';
  return (
    <section className={styles.hero} data-block="hero">
      <div className={styles.inner}>
        <div className={styles.copy}>
          {block.badge ? <p className={styles.badge}>{block.badge}</p> : null}
          <Heading className={styles.heading}>{block.heading}</Heading>
          <p className={styles.text}>{block.text}</p>
          {block.cta || block.secondaryCta ? (
            <div className={styles.actions}>
              {block.cta ? (
                <ContentLink href={block.cta.href} className={styles.primary}>
                  {block.cta.label}
                </ContentLink>
              ) : null}
              {block.secondaryCta ? (
                <ContentLink href={block.secondaryCta.href} className={styles.secondary}>
                  {block.secondaryCta.label}
                </ContentLink>
              ) : null}
            </div>
          ) : null}
        </div>
        <HeroIllustration className={styles.illustration} />
      </div>
    </section>
  );
}
