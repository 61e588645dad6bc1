/**
 * The site's default head: title 'Trusted Photocopier and Printer Supplier', title template
 * '%s - Copytech', default description. The browser (documentMeta.ts) and the server (each page's
 * first answer) build titles with these. No imports, so the shared singleton can take it whole.
 */
export const DEFAULT_TITLE = 'Trusted Photocopier and Printer Supplier';
export const TITLE_TEMPLATE = '%s - Copytech';
export const DEFAULT_DESCRIPTION = 'Simple, reliable and affordable print solutions for business.';
/** The Not Found page's title; it is never indexed. */
export const NOT_FOUND_TITLE = 'Page not found';

export function applyTitleTemplate(title?: string | null): string {
  return TITLE_TEMPLATE.replace('%s', title && title.trim() ? title.trim() : DEFAULT_TITLE);
}

/** JSON for a <script type="application/ld+json">: '<' escaped so no text can close the element. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
