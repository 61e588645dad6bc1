/**
 * `app.releases`: the live pointer of every remote, held in memory (releases/model.ts).
 *
 * PLACEHOLDER OF THE INTEGRATION STEP: this first version seeds each remote's live release from
 * the configuration (its local build, or REMOTE_*_URL) and never changes it; the registry
 * (releases/registry.ts, the database, the API) replaces it. Requests read only `snapshot()`.
 */
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import fp from 'fastify-plugin';
import { REMOTE_NAMES, type RemoteName } from '@copytech/shared/domain';
import type { Config } from '../config';
import { LOCAL_RELEASE, type LiveSnapshot, type Release, type ReleasesService } from '../releases/model';

declare module 'fastify' {
  interface FastifyInstance {
    releases: ReleasesService;
  }
}

/** The release a remote starts with: its local build, or the origin REMOTE_*_URL names. */
export function seedRelease(config: Pick<Config, 'siteRoot' | 'remoteManifests'>, remote: RemoteName, at: string): Release {
  const manifestUrl = config.remoteManifests[remote];
  const local = !/^https?:\/\//.test(manifestUrl);
  return {
    remote,
    id: LOCAL_RELEASE,
    source: local ? 'local' : 'origin',
    manifestUrl,
    serverEntry: local
      ? pathToFileURL(path.join(config.siteRoot, `mfe-${remote}`, 'dist', 'server', 'remoteEntry.js')).href
      : new URL('server/remoteEntry.js', manifestUrl).href,
    browser: null,
    shared: [],
    exposes: [],
    gate: null,
    registeredAt: at,
    registeredBy: local ? 'local' : `REMOTE_${remote.toUpperCase()}_URL`,
  };
}

export const releasesPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const at = new Date().toISOString();
    const snapshot: LiveSnapshot = {
      version: 0,
      remotes: Object.fromEntries(
        REMOTE_NAMES.map((name) => [name, { live: seedRelease(config, name, at), canary: null }]),
      ) as LiveSnapshot['remotes'],
    };
    app.decorate('releases', {
      snapshot: () => snapshot,
      find: (remote: RemoteName, id: string) => (snapshot.remotes[remote].live.id === id ? snapshot.remotes[remote].live : null),
      subscribe: () => () => undefined,
      health: { view: () => undefined, failure: () => undefined },
      verifyPreview: () => ({ ok: false, reason: 'malformed' }) as const,
    } satisfies ReleasesService);
  },
  { name: 'releases' },
);
