/**
 * The rate limits' store in Redis (src/http/rateLimitStore.ts) on its own, against a real
 * redis-server this test starts (Debian's `redis-server`; TEST_REDIS=skip skips the file, as
 * sharedRateLimits.test.ts): what it counts where, what it logs and when, what the health check
 * says, and how it leaves. The store reads `Date.now()`, so the cases that need the clock
 * (a window's end, the pause after a failed command) hold it still. sharedRateLimits.test.ts
 * tries the same store through whole app instances.
 */
import type { ChildProcess } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { connectRateLimits, type SharedRateLimits } from '../src/http/rateLimitStore';
import { startRedis, stopRedis } from './redis';

const describeRedis = process.env.TEST_REDIS === 'skip' ? describe.skip : describe;
// Each case starts a redis-server, and some wait for a command timeout or a reconnect.
jest.setTimeout(30_000);

const DOWN =
  'rate limits: Redis cannot be reached, so each instance counts on its own (fail open to per-instance limits) until it answers again';
const UP = 'rate limits: Redis answers again; the counts are shared again';
const COUNTED_IN_REDIS = 'rate limits: counted in Redis, shared by every instance';
const MINUTE = 60_000;
const T = Date.parse('2026-11-26T12:00:00.000Z');

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

type Line = { level: string; fields: Record<string, unknown>; message: string };

/** A logger that keeps what it is told. */
function recordingLog() {
  const lines: Line[] = [];
  const at =
    (level: string) =>
    (fields: Record<string, unknown>, message = '') =>
      lines.push({ level, fields, message });
  const log = {
    level: 'info',
    fatal: at('fatal'),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    trace: at('trace'),
    silent: () => undefined,
    child: () => log,
  };
  return { lines, log: log as unknown as FastifyBaseLogger };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for `condition` (on the real clock: performance.now(), as Date.now() may be held). */
async function until(what: string, condition: () => boolean, ms = 10_000): Promise<void> {
  const deadline = performance.now() + ms;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(25);
  }
}

/** The names of the clients connected to the Redis on `port`. */
async function clientNames(port: number): Promise<string[]> {
  const admin = new Redis({ port, host: '127.0.0.1', lazyConnect: true });
  try {
    await admin.connect();
    const list = (await admin.call('CLIENT', 'LIST')) as string;
    return list
      .split('\n')
      .map((line) => /(?:^| )name=(\S*)/.exec(line)?.[1] ?? '')
      .filter(Boolean);
  } finally {
    admin.disconnect();
  }
}

/** Holds Date.now() at `now.value` (the store's clock) until restored. */
function holdClock() {
  const now = { value: T };
  const spy = jest.spyOn(Date, 'now').mockImplementation(() => now.value);
  return { now, restore: () => spy.mockRestore() };
}

describeRedis('the rate limits’ store in Redis', () => {
  let port = 0;
  let redis: ChildProcess | null = null;
  let admin: Redis;
  const stores: SharedRateLimits[] = [];

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    admin = new Redis({ port, host: '127.0.0.1' });
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    if (redis?.signalCode === null && redis.exitCode === null) redis.kill('SIGCONT');
    await Promise.all(stores.splice(0).map((store) => store.close()));
    if (!redis || redis.exitCode !== null || redis.signalCode !== null) {
      redis = await startRedis(port);
      admin.disconnect();
      admin = new Redis({ port, host: '127.0.0.1' });
    }
  });
  afterAll(async () => {
    admin.disconnect();
    await stopRedis(redis);
  });

  async function connect(to = port) {
    const { lines, log } = recordingLog();
    const started = performance.now();
    const store = await connectRateLimits(`redis://127.0.0.1:${to}`, log);
    const connectMs = performance.now() - started;
    stores.push(store);
    const counted: string[] = [];
    store.onLocalCount = (route) => counted.push(route);
    return { store, lines, counted, connectMs };
  }

  it('with Redis up: counts in Redis under its own prefix, with the window’s expiry, says so once, and leaves without an alert', async () => {
    const { store, lines, counted, connectMs } = await connect();
    // ready, so it did not wait out the connect timeout
    expect(connectMs).toBeLessThan(1_000);
    expect(lines).toEqual([{ level: 'info', fields: { redis: `127.0.0.1:${port}` }, message: COUNTED_IN_REDIS }]);
    expect(store.storeUp).toBe(true);
    expect(await clientNames(port)).toContain('copytech-rate-limits');

    const first = await store.incr('POST /api/quote:203.0.113.7', MINUTE, '/api/quote');
    const second = await store.incr('POST /api/quote:203.0.113.7', MINUTE, '/api/quote');
    expect([first.current, second.current]).toEqual([1, 2]);
    expect(second.ttl).toBeGreaterThan(MINUTE - 5_000);
    expect(second.ttl).toBeLessThanOrEqual(MINUTE);
    expect(await admin.get('copytech:rate-limit:POST /api/quote:203.0.113.7')).toBe('2');
    const pttl = await admin.pttl('copytech:rate-limit:POST /api/quote:203.0.113.7');
    expect(pttl).toBeGreaterThan(MINUTE - 5_000);
    expect(pttl).toBeLessThanOrEqual(MINUTE);
    expect(counted).toEqual([]);
    expect(await store.healthReason()).toBeNull();

    await store.close();
    expect(await clientNames(port)).not.toContain('copytech-rate-limits');
    // closing is not an outage
    await sleep(100);
    expect(lines.filter((line) => line.level !== 'info')).toEqual([]);
  });

  it('with Redis away at start: starts at once, counts locally per window, alerts once, and shares again when Redis comes', async () => {
    const away = await freePort();
    const clock = holdClock();
    const { store, lines, counted, connectMs } = await connect(away);
    clock.restore();
    // refused at once, so it did not wait out the connect timeout
    expect(connectMs).toBeLessThan(1_000);
    const refused = `connect ECONNREFUSED 127.0.0.1:${away}`;
    expect(lines).toEqual([
      { level: 'warn', fields: { alert: 'rate-limit-store-down', redis: `127.0.0.1:${away}`, err: refused }, message: DOWN },
    ]);
    expect(store.storeUp).toBe(false);

    const held = holdClock();
    const key = 'POST /api/quote:203.0.113.9';
    expect(await store.incr(key, MINUTE, '/api/quote')).toEqual({ current: 1, ttl: MINUTE });
    held.now.value = T + MINUTE - 1;
    expect(await store.incr(key, MINUTE, '/api/quote')).toEqual({ current: 2, ttl: 1 });
    expect(await store.incr('POST /api/enquiries/send:203.0.113.9', MINUTE, '/api/enquiries/send')).toEqual({ current: 1, ttl: MINUTE });
    // the window ends at its minute: a new one begins
    held.now.value = T + MINUTE;
    expect(await store.incr(key, MINUTE, '/api/quote')).toEqual({ current: 1, ttl: MINUTE });
    expect(counted).toEqual(['/api/quote', '/api/quote', '/api/enquiries/send', '/api/quote']);
    // the latest reason: each count found the client (re)connecting
    const reason = (await store.healthReason())!;
    expect(reason.code).toBe('rate-limit-store-down');
    expect(reason.message).toMatch(
      new RegExp(
        `^the rate limits' Redis \\(127\\.0\\.0\\.1:${away}\\) has not answered since 2026-11-26T12:00:00\\.000Z \\(connection (re)?connecting\\); each instance counts on its own meanwhile \\(4 requests counted locally since start\\)$`,
      ),
    );
    // still one alert for the one outage
    expect(lines.filter((line) => line.level === 'warn')).toHaveLength(1);
    held.now.value = T + 90_000;

    // Redis comes: the client reconnects by itself, and the counts are shared again without a request.
    const late = await startRedis(away);
    try {
      await until('reconnected', () => store.storeUp);
      expect(lines.slice(1)).toEqual([
        { level: 'info', fields: { redis: `127.0.0.1:${away}`, downForMs: 90_000, countedLocally: 4 }, message: UP },
      ]);
      held.restore();
      expect(await store.healthReason()).toBeNull();
      expect(await store.incr(key, MINUTE, '/api/quote')).toMatchObject({ current: 1 });
      expect(counted).toHaveLength(4);
    } finally {
      await store.close();
      await stopRedis(late);
    }
  });

  it('after a failed command: counts locally, tries Redis again only after its pause, and one PING tells health it is back', async () => {
    const { store, lines, counted } = await connect();
    const clock = holdClock();
    redis!.kill('SIGSTOP');
    // a hung Redis costs one command timeout
    const key = 'POST /api/quote:203.0.113.11';
    expect(await store.incr(key, MINUTE, '/api/quote')).toEqual({ current: 1, ttl: MINUTE });
    expect(lines.slice(1)).toEqual([
      { level: 'warn', fields: { alert: 'rate-limit-store-down', redis: `127.0.0.1:${port}`, err: 'Command timed out' }, message: DOWN },
    ]);
    expect(store.storeUp).toBe(false);
    redis!.kill('SIGCONT');

    // within the pause (2 s after the failure), not tried: counted here
    clock.now.value = T + 1_999;
    expect(await store.incr(key, MINUTE, '/api/quote')).toEqual({ current: 2, ttl: MINUTE - 1_999 });
    expect(counted).toEqual(['/api/quote', '/api/quote']);
    // at its end, Redis counts again, and says so
    clock.now.value = T + 2_000;
    const shared = await store.incr('POST /api/quote:203.0.113.12', MINUTE, '/api/quote');
    expect(shared.current).toBe(1);
    expect(counted).toHaveLength(2);
    expect(await admin.get('copytech:rate-limit:POST /api/quote:203.0.113.12')).toBe('1');
    expect(lines.slice(2)).toEqual([
      { level: 'info', fields: { redis: `127.0.0.1:${port}`, downForMs: 2_000, countedLocally: 2 }, message: UP },
    ]);
    expect(store.storeUp).toBe(true);

    // Fails again; health asks Redis once: still hung, degraded; answering, ok (without a count).
    clock.now.value = T + 10_000;
    redis!.kill('SIGSTOP');
    await store.incr(key, MINUTE, '/api/quote');
    expect(await store.healthReason()).toEqual({
      code: 'rate-limit-store-down',
      message: `the rate limits' Redis (127.0.0.1:${port}) has not answered since 2026-11-26T12:00:10.000Z (Command timed out); each instance counts on its own meanwhile (3 requests counted locally since start)`,
    });
    redis!.kill('SIGCONT');
    clock.now.value = T + 10_500;
    expect(await store.healthReason()).toBeNull();
    expect(lines.slice(3)).toEqual([
      { level: 'warn', fields: { alert: 'rate-limit-store-down', redis: `127.0.0.1:${port}`, err: 'Command timed out' }, message: DOWN },
      { level: 'info', fields: { redis: `127.0.0.1:${port}`, downForMs: 500, countedLocally: 3 }, message: UP },
    ]);
    expect(store.storeUp).toBe(true);
  });

  it('when Redis goes away: alerts on the closed connection, and a close meanwhile ends the client for good', async () => {
    const { store, lines, counted } = await connect();
    await stopRedis(redis);
    await until('alerted', () => lines.length > 1);
    expect(lines.slice(1)).toEqual([
      { level: 'warn', fields: { alert: 'rate-limit-store-down', redis: `127.0.0.1:${port}`, err: 'connection closed' }, message: DOWN },
    ]);
    expect(store.storeUp).toBe(false);
    const reason = (await store.healthReason())!;
    expect(reason.code).toBe('rate-limit-store-down');
    expect(reason.message).toMatch(
      /^the rate limits' Redis \(127\.0\.0\.1:\d+\) has not answered since .+ \(.+\); each instance counts on its own/,
    );
    expect(await store.incr('k', MINUTE, '/api/quote')).toMatchObject({ current: 1 });
    expect(counted).toEqual(['/api/quote']);

    // closed during the outage: it resolves, and the client does not come back when Redis does
    await expect(store.close()).resolves.toBeUndefined();
    redis = await startRedis(port);
    admin.disconnect();
    admin = new Redis({ port, host: '127.0.0.1' });
    await sleep(1_500);
    expect(await clientNames(port)).not.toContain('copytech-rate-limits');
    expect(lines.slice(2)).toEqual([]);
  });

  describe('as @fastify/rate-limit’s store', () => {
    const callbackIncr = (counter: FastifyRateLimitStore, key: string) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        counter.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), MINUTE, 5),
      );

    it('counts each route on its own, in Redis and locally, naming the route’s template', async () => {
      const { store, counted } = await connect();
      const Store = store.storeClass();
      const plugin = new Store({ max: 5, timeWindow: MINUTE } as never);
      const quote = plugin.child({ routeInfo: { method: 'POST', url: '/api/quote' } } as never);
      const enquiry = plugin.child({ method: 'POST', url: '/api/enquiries/send' } as never);
      expect(await callbackIncr(quote, '203.0.113.50')).toMatchObject({ current: 1 });
      expect(await callbackIncr(quote, '203.0.113.50')).toMatchObject({ current: 2 });
      expect(await callbackIncr(enquiry, '203.0.113.50')).toMatchObject({ current: 1 });
      expect(await callbackIncr(plugin, '203.0.113.50')).toMatchObject({ current: 1 });
      expect(await admin.get('copytech:rate-limit:POST /api/quote:203.0.113.50')).toBe('2');
      expect(await admin.get('copytech:rate-limit:POST /api/enquiries/send:203.0.113.50')).toBe('1');
      expect(await admin.get('copytech:rate-limit:203.0.113.50')).toBe('1');

      redis!.kill('SIGSTOP');
      try {
        await callbackIncr(quote, '203.0.113.51');
        await callbackIncr(enquiry, '203.0.113.51');
        await callbackIncr(plugin, '203.0.113.51');
      } finally {
        redis!.kill('SIGCONT');
      }
      expect(counted).toEqual(['/api/quote', '/api/enquiries/send', '']);
    });
  });
});
