/**
 * Site search's tables (docs/product-rules.md "Site search: what it finds"), as their own
 * migration in the list of migrations.ts:
 * - search_documents: one row per product, list, CMS page, service and blog post, with the fields
 *   the ranking weighs (server/src/features/catalogue/search/documents.ts) and all its words in one line
 *   (`search_text`), rebuilt from the seeded tables at every start (features/catalogue/search/searchIndex.ts);
 * - its index, the one place where the two databases differ: on SQLite an FTS5 table with the
 *   trigram tokenizer (`search_fts`, any run of three characters finds the rows holding it); on
 *   PostgreSQL pg_trgm's GIN index over `search_text` (LIKE and word similarity use it) and a GIN
 *   full-text index over the words. pg_trgm is a trusted extension: the database's owner may
 *   create it without being a superuser.
 */
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export const SEARCH_MIGRATION = '2026_11_004_site_search';

export interface SearchDocumentsTable {
  /** `product:<modelId>` or `<kind>:<path>` */
  doc_key: string;
  kind: string;
  model_id: string | null;
  title: string;
  path: string;
  brand_name: string;
  model_name: string;
  brand: string;
  model: string;
  model_key: string;
  words: string;
  body: string;
  search_text: string;
  /** sha256 of the row, so a rebuild writes only what changed */
  hash: string;
}

/** SQLite only: the FTS5 trigram index of search_documents.search_text, by doc_key. */
export interface SearchFtsTable {
  doc_key: string;
  search_text: string;
}

/** For db.withTables<SearchTables>(). */
export type SearchTables = { search_documents: SearchDocumentsTable; search_fts: SearchFtsTable };

export const searchMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('search_documents')
      .addColumn('doc_key', 'varchar(400)', (c) => c.primaryKey())
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('model_id', 'varchar(120)')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('brand_name', 'text', (c) => c.notNull())
      .addColumn('model_name', 'text', (c) => c.notNull())
      .addColumn('brand', 'text', (c) => c.notNull())
      .addColumn('model', 'text', (c) => c.notNull())
      .addColumn('model_key', 'text', (c) => c.notNull())
      .addColumn('words', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('search_text', 'text', (c) => c.notNull())
      .addColumn('hash', 'varchar(64)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('search_documents_model_id').on('search_documents').column('model_id').execute();
    if (isPostgres(db)) {
      await sql`create extension if not exists pg_trgm`.execute(db);
      await sql`create index search_documents_trgm on search_documents using gin (search_text gin_trgm_ops)`.execute(db);
      await sql`create index search_documents_fts on search_documents using gin (to_tsvector('simple', search_text))`.execute(db);
    } else {
      await sql`create virtual table search_fts using fts5(doc_key unindexed, search_text, tokenize = 'trigram')`.execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    if (!isPostgres(db)) await sql`drop table if exists search_fts`.execute(db);
    await db.schema.dropTable('search_documents').ifExists().execute();
  },
};
