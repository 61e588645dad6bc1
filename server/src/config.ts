/**
 * Server configuration: environment variables with working defaults (README lists them).
 * Read once at start; buildApp() takes a Config so tests pass their own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RemoteName } from '@copytech/shared/domain';
import { parseDeployTokens, TokenSettingError, type DeployToken } from './deployTokens';
import { OriginSettingError, parseReleaseOrigins, remoteManifestsFrom } from './originSettings';

/**
 * The repository root: the first folder above this module that holds server/package.json (the
 * module is in server/src in development and tests, in server/dist/chunks when built).
 */
export const REPO_ROOT = (() => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (let dir = here; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'server', 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(here, '..', '..');
  }
})();

export interface RateLimits {
  /** POST /api/quote per IP per minute */
  quotePerMinute: number;
  /** POST /api/enquiries/send and /api/newsletter per IP per minute */
  formsPerMinute: number;
}

export interface Config {
  port: number;
  host: string;
  /** Where the built shell and remotes are read from (each app's dist folder). */
  siteRoot: string;
  /** Manifest URL per remote, as the browser should fetch it. */
  remoteManifests: Record<RemoteName, string>;
  remoteTimeoutMs: number;
  /** Render pages on the server (SERVER_RENDER, default on); off, every page renders in the browser. */
  serverRender: boolean;
  /** How long a server render may wait for a remote's server build or the data (RENDER_BUDGET_MS). */
  renderBudgetMs: number;
  /** Sandboxed processes that render pages (RENDER_PROCESSES; default one per core, at most 4; at least 1). */
  renderProcesses: number;
  marketingScriptUrl: string | null;
  /** Whether to serve the built site (false for API-only dev and most tests). */
  serveSite: boolean;
  /** SQLite file (unless DATABASE_URL is set), image cache and the .eml outbox live here. */
  varDir: string;
  /** DATABASE_URL and DATABASE_POOL_MAX: PostgreSQL instead of the SQLite file in varDir. */
  database: DatabaseSettings;
  /** Seed data: catalogue/*.json, content/pages/*.json, content/blog.json, images/. */
  dataDir: string;
  logLevel: string;
  /**
   * Fastify trustProxy: which proxies may set X-Forwarded-For / -Proto. Nobody by default: a
   * client that could reach the server past its proxy would otherwise choose its own address for
   * the rate limits. Behind a proxy or a CDN, name it (addresses/CIDRs, or a hop count).
   */
  trustProxy: boolean | string | number;
  /** smtp://host:port (or smtps://user:pass@host) — null writes .eml files into {varDir}/outbox. */
  smtpUrl: string | null;
  mailFrom: string;
  salesEmail: string;
  /** Hosted general-enquiry endpoint; only used when both URL and key are set. */
  enquiryApi: { url: string; key: string } | null;
  /** Marketing-automation (Mautic) base URL; null stores newsletter sign-ups locally. */
  mauticUrl: string | null;
  /** The site's public address (https://www.copytech.co.uk) for links in e-mails; none when unset. */
  publicUrl: string | null;
  rateLimits: RateLimits;
  /** Retire products and remove pages and posts that the seed files no longer list (SEED_PRUNE=1). */
  seedPrune: boolean;
  /** Minutes mail may keep failing before /api/health says degraded. */
  mailAlertAfterMinutes: number;
  /** Outbox delivery: deliveries in flight at once, and the SMTP connection pool. */
  outbox: OutboxSettings;
  /** redis://[:password@]host:port for the rate limits' shared counts (REDIS_URL); null: counted in memory per instance. */
  redisUrl: string | null;
  /** On SIGTERM: how long the drain may take before the process exits 1 (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  /** On SIGTERM: how long to keep serving, with /api/health/ready at 503, before refusing connections (DRAIN_DELAY_MS). */
  drainDelayMs: number;
  /** The release registry (features/releases/registry.ts): propagation, store, deploy tokens, canaries. */
  releases: ReleaseSettings;
  /** Where Prometheus scrapes GET /metrics (metrics/server.ts): METRICS_HOST:METRICS_PORT; port 0: not served. */
  metrics: { port: number; host: string };
}

export interface ReleaseSettings {
  /** RELEASE_POLL_MS: how often each instance looks for a pointer change made elsewhere */
  pollMs: number;
  /** RELEASE_STORE_DIR: where uploaded releases are kept; null: $VAR_DIR/releases */
  storeDir: string | null;
  /** DEPLOY_TOKENS (hashed, per remote); null: the local tokens file in VAR_DIR */
  deployTokens: DeployToken[] | null;
  /** RATE_LIMIT_RELEASES_PER_MINUTE: writes to /api/releases per IP per minute */
  perMinute: number;
  /** CANARY_MIN_VIEWS: views of a canary before its failure rate may roll it back */
  canaryMinViews: number;
  /** CANARY_MAX_FAILURE_RATE: the failure share (0..1) above which a canary is rolled back */
  canaryMaxFailureRate: number;
  /**
   * RELEASE_FOLLOW_LOCAL: each remote's `local` release follows its dist folder as it is rebuilt
   * (development); off, each remote's build is snapshotted as a release at start and changes only
   * by publish and promote (features/releases/startSnapshot.ts). Default: off for the built server
   * (`npm start`), on when the server runs from its TypeScript sources (`npm run dev`, the tests).
   */
  followLocal: boolean;
  /**
   * RELEASE_ORIGINS: the origins `publish --origin` may name (pages/releases/originFetch.ts),
   * each as the URL standard writes an origin (https://cdn.example.com, lower case, no default
   * port); empty: none. REMOTE_<NAME>_URL's origins count as listed too.
   */
  origins: string[];
}

export interface OutboxSettings {
  /** OUTBOX_CONCURRENCY: rows delivered at once */
  concurrency: number;
  /** SMTP_MAX_CONNECTIONS: pooled SMTP connections */
  smtpMaxConnections: number;
  /** SMTP_MAX_MESSAGES: messages per SMTP connection before it is replaced */
  smtpMaxMessages: number;
}

export interface DatabaseSettings {
  /** postgres://user:password@host:port/database, or null for SQLite in VAR_DIR */
  url: string | null;
  /** the most PostgreSQL connections this instance opens at once */
  poolMax: number;
}

/** DATABASE_URL must be a postgres:// (or postgresql://) URL; the value is never echoed (it may carry a password). */
function databaseFrom(env: NodeJS.ProcessEnv): DatabaseSettings {
  const poolMax = intFrom(env.DATABASE_POOL_MAX, 10, 'DATABASE_POOL_MAX');
  if (poolMax < 1) throw new StartupError(`DATABASE_POOL_MAX must be at least 1, got "${env.DATABASE_POOL_MAX}"`);
  const url = env.DATABASE_URL?.trim();
  if (url === undefined || url === '') return { url: null, poolMax };
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw new StartupError('DATABASE_URL must be a PostgreSQL URL, postgres://user:password@host:5432/database, got something else');
  }
  if (protocol !== 'postgres:' && protocol !== 'postgresql:')
    throw new StartupError(
      `DATABASE_URL must start with postgres:// or postgresql://, got "${protocol}//..." (leave it unset for SQLite in VAR_DIR)`,
    );
  return { url, poolMax };
}

function outboxFrom(env: NodeJS.ProcessEnv): OutboxSettings {
  const atLeastOne = (name: string, fallback: number) => {
    const value = intFrom(env[name], fallback, name);
    if (value < 1) throw new StartupError(`${name} must be at least 1, got "${env[name]}"`);
    return value;
  };
  return {
    concurrency: atLeastOne('OUTBOX_CONCURRENCY', 10),
    smtpMaxConnections: atLeastOne('SMTP_MAX_CONNECTIONS', 5),
    smtpMaxMessages: atLeastOne('SMTP_MAX_MESSAGES', 100),
  };
}

/**
 * A start-up problem a person must fix, said in one line that names the setting and the path or
 * value (start.ts prints it without a stack trace and exits 1).
 */
export class StartupError extends Error {
  override name = 'StartupError';
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new StartupError(`${name} must be a non-negative integer, got "${value}"`);
  return parsed;
}

function portFrom(value: string | undefined, fallback: number, name: string): number {
  const port = intFrom(value, fallback, name);
  if (port > 65_535) throw new StartupError(`${name} must be a port number (0 to 65535), got "${value}"`);
  return port;
}

/** An absolute URL. The value is not echoed in the error: it may carry a password (SMTP_URL). */
function urlFrom(value: string | undefined, name: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (!['http:', 'https:', 'smtp:', 'smtps:'].includes(url.protocol)) throw new Error('protocol');
  } catch {
    throw new StartupError(`${name} must be an absolute URL (http://, https://, smtp:// or smtps://), got something else`);
  }
  return value;
}

/** A bare e-mail address (it goes into mail headers: nothing else is allowed through). */
function emailFrom(value: string | undefined, fallback: string, name: string): string {
  if (value === undefined || value === '') return fallback;
  if (!/^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/.test(value))
    throw new StartupError(`${name} must be a plain e-mail address, got "${value}"`);
  return value;
}

/** An SMTP URL must name a host: `smtp://` alone would only fail at the first send. */
function smtpUrlFrom(value: string | undefined): string | null {
  const url = urlFrom(value, 'SMTP_URL');
  if (url === null) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:')
    throw new StartupError(`SMTP_URL must start with smtp:// or smtps://, got "${parsed.protocol}//..."`);
  if (!parsed.hostname) throw new StartupError('SMTP_URL must name the mail server, e.g. smtp://mail.example.com:587, got no host');
  return url;
}

/** A Redis URL must be redis:// or rediss:// and name a host. Not echoed: it may carry a password. */
function redisUrlFrom(value: string | undefined): string | null {
  if (!value) return null;
  let parsed: URL | null = null;
  try {
    parsed = new URL(value);
  } catch {
    // reported below
  }
  if (!parsed || !['redis:', 'rediss:'].includes(parsed.protocol) || !parsed.hostname)
    throw new StartupError('REDIS_URL must be redis://[:password@]host:port (or rediss:// for TLS), got something else');
  return value;
}

/**
 * Several instances (a shared database, or a shared Redis) must sign and verify the savings
 * checker's human check with one key: a random key per process would fail every challenge that
 * another instance issued.
 */
function requireSharedCaptchaKey(env: NodeJS.ProcessEnv, databaseUrl: string | null, redisUrl: string | null): void {
  if (env.ALTCHA_HMAC_KEY) return;
  const setting = databaseUrl ? 'DATABASE_URL' : redisUrl ? 'REDIS_URL' : null;
  if (setting)
    throw new StartupError(
      `ALTCHA_HMAC_KEY must be set when ${setting} is set: every instance must sign the human check with the same key (e.g. \`openssl rand -hex 32\`)`,
    );
}

/** The drain's bounds: the delay must leave the drain some of the timeout. */
function shutdownFrom(env: NodeJS.ProcessEnv): { shutdownTimeoutMs: number; drainDelayMs: number } {
  const shutdownTimeoutMs = intFrom(env.SHUTDOWN_TIMEOUT_MS, 25_000, 'SHUTDOWN_TIMEOUT_MS');
  const drainDelayMs = intFrom(env.DRAIN_DELAY_MS, 0, 'DRAIN_DELAY_MS');
  if (drainDelayMs >= shutdownTimeoutMs)
    throw new StartupError(`DRAIN_DELAY_MS (${drainDelayMs}) must be less than SHUTDOWN_TIMEOUT_MS (${shutdownTimeoutMs})`);
  return { shutdownTimeoutMs, drainDelayMs };
}

/**
 * Whom to believe about the client's address and protocol: nobody unless configured. `true`
 * trusts every hop (only when nothing can reach the server but the proxy), a number the nearest N
 * hops, anything else a comma-separated list of addresses or CIDRs (or loopback, linklocal,
 * uniquelocal).
 */
function trustProxyFrom(value: string | undefined): boolean | string | number {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/**
 * RENDER_PROCESSES: the sandboxed processes that render pages (pages/renderProcesses.ts). At least
 * one: team code never renders in the server's own process (SERVER_RENDER=false leaves every page
 * to the browser instead). RENDER_THREADS, the setting's name when renders ran in threads of the
 * server's process, stops the start with a line saying so, rather than being silently ignored.
 */
function renderProcessesFrom(env: NodeJS.ProcessEnv): number {
  if (env.RENDER_THREADS !== undefined && env.RENDER_THREADS !== '')
    throw new StartupError(
      'RENDER_THREADS is no longer read: pages render in sandboxed processes, set RENDER_PROCESSES (at least 1) instead, or SERVER_RENDER=false',
    );
  const count = intFrom(env.RENDER_PROCESSES, Math.min(4, os.availableParallelism()), 'RENDER_PROCESSES');
  if (count < 1 || count > 64)
    throw new StartupError(
      `RENDER_PROCESSES must be between 1 and 64, got "${env.RENDER_PROCESSES}": team code never renders in the server's own process (SERVER_RENDER=false leaves pages to the browser)`,
    );
  return count;
}

/** The server runs from its TypeScript sources (tsx, the tests), not from its build in server/dist. */
const FROM_SOURCES = import.meta.url.endsWith('.ts');

function followLocalFrom(value: string | undefined): boolean {
  if (value === undefined || value === '') return FROM_SOURCES;
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  throw new StartupError(`RELEASE_FOLLOW_LOCAL must be 1 (follow each remote's dist folder) or 0 (snapshot it at start), got "${value}"`);
}

function releaseOriginsOf(value: string | undefined): string[] {
  try {
    return parseReleaseOrigins(value);
  } catch (error) {
    if (error instanceof OriginSettingError) throw new StartupError(error.message);
    throw error;
  }
}

function releasesFrom(env: NodeJS.ProcessEnv): ReleaseSettings {
  const pollMs = intFrom(env.RELEASE_POLL_MS, 500, 'RELEASE_POLL_MS');
  if (pollMs < 50 || pollMs > 10_000) throw new StartupError(`RELEASE_POLL_MS must be between 50 and 10000, got "${env.RELEASE_POLL_MS}"`);
  const perMinute = intFrom(env.RATE_LIMIT_RELEASES_PER_MINUTE, 30, 'RATE_LIMIT_RELEASES_PER_MINUTE');
  if (perMinute < 1)
    throw new StartupError(`RATE_LIMIT_RELEASES_PER_MINUTE must be at least 1, got "${env.RATE_LIMIT_RELEASES_PER_MINUTE}"`);
  const rate = env.CANARY_MAX_FAILURE_RATE ?? '';
  const canaryMaxFailureRate = rate === '' ? 0.05 : Number(rate);
  if (!/^\d*\.?\d+$/.test(rate === '' ? '0.05' : rate) || !(canaryMaxFailureRate > 0 && canaryMaxFailureRate < 1))
    throw new StartupError(`CANARY_MAX_FAILURE_RATE must be a share between 0 and 1 (0.05 is 5%), got "${rate}"`);
  let deployTokens: DeployToken[] | null;
  try {
    deployTokens = parseDeployTokens(env.DEPLOY_TOKENS);
  } catch (error) {
    if (error instanceof TokenSettingError) throw new StartupError(error.message);
    throw error;
  }
  return {
    pollMs,
    storeDir: env.RELEASE_STORE_DIR ? path.resolve(env.RELEASE_STORE_DIR) : null,
    deployTokens,
    perMinute,
    canaryMinViews: Math.max(1, intFrom(env.CANARY_MIN_VIEWS, 50, 'CANARY_MIN_VIEWS')),
    canaryMaxFailureRate,
    followLocal: followLocalFrom(env.RELEASE_FOLLOW_LOCAL),
    origins: releaseOriginsOf(env.RELEASE_ORIGINS),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const remoteManifests = remoteManifestsFrom(env);
  const varDir = env.VAR_DIR ? path.resolve(env.VAR_DIR) : path.join(REPO_ROOT, 'var');
  const enquiryUrl = urlFrom(env.ENQUIRY_API_URL, 'ENQUIRY_API_URL');
  const database = databaseFrom(env);
  const redisUrl = redisUrlFrom(env.REDIS_URL?.trim());
  requireSharedCaptchaKey(env, database.url, redisUrl);
  return {
    port: intFrom(env.PORT, 8080, 'PORT'),
    host: env.HOST || '0.0.0.0',
    siteRoot: env.SITE_ROOT ? path.resolve(env.SITE_ROOT) : REPO_ROOT,
    remoteManifests,
    remoteTimeoutMs: intFrom(env.REMOTE_TIMEOUT_MS, 8000, 'REMOTE_TIMEOUT_MS'),
    serverRender: env.SERVER_RENDER !== 'false',
    renderBudgetMs: intFrom(env.RENDER_BUDGET_MS, 400, 'RENDER_BUDGET_MS'),
    // One per core: the main thread's share of a page (HTTP, reads, compression) is small, and with
    // a process per core a render stalled by its process's garbage collection does not hold the rest.
    renderProcesses: renderProcessesFrom(env),
    marketingScriptUrl: urlFrom(env.MARKETING_SCRIPT_URL, 'MARKETING_SCRIPT_URL'),
    serveSite: env.SERVE_SITE !== 'false',
    varDir,
    database,
    dataDir: env.DATA_DIR ? path.resolve(env.DATA_DIR) : path.join(REPO_ROOT, 'server', 'data'),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    smtpUrl: smtpUrlFrom(env.SMTP_URL),
    mailFrom: emailFrom(env.MAIL_FROM, 'quotes@copytech.co.uk', 'MAIL_FROM'),
    salesEmail: emailFrom(env.SALES_EMAIL, 'sales@copytech.co.uk', 'SALES_EMAIL'),
    enquiryApi: enquiryUrl && env.ENQUIRY_API_KEY ? { url: enquiryUrl, key: env.ENQUIRY_API_KEY } : null,
    mauticUrl: urlFrom(env.MAUTIC_URL, 'MAUTIC_URL'),
    publicUrl: urlFrom(env.PUBLIC_URL, 'PUBLIC_URL')?.replace(/\/+$/, '') ?? null,
    rateLimits: {
      quotePerMinute: intFrom(env.RATE_LIMIT_QUOTE_PER_MINUTE, 10, 'RATE_LIMIT_QUOTE_PER_MINUTE'),
      formsPerMinute: intFrom(env.RATE_LIMIT_FORMS_PER_MINUTE, 10, 'RATE_LIMIT_FORMS_PER_MINUTE'),
    },
    seedPrune: env.SEED_PRUNE === '1' || env.SEED_PRUNE === 'true',
    mailAlertAfterMinutes: intFrom(env.MAIL_ALERT_AFTER_MINUTES, 15, 'MAIL_ALERT_AFTER_MINUTES'),
    outbox: outboxFrom(env),
    redisUrl,
    ...shutdownFrom(env),
    releases: releasesFrom(env),
    // Never the public port: a separate listener, on loopback unless an operator opens it up.
    metrics: { port: portFrom(env.METRICS_PORT, 9464, 'METRICS_PORT'), host: env.METRICS_HOST || '127.0.0.1' },
  };
}
