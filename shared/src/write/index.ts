/**
 * '@copytech/shared/write': the write client every form sends through (postJson, formWriter) and
 * the words for a write that failed. Bundled by each app that writes, not a shared singleton: it
 * keeps no state between forms, and pages that never write do not download it.
 */
export * from './writeClient';
export * from './useSubmitOnce';
