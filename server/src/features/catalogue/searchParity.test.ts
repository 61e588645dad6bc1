/**
 * Site search gives the same answers on SQLite and PostgreSQL: the bench's 50 real queries and some
 * more, compared whole (counts, the machines in order, the pages, the suggestions); and the ranking's
 * trigram likeness is pg_trgm's own similarity().
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { SearchResponse } from '@copytech/shared/domain';
import { similarity } from './search/normalise';
import { REAL_DATA, configOn, testApp } from '../../../test/helpers';
import { postgresSkipped } from '../../../test/postgres';

const BENCH_QUERIES = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../scripts/search-queries.json'), 'utf8')) as string[];
const MORE = [
  'bizhub c999',
  'lexmrak',
  'qqqqqq',
  'a3',
  'c3',
  'ricoh im',
  'sra3 colour production',
  'Toshiba e-STUDIO',
  'kodak',
  'cad plotter',
];

(postgresSkipped() ? describe.skip : describe)('site search on SQLite and PostgreSQL', () => {
  let sqlite: FastifyInstance;
  let postgres: FastifyInstance;
  beforeAll(async () => {
    [sqlite, postgres] = await Promise.all([
      testApp(configOn('sqlite', { dataDir: REAL_DATA })),
      testApp(configOn('postgres', { dataDir: REAL_DATA })),
    ]);
  }, 90_000);
  afterAll(() => Promise.all([sqlite?.close(), postgres?.close()]));

  const answer = async (app: FastifyInstance, q: string, page = 1) => {
    const res = await app.inject({ url: `/api/search?${new URLSearchParams({ q, limit: '24', page: String(page) })}` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as SearchResponse;
    return { ...body, products: { ...body.products, results: body.products.results.map((p) => p.modelId) } };
  };

  it('has 50 real queries for the bench, each finding something or suggesting something', async () => {
    expect(new Set(BENCH_QUERIES).size).toBe(50);
    for (const q of BENCH_QUERIES) {
      const found = await answer(sqlite, q);
      expect([q, found.products.count + found.pages.length > 0 || found.suggestions !== null]).toEqual([q, true]);
    }
  });

  it.each([...BENCH_QUERIES, ...MORE])('%j: the same answer on both', async (q) => {
    const [a, b] = await Promise.all([answer(sqlite, q), answer(postgres, q)]);
    expect(b).toEqual(a);
    if (a.products.count > 24) expect(await answer(postgres, q, 2)).toEqual(await answer(sqlite, q, 2));
  });

  it('likens words as pg_trgm does', async () => {
    const pairs = [
      ['bizub', 'bizhub'],
      ['konika', 'konica'],
      ['richo', 'ricoh'],
      ['imagerunr', 'imagerunner'],
      ['c5840', 'c5840i'],
      ['taskalfa', 'taskalfa'],
      ['lexmrak', 'lexmark'],
      ['plotter', 'plotters'],
    ];
    for (const [a, b] of pairs) {
      const { rows } = await sql<{ s: number }>`select similarity(${a}, ${b}) as s`.execute(postgres.db);
      expect([a, b, similarity(a!, b!)]).toEqual([a, b, Math.floor(100 * Number(rows[0]!.s) + 1e-9)]);
    }
  });
});
