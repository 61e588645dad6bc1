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

/** /api/blog/recent: { results: BlogPost[] } newest first. */
export interface BlogPost {
  slug: string;
  title: string;
  excerpt: string;
  /** ISO date, e.g. '2026-10-14' */
  publishedAt: string;
  author: string;
  readingMinutes: number;
  image?: string;
}
