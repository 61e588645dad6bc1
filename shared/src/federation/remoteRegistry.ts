/**
 * Registers the remotes listed in /remotes.json with the federation runtime that the host app's
 * build created, and loads exposed modules from them. Used by the shell and by the standalone
 * host pages of the remotes; a remote that shows another remote's fragment goes through here too.
 */
import { getInstance } from '@module-federation/enhanced/runtime';
import type { ExposedComponentModule, ExposedModuleId, ExposedModules, RemoteName, RemotesManifest } from '../contracts';
import { REMOTE_NAMES } from '../contracts';
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
/** The releases the page's remotes configuration named (absent on a standalone page). */
let pageReleases: RemotesManifest['releases'] = undefined;

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
      pageReleases = manifest.releases;
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

/** Where a browser reports a remote that failed to load (server/src/features/releases/beaconRoutes.ts). */
export const RELEASE_BEACON_URL = '/api/releases/beacon';
const reported = new Set<string>();

/**
 * Reports that a remote failed to load or to render on this page, once per remote and page view
 * (a page's path), with the release the page's configuration named for it: the server counts it
 * against that release (a canary with too many failures is rolled back). Only the remote's name
 * and release id are sent, never anything of the visitor. Nothing is sent where the page names
 * no releases (a remote's standalone page) or the browser has no sendBeacon.
 */
export function reportRemoteFailure(name: RemoteName): void {
  const release = pageReleases?.[name];
  if (!release || typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return;
  const key = `${window.location.pathname} ${name}`;
  if (reported.has(key)) return;
  reported.add(key);
  try {
    navigator.sendBeacon(RELEASE_BEACON_URL, JSON.stringify({ remote: name, release }));
  } catch {
    // A report is best effort: the page goes on.
  }
}

/** Why a loaded module cannot be used, or null when it can. */
function unusable(module: unknown): string | null {
  if (!module) return 'empty module';
  if (isRemoteFailure(module)) return module.reason;
  const { default: component } = module as { default?: unknown };
  return typeof component !== 'function' && typeof component !== 'object' ? 'the module has no default component' : null;
}

export async function loadExposedComponent<Id extends ExposedModuleId>(id: Id): Promise<ExposedComponentModule<ExposedModules[Id]>> {
  try {
    await startFederation();
  } catch (error) {
    throw new RemoteUnavailableError(id, `the remotes manifest could not be loaded (${(error as Error).message})`);
  }
  const module = await federationHost().loadRemote<ExposedComponentModule<ExposedModules[Id]>>(id);
  const failure = unusable(module);
  if (failure !== null) {
    reportRemoteFailure(remoteNameOf(id));
    throw new RemoteUnavailableError(id, failure);
  }
  return module as ExposedComponentModule<ExposedModules[Id]>;
}

export function remoteNameOf(id: ExposedModuleId): RemoteName {
  return id.split('/')[0] as RemoteName;
}

/** For tests: forget the manifest so the next start reads the page and fetches again. */
export function resetFederationForTests(): void {
  manifestPromise = null;
  pageReleases = undefined;
  reported.clear();
  inlineConsumed = false;
  host = null;
}
