/** A node of parsed CMS markup, as renderRichText walks it (parseHtml.browser.ts, parseHtml.server.ts). */
export type RichNode =
  | { kind: 'text'; text: string }
  | { kind: 'other' }
  | { kind: 'element'; tag: string; html: boolean; attribute(name: string): string | null; children(): RichNode[] };
