/**
 * The blog's pages (docs/product-rules.md "The blog"): BLOG_PAGE_SIZE posts a page, "Page N of M"
 * with Previous and Next links and the head's prev and next, the last page however few posts it
 * holds, one page without a pager, and a page past the end or not a page at all as Not Found.
 */
import { screen, within } from '@testing-library/react';
import { BLOG_PAGE_SIZE, type BlogPost } from '@copytech/shared/domain';
import { installFakeApi } from '../testing/fakeApi';
import { renderInRouter } from '../testing/render';
import { BlogPages } from './BlogPages';

const post = (n: number): BlogPost => ({
  slug: `post-${n}`,
  title: `Post number ${n}`,
  excerpt: `What post ${n} says.`,
  publishedAt: '2026-10-14',
  author: 'Copytech',
  readingMinutes: 4,
});

/** A blog of `count` posts, answered page by page as the API does. */
function blogOf(count: number) {
  const all = Array.from({ length: count }, (_, i) => post(i + 1));
  return installFakeApi({
    'GET /api/blog': ({ path }) => {
      const query = new URL(path, 'http://localhost').searchParams;
      const limit = Number(query.get('limit'));
      const offset = Number(query.get('offset'));
      return { body: { count, results: all.slice(offset, offset + limit), limit, offset } };
    },
  });
}

/** The head's link of `rel`, as a path (the head holds it absolute, on the page's origin). */
const link = (rel: string) => {
  const href = document.head.querySelector(`link[rel="${rel}"]`)?.getAttribute('href');
  return href ? href.replace(/^http:\/\/localhost/, '') : null;
};
const postTitles = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

beforeEach(() => {
  document.head.innerHTML = '';
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('the blog in pages', () => {
  it(`shows the first ${BLOG_PAGE_SIZE} posts, "Page 1 of 3" and a Next link, and no Previous`, async () => {
    const api = blogOf(2 * BLOG_PAGE_SIZE + 1);
    renderInRouter(<BlogPages slug="" />, '/blog');
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(api.calls.map((call) => call.path)).toEqual([`/api/blog?limit=${BLOG_PAGE_SIZE}&offset=0`]);
    expect(postTitles()).toEqual(Array.from({ length: BLOG_PAGE_SIZE }, (_, i) => `Post number ${i + 1}`));
    const pager = screen.getByRole('navigation', { name: 'Pages of posts' });
    expect(within(pager).getByRole('link', { name: /Next page/ })).toHaveAttribute('href', '/blog?page=2');
    expect(within(pager).queryByRole('link', { name: /Previous page/ })).toBeNull();
    expect([link('prev'), link('next'), link('canonical')]).toEqual([null, '/blog?page=2', '/blog']);
  });

  it('shows the last page with the one post left on it, a Previous link to the page before, and no Next', async () => {
    const api = blogOf(2 * BLOG_PAGE_SIZE + 1);
    renderInRouter(<BlogPages slug="" />, '/blog?page=3');
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(api.calls.map((call) => call.path)).toEqual([`/api/blog?limit=${BLOG_PAGE_SIZE}&offset=${2 * BLOG_PAGE_SIZE}`]);
    expect(postTitles()).toEqual([`Post number ${2 * BLOG_PAGE_SIZE + 1}`]);
    const pager = screen.getByRole('navigation', { name: 'Pages of posts' });
    expect(within(pager).getByRole('link', { name: /Previous page/ })).toHaveAttribute('href', '/blog?page=2');
    expect(within(pager).queryByRole('link', { name: /Next page/ })).toBeNull();
    expect([link('prev'), link('next')]).toEqual(['/blog?page=2', null]);
  });

  it('links page 2 back to the bare /blog, not to ?page=1', async () => {
    blogOf(3 * BLOG_PAGE_SIZE);
    renderInRouter(<BlogPages slug="" />, '/blog?page=2');
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Previous page/ })).toHaveAttribute('href', '/blog');
    expect(screen.getByRole('link', { name: /Next page/ })).toHaveAttribute('href', '/blog?page=3');
    expect([link('prev'), link('next'), link('canonical')]).toEqual(['/blog', '/blog?page=3', '/blog?page=2']);
  });

  it('has no pager when every post fits on one page, and says so when there is none yet', async () => {
    blogOf(BLOG_PAGE_SIZE);
    const { unmount } = renderInRouter(<BlogPages slug="" />, '/blog');
    expect(await screen.findByText(`Post number ${BLOG_PAGE_SIZE}`)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages of posts' })).toBeNull();
    expect(link('next')).toBeNull();
    unmount();
    blogOf(0);
    renderInRouter(<BlogPages slug="" />, '/blog');
    expect(await screen.findByText('New articles are on their way.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages of posts' })).toBeNull();
  });

  it('answers Not Found for a page past the last, and for a page that is not a number', async () => {
    blogOf(2 * BLOG_PAGE_SIZE);
    const { unmount } = renderInRouter(<BlogPages slug="" />, '/blog?page=3');
    expect(await screen.findByRole('heading', { level: 1, name: /not found|can't find|cannot find/i })).toBeInTheDocument();
    expect(screen.queryByText(/Post number/)).toBeNull();
    unmount();
    renderInRouter(<BlogPages slug="" />, '/blog?page=two');
    expect(await screen.findByRole('heading', { level: 1, name: /not found|can't find|cannot find/i })).toBeInTheDocument();
  });
});
