/**
 * The site's copy stays as a buyer should read it: over every page of the
 * sitemap (the CMS pages, the blog and its posts, every list and every product page), as the
 * server renders it without JavaScript, no sentence starts in lower case and no title says a word
 * twice. A failure names the page and quotes the words. The rules are e2e/support/copyChecks.ts,
 * checked on known good and bad copy first, so a rule that stops finding anything fails too.
 */
import type { APIRequestContext } from '@playwright/test';
import { lowerCaseStarts, pageTitle, proseBlocks, repeatedTitleWords } from '../support/copyChecks';
import { expect, test } from '../support/test';

const PARALLEL = 4;

async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get('/sitemap.xml')).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => {
    const url = new URL(m[1]!.replace(/&amp;/g, '&'));
    return url.pathname + url.search;
  });
}

test('the rules find what they are for, and pass what is right', () => {
  expect(lowerCaseStarts(['No. The lease covers the machine. toner, parts and servicing come under a service agreement.'])).toEqual([
    'toner, parts and servicing come under a service agreement.',
  ]);
  expect(lowerCaseStarts(['toner (delivered free and automatically), parts and labour, for the machine.'])).toHaveLength(1);
  expect(
    lowerCaseStarts([
      'A service agreement covers toner, parts and labour. bizhub C301i and imageRUNNER ADVANCE DX C5840i both print 30 ppm. iR-ADV DX 4825i too.',
      'Prices from 0.39p a page, e.g. on A4 machines.',
    ]),
  ).toEqual([]);
  expect(
    lowerCaseStarts([
      'You have the right to:',
      'see the personal data we hold;',
      'Starting at £1,200.00 ex VAT',
      'or rent from £20.00 per month',
    ]),
  ).toEqual([]);
  expect(lowerCaseStarts(['What the lease covers', 'the machine, financed over the term'])).toHaveLength(1);
  expect(repeatedTitleWords('Ricoh Booklet Finisher SR3270 Finisher')).toEqual(['finisher']);
  expect(repeatedTitleWords('Canon imageRUNNER ADVANCE DX C5840i A3 colour multifunctional printer')).toEqual([]);
});

test('no page of the sitemap has a sentence that starts in lower case, or a title that says a word twice', async ({ request }) => {
  test.setTimeout(300_000);
  const paths = await sitemapPaths(request);
  expect(paths.length).toBeGreaterThan(200);
  for (const path of ['/', '/about-us', '/newsletter', '/services/lease-and-purchase', '/blog']) expect(paths).toContain(path);
  const problems: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++]!;
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      for (const sentence of lowerCaseStarts(proseBlocks(html))) problems.push(`${path}: starts in lower case: "${sentence}"`);
      const title = pageTitle(html);
      for (const word of repeatedTitleWords(title)) problems.push(`${path}: the title says "${word}" twice: "${title}"`);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  expect(problems, `${problems.length} problems`).toEqual([]);
});
