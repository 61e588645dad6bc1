/**
 * The whole site as a crawler meets it, without JavaScript: every URL of the sitemap, and every
 * same-origin link, stylesheet, script and image that their raw HTML names (and that the pages
 * found so on name in turn), answers 200. A failure names the page that linked to it, so a dead
 * link is found where it is written.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test';

/** Enough for the whole site (a few hundred pages and their images); reaching it means the crawl runs away. */
const MAX_URLS = 6000;
const PARALLEL = 4;

interface Found {
  url: string;
  from: string;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The URLs an HTML page names: anchors, link elements, images (src and srcset), scripts, og:image. */
export function urlsInHtml(html: string): string[] {
  const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
  // Script bodies (the page's JSON data, JSON-LD) hold text, not markup: links inside them are
  // found on the pages that render them.
  const markup = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
  const attributes = [
    ...markup.matchAll(/<a\b[^>]*\shref="([^"]*)"/g),
    ...markup.matchAll(/<link\b[^>]*\shref="([^"]*)"/g),
    ...markup.matchAll(/<img\b[^>]*\ssrc="([^"]*)"/g),
    ...markup.matchAll(/<source\b[^>]*\ssrc="([^"]*)"/g),
    ...markup.matchAll(/<meta\b[^>]*\sproperty="og:image"[^>]*\scontent="([^"]*)"/g),
  ].map((m) => m[1]!);
  const srcsets = [...markup.matchAll(/\ssrcset="([^"]*)"/g)].flatMap((m) =>
    decodeEntities(m[1]!)
      .split(',')
      .map((candidate) => candidate.trim().split(/\s+/)[0]!)
      .filter(Boolean),
  );
  return [...scripts, ...attributes, ...srcsets].map(decodeEntities);
}

/** A same-origin URL without its fragment, or null for another origin, tel:, mailto: and the like. */
function internal(href: string, base: string, origin: string): string | null {
  if (!href || href.startsWith('#')) return null;
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return `invalid:${href}`;
  }
  if (url.origin !== origin) return null;
  url.hash = '';
  return url.pathname + url.search;
}

async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  const xml = await response.text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(decodeEntities(m[1]!)).pathname + new URL(decodeEntities(m[1]!)).search,
  );
}

test('every sitemap URL, and every internal link and image found from them, answers 200', async ({ request, baseURL }) => {
  test.setTimeout(600_000);
  const origin = new URL(baseURL!).origin;
  const seen = new Map<string, string>();
  const queue: Found[] = [];
  const add = (url: string, from: string) => {
    if (seen.has(url)) return;
    seen.set(url, from);
    queue.push({ url, from });
  };
  const sitemap = await sitemapPaths(request);
  expect(sitemap.length).toBeGreaterThan(200);
  for (const path of sitemap) add(path, '/sitemap.xml');

  const failures: string[] = [];
  let pages = 0;
  const visit = async ({ url, from }: Found) => {
    if (url.startsWith('invalid:')) {
      failures.push(`${url.slice('invalid:'.length)}: not a URL (linked from ${from})`);
      return;
    }
    const response = await request.get(url, { maxRedirects: 0, failOnStatusCode: false });
    if (response.status() !== 200) {
      failures.push(`${url}: ${response.status()} (linked from ${from})`);
      return;
    }
    if (!(response.headers()['content-type'] ?? '').startsWith('text/html')) return;
    pages += 1;
    const html = await response.text();
    for (const href of urlsInHtml(html)) {
      const target = internal(href, origin + url, origin);
      if (target) add(target, url);
    }
  };
  while (queue.length > 0) {
    expect(seen.size, 'the crawl found more URLs than the site has: a link that runs away (an ever-growing query?)').toBeLessThan(MAX_URLS);
    await Promise.all(queue.splice(0, PARALLEL).map(visit));
  }
  test
    .info()
    .annotations.push({ type: 'crawl', description: `${pages} pages and ${seen.size} URLs in all, ${sitemap.length} in the sitemap` });
  expect(failures).toEqual([]);
  // The crawl reached beyond the sitemap (lists' paging, images, stylesheets), or it proved little.
  expect(pages).toBeGreaterThanOrEqual(sitemap.length);
  expect(seen.size).toBeGreaterThan(sitemap.length * 2);
});
