/**
 * The page data's plain side (no React), which the server imports by '@copytech/shared/ssr':
 * the answer type, the id of the page's data block, and the server's per-request recorder.
 * See pageData.tsx for how components read it.
 */

/** An API read's outcome: its JSON, or the HTTP status it failed with (0: no answer). */
export type PageDataAnswer<T = unknown> = { ok: true; value: T } | { ok: false; status: number };

export interface PageData {
  /**
   * The answer for a URL: on the server a promise (React's `use` waits for it); in the browser the
   * answer the server rendered with, or undefined when it has none.
   */
  read(url: string): Promise<PageDataAnswer> | PageDataAnswer | undefined;
}

/** The id of the JSON data block the server writes the page's answers into. */
export const PAGE_DATA_ID = 'copytech-page-data';

/**
 * The page data's entry (not an API URL; the key is this prefix and the page's path) that says
 * what is wrong with the page the server answered: its status (404, 503), the reference the visitor
 * quotes on the phone (the request's X-Request-Id) and the path (with its query) it answered. A
 * page with nothing wrong answers it { ok: false, status: 404 }. Keyed by path, so a later page of
 * the visit (another path) never finds it.
 */
export const PAGE_PROBLEM_KEY = 'copytech:problem:';
export interface PageProblem {
  status: number;
  reference: string;
  path: string;
}

export interface ServerPageData extends PageData {
  /** Every answer the render read, by URL, for the page's data block. */
  answers(): Record<string, PageDataAnswer>;
}

/**
 * One render's data: each URL answered once through `fetchAnswer` (however many components read
 * it), and recorded. A request's data is never seen by another request.
 */
export function createServerPageData(fetchAnswer: (url: string) => Promise<PageDataAnswer>): ServerPageData {
  const pending = new Map<string, Promise<PageDataAnswer>>();
  const done = new Map<string, PageDataAnswer>();
  return {
    read(url) {
      let promise = pending.get(url);
      if (!promise) {
        promise = fetchAnswer(url).catch((): PageDataAnswer => ({ ok: false, status: 0 }));
        void promise.then((answer) => done.set(url, answer));
        pending.set(url, promise);
      }
      return promise;
    },
    answers: () => Object.fromEntries(done),
  };
}

/** JSON that is safe inside a <script type="application/json"> element (no '<', no line separators). */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
