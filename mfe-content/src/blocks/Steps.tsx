/** How it works: an ordered list of numbered steps. */
import type { BlockProps } from './types';
import layout from './layout.module.css';
import styles from './Steps.module.css';

export function Steps({ block }: BlockProps<'steps'>) {
  const StepHeading = block.heading ? 'h3' : 'h2';
  return (
    <section className={`${layout.section} ${layout.tinted}`} data-block="steps">
      <div className={layout.inner}>
        {block.heading ? <h2 className={layout.heading}>{block.heading}</h2> : null}
        <ol className={styles.steps}>
          {block.steps.map((step, index) => (
            <li key={`${step.title}-${index}`} className={styles.step}>
              <StepHeading className={styles.title}>{step.title}</StepHeading>
              <p className={styles.text}>{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
