/**
 * A form placed by the CMS: the enquiry (contact us), the service request (customer support) or a
 * newsletter sign-up. Each form's code (and its validation rules) loads only on a page that has
 * it, while the space it will take is held so the page does not jump.
 */
import { lazy, Suspense, useId } from 'react';
import type { BlockProps } from './types';
import layout from './layout.module.css';
import styles from './FormBlock.module.css';

const FORMS = {
  enquiry: lazy(() => import(/* webpackChunkName: "enquiry-form" */ '../forms/EnquiryForm')),
  'service-request': lazy(() => import(/* webpackChunkName: "service-request-form" */ '../forms/ServiceRequestForm')),
  newsletter: lazy(() => import(/* webpackChunkName: "newsletter-signup" */ '../forms/NewsletterSignup')),
} as const;

const DEFAULT_HEADINGS: Record<keyof typeof FORMS, string> = {
  enquiry: 'Send us a message',
  'service-request': 'Log a service request',
  newsletter: 'Get print-saving tips by e-mail',
};

export function FormBlock({ block }: BlockProps<'form'>) {
  const headingId = useId();
  const Form = FORMS[block.form];
  if (!Form) throw new Error(`unknown form '${String(block.form)}'`);
  return (
    <section className={layout.section} data-block="form" data-form-kind={block.form} aria-labelledby={headingId}>
      <div className={block.form === 'newsletter' ? layout.narrow : styles.inner}>
        <h2 className={layout.heading} id={headingId}>
          {block.heading || DEFAULT_HEADINGS[block.form]}
        </h2>
        {block.intro ? <p className={layout.intro}>{block.intro}</p> : null}
        <Suspense
          fallback={
            <div
              className={`${styles.placeholder} ${styles[block.form === 'newsletter' ? 'short' : 'tall']}`}
              role="status"
              aria-label="Loading the form"
            />
          }
        >
          <Form labelledBy={headingId} />
        </Suspense>
      </div>
    </section>
  );
}
