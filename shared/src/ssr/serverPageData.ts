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

/**
 * The page data's entry that holds a form posted without JavaScript (docs/product-rules.md "Forms
 * without JavaScript"): the page the server renders in answer to the post reads
 * `POSTED_FORM_KEY + form + ' ' + path` (postedFormKey) and shows what came of it, the values kept
 * with the errors, or the reference. Every other page answers it { ok: false, status: 404 }
 * without reading anything. Keyed by path, so another page of the visit never finds it.
 */
export const POSTED_FORM_KEY = 'copytech:posted:';
export type PostedForm =
  | { status: 'sent'; reference: string | null }
  /** not stored: what the visitor typed, and each field's message (the same rules and words as the JSON API's) */
  | { status: 'invalid'; values: Record<string, string>; fieldErrors: Record<string, string> }
  /**
   * a step of the savings checker: every field posted (names and texts, bounded, nothing
   * interpreted: the checker reads them), whether the human check posted with it passed (null:
   * none was posted; else the server's message when it did not), and a fresh signed token for the
   * next human check without JavaScript
   */
  | { status: 'step'; values: Record<string, string>; human: { passed: boolean; message: string | null } | null; humanToken: string };

/**
 * The savings checker's human check without JavaScript: the fields its last step posts and the
 * server checks (a signed, time-stamped token the server gave with the page, the box the visitor
 * ticks, and a field only a robot fills in).
 */
export const HUMAN_CHECK_FIELDS = { token: 'humanToken', confirm: 'confirmHuman', trap: 'website' } as const;

/** The entry of `form` (`enquiry`, `service-request`, `newsletter`, `checker`) posted to the page at `path` (no query). */
export function postedFormKey(form: string, path: string): string {
  return `${POSTED_FORM_KEY}${form} ${path}`;
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
