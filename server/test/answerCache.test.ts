/** The catalogue's cached answers: ETag and 304, br and gzip forms, the catalogue version, the bound. */
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { AnswerCache, matchesIfNoneMatch } from '../src/http/answerCache';
import { CatalogueRepository } from '../src/features/catalogue/repository';
import { preferredEncoding } from '../src/http/compression';
import { installErrorHandling } from '../src/http/errors';
import { cataloguePlugin } from '../src/features/catalogue/catalogueRoutes';
import { C5840I, testApp } from './helpers';

const LIST = '/api/printers/multifunctionals?limit=12&sort=price-asc';

describe('preferredEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
    ['br;q=nonsense', 'identity'],
    [['gzip', 'br'], 'br'],
  ] as const)('%j -> %s', (header, expected) => {
    expect(preferredEncoding(header as string | string[] | undefined)).toBe(expected);
  });
  it('matches If-None-Match in any encoding, weak or strong, or *', () => {
    expect(matchesIfNoneMatch('"abc"', 'abc')).toBe(true);
    expect(matchesIfNoneMatch('W/"abc-br"', 'abc')).toBe(true);
    expect(matchesIfNoneMatch('"x", "abc-gz"', 'abc')).toBe(true);
    expect(matchesIfNoneMatch('*', 'abc')).toBe(true);
    expect(matchesIfNoneMatch('"abcd"', 'abc')).toBe(false);
    expect(matchesIfNoneMatch('abc', 'abc')).toBe(false);
    expect(matchesIfNoneMatch(undefined, 'abc')).toBe(false);
  });
});

describe('cached catalogue answers', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app.close());

  it('sends a strong ETag and Vary: Accept-Encoding, and 304 for If-None-Match', async () => {
    const first = await app.inject({ method: 'GET', url: LIST });
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toMatch(/^"[\w-]{20,}"$/);
    expect(first.headers.vary).toMatch(/Accept-Encoding/i);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const again = await app.inject({ method: 'GET', url: LIST });
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.body).toBe(first.body);

    for (const tag of [first.headers.etag as string, `W/${first.headers.etag}`, `"nope", ${first.headers.etag}`]) {
      const res = await app.inject({ method: 'GET', url: LIST, headers: { 'if-none-match': tag } });
      expect([tag, res.statusCode, res.body]).toEqual([tag, 304, '']);
      expect(res.headers.etag).toBe(first.headers.etag);
    }
    expect((await app.inject({ method: 'GET', url: LIST, headers: { 'if-none-match': '"something-else"' } })).statusCode).toBe(200);
    // another query is another answer
    const other = await app.inject({ method: 'GET', url: '/api/printers/multifunctionals?limit=2' });
    expect(other.headers.etag).not.toBe(first.headers.etag);
  });

  it('sends the same JSON compressed with br or gzip, each with its own ETag, and a 304 across encodings', async () => {
    const plain = await app.inject({ method: 'GET', url: LIST });
    const br = await app.inject({ method: 'GET', url: LIST, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const gz = await app.inject({ method: 'GET', url: LIST, headers: { 'accept-encoding': 'gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
    const revalidated = await app.inject({
      method: 'GET',
      url: LIST,
      headers: { 'accept-encoding': 'gzip', 'if-none-match': br.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('caches single products too, and answers from the database again when the catalogue version changes', async () => {
    const url = `/api/v3/products/${C5840I}`;
    const before = await app.inject({ method: 'GET', url });
    expect(before.json().isActive).toBe(1);
    await app.db.updateTable('products').set({ is_active: 0 }).where('model_id', '=', C5840I).execute();
    try {
      // not told: the cached answer stands (it would for up to a minute)
      expect((await app.inject({ method: 'GET', url })).json().isActive).toBe(1);
      expect((await app.inject({ method: 'GET', url: LIST })).json().results.map((p: { modelId: string }) => p.modelId)).toContain(C5840I);
      app.catalogue.changed();
      const after = await app.inject({ method: 'GET', url });
      expect(after.json().isActive).toBe(0);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect((await app.inject({ method: 'GET', url: LIST })).json().results.map((p: { modelId: string }) => p.modelId)).not.toContain(
        C5840I,
      );
    } finally {
      await app.db.updateTable('products').set({ is_active: 1 }).where('model_id', '=', C5840I).execute();
      app.catalogue.changed();
    }
  });

  it('does not cache a 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v3/products/nosuchproduct' });
    expect(res.statusCode).toBe(404);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['cache-control']).toBeUndefined();
  });
});

describe('the answer cache is bounded and computes each answer once', () => {
  let host: FastifyInstance;
  let small: FastifyInstance;
  const answers = new AnswerCache({ maxEntries: 5, maxBytes: 10 * 1024 * 1024, ttlMs: 60_000 });
  beforeAll(async () => {
    host = await testApp();
    small = Fastify();
    installErrorHandling(small);
    await small.register(cataloguePlugin, { catalogue: new CatalogueRepository(host.db), answers });
    await small.ready();
  });
  afterAll(async () => {
    await small.close();
    await host.close();
  });

  it('keeps at most its limit of answers, whatever the offsets asked for', async () => {
    for (let offset = 0; offset < 40; offset++) {
      expect((await small.inject({ method: 'GET', url: `/api/printers/all?offset=${offset}` })).statusCode).toBe(200);
    }
    expect(answers.size).toBe(5);
  });

  it('shares one computation among concurrent requests for the same answer', async () => {
    const misses = answers.misses;
    const url = `/api/printers/all?limit=3&brand=canon&sort=speed-desc`;
    const results = await Promise.all(Array.from({ length: 20 }, () => small.inject({ method: 'GET', url })));
    expect(new Set(results.map((res) => res.body)).size).toBe(1);
    expect(answers.misses - misses).toBe(1);
    // the order of brands asked for does not make another answer
    await small.inject({ method: 'GET', url: `/api/products/category/printers?brand=canon,ricoh` });
    const hits = answers.hits;
    await small.inject({ method: 'GET', url: `/api/products/category/printers?brand=ricoh&brand=canon` });
    expect(answers.hits - hits).toBe(1);
  });
});

describe('a failure is not cached', () => {
  it('answers 500 without Cache-Control or ETag, and computes again next time', async () => {
    let calls = 0;
    const failing = {
      version: 0,
      byModelId: async () => {
        calls++;
        throw new Error('database is down');
      },
    } as unknown as CatalogueRepository;
    const app = Fastify();
    installErrorHandling(app);
    await app.register(cataloguePlugin, { catalogue: failing });
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({ method: 'GET', url: `/api/v3/products/${C5840I}` });
      expect(res.statusCode).toBe(500);
      expect(res.headers['cache-control']).toBeUndefined();
      expect(res.headers.etag).toBeUndefined();
    }
    expect(calls).toBe(2);
    await app.close();
  });
});
