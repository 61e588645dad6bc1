/**
 * The content's part of the seed (db/seed.ts runs it): the CMS pages of content/pages/{slug}.json
 * and the blog posts of content/blog.json, each upserted by slug. With pruning, a page or post the
 * files no longer list is removed (nothing refers to them).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Transaction } from 'kysely';
import type { BlogArticle, PageContent } from '@copytech/shared/domain';
import { SeedDataError, hashOf, jsonFiles, readJson, type SeedCounts, type SeedPart } from '../../db/seed';
import type { Database } from '../../db/schema';

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

/** Inserts and updates the pages; removes (with pruning) or counts as stale those no longer listed. */
async function seedPages(trx: Transaction<Database>, pages: PageContent[], stamp: string, prune: boolean): Promise<SeedCounts> {
  const counts = { inserted: 0, updated: 0, removed: 0, unchanged: 0, stale: 0 };
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
  return counts;
}

/** Inserts and updates the blog posts; removes (with pruning) or counts as stale those no longer listed. */
async function seedPosts(trx: Transaction<Database>, posts: BlogArticle[], stamp: string, prune: boolean): Promise<SeedCounts> {
  const counts = { inserted: 0, updated: 0, removed: 0, unchanged: 0, stale: 0 };
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
  return counts;
}

export const pagesSeedPart: SeedPart<PageContent[]> = {
  name: 'pages',
  prunedAs: 'removed',
  prunedLogKey: 'pagesRemoved',
  read: (dataDir) => readPages(dataDir),
  write: (trx, pages, stamp, prune) => seedPages(trx, pages, stamp, prune),
};

export const postsSeedPart: SeedPart<BlogArticle[]> = {
  name: 'posts',
  prunedAs: 'removed',
  prunedLogKey: 'postsRemoved',
  read: (dataDir, prune) => readPosts(dataDir, prune),
  write: (trx, posts, stamp, prune) => seedPosts(trx, posts, stamp, prune),
};
