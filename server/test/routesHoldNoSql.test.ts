/**
 * Routes hold no SQL (server/README.md "Layout"): a route file (`*Routes.ts`) validates, calls its
 * feature's store or a platform part, and answers; every query of a table is in a store. A route
 * that writes Kysely or raw SQL itself fails here, by file and line.
 */
import fs from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(__dirname, '..', 'src');
/** What writing a query looks like with Kysely (and its raw `sql` tag). */
const QUERY = /\b(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\s*\(|\bsql\s*`|\.transaction\(\)/;

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(file);
    return /Routes\.ts$/.test(entry.name) ? [file] : [];
  });
}

export function queriesIn(text: string): number[] {
  return text.split('\n').flatMap((line, index) => (QUERY.test(line) ? [index + 1] : []));
}

it('finds the route files of every feature and platform part', () => {
  const names = routeFiles(SRC).map((file) => path.relative(SRC, file));
  expect(names.length).toBeGreaterThanOrEqual(12);
  for (const feature of ['catalogue', 'content', 'quote', 'report', 'enquiries', 'newsletter', 'releases'])
    expect(names.some((name) => name.startsWith(`features${path.sep}${feature}${path.sep}`))).toBe(true);
});

it('has no query in any route file', () => {
  const offending = routeFiles(SRC).flatMap((file) =>
    queriesIn(fs.readFileSync(file, 'utf8')).map((line) => `${path.relative(SRC, file)}:${line}`),
  );
  expect(offending).toEqual([]);
});

it('would see a query written in a route', () => {
  expect(queriesIn("const row = await db.selectFrom('quotes').selectAll().executeTakeFirst();")).toEqual([1]);
  expect(queriesIn('ok\nawait sql`select 1`.execute(db);')).toEqual([2]);
  expect(queriesIn("await db.insertInto ('outbox').values(row).execute();")).toEqual([1]);
  expect(queriesIn('await db.transaction().execute(async (trx) => work(trx));')).toEqual([1]);
  expect(queriesIn('return store.quoteByReference(reference);')).toEqual([]);
});
