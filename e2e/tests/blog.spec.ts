/**
 * The blog (docs/product-rules.md "The blog"): /blog paged by links and /blog/{slug}, each
 * answered by the server with its status, head and body; in the sitemap; the home page's cards
 * and the footer lead to it; an unknown post or a page past the end is Not Found.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test';

interface Post {
  slug: string;
  title: string;
  excerpt: string;
}

async function allPosts(request: APIRequestContext): Promise<{ count: number; results: Post[] }> {
  const res = await request.get('/api/blog?limit=12&offset=0');
  expect(res.status()).toBe(200);
  return res.json();
}

const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1] ?? null;

test('the server answers /blog and every post with its status, head and body; the sitemap lists them', async ({ request, baseURL }) => {
  const { count, results } = await allPosts(request);
  expect(count).toBeGreaterThanOrEqual(6);
  expect(results).toHaveLength(count);

  const blog = await request.get('/blog');
  expect(blog.status()).toBe(200);
  const blogHtml = await blog.text();
  expect(blogHtml).toContain('<title>Blog - Copytech</title>');
  expect(attribute(blogHtml, /<link rel="canonical" href="([^"]+)"/)).toBe(`${baseURL}/blog`);
  // The first page's posts are in the HTML, each a link to its post.
  for (const post of results.slice(0, 6)) expect(blogHtml).toContain(`href="/blog/${post.slug}"`);
  const pages = Math.ceil(count / 6);
  expect(blogHtml).toMatch(new RegExp(`Page (<!-- -->)?1(<!-- -->)? of (<!-- -->)?${pages}`));
  if (pages > 1) {
    expect(blogHtml).toContain('href="/blog?page=2"');
    const second = await request.get('/blog?page=2');
    expect(second.status()).toBe(200);
    expect(attribute(await second.text(), /<link rel="canonical" href="([^"]+)"/)).toBe(`${baseURL}/blog?page=2`);
  }
  expect((await request.get(`/blog?page=${pages + 1}`)).status()).toBe(404);

  for (const post of results) {
    const res = await request.get(`/blog/${post.slug}`);
    expect(res.status(), post.slug).toBe(200);
    const html = await res.text();
    expect(attribute(html, /<title>([^<]+)<\/title>/)).toBe(`${post.title.replace(/&/g, '&amp;')} - Copytech`);
    expect(attribute(html, /<meta property="og:type" content="([^"]+)"/)).toBe('article');
    expect(attribute(html, /<link rel="canonical" href="([^"]+)"/)).toBe(`${baseURL}/blog/${post.slug}`);
    const jsonLd = JSON.parse(attribute(html, /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/) ?? '{}');
    expect(jsonLd).toMatchObject({ '@type': 'BlogPosting', headline: post.title, url: `${baseURL}/blog/${post.slug}` });
    // The article itself is in the HTML, not only its title.
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root.replace(/<[^>]+>/g, ' ').split(/\s+/).length).toBeGreaterThan(300);
  }

  const missing = await request.get('/blog/no-such-post');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('Page not found');

  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`<loc>${baseURL}/blog</loc>`);
  for (const post of results) expect(sitemap).toContain(`<loc>${baseURL}/blog/${post.slug}</loc>`);
});

test("the home page's blog cards link to their posts, and a visitor finds the blog from the footer", async ({ page, request }) => {
  const { results } = await allPosts(request);
  await page.goto('/');
  const section = page.locator('[data-block="recentPosts"]');
  await expect(section.getByRole('heading', { level: 2 })).toHaveText('Advice from the blog');
  const first = section.getByRole('link', { name: results[0]!.title });
  await expect(first).toHaveAttribute('href', `/blog/${results[0]!.slug}`);
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/blog/${results[0]!.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(results[0]!.title);
  await expect(page).toHaveTitle(`${results[0]!.title} - Copytech`);

  await page.getByRole('contentinfo').getByRole('link', { name: 'Blog', exact: true }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Copytech blog');
  await expect(page.getByRole('article')).toHaveCount(Math.min(6, results.length));

  await page.goto('/blog/no-such-post');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the blog pages by links and a post reads in full', async ({ page, request }) => {
    const { count, results } = await allPosts(request);
    await page.goto('/blog');
    const pager = page.getByRole('navigation', { name: 'Pages of posts' });
    await expect(pager.getByTestId('page-of')).toHaveText(`Page 1 of ${Math.ceil(count / 6)}`);
    if (count > 6) {
      await pager.getByRole('link', { name: 'Next page' }).click();
      await expect(page).toHaveURL(/\/blog\?page=2$/);
      await expect(page.getByRole('article').first()).toContainText(results[6]!.title);
    }
    await page.goto(`/blog/${results[1]!.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(results[1]!.title);
    await expect(page.getByRole('link', { name: /All posts/ })).toHaveAttribute('href', '/blog');
  });
});
