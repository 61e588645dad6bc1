/**
 * '@copytech/shared/contactForm': the one contact-details form (model, fields, labels, messages)
 * of the basket's quote, the instant quote and the checker's report. Bundled by each app that shows
 * it, not a shared singleton: each app keeps its own forms' state.
 */
export * from './ContactFormModel';
export * from './ContactFields';
