/**
 * DOMPurify is the largest part of this remote, and only pages with rich text need it: it loads
 * on demand, in parallel with the page's content when the page is known to have prose (a service
 * page), and a page with rich text is shown only once it is here, so its prose never pops in late.
 */
type Sanitize = (html: string) => string;

let sanitize: Sanitize | null = null;
let loading: Promise<Sanitize> | null = null;

/** Load the sanitiser (once; a failed load is not retried until the page is reloaded). */
export function loadRichTextSupport(): Promise<Sanitize> {
  if (!loading) {
    loading = import(/* webpackChunkName: "rich-text" */ './sanitizeHtml').then((module) => {
      sanitize = module.sanitizeRichText;
      return sanitize;
    });
  }
  return loading;
}

export function loadedSanitizer(): Sanitize | null {
  return sanitize;
}

export function hasRichText(body: readonly unknown[]): boolean {
  return body.some((block) => (block as { type?: unknown } | null)?.type === 'richText');
}
