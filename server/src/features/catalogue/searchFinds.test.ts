/**
 * What site search finds and must not find, on SQLite and PostgreSQL against the real catalogue: a
 * typo at the likeness threshold, a word typed twice, words that are names of JavaScript's objects,
 * the trade's words only on the machines they describe, the home page never a result, and CMS text
 * found by what it says, not by the names of its `{{terms.…}}` placeholders.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { SearchResponse } from '@copytech/shared/domain';
import { blogDocument, contentDocument } from './search/documents';
import { REAL_DATA, configOn, testApp } from '../../../test/helpers';
import { databases } from '../../../test/postgres';

describe.each(databases())('what site search finds on %s', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp(configOn(database, { dataDir: REAL_DATA }));
  }, 60_000);
  afterAll(() => app.close());

  async function search(q: string, params: Record<string, string> = {}): Promise<SearchResponse> {
    const res = await app.inject({ url: `/api/search?${new URLSearchParams({ q, ...params })}` });
    expect([q, res.statusCode]).toEqual([q, 200]);
    return res.json();
  }
  const ids = (answer: SearchResponse) => answer.products.results.map((p) => p.modelId);

  it('counts a typo exactly 0.4 like a model word: "ecosis" finds the ECOSYS machines', async () => {
    const typed = await search('ecosis', { limit: '24' });
    const right = await search('ecosys', { limit: '24' });
    expect(typed.products.count).toBeGreaterThan(0);
    expect(typed.products.count).toBe(right.products.count);
    expect(typed.products.results.every((p) => p.brand === 'Kyocera' && p.model.startsWith('ECOSYS'))).toBe(true);
  });

  it('reads a word typed again as one word: the words after it still count', async () => {
    const once = await search('a3 colour', { limit: '24' });
    const again = await search('a3 A3 a3 a3 a3 a3 a3 a3 colour', { limit: '24' });
    expect(again.products.count).toBe(once.products.count);
    expect(ids(again)).toEqual(ids(once));
    expect(again.products.results.every((p) => p.colourPrinting === 'colour')).toBe(true);
  });

  it('reads the names of JavaScript objects as ordinary words', async () => {
    for (const q of ['constructor', 'constructor canon', '__proto__', 'hasOwnProperty valueOf']) {
      const answer = await search(q);
      expect(answer.query).toBe(q);
    }
    expect((await search('constructor canon')).products.count).toBe(0);
  });

  it('gives a finisher or a scanner no colour, no mono and no printer words', async () => {
    for (const q of ['mono finisher', 'black and white scanner', 'colour finisher', 'printer stapling']) {
      expect([q, (await search(q)).products.count]).toEqual([q, 0]);
    }
    // each word alone does find machines
    expect((await search('stapling')).products.count).toBeGreaterThan(0);
    expect((await search('mono')).products.count).toBeGreaterThan(0);
  });

  it('never gives the home page as a result, even for its own title', async () => {
    const home = JSON.parse(fs.readFileSync(path.join(REAL_DATA, 'content', 'pages', 'home.json'), 'utf8')) as {
      meta: { title: string };
    };
    for (const q of [home.meta.title, 'trusted supplier']) {
      const answer = await search(q, { limit: '24' });
      expect(answer.pages.map((page) => page.path)).not.toContain('/');
    }
  });

  it("finds a CMS page by its text, not by the names of its terms' placeholders", async () => {
    // lease-and-purchase and service-agreements say {{terms.leaseMinimum}}, {{terms.monoFrom}}… in
    // their descriptions and text: a visitor sees the terms, never those names
    for (const q of ['leaseminimum', 'leaseterms', 'monofrom', 'terms leaseminimum']) {
      expect([q, (await search(q)).pages]).toEqual([q, []]);
    }
    expect((await search('lease purchase')).pages.map((page) => page.path)).toContain('/services/lease-and-purchase');
  });

  it("never finds a page by its blocks' kinds, forms, links or images, which no visitor reads", async () => {
    for (const hidden of ['featuregrid', 'richtext', 'ctaband', 'contactdetails', 'recentposts', '443300580590']) {
      expect([hidden, (await search(hidden)).pages]).toEqual([hidden, []]);
    }
    expect((await search('serial number')).pages.length).toBeGreaterThan(0);
  });
});

describe('a CMS page as a document', () => {
  it('links a service without a URL of its own at /services/<slug>, a page at /<slug>, and the home page not at all', () => {
    const data = JSON.stringify({ meta: { title: 'Toner recycling', description: 'We take back toner.' }, body: [] });
    expect(contentDocument('toner-recycling', 'service', data)).toMatchObject({ kind: 'service', path: '/services/toner-recycling' });
    expect(contentDocument('toner-recycling', 'page', data)).toMatchObject({ kind: 'page', path: '/toner-recycling' });
    expect(contentDocument('home', 'page', JSON.stringify({ meta: { title: 'Home', url: '/' }, body: [] }))).toBeNull();
  });

  it("leaves the terms' placeholders out of its description and text", () => {
    const data = JSON.stringify({
      meta: { title: 'Leasing', description: 'Machines from {{terms.leaseMinimum}} over {{terms.leaseTerms}}.' },
      body: [{ type: 'text', html: '<p>Per page from {{terms.monoFrom}}.</p>' }],
    });
    const doc = contentDocument('leasing', 'service', data)!;
    expect(doc.body.split(' ')).toEqual(expect.arrayContaining(['machines', 'from', 'over', 'per', 'page']));
    expect(doc.body).not.toMatch(/terms|leaseminimum|leaseterms|monofrom/);
    const post = blogDocument(
      'leasing-guide',
      JSON.stringify({ title: 'Leasing', excerpt: 'From {{terms.leaseMinimum}}.', body: '<p>Over {{terms.leaseTerms}}.</p>' }),
    );
    expect(post.body).toBe('from over');
  });

  it('is indexed by its slug and text alone when it has no meta, and a post without excerpt or text by its title', () => {
    const doc = contentDocument('our-story', 'page', JSON.stringify({ body: [{ type: 'text', html: '<p>Founded in Leeds</p>' }] }))!;
    expect(doc).toMatchObject({ kind: 'page', title: 'our-story', path: '/our-story' });
    expect(doc.body).toBe('founded in leeds');
    // A block's kind, form, links and images are not words on the page.
    const blocks = [
      { type: 'featureGrid', items: [{ title: 'Toner', text: 'Sent free', icon: 'truck', href: '/services/supplies' }] },
      { type: 'form', form: 'enquiry', heading: 'Ask us', intro: null, limit: 3 },
      {
        type: 'hero',
        heading: 'Print less',
        text: 'Save',
        image: '/images/office.webp',
        cta: { label: 'Call', href: 'tel:+443300580590' },
      },
    ];
    expect(contentDocument('supplies', 'page', JSON.stringify({ body: blocks }))!.body).toBe('toner sent free ask us print less save call');
    const post = blogDocument('quiet-offices', JSON.stringify({ title: 'Quiet offices' }));
    expect(post).toMatchObject({ kind: 'blog', title: 'Quiet offices', body: '' });
  });

  it("keeps the description's last word and the text's first word apart, in a page and a post", () => {
    const data = JSON.stringify({
      meta: { title: 'Toner', description: 'We take back toner' },
      body: [{ type: 'text', html: 'Recycling is free' }],
    });
    expect(contentDocument('toner', 'page', data)!.body.split(' ')).toEqual(expect.arrayContaining(['toner', 'recycling']));
    const post = blogDocument('fast', JSON.stringify({ title: 'Fast', excerpt: 'Fast', body: 'printers' }));
    expect(post.body).toBe('fast printers');
  });

  it('indexes at most the first 20,000 characters of a very long page or post', () => {
    const long = 'paper '.repeat(6_000); // 36,000 characters
    const page = contentDocument('long', 'page', JSON.stringify({ meta: { title: 'Long', description: long }, body: [] }))!;
    const post = blogDocument('long', JSON.stringify({ title: 'Long', excerpt: long, body: long }));
    for (const doc of [page, post]) {
      expect(doc.body.length).toBeLessThanOrEqual(20_000);
      expect(doc.body.length).toBeGreaterThan(19_990);
    }
  });
});
