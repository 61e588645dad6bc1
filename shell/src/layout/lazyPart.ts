/**
 * Parts of the page frame that nobody sees until they are opened or used (the drawers, the modal)
 * are not in the shell's first load: each is a chunk fetched with
 * import() when it is about to be needed (a pointer on its button, focus, or the store asking for
 * it) and shown as soon as it is there. Once loaded it renders synchronously, so opening it again
 * is instant. (The menus' panels stay in the first load: all of them weigh about 0.5 KB gzip.)
 *
 * A chunk that fails to load is not remembered as failed: the next preload (or a Retry) fetches
 * it again (webpack forgets a failed chunk too).
 */
import { useEffect, useReducer, useState } from 'react';

export interface LazyPart<M> {
  /** Starts loading once; resolves with the module. A failed load is tried again next time. */
  load(): Promise<M>;
  /** Starts loading if it has not, and never rejects: for event handlers that only mean "soon". */
  preload(): void;
  /** The module, once loaded. */
  loaded(): M | undefined;
}

export function lazyPart<M>(importer: () => Promise<M>): LazyPart<M> {
  let module: M | undefined;
  let pending: Promise<M> | null = null;
  const load = () =>
    (pending ??= importer().then(
      (value) => (module = value),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  return {
    load,
    preload: () => {
      load().catch(() => undefined); // whoever shows the part reports the failure and retries
    },
    loaded: () => module,
  };
}

export interface LazyPartState<M> {
  /** The module, once loaded; until then the part shows nothing, or its failure. */
  module: M | undefined;
  /** The load failed (and, while retrying, is being tried again). */
  failed: boolean;
  retrying: boolean;
  retry(): void;
}

/** The part's module, for a component that shows it: loads it on mount if it is not there yet. */
export function useLazyPart<M>(part: LazyPart<M>, label: string): LazyPartState<M> {
  const module = part.loaded();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [status, setStatus] = useState<'loading' | 'failed' | 'retrying'>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (module) return undefined;
    let live = true;
    part.load().then(
      () => {
        if (live) rerender();
      },
      (error: unknown) => {
        console.error(`[shell] ${label} could not be loaded:`, (error as Error | undefined)?.message);
        if (live) setStatus('failed');
      },
    );
    return () => {
      live = false;
    };
  }, [part, module, attempt, label]);

  return {
    module,
    failed: !module && status !== 'loading',
    retrying: !module && status === 'retrying',
    retry: () => {
      setStatus('retrying');
      setAttempt((n) => n + 1);
    },
  };
}
