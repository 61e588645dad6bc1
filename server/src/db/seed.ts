/**
 * Idempotent seed from the readable data files in server/data (or DATA_DIR):
 *
 * - catalogue/*.json: products, upserted by modelId. A row is written only when what the file
 *   says (and what the shared rules derive from it) changed, so a second run changes nothing.
 * - content/pages/{slug}.json: CMS pages, upserted by slug.
 * - content/blog.json: blog posts, upserted by slug.
 *
 * What the files no longer list is left alone unless pruning is asked for (SEED_PRUNE=1): a
 * wrong DATA_DIR must never empty a live catalogue. The summary counts it (`stale`), and the
 * caller warns. With pruning, a product is not deleted (quotes and old links may refer to it) but
 * marked inactive (in_source = 0), so its page is Not Found and lists leave it out; putting it back
 * in a file brings it back. Pages and posts are removed (nothing refers to them).
 *
 * A data folder that does not exist, or holds no products or no pages, is refused before anything
 * is read into the database. Everything happens in one transaction: a bad file leaves the database
 * as it was.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Transaction } from 'kysely';
import type { BlogArticle, PageContent } from '@copytech/shared/domain';
import { SeedDataError, checkSeedProduct, productRowOf } from '../features/catalogue/productRecord';
import { takeSeedTurn, type Db } from './database';
import type { Database } from './schema';

/** `stale`: rows the files no longer list, left as they are because pruning was not asked for. */
export interface SeedSummary {
  products: { inserted: number; updated: number; retired: number; unchanged: number; stale: number };
  pages: { inserted: number; updated: number; removed: number; unchanged: number; stale: number };
  posts: { inserted: number; updated: number; removed: number; unchanged: number; stale: number };
}

export interface SeedOptions {
  /** Retire products and remove pages and posts the files no longer list. */
  prune?: boolean;
}

/** A data folder that cannot be the seed: said in one line naming DATA_DIR and the path. */
function checkDataDir(dataDir: string): void {
  let isDir = false;
  try {
    isDir = fs.statSync(dataDir).isDirectory();
  } catch {
    /* missing */
  }
  if (!isDir)
    throw new SeedDataError(
      `DATA_DIR ${dataDir} does not exist or is not a folder (it must hold catalogue/*.json and content/pages/*.json)`,
    );
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new SeedDataError(`${file}: ${(error as Error).message}`);
  }
}

function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

function jsonFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => path.join(dir, name));
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

function checkPage(value: unknown, file: string): PageContent {
  const page = value as PageContent;
  const expected = path.basename(file, '.json');
  if (typeof page !== 'object' || page === null) throw new SeedDataError(`${file}: not an object`);
  if (page.slug !== expected || !SLUG.test(page.slug)) throw new SeedDataError(`${file}: slug must be "${expected}"`);
  if (page.kind !== 'page' && page.kind !== 'service') throw new SeedDataError(`${file}: kind must be 'page' or 'service'`);
  if (typeof page.meta !== 'object' || page.meta === null || typeof page.meta.title !== 'string')
    throw new SeedDataError(`${file}: meta.title is required`);
  if (!Array.isArray(page.body)) throw new SeedDataError(`${file}: body must be a list of blocks`);
  page.body.forEach((block, i) => {
    if (typeof block !== 'object' || block === null || typeof (block as { type?: unknown }).type !== 'string')
      throw new SeedDataError(`${file}: body[${i}] needs a type`);
  });
  return page;
}

/** A post's excerpt is also its page's description: at most this long. */
const EXCERPT_MAX = 160;

function checkPost(value: unknown, where: string): BlogArticle {
  const post = value as BlogArticle;
  if (typeof post !== 'object' || post === null) throw new SeedDataError(`${where}: not an object`);
  if (typeof post.slug !== 'string' || !SLUG.test(post.slug)) throw new SeedDataError(`${where}: bad slug`);
  if (typeof post.title !== 'string' || !post.title) throw new SeedDataError(`${where}: title is required`);
  if (typeof post.excerpt !== 'string' || !post.excerpt || post.excerpt.length > EXCERPT_MAX)
    throw new SeedDataError(`${where}: excerpt is required, at most ${EXCERPT_MAX} characters`);
  if (typeof post.body !== 'string' || !post.body.trim()) throw new SeedDataError(`${where}: body is required (the article, as rich text)`);
  if (typeof post.publishedAt !== 'string' || Number.isNaN(Date.parse(post.publishedAt)))
    throw new SeedDataError(`${where}: publishedAt must be an ISO date`);
  return post;
}

type ProductRow = ReturnType<typeof productRowOf>;
type Counts<K extends string> = Record<K | 'inserted' | 'updated' | 'unchanged' | 'stale', number>;

/** The products of catalogue/*.json by model id, each model id and URL slug pair once. */
function readProducts(dataDir: string): Map<string, ProductRow & { file: string }> {
  const productRows = new Map<string, ProductRow & { file: string }>();
  for (const file of jsonFiles(path.join(dataDir, 'catalogue'))) {
    const entries = readJson(file);
    if (!Array.isArray(entries)) throw new SeedDataError(`${file}: must be a list of products`);
    entries.forEach((entry, i) => {
      const row = productRowOf(checkSeedProduct(entry, `${path.basename(file)}[${i}]`));
      const clash = productRows.get(row.model_id);
      if (clash) throw new SeedDataError(`${path.basename(file)}[${i}]: modelId ${row.model_id} is also in ${path.basename(clash.file)}`);
      productRows.set(row.model_id, { ...row, file });
    });
  }
  const slugPairs = new Set<string>();
  for (const row of productRows.values()) {
    const pair = `${row.brand_slug}/${row.model_slug}`;
    if (slugPairs.has(pair)) throw new SeedDataError(`two products have the URL slug ${pair}`);
    slugPairs.add(pair);
  }
  if (productRows.size === 0)
    throw new SeedDataError(
      `DATA_DIR ${dataDir} holds no products: ${path.join(dataDir, 'catalogue')} has no *.json file with any product`,
    );
  return productRows;
}

/** The pages of content/pages/*.json; at least one. */
function readPages(dataDir: string): PageContent[] {
  const pages = jsonFiles(path.join(dataDir, 'content', 'pages')).map((file) => checkPage(readJson(file), file));
  if (pages.length === 0)
    throw new SeedDataError(`DATA_DIR ${dataDir} holds no pages: ${path.join(dataDir, 'content', 'pages')} has no *.json file`);
  return pages;
}

/** The posts of content/blog.json (none without the file, unless pruning would then remove them all). */
function readPosts(dataDir: string, prune: boolean): BlogArticle[] {
  const blogFile = path.join(dataDir, 'content', 'blog.json');
  // Without the file there is nothing to compare with: pruning would remove every post.
  if (prune && !fs.existsSync(blogFile))
    throw new SeedDataError(`DATA_DIR ${dataDir} has no content/blog.json: SEED_PRUNE would remove every blog post, so the seed stops`);
  const postsValue = fs.existsSync(blogFile) ? readJson(blogFile) : [];
  if (!Array.isArray(postsValue)) throw new SeedDataError(`${blogFile}: must be a list of posts`);
  return postsValue.map((post, i) => checkPost(post, `blog.json[${i}]`));
}

/** Inserts and updates the products; retires (with pruning) or counts as stale those no longer listed. */
async function seedProducts(
  trx: Transaction<Database>,
  productRows: Map<string, ProductRow & { file: string }>,
  stamp: string,
  prune: boolean,
  counts: Counts<'retired'>,
): Promise<void> {
  const existing = new Map(
    (await trx.selectFrom('products').select(['model_id', 'source_hash', 'in_source', 'is_active']).execute()).map((r) => [r.model_id, r]),
  );
  for (const { file: _file, ...row } of productRows.values()) {
    const current = existing.get(row.model_id);
    if (!current) {
      await trx
        .insertInto('products')
        .values({ ...row, updated_at: stamp })
        .execute();
      counts.inserted++;
    } else if (current.source_hash !== row.source_hash || current.in_source !== 1) {
      await trx
        .updateTable('products')
        .set({ ...row, updated_at: stamp })
        .where('model_id', '=', row.model_id)
        .execute();
      counts.updated++;
    } else {
      counts.unchanged++;
    }
  }
  for (const current of existing.values()) {
    if (!productRows.has(current.model_id) && (current.in_source === 1 || current.is_active === 1)) {
      if (!prune) {
        counts.stale++;
        continue;
      }
      await trx
        .updateTable('products')
        .set({ in_source: 0, is_active: 0, updated_at: stamp })
        .where('model_id', '=', current.model_id)
        .execute();
      counts.retired++;
    }
  }
}

/** Inserts and updates the pages; removes (with pruning) or counts as stale those no longer listed. */
async function seedPages(trx: Transaction<Database>, pages: PageContent[], stamp: string, prune: boolean, counts: Counts<'removed'>) {
  const existingPages = new Map(
    (await trx.selectFrom('pages').select(['slug', 'source_hash']).execute()).map((r) => [r.slug, r.source_hash]),
  );
  for (const page of pages) {
    const data = JSON.stringify(page);
    const hash = hashOf(page);
    const current = existingPages.get(page.slug);
    if (current === undefined) {
      await trx.insertInto('pages').values({ slug: page.slug, kind: page.kind, data, source_hash: hash, updated_at: stamp }).execute();
      counts.inserted++;
    } else if (current !== hash) {
      await trx
        .updateTable('pages')
        .set({ kind: page.kind, data, source_hash: hash, updated_at: stamp })
        .where('slug', '=', page.slug)
        .execute();
      counts.updated++;
    } else counts.unchanged++;
  }
  const pageSlugs = new Set(pages.map((p) => p.slug));
  for (const slug of existingPages.keys()) {
    if (!pageSlugs.has(slug)) {
      if (!prune) {
        counts.stale++;
        continue;
      }
      await trx.deleteFrom('pages').where('slug', '=', slug).execute();
      counts.removed++;
    }
  }
}

/** Inserts and updates the blog posts; removes (with pruning) or counts as stale those no longer listed. */
async function seedPosts(trx: Transaction<Database>, posts: BlogArticle[], stamp: string, prune: boolean, counts: Counts<'removed'>) {
  const existingPosts = new Map(
    (await trx.selectFrom('blog_posts').select(['slug', 'source_hash']).execute()).map((r) => [r.slug, r.source_hash]),
  );
  for (const post of posts) {
    const hash = hashOf(post);
    const current = existingPosts.get(post.slug);
    const values = { published_at: post.publishedAt, data: JSON.stringify(post), source_hash: hash, updated_at: stamp };
    if (current === undefined) {
      await trx
        .insertInto('blog_posts')
        .values({ slug: post.slug, ...values })
        .execute();
      counts.inserted++;
    } else if (current !== hash) {
      await trx.updateTable('blog_posts').set(values).where('slug', '=', post.slug).execute();
      counts.updated++;
    } else counts.unchanged++;
  }
  const postSlugs = new Set(posts.map((p) => p.slug));
  for (const slug of existingPosts.keys()) {
    if (!postSlugs.has(slug)) {
      if (!prune) {
        counts.stale++;
        continue;
      }
      await trx.deleteFrom('blog_posts').where('slug', '=', slug).execute();
      counts.removed++;
    }
  }
}

export async function seedDatabase(db: Db, dataDir: string, now: Date = new Date(), options: SeedOptions = {}): Promise<SeedSummary> {
  const stamp = now.toISOString();
  const prune = options.prune === true;
  checkDataDir(dataDir);

  // Read and check everything before touching the database.
  const productRows = readProducts(dataDir);
  const pages = readPages(dataDir);
  const posts = readPosts(dataDir, prune);

  const summary: SeedSummary = {
    products: { inserted: 0, updated: 0, retired: 0, unchanged: 0, stale: 0 },
    pages: { inserted: 0, updated: 0, removed: 0, unchanged: 0, stale: 0 },
    posts: { inserted: 0, updated: 0, removed: 0, unchanged: 0, stale: 0 },
  };

  await db.transaction().execute(async (trx) => {
    await takeSeedTurn(trx);
    await seedProducts(trx, productRows, stamp, prune, summary.products);
    await seedPages(trx, pages, stamp, prune, summary.pages);
    await seedPosts(trx, posts, stamp, prune, summary.posts);
  });

  return summary;
}
