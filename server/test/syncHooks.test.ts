/**
 * Hooks on every request's path are synchronous (docs/metrics.md "Cost"): an async hook costs each
 * request a promise and a turn of the microtask queue, and six of them cost the list API more than
 * the metrics and request ids together. A hook that must wait for something takes Fastify's `done`
 * callback and calls it when it is done. An `async` hook written inline in server/src fails here,
 * by file and line.
 */
import fs from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(__dirname, '..', 'src');
/** The hooks Fastify runs for each request (not onReady, onClose, onRoute, ...). */
const PER_REQUEST = ['onRequest', 'preParsing', 'preValidation', 'preHandler', 'preSerialization', 'onSend', 'onResponse', 'onError'];
const ASYNC_HOOK = new RegExp(`addHook\\(\\s*['"](${PER_REQUEST.join('|')})['"]\\s*,\\s*async\\b`, 'g');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The lines (1-based) of `text` where an async per-request hook is added. */
export function asyncHooksIn(text: string): number[] {
  return [...text.matchAll(ASYNC_HOOK)].map((match) => text.slice(0, match.index).split('\n').length);
}

it('reads the server source (the app and the hooks it adds)', () => {
  const files = sourceFiles(SRC).map((file) => path.relative(SRC, file));
  expect(files).toEqual(expect.arrayContaining(['app.ts', path.join('http', 'security.ts'), path.join('plugins', 'lifecycle.ts')]));
  const hooks = sourceFiles(SRC).reduce(
    (count, file) => count + (fs.readFileSync(file, 'utf8').match(/addHook\(\s*'on(Request|Send)'/g)?.length ?? 0),
    0,
  );
  expect(hooks).toBeGreaterThanOrEqual(5);
});

it('adds no async hook on the path of every request', () => {
  const offending = sourceFiles(SRC).flatMap((file) =>
    asyncHooksIn(fs.readFileSync(file, 'utf8')).map((line) => `${path.relative(SRC, file)}:${line}`),
  );
  expect(offending).toEqual([]);
});

it('would see an async hook, on one line or over several, and leaves the others alone', () => {
  expect(asyncHooksIn("app.addHook('onSend', async (request, reply) => {\n});")).toEqual([1]);
  expect(asyncHooksIn("const a = 1;\napp.addHook(\n  'preHandler',\n  async function check(request) {});")).toEqual([2]);
  expect(asyncHooksIn("app.addHook('onRequest', (request, reply, done) => done());")).toEqual([]);
  expect(asyncHooksIn("app.addHook('onClose', async () => db.destroy());")).toEqual([]);
  expect(asyncHooksIn("app.addHook('onReady', async () => outbox.start());")).toEqual([]);
});
