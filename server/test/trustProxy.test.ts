/**
 * TRUST_PROXY as a hop count (src/app.ts): the nearest N proxies are believed, whatever their
 * address, and the client is the address the Nth one names. Tried with real requests through the
 * app, on what the rate limit and the request log see: a client cannot choose its address by
 * adding hops to X-Forwarded-For, and a request that came through fewer proxies than trusted is
 * the furthest address it carries.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { C5840I, quoteBody, testConfig } from './helpers';

type LogLine = { msg: string; req?: { remoteAddress?: string; url?: string } };

/** The app behind TRUST_PROXY hops, one quote a minute per client, its log lines kept. */
async function behindProxies(hops: string): Promise<{ app: FastifyInstance; lines: LogLine[] }> {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const config = testConfig({ rateLimits: { quotePerMinute: 1, formsPerMinute: 1 } }, { TRUST_PROXY: hops });
  const app = await buildApp({
    config: { ...config, logLevel: 'info' },
    logger: { stream },
    outbox: { autoStart: false },
    retention: { autoStart: false },
  });
  await app.ready();
  return { app, lines };
}

/** The nearest proxy (the socket's address) forwards a quote with this X-Forwarded-For. */
const quoteVia = (app: FastifyInstance, forwardedFor: string | undefined, path = '/api/quote') =>
  app.inject({
    method: 'POST',
    url: path,
    payload: quoteBody([C5840I]),
    remoteAddress: '10.0.0.2',
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });

/** The client address the request log recorded for the request to `url`. */
const loggedClient = (lines: LogLine[], url: string) =>
  lines.find((line) => line.msg === 'incoming request' && line.req?.url === url)?.req?.remoteAddress;

describe('TRUST_PROXY=2 (two proxies in front of the server)', () => {
  let app: FastifyInstance;
  let lines: LogLine[];
  beforeEach(async () => {
    ({ app, lines } = await behindProxies('2'));
  });
  afterEach(() => app.close());

  it('with more hops than trusted, takes the address the second proxy names, not what the client wrote before it', async () => {
    // the client wrote a made-up address; the outer proxy added the client's, the inner one the outer's
    expect((await quoteVia(app, '203.0.113.1, 198.51.100.7, 10.0.0.1', '/api/quote?first')).statusCode).toBe(201);
    expect(loggedClient(lines, '/api/quote?first')).toBe('198.51.100.7');
    // another made-up address does not make another client: the same client is limited
    expect((await quoteVia(app, '203.0.113.2, 198.51.100.7, 10.0.0.1', '/api/quote?second')).statusCode).toBe(429);
    expect(loggedClient(lines, '/api/quote?second')).toBe('198.51.100.7');
    // a different client behind the same proxies has its own limit
    expect((await quoteVia(app, '203.0.113.2, 198.51.100.8, 10.0.0.1')).statusCode).toBe(201);
  });

  it('with exactly the trusted hops, takes the first address', async () => {
    expect((await quoteVia(app, '198.51.100.9, 10.0.0.1', '/api/quote?exact')).statusCode).toBe(201);
    expect(loggedClient(lines, '/api/quote?exact')).toBe('198.51.100.9');
  });

  it('with fewer hops than trusted, takes the furthest address the request carries', async () => {
    expect((await quoteVia(app, '198.51.100.10', '/api/quote?one')).statusCode).toBe(201);
    expect(loggedClient(lines, '/api/quote?one')).toBe('198.51.100.10');
    expect((await quoteVia(app, undefined, '/api/quote?none')).statusCode).toBe(201);
    expect(loggedClient(lines, '/api/quote?none')).toBe('10.0.0.2');
    // each was its own client: the second request from the proxy itself is limited
    expect((await quoteVia(app, undefined, '/api/quote?again')).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY=1 (one proxy in front of the server)', () => {
  it('believes only the proxy: the last address it adds is the client, whatever comes before', async () => {
    const { app, lines } = await behindProxies('1');
    try {
      expect((await quoteVia(app, '203.0.113.1, 198.51.100.11', '/api/quote?a')).statusCode).toBe(201);
      expect(loggedClient(lines, '/api/quote?a')).toBe('198.51.100.11');
      expect((await quoteVia(app, '203.0.113.2, 198.51.100.11', '/api/quote?b')).statusCode).toBe(429);
      expect((await quoteVia(app, '198.51.100.12', '/api/quote?c')).statusCode).toBe(201);
      expect(loggedClient(lines, '/api/quote?c')).toBe('198.51.100.12');
    } finally {
      await app.close();
    }
  });
});
