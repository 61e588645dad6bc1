/**
 * Idempotency-Key for writes (the basket's retries rely on it): the first request with a key is
 * processed and its answer stored with the key; any repeat within 24 hours gets that same answer
 * (with Idempotent-Replayed: true) and stores nothing new. The same key with a different body is
 * a client bug and gets 422. Two simultaneous requests with one key: the primary key lets one
 * commit; the other rolls back and answers with the stored result.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { IDEMPOTENCY_KEY_PATTERN } from '@copytech/shared/domain';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { HttpError, badRequest, requireObject } from '../http/errors';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface StoredResponse {
  statusCode: number;
  body: unknown;
  replayed: boolean;
}

/** The request's Idempotency-Key, or null; 400 when present but malformed. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw badRequest(
      { 'Idempotency-Key': 'Use 8 to 100 letters, digits, hyphens or underscores (a UUID is ideal).' },
      'The Idempotency-Key header is not valid.',
    );
  }
  return value;
}

const MAX_DEPTH = 20;

/** The value with object keys sorted, so equal requests hash equally; 400 when absurdly deep. */
function stable(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) throw badRequest({ _: 'The request is nested too deeply.' }, 'The request is nested too deeply.');
  if (Array.isArray(value)) return value.map((item) => stable(item, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((k) => [k, stable((value as Record<string, unknown>)[k], depth + 1)]),
    );
  }
  return value;
}

export function requestHash(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(stable(body)) ?? 'undefined')
    .digest('hex');
}

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

async function findStored(db: Db, storageKey: string, hash: string, now: number): Promise<StoredResponse | null> {
  const row = await db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('key', '=', storageKey)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return null;
  if (row.request_hash !== hash)
    throw new HttpError(422, 'This Idempotency-Key was already used for a different request. Send a new key with a new request.');
  return { statusCode: row.status_code, body: JSON.parse(row.response_body), replayed: true };
}

export interface OnceOptions {
  db: Db;
  /** which write, e.g. 'quote' */
  scope: string;
  key: string | null;
  body: unknown;
  now: number;
  /** does the write inside the transaction and says what to answer */
  work: (trx: Transaction<Database>) => Promise<{ statusCode: number; body: unknown }>;
  /** how many times to draw again when a generated reference collides */
  retries?: number;
}

/** Runs the write once per key (or every time without one), in a transaction. */
export async function writeOnce({ db, scope, key, body, now, work, retries = 3 }: OnceOptions): Promise<StoredResponse> {
  requireObject(body);
  const storageKey = key ? `${scope}:${key}` : null;
  const hash = requestHash(body);
  if (storageKey) {
    const stored = await findStored(db, storageKey, hash, now);
    if (stored) return stored;
  }
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await db.transaction().execute(async (trx) => {
        const answer = await work(trx);
        if (storageKey) {
          await trx.deleteFrom('idempotency_keys').where('expires_at', '<=', now).execute();
          await trx
            .insertInto('idempotency_keys')
            .values({
              key: storageKey,
              request_hash: hash,
              status_code: answer.statusCode,
              response_body: JSON.stringify(answer.body),
              created_at: new Date(now).toISOString(),
              expires_at: now + IDEMPOTENCY_TTL_MS,
            })
            .execute();
        }
        return answer;
      });
      return { ...result, replayed: false };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (storageKey) {
        const stored = await findStored(db, storageKey, hash, now);
        if (stored) return stored;
      }
      if (attempt >= retries) throw error;
    }
  }
}
