/**
 * GET /api/search with hostile and random input on both databases: FTS5 and tsquery syntax, LIKE
 * wildcards, quotes, NUL and other control characters, unpaired surrogates, right-to-left text,
 * 10 KB queries, repeated and odd parameters. Never a 5xx; a 200 is always a SearchResponse whose
 * query is what readSearchQuery reads; a 4xx is the JSON error shape. The random cases come from a
 * seeded PRNG, so a failure names a case that replays.
 */
import type { FastifyInstance } from 'fastify';
import { readSearchQuery, type SearchResponse } from '@copytech/shared/domain';
import { REAL_DATA, configOn, testApp } from '../../../test/helpers';
import { databases } from '../../../test/postgres';

const HOSTILE = [
  '"',
  '""',
  "'",
  "' OR 1=1 --",
  '*',
  'canon*',
  '^canon',
  'NEAR(canon ricoh)',
  'NEAR(',
  'canon OR ricoh',
  'canon AND NOT ricoh',
  'canon NOT',
  'model:canon',
  '{brand model}: canon',
  'a:*',
  'canon & ricoh | !epson',
  "canon:* & 'x'",
  '<->',
  '%',
  '%%%',
  '_',
  '\\',
  '\\%',
  'a\u0000b',
  '\u0000',
  '\u202eredro',
  'مرحبا canon',
  '打印机',
  '🖨️ canon',
  'ＭＦＣ－Ｌ８９００',
  '<script>alert(1)</script>',
  '${{7*7}}',
  '(((((((((',
  ')',
  'a'.repeat(3),
  'ab '.repeat(400),
  'x'.repeat(10_240),
  'mfc l8900 '.repeat(1024),
  Array.from({ length: 200 }, (_, i) => `w${i}`).join(' '),
];

function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHABET = [
  'a',
  'z',
  'C',
  '3',
  '0',
  ' ',
  '-',
  '"',
  "'",
  '*',
  ':',
  '(',
  ')',
  '^',
  '%',
  '_',
  '\\',
  '&',
  '|',
  '!',
  '\u0000',
  'é',
  '中',
  '\ud83d',
  '\n',
];

function randomQuery(next: () => number): string {
  const length = Math.floor(next() * 40);
  let text = '';
  for (let i = 0; i < length; i++) text += ALPHABET[Math.floor(next() * ALPHABET.length)];
  return text;
}

describe.each(databases())('GET /api/search with hostile input on %s', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp(configOn(database, { dataDir: REAL_DATA }));
  }, 60_000);
  afterAll(() => app.close());

  async function expectAnswer(url: string, q: string | null, what: string) {
    const res = await app.inject({ url });
    expect([what, res.statusCode < 500]).toEqual([what, true]);
    if (res.statusCode === 200) {
      const body = res.json() as SearchResponse;
      if (q !== null) expect([what, body.query]).toEqual([what, readSearchQuery(q)]);
      expect(body.products.results.every((p) => p.isActive === 1)).toBe(true);
    } else {
      expect(res.json()).toMatchObject({ statusCode: res.statusCode, error: expect.any(String), message: expect.any(String) });
    }
    return res.statusCode;
  }

  it.each(HOSTILE.map((q, i) => [i, q.length > 40 ? `${q.slice(0, 40)}… (${q.length})` : q, q]))(
    'hostile %i: %j answers 200',
    async (_i, _label, q) => {
      const status = await expectAnswer(`/api/search?q=${encodeURIComponent(q as string)}&limit=24`, q as string, String(_label));
      expect(status).toBe(200);
    },
  );

  it('answers 200 random queries (seed 27) without a 5xx', async () => {
    const next = prng(27);
    for (let i = 0; i < 200; i++) {
      const q = randomQuery(next);
      let encoded: string;
      try {
        encoded = encodeURIComponent(q);
      } catch {
        encoded = escape(q);
      }
      await expectAnswer(`/api/search?q=${encoded}&page=${1 + Math.floor(next() * 3)}`, null, `case ${i}: ${JSON.stringify(q)}`);
    }
  }, 60_000);

  it.each([
    '/api/search?q=%',
    '/api/search?q=%E0%A4%A',
    '/api/search?q=%00',
    // unpaired surrogates as WTF-8 bytes (a browser never sends them; a client may)
    '/api/search?q=%ED%A0%80',
    '/api/search?q=x%ED%BF%BFy',
    '/api/search?q=canon&q=ricoh',
    '/api/search?q[]=canon',
    '/api/search?q[a]=canon',
    '/api/search?limit=1e3',
    '/api/search?limit=-1',
    '/api/search?page=99999999999999999999',
    '/api/search?q=canon&limit=',
    '/api/search?__proto__=1',
    '/api/search?constructor=x&q=canon',
  ])('%s is never a 5xx', async (url) => {
    await expectAnswer(url, null, url);
  });
});
