/**
 * SQLite's file held by someone else (docs/product-rules.md "When something is wrong"). The
 * database is in WAL mode, so readers are never blocked by a writer: what can really happen on a
 * single instance (one connection in one process) is another process (a maintenance script,
 * `sqlite3` left inside a transaction) holding the write lock. A write then fails with SQLITE_BUSY:
 * at once for a write transaction that reads first (the quote reads its products: SQLite does not
 * wait to upgrade a read to a write in WAL mode, it could deadlock), after the busy timeout (5 s)
 * for one that writes first. It is answered 503 with Retry-After (the dependency is away), not a
 * bare 500, while reads go on; once the lock is let go, the same write succeeds without a restart.
 */
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { DEPENDENCY_AWAY_MESSAGE } from '../src/http/dependencies';
import { C5840I, quoteBody, testApp, testConfig } from './helpers';

let app: FastifyInstance;
let other: BetterSqlite3.Database;
beforeAll(async () => {
  const config = testConfig();
  app = await testApp(config);
  other = new BetterSqlite3(path.join(config.varDir, 'copytech.sqlite'));
});
afterAll(async () => {
  other.close();
  await app.close();
});

it('answers a write 503 with Retry-After while another process holds the write lock, and reads go on', async () => {
  other.exec('BEGIN IMMEDIATE');
  try {
    expect((await app.inject({ method: 'GET', url: '/api/printers/all?limit=3' })).statusCode).toBe(200);
    const write = await app.inject({ method: 'POST', url: '/api/quote', payload: quoteBody([C5840I]) });
    expect({ status: write.statusCode, retryAfter: write.headers['retry-after'] }).toEqual({ status: 503, retryAfter: '30' });
    expect(write.json()).toEqual({ error: 'Service Unavailable', statusCode: 503, message: DEPENDENCY_AWAY_MESSAGE });
  } finally {
    other.exec('ROLLBACK');
  }
  expect((await app.inject({ method: 'POST', url: '/api/quote', payload: quoteBody([C5840I]) })).statusCode).toBe(201);
}, 30_000);
