/**
 * A dependency away is an outage, not a bug and not a Not Found (docs/product-rules.md "When
 * something is wrong"). This file is the one place that recognises such a failure, whatever the
 * route, and says what it is answered with: 503 with Retry-After, counted by dependency in
 * copytech_dependency_unavailable_total.
 *
 * What counts as away:
 * - the database: PostgreSQL refusing or dropping connections (ECONNREFUSED and the other socket
 *   errors, SQLSTATE class 08 "connection exception", 57P01-57P03 "shutting down / cannot connect
 *   now", 53300 "too many connections"), the pool giving up waiting for a connection, a connection
 *   that ended under a query; SQLite's file busy past busy_timeout, locked, not openable, or an I/O
 *   error or a full disk;
 * - the mail server: nodemailer's connection errors (a route never waits for mail today: the
 *   outbox sends later, so this names it only if one ever does);
 * - Redis: ioredis giving up on a command (no route needs Redis today: rate limits count locally
 *   while it is away, http/rateLimitStore.ts).
 * Anything else is not a dependency away: a bug stays a 500.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Dependency } from '../metrics/metrics';

/** How long a client is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 30;

/** The API's message for a 503: the forms show their own "Something went wrong on our side…" for it. */
export const DEPENDENCY_AWAY_MESSAGE = 'We are having trouble on our side just now. Please try again in a minute.';

const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
const POSTGRES_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
const SQLITE_CODES = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|FULL)(_|$)/;
const MAIL_CODES = new Set(['ECONNECTION', 'ESOCKET', 'EDNS', 'ETLS', 'EPROTOCOL']);
const POOL_MESSAGES = [/^timeout exceeded when trying to connect/i, /^Connection terminated/i, /is not queryable/i];

interface ErrorLike {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  command?: unknown;
  errors?: unknown;
  cause?: unknown;
}

function classify(error: ErrorLike, depth: number): Dependency | null {
  const code = typeof error.code === 'string' ? error.code : '';
  const message = typeof error.message === 'string' ? error.message : '';
  // nodemailer marks its errors with the SMTP command they failed at (CONN on connecting)
  if (MAIL_CODES.has(code) || (typeof error.command === 'string' && SOCKET_CODES.has(code))) return 'mail';
  if (error.name === 'MaxRetriesPerRequestError' || message === 'Connection is closed.') return 'redis';
  if (SQLITE_CODES.test(code)) return 'database';
  if (SOCKET_CODES.has(code) || POSTGRES_CODES.has(code) || /^08...$/.test(code)) return 'database';
  if (POOL_MESSAGES.some((pattern) => pattern.test(message))) return 'database';
  if (depth > 3) return null;
  // Node's connect to a name with several addresses fails with an AggregateError of each attempt
  for (const inner of Array.isArray(error.errors) ? error.errors : []) {
    const found = inner && typeof inner === 'object' ? classify(inner as ErrorLike, depth + 1) : null;
    if (found) return found;
  }
  return error.cause && typeof error.cause === 'object' ? classify(error.cause as ErrorLike, depth + 1) : null;
}

/** The dependency whose absence made this error, or null when it is anything else. */
export function isDependencyDown(error: unknown): Dependency | null {
  return error && typeof error === 'object' ? classify(error as ErrorLike, 0) : null;
}

/**
 * Notes a 503 for a dependency away: the answer's Retry-After and no-store, the count (not for
 * the server's own reads: the page that made them is counted), and, with the error that said so,
 * one warning (its code and message, never the request's body). A page made 503 by its read passes
 * none: the read logged it, under the same reqId.
 */
export function markDependencyAway(
  request: FastifyRequest,
  reply: FastifyReply,
  dependency: Dependency,
  error?: unknown,
  count = true,
): void {
  reply.header('Retry-After', String(RETRY_AFTER_SECONDS)).header('Cache-Control', 'no-store');
  if (count) request.server.metrics.dependencyUnavailable.inc({ dependency });
  if (error === undefined) return;
  const { code, message } = error as ErrorLike;
  request.log.warn({ dependency, err: { code, message } }, `${dependency} unavailable: answered 503`);
}
