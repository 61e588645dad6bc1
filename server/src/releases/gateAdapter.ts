/**
 * The registry's view of the gate (gate.ts) and of the canaries' health (health.ts), which are
 * built beside it: the registry codes against the interfaces below only.
 *
 * ─── INTEGRATION POINT ─────────────────────────────────────────────────────────────────────
 * The bodies under "INTERIM" are kept minimal on purpose until gate.ts and health.ts are merged;
 * the merge replaces them with
 *   export { createGate, describeBuild } from './gate';
 *   export { createReleaseHealth } from './health';
 * and keeps the types (or re-exports gate.ts's own, which have the same shape).
 * ──────────────────────────────────────────────────────────────────────────────────────────
 */
import type { FastifyBaseLogger } from 'fastify';
import { REQUIRED_EXPOSES, type RemoteName } from '@copytech/shared/domain';
import type { Db } from '../db/database';
import type { ExposeFiles, GateResult, LiveSnapshot, ReleaseHealth, SharedRequirement } from './model';

/** A build the gate checks: the two manifests' texts (or why they could not be read). */
export interface GateCandidate {
  remote: RemoteName;
  id: string;
  manifestUrl: string;
  serverEntry: string;
  browserManifest: string | { error: string };
  serverManifest: string | { error: string };
}

export interface Gate {
  check(candidate: GateCandidate): Promise<GateResult>;
  close(): Promise<void>;
}

export interface GateOptions {
  siteRoot: string;
  budgetMs: number;
  readApi?: (url: string) => Promise<unknown>;
  sampleUrls: (remote: RemoteName) => Promise<string[]>;
  /** the live releases the candidate is checked beside */
  snapshot: () => LiveSnapshot;
  log: FastifyBaseLogger;
}

export type GateFactory = (options: GateOptions) => Gate;

export interface BuildDescription {
  entryFile: string;
  exposes: Record<string, ExposeFiles>;
  shared: SharedRequirement[];
  exposeNames: string[];
}

export interface HealthOptions {
  db: Db;
  snapshot: () => LiveSnapshot;
  autoRollback: (remote: RemoteName, releaseId: string, reason: string) => Promise<boolean>;
  log: FastifyBaseLogger;
  minViews: number;
  maxFailureRate: number;
  flushMs: number;
}

export type RunningHealth = ReleaseHealth & { flush(): Promise<void>; close(): Promise<void> };

// ── INTERIM (replaced at the merge, see above) ────────────────────────────────────────────

interface ManifestShape {
  name?: string;
  metaData?: { name?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ name?: string; assets?: { js?: { sync?: string[]; async?: string[] }; css?: { sync?: string[]; async?: string[] } } }>;
  shared?: Array<{ name?: string; version?: string; requiredVersion?: string; singleton?: boolean }>;
}

/** INTERIM: what the registry keeps of a browser manifest. Throws when it is not one. */
export function describeBuild(remote: RemoteName, browserManifestText: string): BuildDescription {
  const manifest = JSON.parse(browserManifestText) as ManifestShape;
  const entry = manifest.metaData?.remoteEntry;
  if (!entry?.name) throw new Error(`the ${remote} manifest has no remoteEntry`);
  const exposes: Record<string, ExposeFiles> = {};
  for (const expose of manifest.exposes ?? []) {
    if (!expose.name) continue;
    const { js, css } = expose.assets ?? {};
    exposes[expose.name] = { js: [...(js?.sync ?? []), ...(js?.async ?? [])], css: [...(css?.sync ?? []), ...(css?.async ?? [])] };
  }
  return {
    entryFile: entry.path ? `${entry.path.replace(/\/$/, '')}/${entry.name}` : entry.name,
    exposes,
    shared: (manifest.shared ?? []).map((s) => ({
      name: String(s.name),
      version: String(s.version ?? ''),
      requiredVersion: String(s.requiredVersion ?? ''),
      singleton: Boolean(s.singleton),
    })),
    exposeNames: Object.keys(exposes),
  };
}

/** INTERIM: the manifests' checks only (readable, naming this remote, the contract's exposes). */
export const createGate: GateFactory = () => ({
  async check(candidate) {
    const started = Date.now();
    const reasons: string[] = [];
    for (const [which, text] of [
      ['browser', candidate.browserManifest],
      ['server', candidate.serverManifest],
    ] as const) {
      if (typeof text !== 'string') {
        reasons.push(`${which} manifest: not readable (${text.error})`);
        continue;
      }
      let manifest: ManifestShape;
      try {
        manifest = JSON.parse(text) as ManifestShape;
      } catch {
        reasons.push(`${which} manifest: not JSON`);
        continue;
      }
      const name = manifest.metaData?.name ?? manifest.name;
      if (name !== candidate.remote) reasons.push(`${which} manifest names "${String(name)}", not "${candidate.remote}"`);
      if (!manifest.metaData?.remoteEntry?.name) reasons.push(`${which} manifest: no remoteEntry`);
      const exposed = new Set((manifest.exposes ?? []).map((e) => e.name));
      for (const required of REQUIRED_EXPOSES[candidate.remote])
        if (!exposed.has(required)) reasons.push(`${which} manifest: exposes "${required}" missing (the shell's contract requires it)`);
    }
    return { passed: reasons.length === 0, reasons, checkedAt: new Date().toISOString(), ms: Date.now() - started, renders: [] };
  },
  async close() {},
});

/** INTERIM: counts nothing until health.ts is merged (no canary is rolled back automatically). */
export function createReleaseHealth(options: HealthOptions): RunningHealth {
  void options;
  return { view() {}, failure() {}, async flush() {}, async close() {} };
}
