/**
 * The site says one thing about money (docs/product-rules.md "Commercial terms"): the text of
 * every page of the sitemap, as the server renders it (its title, meta description and body,
 * without scripts), holds no words that contradict the commercial terms the server serves at
 * /api/terms and the company's two phone numbers. A failure names the page and quotes the words.
 */
import type { APIRequestContext } from '@playwright/test';
import { COMPANY, type CommercialTerms } from '@copytech/shared/domain';
import { expect, test } from '../support/test';

const PARALLEL = 4;

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;|&#xa0;/g, ' ')
    .replace(/&amp;/g, '&');
}

/** What a reader (or a search result) reads of a page: title, descriptions and the body's text, one space between words. */
export function pageText(html: string): string {
  const metas = [...html.matchAll(/<meta\b[^>]*\s(?:name|property)="(?:description|og:description)"[^>]*\scontent="([^"]*)"/g)].map(
    (m) => m[1]!,
  );
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  const body = html
    .replace(/<head>[\s\S]*?<\/head>/, ' ')
    .replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<(option)\b[^>]*>/g, ' | ')
    .replace(/<(?:br|p|li|h[1-6]|div|td|th|tr|dt|dd|section|article|footer|header|nav|option)\b[^>]*>/g, '. ')
    .replace(/<[^>]+>/g, ' ');
  return decodeEntities([title, ...metas, body].join(' . '))
    .replace(/\s+/g, ' ')
    .trim();
}

/** The sentences of a text (split at . ! ? followed by a space, and at the breaks pageText puts between blocks). */
const sentences = (text: string) => text.split(/(?<=[.!?|])\s+/);

const money = (text: string) => Math.round(Number(text.replace(/[£,]/g, '')) * 100);

/** Each rule: a name and what it finds wrong in a page's text (the words, quoted). */
export function contradictions(text: string, terms: CommercialTerms, phones: string[]): string[] {
  const found: string[] = [];
  const say = (rule: string, words: string) => found.push(`${rule}: "${words.trim().slice(0, 160)}"`);
  const all = sentences(text);
  const inSentences = (rule: string, test: (sentence: string) => boolean) => all.filter(test).forEach((s) => say(rule, s));

  // The lease covers the machine; toner and servicing are a separate agreement: never "one plan" with them.
  inSentences('toner and service are not in one plan with the machine', (s) => /\bone (?:clear |simple )?plan\b/i.test(s));
  inSentences('the service agreement does not cover everything', (s) => /\bnothing else\b/i.test(s));
  inSentences('the lease covers more than the machine (delivery, installation, set-up)', (s) => /\bcovers the machine only\b/i.test(s));
  // Prices per page vary by machine: every one is "from", but a machine's own prices on its page
  // ("Service: 0.52p a mono page and 4p a colour page (A4, ex VAT)", "3,000 mono at 0.52p"), which never are.
  if (terms.service.pricePerPage.variesByMachine) {
    const own = [...text.matchAll(/Service: .*?\(A4, ex VAT\)|\b[\d,]+ (?:mono|colour) at \d+(?:\.\d+)?p\b/g)].map((m) => [
      m.index,
      m.index + m[0].length,
    ]);
    for (const match of text.matchAll(/(\d+(?:\.\d+)?)p\b(?! ?(?:m|x)\b)/g)) {
      if (own.some(([start, end]) => match.index >= start! && match.index < end!)) continue;
      const before = text.slice(Math.max(0, match.index - 40), match.index);
      if (!/\bfrom\b/i.test(before)) say('a price per page without "from"', text.slice(Math.max(0, match.index - 60), match.index + 30));
    }
  }
  // The minimum is a charge, stated; there is no other minimum.
  inSentences('the minimum service charge is stated, and there is no minimum volume', (s) =>
    /\bno (?:hidden )?minimum (?:bills?|charges?)\b|(?<!\bno )\bminimum (?:monthly )?volume\b|\bagree any minimum\b/i.test(s),
  );
  // Engineer response: next business day only for a machine that is down.
  inSentences('next business day is the standard for a machine that is down only', (s) => {
    if (!/\bnext (?:business|working) day\b/i.test(s)) return false;
    return !/\b(?:down|cannot print|remotely|on site)\b/i.test(s);
  });
  inSentences('every urgency has its standard', (s) => /\bwithin a few (?:working|business) days\b/i.test(s));
  // Lease prices are the 60-month ones.
  const shown = terms.lease.pricesShownForMonths;
  inSentences(`lease prices shown are ${shown}-month ones`, (s) => {
    const months = [...s.matchAll(/\b(\d+)[- ]month\b/gi)].map((m) => Number(m[1]));
    return /£/.test(s) && months.some((m) => m !== shown) && !months.includes(shown);
  });
  // No lease (no rental per month) for a machine below the minimum.
  for (const match of text.matchAll(/Starting at £([\d,]+\.\d\d) ex VAT(\W+or rent from £[\d,.]+ per month)?/g)) {
    if (match[2] && money(match[1]!) < terms.lease.minimumStartingPricePence) say('no lease below the minimum', match[0]);
  }
  const description = /rent from £[\d,.]+ per month/.exec(text);
  const jsonPrice = /starting at £([\d,]+\.\d\d) ex VAT, or rent from/.exec(text);
  if (description && jsonPrice && money(jsonPrice[1]!) < terms.lease.minimumStartingPricePence)
    say('no lease below the minimum', jsonPrice[0]);
  // Two phone numbers of ours, one per purpose. Another body's number (the privacy policy gives the
  // regulator's helpline for complaints) is named as theirs in the words just before it.
  for (const match of text.matchAll(/(?:\+44\s?|\b0)(?:\d[\s-]?){9,10}\b/g)) {
    const digits = match[0].replace(/\D/g, '').replace(/^44/, '0');
    const theirs = /\b(?:ICO|Information Commissioner)\b(?:(?!\.\s)[\s\S])*$/.test(text.slice(Math.max(0, match.index - 160), match.index));
    if (!theirs && !phones.some((phone) => phone.replace(/\D/g, '') === digits)) say('only the sales and support numbers', match[0]);
  }
  return found;
}

async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get('/sitemap.xml')).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => {
    const url = new URL(decodeEntities(m[1]!));
    return url.pathname + url.search;
  });
}

test('no page of the sitemap contradicts the commercial terms', async ({ request }) => {
  test.setTimeout(300_000);
  const terms = (await (await request.get('/api/terms')).json()) as CommercialTerms;
  const phones = [COMPANY.salesPhone, COMPANY.supportPhone];
  const paths = await sitemapPaths(request);
  expect(paths.length).toBeGreaterThan(200);
  const problems: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++]!;
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const text = pageText(await response.text());
      for (const problem of contradictions(text, terms, phones)) problems.push(`${path}: ${problem}`);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  expect(problems, `${problems.length} contradictions`).toEqual([]);
});
