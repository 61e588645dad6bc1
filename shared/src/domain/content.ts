/**
 * CMS content (docs/product-rules.md "CMS pages"): the shape the server stores and serves at
 * /api/pages/slug/{slug}, and the block types the content remote renders.
 */

/** The ten services of the Services menu, in menu order; their pages live at /services/{slug}. */
export const SERVICES = [
  { slug: 'lease-and-purchase', label: 'Lease and purchase' },
  { slug: 'service-agreements', label: 'Service agreements' },
  { slug: 'repairs-and-servicing', label: 'Repairs and servicing' },
  { slug: 'integrations', label: 'Integrations' },
  { slug: 'document-management', label: 'Document management' },
  { slug: 'document-security', label: 'Document security' },
  { slug: 'remote-care', label: 'Remote care' },
  { slug: 'print-audit', label: 'Print audit' },
  { slug: 'print-cost-control', label: 'Print cost control' },
  { slug: 'papercut', label: 'PaperCut print management' },
] as const;
export type ServiceSlug = (typeof SERVICES)[number]['slug'];

export interface PageMeta {
  title: string;
  description: string;
  /** Twitter card type, e.g. 'summary_large_image'. */
  card: string;
  /** Site-relative image URL for sharing. */
  image: string;
  ogType: string;
  /** Canonical site-relative URL of the page, e.g. '/services/print-audit'. */
  url: string;
}

export interface CallToAction {
  label: string;
  href: string;
}

export type ContentBlock =
  | { type: 'hero'; heading: string; text: string; cta?: CallToAction; secondaryCta?: CallToAction; image?: string; badge?: string }
  | { type: 'richText'; html: string }
  | { type: 'featureGrid'; heading?: string; intro?: string; items: Array<{ title: string; text: string; icon?: string; href?: string }> }
  | { type: 'steps'; heading?: string; steps: Array<{ title: string; text: string }> }
  | { type: 'faq'; heading?: string; items: Array<{ question: string; answer: string }> }
  | { type: 'testimonials'; heading?: string; items: Array<{ quote: string; name: string; role?: string; company: string }> }
  | { type: 'ctaBand'; heading: string; text?: string; cta: CallToAction }
  | { type: 'contactDetails'; heading?: string }
  | { type: 'recentPosts'; heading?: string; limit?: number }
  | { type: 'featuredProducts'; heading?: string; limit?: number }
  | { type: 'form'; form: 'enquiry' | 'service-request' | 'newsletter'; heading?: string; intro?: string }
  /** The privacy policy's retention table, rendered from RETENTION_SCHEDULE (retention.ts): the periods the retention job applies. */
  | { type: 'retentionTable'; heading?: string; intro?: string }
  /** The cookie policy's table, rendered from BROWSER_STORAGE (browserStorage.ts): every key and cookie, its purpose and lifetime. */
  | { type: 'storageTable'; heading?: string; intro?: string };

export type ContentBlockType = ContentBlock['type'];

export interface PageContent {
  slug: string;
  /** 'service' pages are served at /services/{slug}; 'page' at their own routes. */
  kind: 'page' | 'service';
  meta: PageMeta;
  body: ContentBlock[];
}

/**
 * A blog post as the lists carry it (/api/blog/recent, /api/blog): everything but its body.
 * docs/product-rules.md "The blog".
 */
export interface BlogPost {
  slug: string;
  title: string;
  /** A sentence or two for the cards and the page's description (at most 160 characters). */
  excerpt: string;
  /** ISO date, e.g. '2026-10-14' */
  publishedAt: string;
  author: string;
  readingMinutes: number;
  image?: string;
}

/** A post whole (/api/blog/slug/{slug}): its body is CMS rich text, rendered through the same allowlist as a page's. */
export interface BlogArticle extends BlogPost {
  body: string;
}

/** /api/blog?limit&offset: one page of the posts, newest first, and how many there are. */
export interface BlogPage {
  count: number;
  results: BlogPost[];
  limit: number;
  offset: number;
}

/** Posts on a page of /blog; the API's largest limit for /api/blog and /api/blog/recent. */
export const BLOG_PAGE_SIZE = 6;
export const BLOG_MAX_LIMIT = 12;

/** The blog's path, and a post's. */
export const BLOG_PATH = '/blog';
export const blogPostPath = (slug: string) => `${BLOG_PATH}/${slug}`;

/** ?page of /blog: absent is page 1, a whole number from 1 is that page, anything else no page (null: Not Found). */
export function blogPageOf(params: URLSearchParams): number | null {
  const raw = params.get('page');
  if (raw === null) return 1;
  return /^[1-9][0-9]{0,5}$/.test(raw) ? Number(raw) : null;
}

/** /blog's head: its title and description, and the path of its page N (page 1 is the bare path). */
export const BLOG_META = {
  title: 'Blog',
  heading: 'The Copytech blog',
  description:
    'Plain advice for UK businesses that buy and run printers and photocopiers: contracts, costs per page, leasing, security and service.',
} as const;
export const blogPagePath = (page: number) => (page > 1 ? `${BLOG_PATH}?page=${page}` : BLOG_PATH);

/** schema.org BlogPosting data for a post: the post's page renders it, and the server puts it in the head. */
export function blogPostingJsonLd(post: BlogPost, origin: string, publisher: string): Record<string, unknown> {
  const url = new URL(blogPostPath(post.slug), origin).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.excerpt,
    datePublished: post.publishedAt,
    author: { '@type': 'Organization', name: post.author || publisher },
    publisher: { '@type': 'Organization', name: publisher },
    url,
    mainEntityOfPage: url,
    inLanguage: 'en-GB',
  };
}
