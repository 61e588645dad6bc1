/**
 * Idempotent seed from the readable data files in server/data (or DATA_DIR):
 *
 * - catalogue/*.json: products, upserted by modelId. A row is written only when what the file
 *   says (and what the shared rules derive from it) changed, so a second run changes nothing.
 *   A product removed from the files is not deleted: quotes and old links may refer to it. It is
 *   marked inactive (and in_source = 0), so its page says 'Product is not active' and lists
 *   leave it out; putting it back in a file brings it back.
 * - content/pages/{slug}.json: CMS pages, upserted by slug; a page removed from the files is
 *   removed (nothing refers to pages).
 * - content/blog.json: blog posts, upserted by slug; likewise removed when removed.
 *
 * Everything happens in one transaction: a bad file leaves the database as it was.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { BlogPost, PageContent } from '@copytech/shared/domain';
import { SeedDataError, checkSeedProduct, productRowOf } from '../catalogue/productRecord';
import type { Db } from './database';

export interface SeedSummary {
  products: { inserted: number; updated: number; retired: number; unchanged: number };
  pages: { inserted: number; updated: number; removed: number; unchanged: number };
  posts: { inserted: number; updated: number; removed: number; unchanged: number };
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
  if (typeof page.meta !== 'object' || page.meta === null || typeof page.meta.title !== 'string') throw new SeedDataError(`${file}: meta.title is required`);
  if (!Array.isArray(page.body)) throw new SeedDataError(`${file}: body must be a list of blocks`);
  page.body.forEach((block, i) => {
    if (typeof block !== 'object' || block === null || typeof (block as { type?: unknown }).type !== 'string') throw new SeedDataError(`${file}: body[${i}] needs a type`);
  });
  return page;
}

function checkPost(value: unknown, where: string): BlogPost {
  const post = value as BlogPost;
  if (typeof post !== 'object' || post === null) throw new SeedDataError(`${where}: not an object`);
  if (typeof post.slug !== 'string' || !SLUG.test(post.slug)) throw new SeedDataError(`${where}: bad slug`);
  if (typeof post.title !== 'string' || !post.title) throw new SeedDataError(`${where}: title is required`);
  if (typeof post.publishedAt !== 'string' || Number.isNaN(Date.parse(post.publishedAt))) throw new SeedDataError(`${where}: publishedAt must be an ISO date`);
  return post;
}

export async function seedDatabase(db: Db, dataDir: string, now: Date = new Date()): Promise<SeedSummary> {
  const stamp = now.toISOString();

  // Read and check everything before touching the database.
  const productRows = new Map<string, ReturnType<typeof productRowOf> & { file: string }>();
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
  const pages = jsonFiles(path.join(dataDir, 'content', 'pages')).map((file) => checkPage(readJson(file), file));
  const blogFile = path.join(dataDir, 'content', 'blog.json');
  const postsValue = fs.existsSync(blogFile) ? readJson(blogFile) : [];
  if (!Array.isArray(postsValue)) throw new SeedDataError(`${blogFile}: must be a list of posts`);
  const posts = postsValue.map((post, i) => checkPost(post, `blog.json[${i}]`));

  const summary: SeedSummary = {
    products: { inserted: 0, updated: 0, retired: 0, unchanged: 0 },
    pages: { inserted: 0, updated: 0, removed: 0, unchanged: 0 },
    posts: { inserted: 0, updated: 0, removed: 0, unchanged: 0 },
  };

  await db.transaction().execute(async (trx) => {
    // Products
    const existing = new Map((await trx.selectFrom('products').select(['model_id', 'source_hash', 'in_source', 'is_active']).execute()).map((r) => [r.model_id, r]));
    for (const { file: _file, ...row } of productRows.values()) {
      const current = existing.get(row.model_id);
      if (!current) {
        await trx.insertInto('products').values({ ...row, updated_at: stamp }).execute();
        summary.products.inserted++;
      } else if (current.source_hash !== row.source_hash || current.in_source !== 1) {
        await trx.updateTable('products').set({ ...row, updated_at: stamp }).where('model_id', '=', row.model_id).execute();
        summary.products.updated++;
      } else {
        summary.products.unchanged++;
      }
    }
    for (const current of existing.values()) {
      if (!productRows.has(current.model_id) && (current.in_source === 1 || current.is_active === 1)) {
        await trx.updateTable('products').set({ in_source: 0, is_active: 0, updated_at: stamp }).where('model_id', '=', current.model_id).execute();
        summary.products.retired++;
      }
    }

    // Pages
    const existingPages = new Map((await trx.selectFrom('pages').select(['slug', 'source_hash']).execute()).map((r) => [r.slug, r.source_hash]));
    for (const page of pages) {
      const data = JSON.stringify(page);
      const hash = hashOf(page);
      const current = existingPages.get(page.slug);
      if (current === undefined) {
        await trx.insertInto('pages').values({ slug: page.slug, kind: page.kind, data, source_hash: hash, updated_at: stamp }).execute();
        summary.pages.inserted++;
      } else if (current !== hash) {
        await trx.updateTable('pages').set({ kind: page.kind, data, source_hash: hash, updated_at: stamp }).where('slug', '=', page.slug).execute();
        summary.pages.updated++;
      } else summary.pages.unchanged++;
    }
    const pageSlugs = new Set(pages.map((p) => p.slug));
    for (const slug of existingPages.keys()) {
      if (!pageSlugs.has(slug)) {
        await trx.deleteFrom('pages').where('slug', '=', slug).execute();
        summary.pages.removed++;
      }
    }

    // Blog posts
    const existingPosts = new Map((await trx.selectFrom('blog_posts').select(['slug', 'source_hash']).execute()).map((r) => [r.slug, r.source_hash]));
    for (const post of posts) {
      const hash = hashOf(post);
      const current = existingPosts.get(post.slug);
      const values = { published_at: post.publishedAt, data: JSON.stringify(post), source_hash: hash, updated_at: stamp };
      if (current === undefined) {
        await trx.insertInto('blog_posts').values({ slug: post.slug, ...values }).execute();
        summary.posts.inserted++;
      } else if (current !== hash) {
        await trx.updateTable('blog_posts').set(values).where('slug', '=', post.slug).execute();
        summary.posts.updated++;
      } else summary.posts.unchanged++;
    }
    const postSlugs = new Set(posts.map((p) => p.slug));
    for (const slug of existingPosts.keys()) {
      if (!postSlugs.has(slug)) {
        await trx.deleteFrom('blog_posts').where('slug', '=', slug).execute();
        summary.posts.removed++;
      }
    }
  });

  return summary;
}
