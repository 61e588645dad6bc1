/** CMS content and the blog (docs/product-rules.md "CMS pages", "The blog", "Page head and search engines"). */
import {
  BLOG_MAX_LIMIT,
  BLOG_META,
  BLOG_PAGE_SIZE,
  BLOG_PATH,
  blogPageOf,
  blogPagePath,
  blogPostingJsonLd,
  blogPostPath,
  SERVICES,
  type BlogPost,
} from './content';

it('has the ten services of the Services menu, in menu order', () => {
  expect(SERVICES.map(({ slug, label }) => `${slug}: ${label}`)).toEqual([
    'lease-and-purchase: Lease and purchase',
    'service-agreements: Service agreements',
    'repairs-and-servicing: Repairs and servicing',
    'integrations: Integrations',
    'document-management: Document management',
    'document-security: Document security',
    'remote-care: Remote care',
    'print-audit: Print audit',
    'print-cost-control: Print cost control',
    'papercut: PaperCut print management',
  ]);
});

describe("the blog's pages", () => {
  const page = (query: string) => blogPageOf(new URLSearchParams(query));

  it('shows 6 posts a page, and the API gives at most 12', () => {
    expect(BLOG_PAGE_SIZE).toBe(6);
    expect(BLOG_MAX_LIMIT).toBe(12);
  });

  it('reads ?page: absent is page 1, a whole number from 1 is that page', () => {
    expect(page('')).toBe(1);
    expect(page('tag=x')).toBe(1);
    expect(page('page=1')).toBe(1);
    expect(page('page=2')).toBe(2);
    expect(page('page=10')).toBe(10);
    expect(page('page=999999')).toBe(999999);
  });

  it('reads anything else as no page (Not Found)', () => {
    for (const raw of ['', '0', '00', '01', '-1', '1.5', '1e3', ' 2', '2 ', 'two', '2a', '1000000']) {
      expect(page(`page=${encodeURIComponent(raw)}`)).toBeNull();
    }
  });

  it('links page 1 at the bare path and page N with ?page=N; a post at /blog/{slug}', () => {
    expect(BLOG_PATH).toBe('/blog');
    expect(blogPagePath(1)).toBe('/blog');
    expect(blogPagePath(2)).toBe('/blog?page=2');
    expect(blogPagePath(12)).toBe('/blog?page=12');
    expect(blogPostPath('leasing-explained')).toBe('/blog/leasing-explained');
  });

  it("has the head's title and the page's heading, and a description a search result shows whole", () => {
    expect(BLOG_META.title).toBe('Blog');
    expect(BLOG_META.heading).toBe('The Copytech blog');
    expect(BLOG_META.description).toMatch(/^Plain advice for UK businesses .+\.$/);
    expect(BLOG_META.description.length).toBeLessThanOrEqual(160);
  });
});

describe("a post's schema.org data", () => {
  const post: BlogPost = {
    slug: 'leasing-explained',
    title: 'Leasing a photocopier, explained',
    excerpt: 'What a lease covers and what it does not.',
    publishedAt: '2026-10-14',
    author: 'Sam Carter',
    readingMinutes: 4,
  };

  it('is a BlogPosting at its absolute address, in British English', () => {
    expect(blogPostingJsonLd(post, 'https://www.copytech.co.uk', 'Copytech')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Leasing a photocopier, explained',
      description: 'What a lease covers and what it does not.',
      datePublished: '2026-10-14',
      author: { '@type': 'Organization', name: 'Sam Carter' },
      publisher: { '@type': 'Organization', name: 'Copytech' },
      url: 'https://www.copytech.co.uk/blog/leasing-explained',
      mainEntityOfPage: 'https://www.copytech.co.uk/blog/leasing-explained',
      inLanguage: 'en-GB',
    });
  });

  it('names the publisher as the author of a post without one', () => {
    const data = blogPostingJsonLd({ ...post, author: '' }, 'http://localhost:3000/', 'Copytech');
    expect(data.author).toEqual({ '@type': 'Organization', name: 'Copytech' });
    expect(data.url).toBe('http://localhost:3000/blog/leasing-explained');
  });
});
