/**
 * installSecurity (src/http/security.ts) on a bare Fastify instance with two routes of its own:
 * the headers every answer carries, the policy following the live releases, HSTS only over TLS,
 * and the rate limits (writes only, their 429, the shared store when there is one). The same
 * headers and limits are tried through the whole app in securityHeaders.test.ts, hardening.test.ts
 * and sharedRateLimits.test.ts; this file needs no database, site or redis-server.
 */
import net, { type AddressInfo } from 'node:net';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { REMOTE_NAMES } from '@copytech/shared/domain';
import { connectRateLimits, type SharedRateLimits } from '../src/http/rateLimitStore';
import { cspHeader, installSecurity, type PolicySnapshot } from '../src/http/security';
import { testConfig } from './helpers';

// A thousand requests and more in one case: past Jest's default 5 s on a busy machine.
jest.setTimeout(30_000);

const env = { MARKETING_SCRIPT_URL: 'https://mautic.example.com/mtc.js' };
const HSTS = 'max-age=31536000; includeSubDomains';

/** The app: `/read` (no limit of its own) and `/write` (2 a minute), as the server's routes declare them. */
async function bareApp(shared: SharedRateLimits | null = null): Promise<FastifyInstance> {
  // As behind one trusted proxy: X-Forwarded-Proto says whether the request came over TLS.
  const app = Fastify({ trustProxy: true });
  await installSecurity(app, testConfig({}, env), shared);
  app.get('/read', async () => ({ ok: true }));
  app.post('/write', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async (_request, reply) =>
    reply.code(201).send({ ok: true }),
  );
  await app.ready();
  return app;
}

const snapshot = (catalogueManifest: string): PolicySnapshot => ({
  remotes: Object.fromEntries(
    REMOTE_NAMES.map((name) => [
      name,
      { live: { manifestUrl: name === 'catalogue' ? catalogueManifest : `/remotes/${name}/mf-manifest.json` }, canary: null },
    ]),
  ) as PolicySnapshot['remotes'],
});

describe('the security headers', () => {
  // Each case builds its app: built in a beforeAll, the options given to helmet would be reached
  // by no test of this file (Stryker traces a mutant to the tests that run it).
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await bareApp();
  });
  afterEach(() => app.close());

  it('every answer: the configured policy, no framing, nosniff, a strict referrer policy, resources same-site, no embedder policy', async () => {
    for (const res of [await app.inject({ method: 'GET', url: '/read' }), await app.inject({ method: 'GET', url: '/nothing' })]) {
      expect(res.headers['content-security-policy']).toBe(cspHeader(testConfig({}, env)));
      expect(res.headers['content-security-policy']).toContain("script-src 'self' https://mautic.example.com;");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-site');
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('HSTS only for a request that came over TLS', async () => {
    const tls = await app.inject({ method: 'GET', url: '/read', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toBe(HSTS);
    const plain = await app.inject({ method: 'GET', url: '/read', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('the policy of the releases live at each request, once the app has them', async () => {
    const withReleases = Fastify();
    await installSecurity(withReleases, testConfig({}, env));
    let live = snapshot('https://cdn.example.com/catalogue/7/mf-manifest.json');
    withReleases.decorate('releases', { snapshot: () => live } as never);
    withReleases.get('/read', async () => ({ ok: true }));
    try {
      const config = testConfig({}, env);
      const first = await withReleases.inject({ method: 'GET', url: '/read' });
      expect(first.headers['content-security-policy']).toBe(cspHeader(config, ['https://cdn.example.com']));
      expect(first.headers['content-security-policy']).toContain("script-src 'self' https://cdn.example.com https://mautic.example.com;");
      live = snapshot('https://cdn2.example.com/catalogue/8/mf-manifest.json');
      const second = await withReleases.inject({ method: 'GET', url: '/read' });
      expect(second.headers['content-security-policy']).toBe(cspHeader(config, ['https://cdn2.example.com']));
    } finally {
      await withReleases.close();
    }
  });
});

describe('the rate limits', () => {
  it('limit a route that asks, per address, with a 429 that says how long to wait; other routes are not limited', async () => {
    const app = await bareApp();
    try {
      const write = (ip: string) => app.inject({ method: 'POST', url: '/write', remoteAddress: ip });
      expect((await write('203.0.113.7')).statusCode).toBe(201);
      expect((await write('203.0.113.7')).statusCode).toBe(201);
      const limited = await write('203.0.113.7');
      expect(limited.statusCode).toBe(429);
      const body = limited.json<{ statusCode: number; error: string; message: string }>();
      expect(body).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
      const wait = Number(/^Too many requests: please try again in (\d+) seconds\.$/.exec(body.message)![1]);
      expect(wait).toBeGreaterThanOrEqual(50);
      expect(wait).toBeLessThanOrEqual(60);
      expect((await write('203.0.113.8')).statusCode).toBe(201);
      // past @fastify/rate-limit's default of 1,000 a minute
      const reads: number[] = [];
      for (let i = 0; i < 1_001; i++)
        reads.push((await app.inject({ method: 'GET', url: '/read', remoteAddress: '203.0.113.7' })).statusCode);
      expect(reads.filter((status) => status !== 200)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  describe('counted by the shared store (here with its Redis away, so counted locally on a held clock)', () => {
    let shared: SharedRateLimits;
    const heard: string[] = [];
    beforeAll(async () => {
      const probe = net.createServer();
      await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
      const { port } = probe.address() as AddressInfo;
      await new Promise<void>((resolve) => probe.close(() => resolve()));
      const quiet = { warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;
      shared = await connectRateLimits(`redis://127.0.0.1:${port}`, quiet);
      shared.onLocalCount = (route) => heard.push(route);
    });
    afterAll(() => shared.close());
    afterEach(() => jest.restoreAllMocks());

    it('counts through the store, and the wait is the seconds left, rounded up', async () => {
      const start = Date.parse('2026-11-26T12:00:00.000Z');
      const now = jest.spyOn(Date, 'now').mockReturnValue(start);
      const app = await bareApp(shared);
      try {
        const write = () => app.inject({ method: 'POST', url: '/write', remoteAddress: '203.0.113.20' });
        expect((await write()).statusCode).toBe(201);
        expect((await write()).statusCode).toBe(201);
        const full = await write();
        expect(full.json()).toEqual({
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Too many requests: please try again in 60 seconds.',
        });
        now.mockReturnValue(start + 1);
        expect((await write()).json()).toMatchObject({ message: 'Too many requests: please try again in 60 seconds.' });
        now.mockReturnValue(start + 1_001);
        expect((await write()).json()).toMatchObject({ message: 'Too many requests: please try again in 59 seconds.' });
        now.mockReturnValue(start + 59_999);
        expect((await write()).json()).toMatchObject({ message: 'Too many requests: please try again in 1 seconds.' });
        expect(heard).toEqual(Array(6).fill('/write'));
      } finally {
        await app.close();
      }
    });
  });
});
