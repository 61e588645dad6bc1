/**
 * The results view (figures, chart, summary, report and quote form) in its own chunk: only a
 * visitor who reaches the end needs it, so it is not in the page's first load. The wizard starts
 * loading it on its last step, so "See my results" usually finds it there; otherwise a placeholder
 * holds the place, and a failed load says so with a Try again that really loads again.
 */
import { observer } from 'mobx-react-lite';
import { use, useEffect, useState } from 'react';
import type { SavingsCheckerStore } from '../checker/SavingsCheckerStore';
import styles from '../CheckerPage.module.css';

type ResultsModule = typeof import('./Results');

let loaded: ResultsModule | null = null;
let loading: Promise<ResultsModule> | null = null;

export function loadResults(): Promise<ResultsModule> {
  loading ??= import(/* webpackChunkName: "checker-results" */ './Results').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = null; // let Try again really try again
      throw error;
    },
  );
  return loading;
}

/** Starts the load without waiting (the wizard's last step); a failure is left to the results view. */
export function preloadResults(): void {
  loadResults().catch(() => undefined);
}

export const RESULTS_LOADING = 'Loading your results…';

export const LazyResults = observer(function LazyResults({
  store,
  focusOnMount = false,
  inRender = false,
}: {
  store: SavingsCheckerStore;
  focusOnMount?: boolean;
  /** A page rendered with the results (a step posted without JavaScript): the render waits for their code. */
  inRender?: boolean;
}) {
  // (use() suspends the render until the code is in; on the server the page waits for it.)
  const ready = inRender && !loaded ? use(loadResults()) : loaded;
  const [module, setModule] = useState<ResultsModule | null>(ready);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (module) return;
    let live = true;
    setFailed(false);
    loadResults().then(
      (results) => live && setModule(results),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [module, attempt]);

  if (module) return <module.Results store={store} focusOnMount={focusOnMount || attempt > 0} />;
  return (
    <section
      className={styles.resultsPending}
      aria-label="Your results"
      aria-busy={!failed}
      data-results-status={failed ? 'failed' : 'loading'}
    >
      {failed ? (
        <p role="alert" className={styles.pendingNote}>
          Your results could not load. Please check your connection and{' '}
          <button type="button" className={styles.linkButton} onClick={() => setAttempt((n) => n + 1)}>
            try again
          </button>
          .
        </p>
      ) : (
        <p role="status" className="visually-hidden">
          {RESULTS_LOADING}
        </p>
      )}
    </section>
  );
});
