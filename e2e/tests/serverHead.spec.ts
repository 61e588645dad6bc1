/**
 * What the server's first answer says before any script runs, read from the raw HTML as a crawler
 * or a link preview reads it: each page type's status, title, description and canonical link; a
 * product page's prices and schema.org data; the Not Found cases as HTTP 404. Then the sitemap and
 * robots.txt, and that the browser keeps the server's head for the first page.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test';

async function raw(request: APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0 });
  const html = await response.text();
  const one = (pattern: RegExp) => {
    const found = [...html.matchAll(pattern)].map((m) => m[1]!);
    expect(found, `${path}: ${pattern}`).toHaveLength(1);
    return found[0]!;
  };
  return {
    status: response.status(),
    html,
    title: () => one(/<title>([^<]*)<\/title>/g),
    description: () => one(/<meta name="description" content="([^"]*)">/g),
    canonical: () => one(/<link rel="canonical" href="([^"]*)">/g),
  };
}

test.describe('the raw HTML of each page type', () => {
  test('home, a content page and a service page carry their CMS title and description', async ({ request }) => {
    for (const [path, title] of [
      ['/', /- Copytech$/],
      ['/contact-us', /^Contact us - Copytech$/],
      ['/services/print-audit', /^.*[Aa]udit.* - Copytech$/],
    ] as const) {
      const page = await raw(request, path);
      expect([path, page.status]).toEqual([path, 200]);
      expect(page.title()).toMatch(title);
      expect(page.description().length).toBeGreaterThan(20);
      expect(new URL(page.canonical()).pathname).toBe(path);
    }
  });

  test('a list, a landing page and the checker carry their own title and canonical', async ({ request }) => {
    const list = await raw(request, '/printers/multifunctionals/a3-colour');
    expect(list.status).toBe(200);
    expect(list.title()).toBe('A3 colour multifunctional printers - Copytech');
    expect(new URL(list.canonical()).pathname).toBe('/printers/multifunctionals/a3-colour');
    expect((await raw(request, '/office-printers')).title()).toBe('Office printers - Copytech');
    expect((await raw(request, '/discover-print-savings')).title()).toBe('Discover print savings - Copytech');
  });

  test('a product page carries its title, prices, canonical, Open Graph and schema.org Product', async ({ request }) => {
    const page = await raw(request, '/printers/multifunctionals/brother/mfc-l8900cdw');
    expect(page.status).toBe(200);
    expect(page.title()).toBe('Brother MFC-L8900CDW Colour A4 Multifunctional Printer - Copytech');
    const description = page.description();
    const from = Number(description.match(/starting at £([\d,]+\.\d\d) ex VAT/)![1]!.replace(/,/g, ''));
    // £700: under the lease minimum (£1,000), so its description offers no rental.
    expect(from).toBeLessThan(1000);
    expect(description).not.toMatch(/rent|lease/);
    const leased = (await raw(request, '/printers/multifunctionals/canon/imagerunner-advance-dx-c5840i')).description();
    const price = Number(leased.match(/starting at £([\d,]+\.\d\d) ex VAT/)![1]!.replace(/,/g, ''));
    const monthly = Number(leased.match(/rent from £([\d,]+\.\d\d) per month on a 60-month lease/)![1]!.replace(/,/g, ''));
    expect(monthly / price).toBeGreaterThanOrEqual(0.015);
    expect(monthly / price).toBeLessThanOrEqual(0.03);
    expect(page.html).toContain('<meta property="og:type" content="product">');
    const jsonLd = JSON.parse(page.html.match(/<script type="application\/ld\+json" data-server-head>(.*?)<\/script>/)![1]!);
    expect(jsonLd).toMatchObject({
      '@type': 'Product',
      name: 'Brother MFC-L8900CDW',
      offers: { '@type': 'Offer', priceCurrency: 'GBP', price: from.toFixed(2) },
    });
  });

  test('every Not Found case answers 404 with the Not Found title', async ({ request }) => {
    for (const path of [
      '/printers/multifunctionals/nobody/no-such-model',
      '/printers/faxes/brother/mfc-l8900cdw',
      '/printers/plotters/brother/mfc-l8900cdw',
      '/finishers/brother/mfc-l8900cdw',
      '/services/no-such-service',
      '/no-such-page',
    ]) {
      const page = await raw(request, path);
      expect([path, page.status]).toEqual([path, 404]);
      expect(page.title()).toBe('Page not found - Copytech');
      expect(page.html).toContain('<meta name="robots" content="noindex">');
    }
  });

  test("the browser keeps the server's head for the first page, and shows the page the status says", async ({ page }) => {
    const titles: string[] = [];
    await page.exposeFunction('recordTitle', (title: string) => titles.push(title));
    await page.addInitScript(() => {
      new MutationObserver(() => (window as unknown as { recordTitle: (t: string) => void }).recordTitle(document.title)).observe(
        document,
        { subtree: true, childList: true, characterData: true },
      );
    });
    const response = await page.goto('/printers/multifunctionals/brother/mfc-l8900cdw');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Brother MFC-L8900CDW' })).toBeVisible();
    // From the moment the head is parsed, the title never falls back to the site's default while the page starts.
    expect(titles.filter((title) => title !== '')[0]).toBe('Brother MFC-L8900CDW Colour A4 Multifunctional Printer - Copytech');
    expect(titles.filter((title) => title !== '' && title !== 'Brother MFC-L8900CDW Colour A4 Multifunctional Printer - Copytech')).toEqual(
      [],
    );
    // One schema.org Product: the page's own replaces the server's.
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);

    const missing = await page.goto('/printers/multifunctionals/nobody/no-such-model');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
});

test.describe('sitemap.xml and robots.txt', () => {
  test('every URL in the sitemap answers 200 with its own title; robots.txt names the sitemap', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    const sitemapUrl = (await robots.text()).match(/^Sitemap: (\S+)$/m)?.[1];
    expect(sitemapUrl).toBeTruthy();
    const sitemap = await request.get(new URL(sitemapUrl!).pathname);
    expect(sitemap.status()).toBe(200);
    const urls = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(urls.length).toBeGreaterThan(200);
    expect(urls).toContain('/printers/multifunctionals/brother/mfc-l8900cdw');
    const titles = new Set<string>();
    for (const path of urls) {
      const page = await raw(request, path);
      expect([path, page.status]).toEqual([path, 200]);
      titles.add(page.title());
    }
    // The landing pages reuse a list's products, never its title: every page is told apart.
    expect(titles.size).toBe(urls.length);
  });
});
