/**
 * The release API's rate limits as docs/deploy.md "Rate limits of the release API" says them: a
 * token is checked first, so wrong tokens never lock out a right one from the same address
 * (failures are counted per address and token prefix, and per address, and answered 429 past
 * their bounds); writes share one budget per address across every release route; reads (a
 * remote's list, the token list) never spend it and have a budget of their own.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { testApp, testConfig } from '../../../test/helpers';
import { bearer, localTokens, manifestGate } from '../../../test/releasesFixtures';
import { FAILED_TOKENS, READS_PER_WRITE } from './releaseGuard';

const manual = { gate: manifestGate, autoStart: false };

async function limitedApp(perMinute?: number) {
  const config = testConfig();
  const app = await testApp(perMinute ? { ...config, releases: { ...config.releases, perMinute } } : config, { releases: manual });
  return { app, tokens: localTokens(config.varDir) };
}

const from = (app: FastifyInstance, ip: string) => ({
  post: (url: string, token: string | null, payload: object = {}) =>
    app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: token ? bearer(token) : {} }),
  get: (url: string, token: string) => app.inject({ method: 'GET', url, remoteAddress: ip, headers: bearer(token) }),
});
const randomToken = (scope: string) => `ctd_${scope}_${randomBytes(32).toString('base64url')}`;

describe('wrong tokens', () => {
  let app: FastifyInstance;
  let tokens: ReturnType<typeof localTokens>;
  beforeEach(async () => ({ app, tokens } = await limitedApp()));
  afterEach(async () => app.close());

  it('30 random wrong tokens from one address do not lock out the right token from that address', async () => {
    const client = from(app, '198.51.100.7');
    const wrong = [];
    for (let i = 0; i < 30; i += 1) wrong.push((await client.post('/api/releases/checker/rollback', randomToken('checker'))).statusCode);
    expect(wrong).toEqual(Array(30).fill(401));
    // the right token from the same address, on the same route: checked first, never refused for the failures
    expect((await client.post('/api/releases/checker/rollback', tokens.checker)).statusCode).toBe(409);
    // past the address's bound, wrong tokens are answered 429, with when to try again
    const past = await client.post('/api/releases/checker/rollback', randomToken('checker'));
    expect(past.statusCode).toBe(429);
    expect(Number(past.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(past.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((past.json() as { message: string }).message).toMatch(
      /^Too many unknown deploy tokens from this address: please try again in \d+ seconds\.$/,
    );
    // and still the right token, on every kind of route
    expect((await client.post('/api/releases/checker/rollback', tokens.checker)).statusCode).toBe(409);
    expect((await client.get('/api/releases/checker', tokens.checker)).statusCode).toBe(200);
    expect((await client.get('/api/releases/tokens', tokens.platform)).statusCode).toBe(200);
  });

  it('one wrong token repeated is answered 429 past its prefix bound; another prefix and another address are not', async () => {
    const client = from(app, '198.51.100.8');
    const stale = randomToken('basket');
    const statuses = [];
    for (let i = 0; i <= FAILED_TOKENS.perPrefix; i += 1)
      statuses.push((await client.post('/api/releases/basket/rollback', stale)).statusCode);
    expect(statuses).toEqual([...Array(FAILED_TOKENS.perPrefix).fill(401), 429]);
    // the bucket is the prefix (ctd_basket_ + 4 characters): the same token elsewhere is counted apart
    expect((await client.post('/api/releases/basket/rollback', randomToken('basket'))).statusCode).toBe(401);
    expect((await from(app, '198.51.100.9').post('/api/releases/basket/rollback', stale)).statusCode).toBe(401);
    expect((await client.post('/api/releases/basket/rollback', null)).statusCode).toBe(401);
    expect((await client.post('/api/releases/basket/rollback', tokens.basket)).statusCode).toBe(409);
  });
});

describe('the budgets', () => {
  it('writes to different release routes share one budget per address; another address has its own', async () => {
    const { app, tokens } = await limitedApp(3);
    try {
      const client = from(app, '198.51.100.20');
      const statuses = [
        (await client.post('/api/releases/checker/rollback', tokens.checker)).statusCode,
        (await client.post('/api/releases/checker/preview', tokens.checker, { release: 'abcdefabcdef' })).statusCode,
        (await client.post('/api/releases/basket/promote', tokens.basket, { release: 'abcdefabcdef' })).statusCode,
      ];
      expect(statuses).toEqual([409, 404, 404]);
      const over = await client.post('/api/releases/basket/rollback', tokens.basket);
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect((over.json() as { message: string }).message).toMatch(
        /^Too many release API writes from this address: please try again in \d+ seconds\.$/,
      );
      expect((await client.post('/api/releases/content/preview/revoke', tokens.content)).statusCode).toBe(429);
      expect((await client.post('/api/releases/tokens', tokens.platform, { scope: 'checker', label: 'x' })).statusCode).toBe(429);
      expect((await from(app, '198.51.100.21').post('/api/releases/checker/rollback', tokens.checker)).statusCode).toBe(409);
      // the release API's refusals are the limits' decisions in the metrics, as every other route's
      const decisions = (await app.metrics.registry.getSingleMetric('copytech_rate_limit_decisions_total')!.get()).values;
      const count = (route: string, decision: string) =>
        decisions.find((value) => value.labels.route === route && value.labels.decision === decision)?.value;
      expect([count('/api/releases/:remote/rollback', 'limited'), count('/api/releases/:remote/rollback', 'allowed')]).toEqual([1, 2]);
      expect(count('/api/releases/tokens', 'limited')).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('reads (list, the token list) do not spend the write budget, and have ten times its size', async () => {
    const { app, tokens } = await limitedApp(2);
    try {
      const client = from(app, '198.51.100.30');
      const reads = [];
      for (let i = 0; i < 5; i += 1) reads.push((await client.get('/api/releases/checker', tokens.checker)).statusCode);
      expect(reads).toEqual(Array(5).fill(200));
      const writes = [];
      for (let i = 0; i < 3; i += 1) writes.push((await client.post('/api/releases/checker/rollback', tokens.checker)).statusCode);
      expect(writes).toEqual([409, 409, 429]);
      for (let i = 5; i < 2 * READS_PER_WRITE; i += 1)
        expect(
          (await client.get(i % 2 ? '/api/releases/basket' : '/api/releases/tokens', i % 2 ? tokens.basket : tokens.platform)).statusCode,
        ).toBe(200);
      expect((await client.get('/api/releases/checker', tokens.checker)).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });
});
