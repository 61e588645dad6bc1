/**
 * The one place that tells a dependency away from a bug (server/src/http/dependencies.ts
 * isDependencyDown): the errors the drivers really throw when the database, Redis or the mail
 * server is away are named; anything else is not (a bug stays a 500).
 */
import { isDependencyDown } from '../src/http/dependencies';

const withCode = (code: string, message = 'failed', extra: object = {}) => Object.assign(new Error(message), { code }, extra);

describe('isDependencyDown', () => {
  it.each([
    ['PostgreSQL refusing connections', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432', { syscall: 'connect' })],
    [
      'both addresses of localhost refusing (AggregateError)',
      Object.assign(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], ''), { code: undefined }),
    ],
    ['the server shutting down (57P01 admin_shutdown)', withCode('57P01', 'terminating connection due to administrator command')],
    ['the server starting up (57P03 cannot_connect_now)', withCode('57P03', 'the database system is starting up')],
    ['a connection failure (08006)', withCode('08006')],
    ['too many connections (53300)', withCode('53300')],
    ['the pool giving up waiting', new Error('timeout exceeded when trying to connect')],
    ['a connection ended under a query', new Error('Connection terminated unexpectedly')],
    ['wrapped by another error', new Error('query failed', { cause: withCode('ECONNRESET') })],
    ['SQLite busy past its timeout', withCode('SQLITE_BUSY', 'database is locked')],
    ['SQLite not openable', withCode('SQLITE_CANTOPEN')],
    ['SQLite I/O error', withCode('SQLITE_IOERR_READ')],
    ['SQLite disk full', withCode('SQLITE_FULL')],
  ])('%s: the database', (_name, error) => {
    expect(isDependencyDown(error)).toBe('database');
  });

  it('names the mail server and Redis by their drivers’ errors', () => {
    expect(isDependencyDown(withCode('ECONNECTION', 'Connection closed'))).toBe('mail');
    expect(isDependencyDown(withCode('ESOCKET', 'connect ECONNREFUSED', { command: 'CONN' }))).toBe('mail');
    expect(isDependencyDown(withCode('ECONNREFUSED', 'connect ECONNREFUSED', { command: 'CONN' }))).toBe('mail');
    expect(
      isDependencyDown(Object.assign(new Error('Reached the max retries per request limit'), { name: 'MaxRetriesPerRequestError' })),
    ).toBe('redis');
    expect(isDependencyDown(new Error('Connection is closed.'))).toBe('redis');
  });

  it.each([
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'x')")],
    ['a constraint violation', withCode('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error in SQL', withCode('42601')],
    ['SQLite constraint', withCode('SQLITE_CONSTRAINT_UNIQUE')],
    ['SQLite damaged', withCode('SQLITE_CORRUPT')],
    ['an HTTP error', Object.assign(new Error('Not Found'), { statusCode: 404 })],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', null],
    [
      'a cycle of causes',
      (() => {
        const error = new Error('loop') as Error & { cause?: unknown };
        error.cause = error;
        return error;
      })(),
    ],
  ])('%s: not a dependency away', (_name, error) => {
    expect(isDependencyDown(error)).toBeNull();
  });
});
