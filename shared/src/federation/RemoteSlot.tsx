/**
 * The boundary around every remote fragment (docs/architecture.md "Failure model"; the layer after
 * the runtime plugin): Suspense while it loads, an error boundary when it fails to load or throws
 * while rendering, and a Retry that forgets the failed load and really fetches again.
 */
import {
  Component,
  Suspense,
  createContext,
  lazy,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import type { ExposedModuleId, ExposedModules, RemoteName } from '../contracts';
import { loadExposedForSlot, remoteNameOf, reportRemoteFailure, reportRemoteOutcome, resetRemote } from './remoteRegistry';
import { useCssomStyle } from '../ssr/pageData';
import styles from './RemoteSlot.module.css';

const lazyCache = new Map<string, ComponentType<never>>();

/**
 * How a server render gets a remote's component: the server's federation host loads the remote's
 * server build (server/src/render). Absent in the browser, where the slot loads the remote itself.
 * A load that fails or runs over the render budget rejects; React then leaves the slot to the
 * browser (a client-rendered Suspense boundary), which loads the remote as on any other page.
 */
export interface ServerRemotes {
  component<Id extends ExposedModuleId>(id: Id): ComponentType<ExposedModules[Id]>;
}

const ServerRemotesContext = createContext<ServerRemotes | null>(null);

export function ServerRemotesProvider({ remotes, children }: { remotes: ServerRemotes | null; children: ReactNode }) {
  return <ServerRemotesContext.Provider value={remotes}>{children}</ServerRemotesContext.Provider>;
}

function lazyExposed<Id extends ExposedModuleId>(id: Id, attempt: number): ComponentType<ExposedModules[Id]> {
  const key = `${id}#${attempt}`;
  let component = lazyCache.get(key);
  if (!component) {
    component = lazy(() => loadExposedForSlot(id)) as unknown as ComponentType<never>;
    lazyCache.set(key, component);
  }
  return component as unknown as ComponentType<ExposedModules[Id]>;
}

interface BoundaryProps {
  /** the remote whose fragment this is: a failure is reported against its release */
  remote: RemoteName;
  attempt: number;
  fallback: (error: Error) => ReactNode;
  children: ReactNode;
}
interface BoundaryState {
  error: Error | null;
  attempt: number;
}

class RemoteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, attempt: this.props.attempt };

  static getDerivedStateFromError(error: Error): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    // A new attempt clears the error so the fragment is tried again.
    return props.attempt !== state.attempt ? { error: null, attempt: props.attempt } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[remote-slot]', error.message, info.componentStack?.split('\n')[1]?.trim() ?? '');
    reportRemoteFailure(this.props.remote);
  }

  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

export interface RemoteUnavailableProps {
  label: string;
  onRetry: () => void;
  retrying?: boolean;
  compact?: boolean;
}

export function RemoteUnavailable({ label, onRetry, retrying = false, compact = false }: RemoteUnavailableProps) {
  return (
    <div className={compact ? `${styles.failure} ${styles.compact}` : styles.failure} role="alert" data-testid="remote-unavailable">
      <p className={styles.message}>
        <strong>{label} could not be loaded.</strong> The rest of the site is still working; please try again.
      </p>
      <button type="button" className={styles.retry} onClick={onRetry} disabled={retrying}>
        {retrying ? 'Retrying…' : 'Retry'}
      </button>
    </div>
  );
}

export function RemoteLoading({ label, minHeight }: { label: string; minHeight?: number | string }) {
  const reserved = useCssomStyle<HTMLDivElement>({
    minHeight: minHeight === undefined ? undefined : typeof minHeight === 'number' ? `${minHeight}px` : minHeight,
  });
  return (
    <div className={styles.loading} ref={reserved} aria-busy="true" role="status">
      <span className="visually-hidden">Loading {label}…</span>
      <span className={styles.shimmer} aria-hidden="true" />
    </div>
  );
}

export interface RemoteSlotProps<Id extends ExposedModuleId> {
  id: Id;
  props: ExposedModules[Id];
  /** What the visitor calls this part of the page, e.g. "The product catalogue". */
  label: string;
  /** Space reserved while loading, so the page does not jump when the fragment arrives. */
  minHeight?: number | string;
  /** Smaller message for fragments inside a page (featured products, drawers). */
  compact?: boolean;
}

/** Renders nothing; says when the fragment beside it is live in the browser (mounted, or hydrated). */
function Live({ onLive }: { onLive: () => void }) {
  useEffect(onLive, [onLive]);
  return null;
}

export function RemoteSlot<Id extends ExposedModuleId>({ id, props, label, minHeight, compact }: RemoteSlotProps<Id>) {
  const [attempt, setAttempt] = useState(0);
  // data-live on the slot once its fragment is live in the browser: hydrated when the server
  // rendered it (its buttons work from then on), mounted otherwise. Tests wait for it.
  const [live, setLive] = useState(false);
  // As a transition: an urgent update reaching a part of the remote that is still waiting for its
  // code to hydrate (a lazy page inside it) would throw that part's server HTML away and show its
  // loading state (a layout shift); a transition waits until that part has hydrated.
  // Live is the remote's success on this page view for a canary's health (reportRemoteOutcome: once).
  const remote = remoteNameOf(id);
  const markLive = useCallback(() => {
    reportRemoteOutcome(remote, 'ok');
    startTransition(() => setLive(true));
  }, [remote]);
  const [retrying, setRetrying] = useState(false);

  const retry = useCallback(() => {
    setRetrying(true);
    resetRemote(remote)
      .catch(() => undefined) // the manifest itself may still be down: the next load says so
      .finally(() => {
        setRetrying(false);
        setAttempt((n) => n + 1);
      });
  }, [remote]);

  const server = useContext(ServerRemotesContext);
  const Exposed = server ? server.component(id) : lazyExposed(id, attempt);
  return (
    <div data-remote={remote} data-live={live ? '' : undefined} className={styles.slot}>
      <RemoteErrorBoundary
        remote={remote}
        attempt={attempt}
        fallback={() => <RemoteUnavailable label={label} onRetry={retry} retrying={retrying} compact={compact ?? false} />}
      >
        <Suspense fallback={<RemoteLoading label={label} minHeight={minHeight} />}>
          <Exposed {...props} />
          <Live onLive={markLive} />
        </Suspense>
      </RemoteErrorBoundary>
    </div>
  );
}
