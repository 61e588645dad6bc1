/**
 * Rate limits shared through Redis (REDIS_URL) by several instances, and what happens while Redis
 * is down: on a real redis-server this test starts (Debian's `redis-server`; TEST_REDIS=skip
 * skips the file explicitly, nothing else does).
 */
import type { ChildProcess } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { C5840I, quoteBody, testApp, testConfig } from './helpers';
import { redisHostOf } from '../src/http/rateLimitStore';
import { startRedis, stopRedis } from './redis';
import { bearer, localTokens, manifestGate } from './releasesFixtures';

const SKIP = process.env.TEST_REDIS === 'skip';
/** The server asks for it, so the URL's password is really used (and must never be logged). */
const PASSWORD = 'secret-password';
const describeRedis = SKIP ? describe.skip : describe;
// Each case starts one or two app instances and a redis-server: past Jest's default 5 s on a busy
// machine (a mutation run beside other work made the first case time out in Stryker's initial run).
jest.setTimeout(30_000);

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Log lines as parsed JSON objects. */
function logSink() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

const quote = (app: FastifyInstance, ip = '203.0.113.7') =>
  app.inject({ method: 'POST', url: '/api/quote', payload: quoteBody([C5840I]), remoteAddress: ip });

describeRedis('rate limits in Redis (REDIS_URL)', () => {
  let port = 0;
  let redis: ChildProcess | null = null;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port, PASSWORD);
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
    if (!redis || redis.exitCode !== null || redis.signalCode !== null) redis = await startRedis(port, PASSWORD);
  });
  afterAll(async () => stopRedis(redis));

  async function instance(limit: number, logs?: NodeJS.WritableStream): Promise<FastifyInstance> {
    const config = testConfig({ redisUrl: `redis://:${PASSWORD}@127.0.0.1:${port}`, logLevel: 'info' });
    config.rateLimits = { quotePerMinute: limit, formsPerMinute: limit };
    const app = await testApp(config, logs ? { logger: { stream: logs } } : {});
    apps.push(app);
    return app;
  }

  it('shares one count per IP and route across instances: N a minute in all, then 429 on every instance', async () => {
    const { lines, stream } = logSink();
    const [a, b] = [await instance(3, stream), await instance(3)];
    const statuses = [];
    for (const app of [a, b, a, b, a]) statuses.push((await quote(app!)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    // Another address has its own count; the password is never logged, the host is.
    expect((await quote(b!, '203.0.113.8')).statusCode).toBe(201);
    const said = JSON.stringify(lines);
    expect(said).not.toContain(PASSWORD);
    expect(lines.some((line) => line.redis === `127.0.0.1:${port}`)).toBe(true);
  });

  it('counts each route on its own: a route at its limit leaves another open for the same address', async () => {
    const [a, b] = [await instance(1), await instance(1)];
    expect((await quote(a, '203.0.113.40')).statusCode).toBe(201);
    expect((await quote(b, '203.0.113.40')).statusCode).toBe(429);
    const enquiry = { kind: 'enquiry', name: 'Jo Bloggs', email: 'jo@example.co.uk', message: 'Please call me back.' };
    const send = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/api/enquiries/send', payload: enquiry, remoteAddress: '203.0.113.40' });
    expect((await send(b)).statusCode).toBe(201);
    expect((await send(a)).statusCode).toBe(429);
  });

  it('while Redis is down: writes answer at once, limited per instance (fail open to local counts), and health says degraded', async () => {
    const { lines, stream } = logSink();
    const app = await instance(2, stream);
    expect((await quote(app, '203.0.113.20')).statusCode).toBe(201);
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).json()).toMatchObject({ status: 'ok', reasons: [] });

    await stopRedis(redis);
    const started = Date.now();
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await quote(app, '203.0.113.21'));
    const during = answers.map((answer) => answer.statusCode);
    expect(Date.now() - started).toBeLessThan(1_000);
    // Not everything goes through: this instance's own count takes over.
    expect(during).toEqual([201, 201, 429]);
    // counted locally, the wait is still what is left of the minute
    expect(Number(answers[2]!.headers['retry-after'])).toBeGreaterThanOrEqual(50);
    expect(Number(answers[2]!.headers['retry-after'])).toBeLessThanOrEqual(60);
    const challenge = await app.inject({ method: 'GET', url: '/api/captcha/challenge', remoteAddress: '203.0.113.21' });
    expect(challenge.statusCode).toBe(200);

    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'degraded', reasons: [{ code: 'rate-limit-store-down' }] });
    // what a person reading the health answer needs: which Redis, since when, and that counting goes on locally
    expect((ready.json() as { reasons: Array<{ message: string }> }).reasons[0]!.message).toMatch(
      new RegExp(
        `^the rate limits' Redis \\(127\\.0\\.0\\.1:${port}\\) has not answered since \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z \\(.+\\); each instance counts on its own meanwhile \\([1-9]\\d* requests counted locally since start\\)$`,
      ),
    );
    const alerts = lines.filter((line) => line.alert === 'rate-limit-store-down');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ level: 40, redis: `127.0.0.1:${port}` });
    expect(JSON.stringify(alerts)).not.toContain('203.0.113.');

    // Back: shared counts again, and health ok.
    redis = await startRedis(port, PASSWORD);
    const deadline = Date.now() + 4_000;
    let body = ready.json() as { status: string };
    while (body.status !== 'ok' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      body = (await app.inject({ method: 'GET', url: '/api/health/ready' })).json();
    }
    expect(body.status).toBe('ok');
  });

  it('while Redis hangs (stopped, not gone): a write waits at most the command timeout, then is counted locally', async () => {
    const app = await instance(5);
    expect((await quote(app, '203.0.113.30')).statusCode).toBe(201);
    redis!.kill('SIGSTOP');
    try {
      const started = Date.now();
      const res = await quote(app, '203.0.113.30');
      const ms = Date.now() - started;
      expect(res.statusCode).toBe(201);
      expect(ms).toBeLessThan(1_000);
      // The next one does not wait again.
      const again = Date.now();
      expect((await quote(app, '203.0.113.30')).statusCode).toBe(201);
      expect(Date.now() - again).toBeLessThan(300);
    } finally {
      redis!.kill('SIGCONT');
    }
  });
});

describeRedis('the release API’s limits in Redis', () => {
  let port = 0;
  let redis: ChildProcess | null = null;
  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
  });
  afterAll(async () => stopRedis(redis));

  it('writes share one budget per address across routes and instances, and wrong tokens are counted across them, apart from it', async () => {
    const config = testConfig({ redisUrl: `redis://127.0.0.1:${port}` });
    const limited = { ...config, releases: { ...config.releases, perMinute: 3 } };
    // two instances of one database (one SQLite file) and one Redis
    const a = await testApp(limited, { releases: { gate: manifestGate, autoStart: false } });
    const b = await testApp(limited, { releases: { gate: manifestGate, autoStart: false } });
    try {
      const tokens = localTokens(config.varDir);
      const post = (app: FastifyInstance, url: string, token: string, ip = '203.0.113.60', payload: object = {}) =>
        app.inject({ method: 'POST', url, payload, headers: bearer(token), remoteAddress: ip }).then((answer) => answer.statusCode);
      const stale = `ctd_checker_${'s'.repeat(43)}`;
      const failures = [];
      for (let i = 0; i < 11; i += 1) failures.push(await post(i % 2 ? a : b, '/api/releases/checker/promote', stale));
      expect(failures).toEqual([...Array(10).fill(401), 429]);
      expect([
        await post(a, '/api/releases/checker/rollback', tokens.checker),
        await post(b, '/api/releases/basket/rollback', tokens.basket),
        await post(a, '/api/releases/content/preview', tokens.content, undefined, { release: 'abcdefabcdef' }),
        await post(b, '/api/releases/checker/rollback', tokens.checker),
      ]).toEqual([409, 409, 404, 429]);
      expect(await post(b, '/api/releases/checker/rollback', tokens.checker, '203.0.113.61')).toBe(409);
      const client = new Redis({ port, host: '127.0.0.1' });
      try {
        expect((await client.keys('copytech:rate-limit:releases-*')).sort()).toEqual([
          expect.stringMatching(/^copytech:rate-limit:releases-failed-tokens-address:203\.0\.113\.60$/),
          expect.stringMatching(/^copytech:rate-limit:releases-failed-tokens:203\.0\.113\.60:[A-Za-z0-9_-]{16}$/),
          'copytech:rate-limit:releases-writes:203.0.113.60',
          'copytech:rate-limit:releases-writes:203.0.113.61',
        ]);
      } finally {
        client.disconnect();
      }
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('the Redis host in the logs', () => {
  it('is host:port, the default port when the URL has none, and never the password', () => {
    expect(redisHostOf('redis://:secret@cache.internal:6380/0')).toBe('cache.internal:6380');
    expect(redisHostOf('redis://cache.internal')).toBe('cache.internal:6379');
  });
});
