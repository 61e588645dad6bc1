/**
 * The title of the page shown when a dependency is away (a 503; docs/product-rules.md "When
 * something is wrong"): the server's head and the shell's trouble page say it. Apart from
 * documentHead.ts, which the shared singleton takes whole into every page's first load.
 */
export const TROUBLE_TITLE = 'We are having trouble showing this page';
