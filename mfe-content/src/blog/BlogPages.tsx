/**
 * The blog (docs/product-rules.md "The blog"): /blog, its posts newest first, BLOG_PAGE_SIZE a
 * page, paged by links (?page=N: Page N of M, Previous and Next), and /blog/{slug}, a post whole.
 * Both are rendered on the server from the same reads (/api/blog?limit&offset,
 * /api/blog/slug/{slug}); a ?page past the end, one that is not a page, or an unknown post is the
 * site's Not Found, as the server answers it (404).
 */
import { Link, useSearchParams } from 'react-router-dom';
import { NotFoundPage, useDocumentMeta, useHydrated } from '@copytech/shared';
import {
  API_PATHS,
  BLOG_META,
  BLOG_PAGE_SIZE,
  BLOG_PATH,
  COMPANY,
  blogPageOf,
  blogPagePath,
  blogPostPath,
  blogPostingJsonLd,
  jsonLdText,
  type BlogArticle,
  type BlogPage,
} from '@copytech/shared/domain';
import { RichText } from '../blocks/RichText';
import { PageSkeleton } from '../pages/PageSkeleton';
import { PostCard, PostMeta, isBlogPost } from './PostCard';
import { useBlogRead } from './useBlogRead';
import cards from '../blocks/RecentPosts.module.css';
import layout from '../blocks/layout.module.css';
import styles from './BlogPages.module.css';

function pageOf(answer: unknown): BlogPage | null {
  const page = answer as Partial<BlogPage> | null;
  if (typeof page !== 'object' || page === null || typeof page.count !== 'number' || !Array.isArray(page.results)) return null;
  return { count: page.count, results: page.results.filter(isBlogPost), limit: page.limit ?? BLOG_PAGE_SIZE, offset: page.offset ?? 0 };
}

function articleOf(answer: unknown): BlogArticle | null {
  return isBlogPost(answer) && typeof (answer as Partial<BlogArticle>).body === 'string' ? (answer as BlogArticle) : null;
}

function Failed({ retry }: { retry: () => void }) {
  return (
    <div className={styles.failed} role="alert">
      <p>The blog could not be loaded just now. Please check your connection and try again.</p>
      <button type="button" className={styles.retry} onClick={retry}>
        Retry
      </button>
    </div>
  );
}

function Pager({ page, pageCount }: { page: number; pageCount: number }) {
  if (pageCount < 2) return null;
  return (
    <nav className={styles.pager} aria-label="Pages of posts">
      {page > 1 ? (
        <Link to={blogPagePath(page - 1)} rel="prev">
          <span aria-hidden="true">←</span>Previous page
        </Link>
      ) : null}
      <span data-testid="page-of">{`Page ${page} of ${pageCount}`}</span>
      {page < pageCount ? (
        <Link to={blogPagePath(page + 1)} rel="next">
          Next page<span aria-hidden="true">→</span>
        </Link>
      ) : null}
    </nav>
  );
}

function BlogIndex({ page }: { page: number }) {
  const [state, retry] = useBlogRead(API_PATHS.blogPage(BLOG_PAGE_SIZE, (page - 1) * BLOG_PAGE_SIZE), pageOf);
  const pageCount = state.status === 'ready' ? Math.max(1, Math.ceil(state.value.count / BLOG_PAGE_SIZE)) : page;
  useDocumentMeta({
    title: BLOG_META.title,
    description: BLOG_META.description,
    canonicalPath: blogPagePath(page),
    prevPath: page > 1 ? blogPagePath(page - 1) : null,
    nextPath: page < pageCount ? blogPagePath(page + 1) : null,
  });
  if (state.status === 'missing' || (state.status === 'ready' && page > pageCount)) return <NotFoundPage />;
  return (
    <>
      <header className={styles.header}>
        <h1 className={styles.title}>{BLOG_META.heading}</h1>
        <p className={styles.intro}>{BLOG_META.description}</p>
      </header>
      <section className={layout.section} aria-busy={state.status === 'loading'}>
        <div className={layout.inner}>
          {state.status === 'failed' ? <Failed retry={retry} /> : null}
          {state.status === 'loading' ? <PageSkeleton /> : null}
          {state.status === 'ready' ? (
            <>
              {state.value.results.length === 0 ? <p>New articles are on their way.</p> : null}
              <ul className={cards.grid} role="list">
                {state.value.results.map((post) => (
                  <li key={post.slug}>
                    <PostCard post={post} headingLevel={2} />
                  </li>
                ))}
              </ul>
              <Pager page={page} pageCount={pageCount} />
            </>
          ) : null}
        </div>
      </section>
    </>
  );
}

function Article({ post }: { post: BlogArticle }) {
  const hydrated = useHydrated();
  useDocumentMeta({ title: post.title, description: post.excerpt, canonicalPath: blogPostPath(post.slug), ogType: 'article' });
  return (
    <article className={styles.article}>
      <nav className={styles.breadcrumb} aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to={BLOG_PATH}>Blog</Link>
          </li>
          <li>
            <span aria-current="page">{post.title}</span>
          </li>
        </ol>
      </nav>
      <header className={styles.header}>
        <h1 className={styles.title}>{post.title}</h1>
        <PostMeta post={post} />
        {post.author ? <p className={styles.byline}>By {post.author}</p> : null}
      </header>
      <RichText block={{ type: 'richText', html: post.body }} primary={false} slug={`blog/${post.slug}`} />
      <p className={styles.back}>
        <Link to={BLOG_PATH}>
          <span aria-hidden="true">←</span>All posts
        </Link>
      </p>
      {/* The server's head carries the same data for the first answer; the page keeps its own once live. */}
      {hydrated ? (
        <script type="application/ld+json">{jsonLdText(blogPostingJsonLd(post, window.location.origin, COMPANY.name))}</script>
      ) : null}
    </article>
  );
}

function BlogPostPage({ slug }: { slug: string }) {
  const [state, retry] = useBlogRead(API_PATHS.blogPost(slug), articleOf);
  if (state.status === 'missing') return <NotFoundPage />;
  if (state.status === 'failed') return <Failed retry={retry} />;
  if (state.status === 'loading') return <PageSkeleton />;
  return <Article post={state.value} />;
}

/** /blog (slug '') or /blog/{slug}. */
export function BlogPages({ slug }: { slug: string }) {
  const [params] = useSearchParams();
  if (slug) return <BlogPostPage slug={slug} />;
  const page = blogPageOf(params);
  return page === null ? <NotFoundPage /> : <BlogIndex page={page} />;
}
