/**
 * The data a server-rendered page was rendered with, one way on both sides (docs/architecture.md
 * "How a page loads"):
 *
 * - On the server, a component asks for the API read its first render needs, by the same URL it
 *   fetches in the browser (usePageData). The server answers it in process and the render waits
 *   for it (React's `use`), so the HTML holds the data. Every read is recorded per request.
 * - The recorded answers go into the page as a JSON data block (never executed); the browser
 *   reads it once and hydrates with the same answers, so nothing is fetched again and the first
 *   client render equals the server's.
 * - In the browser without a server-rendered page (a remote's standalone page, the dev servers,
 *   a later navigation to a URL the server did not read) there is no answer, and the component
 *   fetches as it always has.
 *
 * Nothing here is module state: each server render has its own PageData in its own context.
 */
import { createContext, use, useContext, useLayoutEffect, useRef, useSyncExternalStore, type ReactNode, type RefObject } from 'react';

import {
  PAGE_DATA_ID,
  PAGE_PROBLEM_KEY,
  postedFormKey,
  type PageData,
  type PageDataAnswer,
  type PageProblem,
  type PostedForm,
} from './serverPageData';

export { HUMAN_CHECK_FIELDS, PAGE_DATA_ID, type PageData, type PageDataAnswer, type PageProblem, type PostedForm } from './serverPageData';

const PageDataContext = createContext<PageData | null>(null);

export function PageDataProvider({ data, children }: { data: PageData | null; children: ReactNode }) {
  return <PageDataContext.Provider value={data}>{children}</PageDataContext.Provider>;
}

/** Whether this render has the server's data (on the server, or hydrating a server-rendered page). */
export function useServerRendered(): boolean {
  return useContext(PageDataContext) !== null;
}

/**
 * The answer for an API read of the first render, or undefined when there is none (then the
 * component fetches as before). On the server this suspends until the answer is in.
 */
export function usePageData<T>(url: string | null): PageDataAnswer<T> | undefined {
  const data = useContext(PageDataContext);
  if (!data || url === null) return undefined;
  const answer = data.read(url);
  if (answer === undefined) return undefined;
  return (answer instanceof Promise ? use(answer) : answer) as PageDataAnswer<T>;
}

/** What the server said is wrong with the page at `pathname` (PAGE_PROBLEM_KEY), while the visitor is on it; else null. */
export function usePageProblem(pathname: string): PageProblem | null {
  const answer = usePageData<PageProblem>(PAGE_PROBLEM_KEY + pathname);
  return answer?.ok ? answer.value : null;
}

/**
 * What came of `form` posted without JavaScript to the page at `path`, on the page the server
 * answered the post with (and while the visitor is on it); else null.
 */
export function usePostedForm(form: string, path: string | null): PostedForm | null {
  const answer = usePageData<PostedForm>(path === null ? null : postedFormKey(form, path));
  return answer?.ok ? answer.value : null;
}

/** The browser's side: the answers the server wrote into the page, read once; null when there are none. */
export function readPageDataFromDocument(): PageData | null {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return null;
  let answers: Record<string, PageDataAnswer>;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    answers = value as Record<string, PageDataAnswer>;
  } catch {
    return null;
  }
  return { read: (url) => (Object.hasOwn(answers, url) ? answers[url] : undefined) };
}

const noSubscription = () => () => undefined;

/**
 * False while the server renders and while the browser hydrates a server-rendered page, true after
 * (and at once in a page rendered in the browser alone). What depends on the visitor's own state
 * (the basket, the cookie choice, saved progress) renders its server form until this is true, so
 * hydration matches the server's HTML and the visitor's state appears right after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * Sets inline styles through the CSSOM (which the site's CSP allows) rather than a style=""
 * attribute (which it does not): a style attribute in server-rendered HTML would be refused.
 * Returns the ref to put on the element.
 */
export function useCssomStyle<E extends HTMLElement>(style: Partial<Record<'width' | 'minHeight', string>>): RefObject<E | null> {
  const ref = useRef<E>(null);
  const { width, minHeight } = style;
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.style.width = width ?? '';
    element.style.minHeight = minHeight ?? '';
  }, [width, minHeight]);
  return ref;
}
