/**
 * content/ContentPage: a CMS page by slug
 * (docs/product-rules.md "Content and service pages" and "CMS pages"), or the blog (kind 'blog':
 * /blog and its posts, blog/BlogPages.tsx). The page comes from the
 * remote's cache or /api/pages/slug/{slug}; while it loads, its space is held by a skeleton. Its
 * meta sets the document's title, description and Open Graph tags. A page that is missing or fails
 * to load, or a page of one kind asked for at another kind's path (/services/contact-us), is the
 * site's one Not Found page.
 */
import { lazy, Suspense, useEffect } from 'react';
import { NotFoundPage, useDocumentMeta, type ContentPageProps } from '@copytech/shared';
import { SERVICES, type PageContent } from '@copytech/shared/domain';
import { BlockRenderer } from '../blocks/BlockRenderer';
import { PageContext } from '../pages/PageContext';
import { PageSkeleton } from '../pages/PageSkeleton';
import { MoreServices, ServiceBreadcrumb } from '../pages/ServiceExtras';
import { usePage } from '../pages/usePage';
import { CONTENT_RELEASE } from '../release';
import styles from './ContentPage.module.css';

export { prefetchPage } from '../pages/pageCache';

// The blog's pages are a chunk of their own: CMS pages do not download them.
const BlogPages = lazy(() => import(/* webpackChunkName: "blog" */ '../blog/BlogPages').then((m) => ({ default: m.BlogPages })));

function PageView({ page }: { page: PageContent }) {
  const { meta } = page;
  useDocumentMeta({
    title: meta.title,
    description: meta.description,
    canonicalPath: meta.url,
    ogType: meta.ogType,
    image: meta.image,
    card: meta.card,
  });
  const hasHero = page.body.some((block) => (block as { type?: unknown } | null)?.type === 'hero');
  const isService = page.kind === 'service';
  return (
    <PageContext.Provider value={{ slug: page.slug, kind: page.kind, title: meta.title }}>
      {isService ? <ServiceBreadcrumb title={SERVICES.find((service) => service.slug === page.slug)?.label ?? meta.title} /> : null}
      {hasHero ? null : (
        <header className={styles.plainHeader}>
          <h1 className={styles.plainTitle}>{meta.title}</h1>
        </header>
      )}
      <BlockRenderer blocks={page.body} slug={page.slug} />
      {isService ? <MoreServices current={page.slug} /> : null}
    </PageContext.Provider>
  );
}

function MissingPage({ slug, reason }: { slug: string; reason: string }) {
  useEffect(() => {
    console.error(`[content] Page not found: '${slug}' (${reason})`);
  }, [slug, reason]);
  return <NotFoundPage />;
}

export default function ContentPage({ slug, kind = 'page' }: ContentPageProps) {
  if (kind === 'blog') {
    return (
      <div className={styles.page} data-release={CONTENT_RELEASE} data-team="content" data-page={slug ? `blog/${slug}` : 'blog'}>
        <Suspense fallback={<PageSkeleton />}>
          <BlogPages slug={slug} />
        </Suspense>
      </div>
    );
  }
  return <CmsPage slug={slug} kind={kind} />;
}

function CmsPage({ slug, kind }: { slug: string; kind: 'page' | 'service' }) {
  const state = usePage(slug);
  let view;
  if (state.status === 'loading') view = <PageSkeleton />;
  else if (state.status === 'missing') view = <MissingPage slug={slug} reason={state.reason} />;
  else if (state.page.kind !== kind) view = <MissingPage slug={slug} reason={`a ${state.page.kind} page asked for as a ${kind} page`} />;
  else view = <PageView page={state.page} />;
  return (
    <div className={styles.page} data-release={CONTENT_RELEASE} data-team="content" data-page={slug}>
      {view}
    </div>
  );
}
