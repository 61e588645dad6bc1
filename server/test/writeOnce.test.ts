/**
 * writeOnce and the Idempotency-Key (src/writes/idempotency.ts) on their own, on SQLite with a
 * clock the test sets: when a stored answer expires, when a write is tried again after a
 * colliding reference, which errors count as a collision, how deep a request may be, and what
 * the header may hold.
 */
import type { FastifyRequest } from 'fastify';
import { openDatabase, type Db } from '../src/db/database';
import { HttpError } from '../src/http/errors';
import { IDEMPOTENCY_TTL_MS, idempotencyKeyOf, isUniqueViolation, requestHash, writeOnce } from '../src/writes/idempotency';
import { tempDir } from './helpers';

const T0 = Date.parse('2026-11-20T09:00:00Z');
const collision = () => Object.assign(new Error('UNIQUE constraint failed: quotes.reference'), { code: 'SQLITE_CONSTRAINT_UNIQUE' });

let db: Db;
beforeEach(async () => {
  db = await openDatabase(tempDir('ct-write-once-'));
});
afterEach(() => db.destroy());

/** A write that answers 201 with a count of how many times it ran. */
function counter() {
  let runs = 0;
  return {
    runs: () => runs,
    work: async () => ({ statusCode: 201, body: { run: ++runs } }),
  };
}
const keys = () => db.selectFrom('idempotency_keys').select(['key', 'expires_at']).orderBy('key').execute();

describe('a stored answer', () => {
  it('is replayed until 24 hours after the first request, and not from then on', async () => {
    const write = counter();
    const once = (now: number, key = 'key-00000001') => writeOnce({ db, scope: 'quote', key, body: { a: 1 }, now, work: write.work });
    expect(await once(T0)).toEqual({ statusCode: 201, body: { run: 1 }, replayed: false });
    expect(IDEMPOTENCY_TTL_MS).toBe(24 * 60 * 60 * 1000);
    expect(await once(T0 + IDEMPOTENCY_TTL_MS - 1)).toEqual({ statusCode: 201, body: { run: 1 }, replayed: true });
    expect(await keys()).toEqual([{ key: 'quote:key-00000001', expires_at: T0 + IDEMPOTENCY_TTL_MS }]);

    // at the expiry the key is free: the request is done again, and the expired row replaced
    expect(await once(T0 + IDEMPOTENCY_TTL_MS)).toEqual({ statusCode: 201, body: { run: 2 }, replayed: false });
    expect(await keys()).toEqual([{ key: 'quote:key-00000001', expires_at: T0 + 2 * IDEMPOTENCY_TTL_MS }]);
    expect(write.runs()).toBe(2);
  });

  it('is kept per scope and key; expired keys are cleared by the next write with a key', async () => {
    const write = counter();
    await writeOnce({ db, scope: 'quote', key: 'key-00000001', body: {}, now: T0, work: write.work });
    await writeOnce({ db, scope: 'enquiry', key: 'key-00000001', body: {}, now: T0 + 1, work: write.work });
    expect(write.runs()).toBe(2);
    // a write without a key neither stores nor clears anything
    await writeOnce({ db, scope: 'quote', key: null, body: {}, now: T0 + IDEMPOTENCY_TTL_MS + 5, work: write.work });
    expect((await keys()).map((row) => row.key)).toEqual(['enquiry:key-00000001', 'quote:key-00000001']);
    await writeOnce({ db, scope: 'quote', key: 'key-00000002', body: {}, now: T0 + IDEMPOTENCY_TTL_MS, work: write.work });
    expect((await keys()).map((row) => row.key)).toEqual(['enquiry:key-00000001', 'quote:key-00000002']);
  });

  it('answers 422 for the same key with another body', async () => {
    const write = counter();
    await writeOnce({ db, scope: 'quote', key: 'key-00000003', body: { a: 1 }, now: T0, work: write.work });
    const error = await writeOnce({ db, scope: 'quote', key: 'key-00000003', body: { a: 2 }, now: T0 + 1, work: write.work }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(422);
    expect(write.runs()).toBe(1);
  });
});

describe('a write whose reference collides', () => {
  /** Work that collides `times` times, then succeeds. */
  function collidingWork(times: number) {
    let calls = 0;
    return {
      calls: () => calls,
      work: async () => {
        calls++;
        if (calls <= times) throw collision();
        return { statusCode: 201, body: { calls } };
      },
    };
  }

  it('is tried again, up to `retries` more times (3 unless told)', async () => {
    const three = collidingWork(3);
    expect(await writeOnce({ db, scope: 'quote', key: null, body: {}, now: T0, work: three.work })).toEqual({
      statusCode: 201,
      body: { calls: 4 },
      replayed: false,
    });
    const four = collidingWork(4);
    await expect(writeOnce({ db, scope: 'quote', key: null, body: {}, now: T0, work: four.work })).rejects.toMatchObject({
      code: 'SQLITE_CONSTRAINT_UNIQUE',
    });
    expect(four.calls()).toBe(4);
    const once = collidingWork(1);
    await expect(writeOnce({ db, scope: 'quote', key: null, body: {}, now: T0, work: once.work, retries: 0 })).rejects.toMatchObject({
      code: 'SQLITE_CONSTRAINT_UNIQUE',
    });
    expect(once.calls()).toBe(1);
  });

  it('is not tried again for any other error', async () => {
    let calls = 0;
    const work = async () => {
      calls++;
      throw Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
    };
    await expect(writeOnce({ db, scope: 'quote', key: 'key-00000004', body: {}, now: T0, work })).rejects.toThrow('disk I/O error');
    expect(calls).toBe(1);
    expect(await keys()).toEqual([]);
  });
});

describe('what counts as a collision', () => {
  it('is a unique or primary key violation, on SQLite or PostgreSQL', () => {
    for (const code of ['SQLITE_CONSTRAINT_PRIMARYKEY', 'SQLITE_CONSTRAINT_UNIQUE', '23505'])
      expect([code, isUniqueViolation({ code })]).toEqual([code, true]);
    for (const error of [{ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' }, { code: '23503' }, { code: 23505 }, new Error('x'), null, undefined])
      expect(isUniqueViolation(error)).toBe(false);
  });
});

describe('the request', () => {
  const nested = (depth: number): unknown => (depth === 0 ? 1 : { a: nested(depth - 1) });

  it('may be nested 20 levels deep, not more (400)', async () => {
    expect(requestHash(nested(20))).toMatch(/^[0-9a-f]{64}$/);
    expect(requestHash([[nested(18)]])).toMatch(/^[0-9a-f]{64}$/); // arrays are levels too
    const error = (() => {
      try {
        requestHash(nested(22));
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      statusCode: 400,
      message: 'The request is nested too deeply.',
      fieldErrors: { _: 'The request is nested too deeply.' },
    });
    expect(() => requestHash(nested(21))).toThrow('The request is nested too deeply.');
    expect(() => requestHash(Array.from({ length: 1 }, () => nested(20)))).toThrow('The request is nested too deeply.');
  });

  it('must be a JSON object', async () => {
    const write = counter();
    for (const body of [[], 'text', null, 3]) {
      await expect(writeOnce({ db, scope: 'quote', key: null, body, now: T0, work: write.work })).rejects.toMatchObject({
        statusCode: 400,
      });
    }
    expect(write.runs()).toBe(0);
  });
});

describe('the Idempotency-Key header', () => {
  const request = (value: string | string[] | undefined) =>
    ({ headers: value === undefined ? {} : { 'idempotency-key': value } }) as unknown as FastifyRequest;

  it('is optional, and taken as it is when 8 to 100 letters, digits, hyphens or underscores', () => {
    expect(idempotencyKeyOf(request(undefined))).toBeNull();
    for (const key of ['abcd-123', 'A_b-9'.padEnd(100, 'x'), '0f8fad5b-d9cb-469f-a165-70867728950e'])
      expect(idempotencyKeyOf(request(key))).toBe(key);
  });

  it('is refused (400, saying what it may hold) when malformed or sent twice', () => {
    for (const value of ['short', 'x'.repeat(101), 'has space1', 'semi;colon', '', ['abcd-1234', 'abcd-1234']]) {
      let error: unknown;
      try {
        idempotencyKeyOf(request(value));
      } catch (e) {
        error = e;
      }
      expect(error).toMatchObject({
        statusCode: 400,
        message: 'The Idempotency-Key header is not valid.',
        fieldErrors: { 'Idempotency-Key': 'Use 8 to 100 letters, digits, hyphens or underscores (a UUID is ideal).' },
      });
    }
  });
});
