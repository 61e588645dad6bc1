/**
 * The content store: all SQL of the CMS pages (`pages`) and the blog (`blog_posts`). One store
 * serves the content routes (/api/pages, /api/blog), the page heads of content pages and posts,
 * the sitemap's rows and the start's check of placeholders. It answers what is stored, as stored:
 * filling the `{{terms.…}}` placeholders is the caller's (plugins/terms.ts `fill`), since the
 * sitemap and the placeholder check read the text unfilled.
 */
import type { BlogArticle, BlogPost, PageContent } from '@copytech/shared/domain';
import type { Db } from '../../db/database';

/** A stored page as the sitemap lists it. */
export interface StoredPageRow {
  slug: string;
  kind: string;
  /** the URL its meta names, null for none */
  metaUrl: string | null;
  /** ISO time of the last change of its content */
  updatedAt: string;
}

/** A stored post as the sitemap lists it: newest first. */
export interface StoredPostRow {
  slug: string;
  publishedAt: string;
}

/** A page's or post's stored text, for checks over everything stored. */
export interface StoredText {
  kind: 'page' | 'blog post';
  slug: string;
  data: string;
}

/** A stored post as the lists give it: without its body. */
function summaryOf(data: string): BlogPost {
  const { body: _body, ...summary } = JSON.parse(data) as BlogArticle;
  return summary;
}

export class ContentStore {
  constructor(private readonly db: Db) {}

  async page(slug: string): Promise<PageContent | null> {
    const row = await this.db.selectFrom('pages').where('slug', '=', slug).select('data').executeTakeFirst();
    return row ? (JSON.parse(row.data) as PageContent) : null;
  }

  async post(slug: string): Promise<BlogArticle | null> {
    const row = await this.db.selectFrom('blog_posts').where('slug', '=', slug).select('data').executeTakeFirst();
    return row ? (JSON.parse(row.data) as BlogArticle) : null;
  }

  /** Posts newest first (the slug breaks a tie, so paging is stable), without their bodies. */
  async postSummaries(limit: number, offset = 0): Promise<BlogPost[]> {
    const rows = await this.db
      .selectFrom('blog_posts')
      .select('data')
      .orderBy('published_at', 'desc')
      .orderBy('slug')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((row) => summaryOf(row.data));
  }

  async postCount(): Promise<number> {
    const row = await this.db
      .selectFrom('blog_posts')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /** Every stored page, by slug. */
  async sitemapPages(): Promise<StoredPageRow[]> {
    const rows = await this.db.selectFrom('pages').select(['slug', 'kind', 'data', 'updated_at']).orderBy('slug').execute();
    return rows.map((row) => ({
      slug: row.slug,
      kind: row.kind,
      metaUrl: (JSON.parse(row.data) as PageContent).meta?.url ?? null,
      updatedAt: row.updated_at,
    }));
  }

  /** Every stored post, newest first (the slug breaks a tie). */
  async sitemapPosts(): Promise<StoredPostRow[]> {
    const rows = await this.db
      .selectFrom('blog_posts')
      .select(['slug', 'published_at'])
      .orderBy('published_at', 'desc')
      .orderBy('slug')
      .execute();
    return rows.map((row) => ({ slug: row.slug, publishedAt: row.published_at }));
  }

  /** The stored text of every page, then every post. */
  async everyText(): Promise<StoredText[]> {
    const pages = await this.db.selectFrom('pages').select(['slug', 'data']).execute();
    const posts = await this.db.selectFrom('blog_posts').select(['slug', 'data']).execute();
    return [...pages.map((row) => ({ ...row, kind: 'page' as const })), ...posts.map((row) => ({ ...row, kind: 'blog post' as const }))];
  }
}
