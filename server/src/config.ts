/**
 * Server configuration: environment variables with working defaults (README lists them).
 * Read once at start; buildApp() takes a Config so tests pass their own.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_NAMES, type RemoteName } from '@copytech/shared/domain';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository root: server/src (dev, tests) or server/dist (built) are both two levels down. */
export const REPO_ROOT = path.resolve(here, '..', '..');

export interface Config {
  port: number;
  host: string;
  /** Where the built shell and remotes are read from (each app's dist folder). */
  siteRoot: string;
  /** Manifest URL per remote, as the browser should fetch it. */
  remoteManifests: Record<RemoteName, string>;
  remoteTimeoutMs: number;
  marketingScriptUrl: string | null;
  /** Whether to serve the built site (false for API-only dev and most tests). */
  serveSite: boolean;
  varDir: string;
  logLevel: string;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return parsed;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const remoteManifests = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, env[`REMOTE_${name.toUpperCase()}_URL`] || `/remotes/${name}/mf-manifest.json`]),
  ) as Record<RemoteName, string>;
  return {
    port: intFrom(env.PORT, 8080, 'PORT'),
    host: env.HOST || '0.0.0.0',
    siteRoot: env.SITE_ROOT ? path.resolve(env.SITE_ROOT) : REPO_ROOT,
    remoteManifests,
    remoteTimeoutMs: intFrom(env.REMOTE_TIMEOUT_MS, 8000, 'REMOTE_TIMEOUT_MS'),
    marketingScriptUrl: env.MARKETING_SCRIPT_URL || null,
    serveSite: env.SERVE_SITE !== 'false',
    varDir: env.VAR_DIR ? path.resolve(env.VAR_DIR) : path.join(REPO_ROOT, 'var'),
    logLevel: env.LOG_LEVEL || 'info',
  };
}
