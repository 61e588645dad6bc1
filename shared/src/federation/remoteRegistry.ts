/**
 * Registers the remotes listed in /remotes.json with the federation runtime that the host app's
 * build created, and loads exposed modules from them. Used by the shell and by the standalone
 * host pages of the remotes; a remote that shows another remote's fragment goes through here too.
 */
import { getInstance } from '@module-federation/enhanced/runtime';
import type {
  CanaryPageView,
  CanaryReportBeacon,
  ExposedComponentModule,
  ExposedModuleId,
  ExposedModules,
  RemoteName,
  RemotesManifest,
} from '../contracts';
import { CANARY_PAGE_VIEW_ID, REMOTE_NAMES } from '../contracts';
import { isRemoteFailure, resiliencePlugin } from './resiliencePlugin';

export class RemoteUnavailableError extends Error {
  constructor(
    readonly moduleId: string,
    reason: string,
  ) {
    super(`${moduleId} is unavailable: ${reason}`);
    this.name = 'RemoteUnavailableError';
  }
}

let manifestPromise: Promise<RemotesManifest> | null = null;

type FederationHost = NonNullable<ReturnType<typeof getInstance>>;
let host: FederationHost | null = null;

/**
 * The federation instance of the page's own build (the shell, or a remote's standalone page),
 * taken on first use. Every app's build uses the one @module-federation/runtime of the page's
 * runtime file (shared/build/federationRuntime.cjs), whose current instance becomes each remote
 * container's own as it starts: the first use here comes before any remote is loaded, and later
 * calls must not follow the runtime to a remote's instance.
 */
function federationHost(): FederationHost {
  host ??= getInstance() ?? null;
  if (!host) throw new Error('no federation runtime in this build');
  return host;
}
const DEFAULT_TIMEOUT_MS = 8000;

function validManifest(value: unknown): value is RemotesManifest {
  if (typeof value !== 'object' || value === null) return false;
  const remotes = (value as { remotes?: unknown }).remotes;
  return (
    typeof remotes === 'object' &&
    remotes !== null &&
    REMOTE_NAMES.every((n) => typeof (remotes as Record<string, unknown>)[n] === 'string')
  );
}

async function fetchManifest(url: string): Promise<RemotesManifest> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), DEFAULT_TIMEOUT_MS);
  try {
    const response = await fetch(url, { cache: 'no-cache', signal: controller.signal, headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body: unknown = await response.json();
    if (!validManifest(body)) throw new Error('malformed remotes manifest');
    return body;
  } finally {
    clearTimeout(timer);
  }
}

/** The id of the JSON data block in which the server's index page carries /remotes.json's data. */
export const INLINE_REMOTES_ID = 'copytech-remotes';
let inlineConsumed = false;

/**
 * The remotes configuration the server wrote into the page, read once: it saves the page a round
 * trip before any remote can load. Absent (a standalone page, the dev server) or malformed, the
 * configuration is fetched instead, and so is every later attempt after a failure (a Retry).
 */
function inlineManifest(): RemotesManifest | null {
  if (inlineConsumed || typeof document === 'undefined') return null;
  inlineConsumed = true;
  const text = document.getElementById(INLINE_REMOTES_ID)?.textContent;
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return validManifest(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Register every remote listed in the page's inline configuration or, failing that, in
 * /remotes.json. Safe to call many times; a failure is not cached, so the next call (a Retry)
 * fetches again.
 */
export function startFederation(manifestUrl = '/remotes.json'): Promise<RemotesManifest> {
  if (!manifestPromise) {
    const inline = inlineManifest();
    manifestPromise = (inline ? Promise.resolve(inline) : fetchManifest(manifestUrl)).then((manifest) => {
      const instance = federationHost();
      instance.registerPlugins([resiliencePlugin({ timeoutMs: manifest.timeoutMs || DEFAULT_TIMEOUT_MS })]);
      // A remote's standalone page is itself a federation host: it never registers itself.
      const others = REMOTE_NAMES.filter((name) => name !== instance.name);
      instance.registerRemotes(others.map((name) => ({ name, entry: new URL(manifest.remotes[name], window.location.href).href })));
      return manifest;
    });
    manifestPromise.catch(() => {
      manifestPromise = null;
    });
  }
  return manifestPromise;
}

const retries = new Map<RemoteName, number>();

/**
 * Forget a remote's cached (failed) manifest and entry so the next load really fetches again.
 * The retry goes to a fresh URL (a `retry` query the servers ignore): the runtime keeps a failed
 * entry script's promise by URL, and the browser keeps the index page's preload of the entry
 * (failed, or never answered) and would answer the same URL from it.
 */
export async function resetRemote(name: RemoteName): Promise<void> {
  const manifest = await startFederation();
  const attempt = (retries.get(name) ?? 0) + 1;
  retries.set(name, attempt);
  const entry = new URL(manifest.remotes[name], window.location.href);
  entry.searchParams.set('retry', String(attempt));
  federationHost().registerRemotes([{ name, entry: entry.href }], { force: true });
}

/** Where a browser reports how a canary remote did on its page (server/src/features/releases/beaconRoutes.ts). */
export const RELEASE_BEACON_URL = '/api/releases/beacon';
/** The page's canary page view, read once: undefined before it is read, null when the page has none. */
let canaryView: CanaryPageView | null | undefined;
/** The canary remotes this page view has reported. */
const reported = new Set<RemoteName>();

function isCanaryView(value: unknown): value is CanaryPageView {
  if (typeof value !== 'object' || value === null) return false;
  const { token, remotes } = value as { token?: unknown; remotes?: unknown };
  return (
    typeof token === 'string' &&
    Array.isArray(remotes) &&
    remotes.every((remote) => typeof remote === 'string' && (REMOTE_NAMES as readonly string[]).includes(remote))
  );
}

/** The page view's token and canary remotes, from the page's data block (CANARY_PAGE_VIEW_ID), read once. */
function pageCanaries(): CanaryPageView | null {
  if (canaryView !== undefined) return canaryView;
  canaryView = null;
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(CANARY_PAGE_VIEW_ID)?.textContent;
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (isCanaryView(value)) canaryView = value;
  } catch {
    // not a canary page view: nothing to report
  }
  return canaryView;
}

/**
 * Reports how a canary remote did on this page view, once per remote: `ok` when its first module
 * loaded and was usable (in a RemoteSlot: its fragment rendered and is live, so a component that
 * throws while rendering is a failure), `failed` when it failed first (a later failure in the same
 * page view is not a second report). Only the remotes the page's canary token names are reported, with that
 * token, the remote's name and the outcome: never anything of the visitor. The server counts a
 * view of the canary release for each report, and a failure when it failed (in the browser, or in
 * the server render the token names). A page without a canary release (its token absent, as on a
 * remote's standalone page) and a browser without sendBeacon send nothing.
 */
export function reportRemoteOutcome(name: RemoteName, outcome: CanaryReportBeacon['outcome']): void {
  const view = pageCanaries();
  if (!view || !view.remotes.includes(name) || reported.has(name)) return;
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return;
  reported.add(name);
  const report: CanaryReportBeacon = { token: view.token, remote: name, outcome };
  try {
    navigator.sendBeacon(RELEASE_BEACON_URL, JSON.stringify(report));
  } catch {
    // A report is best effort: the page goes on.
  }
}

/** Reports that a remote failed to load or to render on this page view (reportRemoteOutcome: once, and only for a canary). */
export function reportRemoteFailure(name: RemoteName): void {
  reportRemoteOutcome(name, 'failed');
}

/** Why a loaded module cannot be used, or null when it can. */
function unusable(module: unknown): string | null {
  if (!module) return 'empty module';
  if (isRemoteFailure(module)) return module.reason;
  const { default: component } = module as { default?: unknown };
  return typeof component !== 'function' && typeof component !== 'object' ? 'the module has no default component' : null;
}

/**
 * An exposed module, for a caller that renders it itself (the site search's typeahead): a failure
 * is reported, and so is the first usable module (`ok`) of a canary remote.
 */
export function loadExposedComponent<Id extends ExposedModuleId>(id: Id): Promise<ExposedComponentModule<ExposedModules[Id]>> {
  return loadExposed(id, true);
}

/**
 * An exposed module for a RemoteSlot, or loaded early for one (a drawer's): a failure is reported,
 * and the slot reports `ok` once its fragment is live (reportRemoteOutcome).
 */
export function loadExposedForSlot<Id extends ExposedModuleId>(id: Id): Promise<ExposedComponentModule<ExposedModules[Id]>> {
  return loadExposed(id, false);
}

async function loadExposed<Id extends ExposedModuleId>(id: Id, reportOk: boolean): Promise<ExposedComponentModule<ExposedModules[Id]>> {
  const remote = remoteNameOf(id);
  try {
    await startFederation();
  } catch (error) {
    reportRemoteFailure(remote);
    throw new RemoteUnavailableError(id, `the remotes manifest could not be loaded (${(error as Error).message})`);
  }
  const module = await federationHost().loadRemote<ExposedComponentModule<ExposedModules[Id]>>(id);
  const failure = unusable(module);
  if (failure !== null) {
    reportRemoteFailure(remote);
    throw new RemoteUnavailableError(id, failure);
  }
  if (reportOk) reportRemoteOutcome(remote, 'ok');
  return module as ExposedComponentModule<ExposedModules[Id]>;
}

export function remoteNameOf(id: ExposedModuleId): RemoteName {
  return id.split('/')[0] as RemoteName;
}

/** For tests: forget the manifest so the next start reads the page and fetches again. */
export function resetFederationForTests(): void {
  manifestPromise = null;
  canaryView = undefined;
  reported.clear();
  inlineConsumed = false;
  host = null;
}
