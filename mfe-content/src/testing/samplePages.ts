import type { BlogPost, ContentBlock, PageContent } from '@copytech/shared/domain';

export function samplePage(overrides: Partial<PageContent> & { body?: unknown[] } = {}): PageContent {
  return {
    slug: 'home',
    kind: 'page',
    meta: {
      title: 'Trusted Photocopier and Printer Supplier',
      description: 'Simple, reliable and affordable print solutions for business.',
      card: 'summary_large_image',
      image: '/assets/og/home.png',
      ogType: 'website',
      url: '/',
    },
    body: [{ type: 'hero', heading: 'Photocopiers and printers for UK businesses', text: 'Lease or buy.' }],
    ...overrides,
  } as PageContent;
}

export function servicePage(slug = 'print-audit', title = 'Print audit'): PageContent {
  return samplePage({
    slug,
    kind: 'service',
    meta: {
      title,
      description: `${title} from Copytech.`,
      card: 'summary',
      image: '/assets/og/service.png',
      ogType: 'article',
      url: `/services/${slug}`,
    },
    body: [{ type: 'hero', heading: title, text: 'Know what every page costs.' } satisfies ContentBlock],
  });
}

export const SAMPLE_POSTS: BlogPost[] = [
  {
    slug: 'cost-per-copy-contract-traps',
    title: 'Cost per copy: five contract clauses to check before you sign',
    excerpt: 'Colour billed per colour can double a low headline rate.',
    publishedAt: '2026-11-12',
    author: 'Copytech team',
    readingMinutes: 6,
  },
  {
    slug: 'a3-or-a4-multifunctional',
    title: 'A3 or A4: which multifunctional does your office actually need?',
    excerpt: 'An A4 machine is cheaper to buy and run.',
    publishedAt: '2026-10-02',
    author: 'Copytech team',
    readingMinutes: 5,
  },
];
