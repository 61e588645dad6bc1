/**
 * Site search's index in the database (db/searchMigration.ts): rebuilt from the seeded tables at
 * every start, and the candidate lookup a query makes through it.
 *
 * The rebuild is idempotent and writes only what changed (each row carries the hash of its
 * content), in one transaction; on PostgreSQL it takes the seed's advisory lock first, so instances
 * starting together rebuild one after the other and the second finds nothing to change.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { isPostgres, takeSeedTurn, type Db } from '../../../db/database';
import type { Database } from '../../../db/schema';
import type { SearchDocumentsTable, SearchTables } from '../../../db/searchMigration';
import { blogDocument, contentDocument, listDocuments, productDocument, searchTextOf, type SearchDocument } from './documents';
import { innerTrigrams } from './normalise';

type SearchDb = Kysely<SearchTables>;

function rowOf(doc: SearchDocument): SearchDocumentsTable {
  const row = {
    doc_key: doc.docKey,
    kind: doc.kind,
    model_id: doc.modelId,
    title: doc.title,
    path: doc.path,
    brand_name: doc.brandName,
    model_name: doc.modelName,
    brand: doc.brand,
    model: doc.model,
    model_key: doc.modelKey,
    words: doc.words,
    body: doc.body,
    search_text: searchTextOf(doc),
  };
  return { ...row, hash: createHash('sha256').update(JSON.stringify(row)).digest('hex') };
}

export function documentOf(row: SearchDocumentsTable): SearchDocument {
  return {
    docKey: row.doc_key,
    kind: row.kind as SearchDocument['kind'],
    modelId: row.model_id,
    title: row.title,
    path: row.path,
    brandName: row.brand_name,
    modelName: row.model_name,
    brand: row.brand,
    model: row.model,
    modelKey: row.model_key,
    words: row.words,
    body: row.body,
  };
}

/** Every document the site's tables and list definitions make now. */
async function currentDocuments(db: Kysely<Database>): Promise<SearchDocument[]> {
  const [products, pages, posts] = await Promise.all([
    db.selectFrom('products').selectAll().execute(),
    db.selectFrom('pages').select(['slug', 'kind', 'data']).execute(),
    db.selectFrom('blog_posts').select(['slug', 'data']).execute(),
  ]);
  const docs: SearchDocument[] = [
    ...products.map(productDocument),
    ...listDocuments(),
    ...pages.flatMap((page) => contentDocument(page.slug, page.kind, page.data) ?? []),
    ...posts.map((post) => blogDocument(post.slug, post.data)),
  ];
  return docs.filter((doc) => doc.path && doc.path !== '#');
}

export interface RebuildSummary {
  documents: number;
  written: number;
  removed: number;
}

/** Brings the index in line with the tables; writes only the documents that changed. */
export async function rebuildSearchIndex(db: Db): Promise<RebuildSummary> {
  return db.transaction().execute(async (trx) => {
    await takeSeedTurn(trx);
    const rows = (await currentDocuments(trx)).map(rowOf);
    const search = trx.withTables<SearchTables>() as unknown as SearchDb;
    const existing = new Map(
      (await search.selectFrom('search_documents').select(['doc_key', 'hash']).execute()).map((r) => [r.doc_key, r.hash]),
    );
    const wanted = new Set(rows.map((row) => row.doc_key));
    const changed = rows.filter((row) => existing.get(row.doc_key) !== row.hash);
    const gone = [...existing.keys()].filter((key) => !wanted.has(key));
    const fts = !isPostgres(trx);
    for (let i = 0; i < gone.length + changed.length; i += 200) {
      const keys = [...gone, ...changed.map((row) => row.doc_key)].slice(i, i + 200);
      await search.deleteFrom('search_documents').where('doc_key', 'in', keys).execute();
      if (fts) await search.deleteFrom('search_fts').where('doc_key', 'in', keys).execute();
    }
    for (let i = 0; i < changed.length; i += 50) {
      const batch = changed.slice(i, i + 50);
      await search.insertInto('search_documents').values(batch).execute();
      if (fts)
        await search
          .insertInto('search_fts')
          .values(batch.map((row) => ({ doc_key: row.doc_key, search_text: row.search_text })))
          .execute();
    }
    return { documents: rows.length, written: changed.length, removed: gone.length };
  });
}

/** A string as a quoted FTS5 phrase: inside double quotes, a double quote is doubled. */
const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;
/** A string inside a LIKE pattern, its wildcards and the escape character taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The documents that may match the query's words, through the database's index: any that holds a
 * trigram of a word (so a typo still finds its word), or a short word (one or two characters) as
 * text. A superset of what the ranking accepts; products only while active.
 */
export async function candidateKeys(db: Db, terms: string[]): Promise<Set<string>> {
  const long = terms.filter((term) => term.length >= 3);
  const short = terms.filter((term) => term.length < 3);
  if (!terms.length) return new Set();
  const search = db.withTables<SearchTables>();
  const active = sql`(d.model_id is null or exists (select 1 from products p where p.model_id = d.model_id and p.is_active = 1))`;
  const likes = short.map((term) => sql`d.search_text like ${`%${likeLiteral(term)}%`} escape '\\'`);
  let query;
  if (isPostgres(db)) {
    const grams = long.flatMap(innerTrigrams).map((gram) => sql`d.search_text like ${`%${likeLiteral(gram)}%`} escape '\\'`);
    // pg_trgm finds near words by their trigrams and full text finds whole words; both use their GIN index
    const near = long.map((term) => sql`${term} <% d.search_text`);
    const words = long.length
      ? [sql`to_tsvector('simple', d.search_text) @@ to_tsquery('simple', ${long.map((t) => `${t}:*`).join(' | ')})`]
      : [];
    const any = sql.join([...grams, ...near, ...words, ...likes], sql` or `);
    query = sql<{ doc_key: string }>`select d.doc_key from search_documents d where (${any}) and ${active}`;
  } else {
    const match = long.flatMap(innerTrigrams).map(ftsPhrase).join(' OR ');
    const parts = [];
    if (match)
      parts.push(
        sql`select d.doc_key from search_fts f join search_documents d on d.doc_key = f.doc_key where search_fts match ${match} and ${active}`,
      );
    for (const like of likes) parts.push(sql`select d.doc_key from search_documents d where ${like} and ${active}`);
    query = sql<{ doc_key: string }>`${sql.join(parts, sql` union `)}`;
  }
  const { rows } = await query.execute(search);
  return new Set(rows.map((row) => row.doc_key));
}
