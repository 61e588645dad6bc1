/**
 * A blog read (a page of posts, or a post), one way on both sides: the server's answer when it
 * rendered the page (so the HTML holds it and hydration fetches nothing), else fetched. A 404 is
 * 'missing' (the page is Not Found, as the server answered it); any other failure is 'failed',
 * with a Retry.
 */
import { useEffect, useReducer, useRef, useState } from 'react';
import { usePageData } from '@copytech/shared';

export type BlogRead<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'missing' } | { status: 'failed' };

export function useBlogRead<T>(url: string, read: (answer: unknown) => T | null): [BlogRead<T>, () => void] {
  const first = usePageData<unknown>(url);
  const fromServer = (): BlogRead<T> | null => {
    if (!first) return null;
    if (!first.ok) return first.status === 404 ? { status: 'missing' } : null;
    const value = read(first.value);
    return value === null ? null : { status: 'ready', value };
  };
  const [state, setState] = useState<{ url: string; value: BlogRead<T> }>(() => ({ url, value: fromServer() ?? { status: 'loading' } }));
  const [attempt, retry] = useReducer((n: number) => n + 1, 0);
  const answered = useRef(state.value.status === 'ready' || state.value.status === 'missing');
  const readRef = useRef(read);
  readRef.current = read;

  useEffect(() => {
    if (answered.current) {
      answered.current = false;
      return undefined;
    }
    const controller = new AbortController();
    setState({ url, value: { status: 'loading' } });
    fetch(url, { headers: { Accept: 'application/json' }, signal: controller.signal })
      .then(async (response) => {
        if (response.status === 404) return setState({ url, value: { status: 'missing' } });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const value = readRef.current(await response.json());
        if (value === null) throw new Error('an answer that could not be read');
        setState({ url, value: { status: 'ready', value } });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`[content] ${url} could not be loaded:`, (error as Error).message);
        setState({ url, value: { status: 'failed' } });
      });
    return () => controller.abort();
  }, [url, attempt]);

  return [state.url === url ? state.value : { status: 'loading' }, retry];
}
