/**
 * The rate limits' counts in Redis (REDIS_URL), shared by every instance: a limit of N a minute
 * per IP and route is N across all of them, however the load balancer spreads the requests.
 * Without REDIS_URL, @fastify/rate-limit counts in memory, per instance (http/security.ts).
 *
 * A Redis outage must neither hang a request nor lift the limits silently. The client fails fast
 * (connect and command timeouts, no offline queue), and a count Redis cannot give is taken from
 * this instance's own memory instead: every route then fails open to a per-instance limit (N per
 * instance rather than N in all), never to no limit. The outage is logged once at warn with
 * `alert: 'rate-limit-store-down'` (the Redis host and the error; no visitor's address), the
 * requests counted locally meanwhile are counted, and /api/health/ready says `degraded` with the
 * reason `rate-limit-store-down` until Redis answers again (docs/deploy.md "Rate limits and Redis").
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis, RedisOptions } from 'ioredis';
import { LRUCache } from 'lru-cache';

/** Short: a request waits at most about commandMs for Redis before it is counted locally. */
export const REDIS_TIMEOUTS = { connectMs: 1_000, commandMs: 500 } as const;
/** After a failed command, Redis is tried again for counts only after this pause (a hung Redis would cost every request commandMs). */
const RETRY_AFTER_FAILURE_MS = 2_000;
const KEY_PREFIX = 'copytech:rate-limit:';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

/** INCR, with the window's expiry set by the first request in it: { count, ms left }. */
const INCR_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

interface CountingRedis {
  copytechRateLimit(key: string, windowMs: number): Promise<[number, number]>;
}

/** host:port of a Redis URL, for the logs: never its password. */
export function redisHostOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '6379'}`;
}

export class SharedRateLimits {
  /** since when Redis has not answered (epoch ms), or null */
  private downSince: number | null = null;
  private lastError = '';
  private retryAt = 0;
  /** requests counted by this instance alone, since start (a counter for the health check) */
  private countedLocally = 0;
  private readonly local = new LRUCache<string, { current: number; resetAt: number }>({ max: 20_000 });
  private closing = false;
  /** hears each count taken locally, with its route's template (copytech_rate_limit_local_total) */
  onLocalCount: ((route: string) => void) | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly log: FastifyBaseLogger,
    readonly host: string,
  ) {
    redis.defineCommand('copytechRateLimit', { numberOfKeys: 1, lua: INCR_SCRIPT });
    redis.on('ready', () => this.up());
    // Every failed reconnect emits one; the first marks the outage (and keeps ioredis from printing it).
    redis.on('error', (error: Error) => this.down(error.message));
    redis.on('close', () => this.down('connection closed'));
  }

  /** Whether counts are shared now: Redis is connected and not in its pause after a failure. */
  get storeUp(): boolean {
    return this.downSince === null && this.redis.status === 'ready';
  }

  /** The count for one key (`route` is its template): from Redis, or from this instance's memory when Redis cannot answer. */
  async incr(key: string, windowMs: number, route = ''): Promise<Counted> {
    if (this.redis.status === 'ready' && Date.now() >= this.retryAt) {
      try {
        const [current, ttl] = await (this.redis as unknown as CountingRedis).copytechRateLimit(KEY_PREFIX + key, windowMs);
        this.up();
        return { current: Number(current), ttl: Number(ttl) };
      } catch (error) {
        this.retryAt = Date.now() + RETRY_AFTER_FAILURE_MS;
        this.down((error as Error).message);
      }
    } else this.down(`connection ${this.redis.status}`);
    this.onLocalCount?.(route);
    return this.incrLocally(key, windowMs);
  }

  private incrLocally(key: string, windowMs: number): Counted {
    this.countedLocally++;
    const now = Date.now();
    let entry = this.local.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { current: 0, resetAt: now + windowMs };
      this.local.set(key, entry);
    }
    entry.current++;
    return { current: entry.current, ttl: entry.resetAt - now };
  }

  private down(reason: string): void {
    if (this.closing) return;
    this.lastError = reason.slice(0, 200);
    if (this.downSince !== null) return;
    this.downSince = Date.now();
    this.log.warn(
      { alert: 'rate-limit-store-down', redis: this.host, err: this.lastError },
      'rate limits: Redis cannot be reached, so each instance counts on its own (fail open to per-instance limits) until it answers again',
    );
  }

  private up(): void {
    if (this.downSince === null) return;
    this.log.info(
      { redis: this.host, downForMs: Date.now() - this.downSince, countedLocally: this.countedLocally },
      'rate limits: Redis answers again; the counts are shared again',
    );
    this.downSince = null;
    this.retryAt = 0;
  }

  /**
   * Why the instance is degraded, for /api/health/ready (a health source, health/healthRoutes.ts):
   * null when Redis answers; after a failed command, one PING decides.
   */
  async healthReason(): Promise<{ code: 'rate-limit-store-down'; message: string } | null> {
    if (this.downSince !== null && this.redis.status === 'ready') {
      await this.redis.ping().then(
        () => this.up(),
        () => undefined,
      );
    }
    if (this.downSince === null && this.redis.status === 'ready') return null;
    const since = new Date(this.downSince ?? Date.now()).toISOString();
    return {
      code: 'rate-limit-store-down',
      message: `the rate limits' Redis (${this.host}) has not answered since ${since} (${this.lastError || this.redis.status}); each instance counts on its own meanwhile (${this.countedLocally} requests counted locally since start)`,
    };
  }

  /** The store class for @fastify/rate-limit's `store` option: one counter per route, over this. */
  storeClass(): FastifyRateLimitStoreCtor {
    return routeCounterClass(this);
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.race([this.redis.quit().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 500).unref())]);
    this.redis.disconnect();
  }
}

function routeCounterClass(shared: SharedRateLimits): FastifyRateLimitStoreCtor {
  class RouteCounter implements FastifyRateLimitStore {
    private readonly route: string;
    /** `new Store(settings)` by the plugin (no route: its settings are not needed), then child() per route */
    constructor(
      route?: unknown,
      private readonly template = '',
    ) {
      this.route = typeof route === 'string' ? route : '';
    }
    incr(key: string, callback: Callback, timeWindow: number): void {
      shared.incr(`${this.route}${key}`, timeWindow, this.template).then(
        (counted) => callback(null, counted),
        (error: Error) => callback(error),
      );
    }
    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the route's merged limit settings, the route's own options as routeInfo;
      // a limiter made by app.createRateLimit (no route) is counted under its groupId (NamedLimit).
      const { groupId, routeInfo } = options as unknown as { groupId?: unknown; routeInfo?: { method?: unknown; url?: unknown } };
      if (typeof groupId === 'string' && routeInfo?.url === undefined) return new RouteCounter(`${groupId}:`, groupId);
      const route = routeInfo ?? (options as unknown as { method?: unknown; url?: unknown });
      return new RouteCounter(`${String(route.method)} ${String(route.url)}:`, String(route.url));
    }
  }
  return RouteCounter as unknown as FastifyRateLimitStoreCtor;
}

/**
 * The options of a limiter made by app.createRateLimit() that several routes share (one budget
 * for all of them): its counts are kept under `groupId` (`copytech:rate-limit:<groupId>:<key>` in
 * Redis, one in-memory counter otherwise), and the copytech_rate_limit_local_total series names
 * it as its route.
 */
export type NamedLimit = NonNullable<Parameters<FastifyInstance['createRateLimit']>[0]> & { groupId: string };

/**
 * Connects to REDIS_URL (ioredis, loaded only then) and waits for the connection at most the
 * connect timeout: a Redis that is down at start leaves the instance serving with its own counts
 * (and degraded), rather than not starting.
 */
export async function connectRateLimits(url: string, log: FastifyBaseLogger): Promise<SharedRateLimits> {
  const { Redis } = await import('ioredis');
  const options: RedisOptions = {
    connectionName: 'copytech-rate-limits',
    connectTimeout: REDIS_TIMEOUTS.connectMs,
    commandTimeout: REDIS_TIMEOUTS.commandMs,
    maxRetriesPerRequest: 1,
    // A command while disconnected fails at once instead of waiting for a reconnect.
    enableOfflineQueue: false,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  };
  const redis = new Redis(url, options);
  const shared = new SharedRateLimits(redis, log, redisHostOf(url));
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, REDIS_TIMEOUTS.connectMs + 200);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once('ready', done);
    redis.once('error', done);
  });
  if (redis.status === 'ready') log.info({ redis: shared.host }, 'rate limits: counted in Redis, shared by every instance');
  return shared;
}
