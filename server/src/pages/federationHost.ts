/**
 * The server as the federation host of server rendering (docs/architecture.md "How a page loads").
 *
 * It registers the shell and every remote by their server builds (dist/server/remoteEntry.js, a
 * commonjs-module container built beside the browser build) and loads them through the Module
 * Federation runtime, never by an import: a remote is found where its browser build is configured
 * (REMOTE_{NAME}_URL or its local dist), so a team that deploys its remote also deploys what the
 * server renders it with.
 *
 * The server provides the shared singletons (react, react-dom, react-router-dom, mobx,
 * mobx-react-lite) from its own node_modules, so each exists once in the process; the server
 * builds never bundle them. @copytech/shared comes from the shell's server build, as in the browser.
 *
 * A rebuilt container is picked up on the next render without a restart: before each render the
 * host compares each server entry's file time (a local build, at most every 250 ms) or its
 * manifest's text (a remote on another origin, at most every REMOTE_RECHECK_MS); a changed one is registered again under a new
 * entry URL, so the runtime drops the old container and loads the new one. Components loaded from
 * the old one are forgotten with it.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import vm from 'node:vm';
import { createInstance, type ModuleFederation } from '@module-federation/runtime';
import { REMOTE_NAMES, type RemoteName } from '@copytech/shared/domain';
import { LOCAL_RELEASE, type RenderTargets } from './releases/model';

const require = createRequire(import.meta.url);

export type ContainerName = 'shell' | RemoteName;
export const CONTAINER_NAMES: readonly ContainerName[] = ['shell', ...REMOTE_NAMES];

/** What the server provides to the containers: the package, as the containers' builds consume it. */
const PROVIDED = ['react', 'react/jsx-runtime', 'react-dom', 'react-router-dom', 'mobx', 'mobx-react-lite'] as const;
const REMOTE_RECHECK_MS = 10_000;
/** How often the local containers' files are looked at (a fs.stat each), at most. */
const REVALIDATE_EVERY_MS = 250;

function packageVersion(name: string): string {
  const base = name.split('/')[0]!;
  return (require(`${base}/package.json`) as { version: string }).version;
}

/**
 * The package as the server provides it. react-router's package exports map only its development
 * build (warnings and checks, about twice the render time); in production the server takes the
 * production build the package also ships, as the browser bundles do (createAppConfig's alias).
 */
function providedModule(name: string): unknown {
  if (name === 'react-router-dom' && process.env.NODE_ENV === 'production') {
    return require(path.join(path.dirname(require.resolve('react-router/package.json')), 'dist', 'production', 'index.js'));
  }
  return require(name);
}

function providedShared() {
  // Observer components render once per request on the server and never react to changes there.
  (require('mobx-react-lite') as { enableStaticRendering(enable: boolean): void }).enableStaticRendering(true);
  return Object.fromEntries(
    PROVIDED.map((name) => {
      const version = packageVersion(name);
      const lib = providedModule(name);
      return [name, { version, lib: () => lib, shareConfig: { singleton: true, requiredVersion: `^${version.split('.')[0]}.0.0` } }];
    }),
  );
}

export interface ContainerSource {
  name: ContainerName;
  /** file:// URL of a local server entry, or http(s) URL of one on another origin */
  entry: string;
  /**
   * A release in the store or on another origin: its files never change, so it is never looked
   * at again (a `local` build, followed as it is rebuilt in place, is).
   */
  immutable?: boolean;
}

/** The containers of a render's targets: the shell's local build and each remote's chosen release. */
export function targetSources(siteRoot: string, targets: RenderTargets): ContainerSource[] {
  return [
    { name: 'shell', entry: pathToFileURL(path.join(siteRoot, 'shell', 'dist', 'server', 'remoteEntry.js')).href },
    ...REMOTE_NAMES.map((name) => ({ name, entry: targets[name].serverEntry, immutable: targets[name].id !== LOCAL_RELEASE })),
  ];
}

/** The key of a render's targets: `catalogue@local,basket@3f9a0c…,…` (one federation host per key). */
export const targetsKey = (targets: RenderTargets) => REMOTE_NAMES.map((name) => `${name}@${targets[name].id}`).join(',');

/**
 * Where each container's server build is: beside the browser build's manifest, in server/.
 * `manifests` are the browser manifests as configured (a path on this site, or a URL).
 */
export function containerSources(siteRoot: string, manifests: Record<RemoteName, string>): ContainerSource[] {
  const local = (dir: string) => pathToFileURL(path.join(siteRoot, dir, 'dist', 'server', 'remoteEntry.js')).href;
  return [
    { name: 'shell', entry: local('shell') },
    ...REMOTE_NAMES.map((name) => {
      const manifest = manifests[name];
      return { name, entry: /^https?:\/\//.test(manifest) ? new URL('server/remoteEntry.js', manifest).href : local(`mfe-${name}`) };
    }),
  ];
}

/**
 * A host runtime plugin that loads a local container (a file:// entry) from disk: its code runs as
 * the commonjs module it is built as, with its own folder as __dirname, from which the container's
 * Node runtime plugin loads its chunks. Entries on another origin are left to the runtime (fetch).
 */
function fileEntries() {
  return {
    name: 'copytech-file-entries',
    async loadEntry({ remoteInfo }: { remoteInfo: { entry: string; entryGlobalName: string } }) {
      if (!remoteInfo.entry.startsWith('file:')) return undefined;
      const file = fileURLToPath(remoteInfo.entry);
      const code = await fs.readFile(file, 'utf8');
      const module: { exports: Record<string, unknown> } = { exports: {} };
      const run = new vm.Script(`(function (exports, module, require, __dirname, __filename) {${code}\n})`, {
        filename: file,
      }).runInThisContext() as (...args: unknown[]) => void;
      run(module.exports, module, require, path.dirname(file), file);
      return (module.exports[remoteInfo.entryGlobalName] ?? module.exports) as never;
    },
  };
}

export class ContainerLoadError extends Error {
  constructor(
    readonly container: ContainerName,
    reason: string,
    /** not loaded within the render budget (a slow remote), rather than failed */
    readonly overBudget = false,
  ) {
    super(`${container}: ${reason}`);
    this.name = 'ContainerLoadError';
  }
}

export interface FederationHost {
  /** Checks the containers for new builds; returns the generation (it changes when one was replaced). */
  revalidate(): Promise<number>;
  /** An exposed module ('catalogue/CatalogueRoutes'), within `budgetMs`. */
  load<T>(id: string, budgetMs: number): Promise<T>;
  readonly generation: number;
  /**
   * Forgets every container of this host: the runtime's registrations and what it keeps globally
   * for them (their federation instances, module info, share-scope entries, entry loading), and
   * this host's own instance, so nothing they loaded is kept reachable. The host is not used after.
   */
  dispose(): void;
}

/** The container's current version: its file's time, or its manifest's hash; null if unreadable. */
async function versionOf(source: ContainerSource): Promise<string | null> {
  try {
    if (source.entry.startsWith('file:')) return String((await fs.stat(fileURLToPath(source.entry))).mtimeMs);
    const response = await fetch(new URL('mf-manifest.json', source.entry), {
      headers: { 'cache-control': 'no-cache' },
      signal: AbortSignal.timeout(2000),
    });
    if (!response.ok) return null;
    return createHash('sha256')
      .update(await response.text())
      .digest('hex');
  } catch {
    return null;
  }
}

/** An exposed module ('catalogue/CatalogueRoutes') through the runtime, within `budgetMs`; any failure is a ContainerLoadError. */
async function loadWithin<T>(instance: ModuleFederation, id: string, budgetMs: number): Promise<T> {
  const container = id.split('/')[0] as ContainerName;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ContainerLoadError(container, `not loaded within the render budget of ${budgetMs} ms`, true)),
      budgetMs,
    );
  });
  try {
    const loaded = instance.loadRemote<T>(id).then((module) => {
      if (!module) throw new ContainerLoadError(container, `${id} is empty`);
      return module;
    });
    return await Promise.race([loaded, timeout]);
  } catch (error) {
    if (error instanceof ContainerLoadError) throw error;
    throw new ContainerLoadError(container, (error as Error).message.split('\n')[0] ?? 'unknown error');
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Hosts made by this copy of the module: each loads its containers under entry URLs of its own
 * (see below). The prefix keeps them apart from another copy's in the same process (the runtime's
 * globals are the process's: test files loading this module afresh, each with its React).
 */
let hostsMade = 0;
const HOSTS_PREFIX = randomUUID().slice(0, 8);

/**
 * A container's entry as one host loads it: tagged with the host (`h`), and with the build's
 * version once it was rebuilt (`v`). The runtime keeps a loaded container by its entry URL, so
 * two hosts alive together (the live releases and a canary's) each load and initialise their own
 * copy of a container (the shell's, which provides @copytech/shared to the others, above all):
 * sharing one, the second host's remotes would find nothing shared.
 */
function hostEntry(entry: string, host: number, version?: string): string {
  const url = new URL(entry);
  url.searchParams.set('h', `${HOSTS_PREFIX}-${host}`);
  if (version) url.searchParams.set('v', createHash('sha256').update(version).digest('hex').slice(0, 12));
  return url.href;
}

export function createFederationHost(sources: ContainerSource[]): FederationHost {
  hostsMade += 1;
  const hostId = hostsMade;
  const versions = new Map<ContainerName, string>();
  const checked = new Map<ContainerName, number>();
  let generation = 0;
  let lastCheck = 0;
  let checking: Promise<number> | null = null;
  const instance: ModuleFederation = createInstance({
    name: 'copytech_server',
    remotes: sources.map(({ name, entry }) => ({ name, entry: hostEntry(entry, hostId) })),
    shared: providedShared(),
    plugins: [fileEntries()],
  });

  async function revalidateOne(source: ContainerSource): Promise<boolean> {
    const now = Date.now();
    if (source.immutable) return false;
    if (!source.entry.startsWith('file:') && now - (checked.get(source.name) ?? 0) < REMOTE_RECHECK_MS) return false;
    checked.set(source.name, now);
    const version = await versionOf(source);
    if (version === null || version === versions.get(source.name)) return false;
    const first = !versions.has(source.name);
    versions.set(source.name, version);
    if (first) return false;
    instance.registerRemotes([{ name: source.name, entry: hostEntry(source.entry, hostId, version) }], { force: true });
    return true;
  }

  return {
    get generation() {
      return generation;
    },
    revalidate() {
      // At most one check per REVALIDATE_EVERY_MS, shared by the requests that arrive meanwhile: a
      // build finished before a request is seen by it unless a check ran within that window.
      const now = Date.now();
      if (!checking && now - lastCheck >= REVALIDATE_EVERY_MS) {
        lastCheck = now;
        checking = Promise.all(sources.map(revalidateOne))
          .then((changed) => {
            if (changed.some(Boolean)) generation += 1;
            return generation;
          })
          .finally(() => {
            checking = null;
          });
      }
      return checking ?? Promise.resolve(generation);
    },
    load: <T>(id: string, budgetMs: number) => loadWithin<T>(instance, id, budgetMs),
    dispose: () => disposeInstance(instance),
  };
}

type Globals = typeof globalThis & {
  __FEDERATION__?: { __INSTANCES__?: unknown[]; __SHARE__?: Record<string, unknown>; moduleInfo?: Record<string, unknown> };
};

/** Removes a host's containers from the runtime (removeRemote cleans the globals they set) and the host itself. */
function disposeInstance(instance: ModuleFederation): void {
  // removeRemote is the runtime's own clean-up of a remote (what registerRemotes({force}) calls).
  const handler = instance.remoteHandler as unknown as { removeRemote(remote: unknown): void };
  for (const remote of [...instance.options.remotes]) handler.removeRemote(remote);
  instance.moduleCache.clear();
  const federation = (globalThis as Globals).__FEDERATION__;
  const instances = federation?.__INSTANCES__;
  const at = instances?.indexOf(instance) ?? -1;
  if (instances && at !== -1) instances.splice(at, 1);
  // The host's share scope is kept under its id while another host of the same name remains.
  const share = federation?.__SHARE__;
  const id = instance.options.id ?? instance.name;
  if (share && !instances?.some((other) => (other as ModuleFederation).options?.id === id)) delete share[id];
}
