/**
 * '@copytech/shared/pageResource': data that one part of a page shows (featured printers, recent
 * posts), read one way on both sides (docs/architecture.md "How a page loads"). The server answers
 * it while it renders the page, so the HTML holds it and hydration starts from the same answer
 * without fetching again; without that answer (a page rendered in the browser, a Retry) it is
 * fetched. While it loads the state is 'loading'; an answer that fails or cannot be read is
 * 'failed', and `retry` fetches again. Bundled by each app that uses it.
 */
import { useEffect, useReducer, useRef, useState } from 'react';
import { usePageData } from '@copytech/shared';

export type PageResource<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed' };

/**
 * The resource at `url` as `read` makes it out of the JSON answer (null: not a usable answer).
 * `label` names it in the console when it cannot be loaded.
 */
export function usePageResource<T>(url: string, read: (answer: unknown) => T | null, label: string): [PageResource<T>, () => void] {
  const first = usePageData<unknown>(url);
  const [state, setState] = useState<PageResource<T>>(() => {
    const value = first?.ok ? read(first.value) : null;
    return value === null ? { status: 'loading' } : { status: 'ready', value };
  });
  const [attempt, retry] = useReducer((n: number) => n + 1, 0);
  const answered = useRef(state.status === 'ready');
  const latest = useRef({ read, label });
  latest.current = { read, label };

  useEffect(() => {
    if (answered.current) {
      answered.current = false;
      return undefined;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetch(url, { headers: { Accept: 'application/json' }, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const value = latest.current.read(await response.json());
        if (value === null) throw new Error('an answer that could not be read');
        setState({ status: 'ready', value });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`${latest.current.label} could not be loaded:`, (error as Error).message);
        setState({ status: 'failed' });
      });
    return () => controller.abort();
  }, [url, attempt]);

  return [state, retry];
}
