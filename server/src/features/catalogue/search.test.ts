/**
 * Site search, GET /api/search (docs/product-rules.md "Site search: what it finds"), on SQLite and
 * PostgreSQL against the real catalogue: model numbers however typed, typos, the trade's words,
 * ranking tiers, inactive products, paging, bounds and the answer's shape.
 */
import type { FastifyInstance } from 'fastify';
import { SEARCH_LIMIT_MAX, type Product, type SearchResponse } from '@copytech/shared/domain';
import { REAL_DATA, configOn, testApp } from '../../../test/helpers';
import { databases } from '../../../test/postgres';

describe.each(databases())('site search on %s', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp(configOn(database, { dataDir: REAL_DATA }));
  }, 60_000);
  afterAll(() => app.close());

  async function search(q: string, params: Record<string, string> = {}): Promise<SearchResponse> {
    const res = await app.inject({ url: `/api/search?${new URLSearchParams({ q, ...params })}` });
    expect(res.statusCode).toBe(200);
    return res.json();
  }
  const ids = (answer: SearchResponse) => answer.products.results.map((p) => p.modelId);
  const names = (answer: SearchResponse) => answer.products.results.map((p) => `${p.brand} ${p.model}`);

  it.each([
    ['mfcl8900', 'Brother MFC-L8900CDW'],
    ['MFC L8900', 'Brother MFC-L8900CDW'],
    ['mfc-l8900cdw', 'Brother MFC-L8900CDW'],
    ['MFC-L8900CDW', 'Brother MFC-L8900CDW'],
    ['brother mfc l8900', 'Brother MFC-L8900CDW'],
    ['imagerunner c5840', 'Canon imageRUNNER ADVANCE DX C5840i'],
    ['bizhub C301i', 'Konica Minolta bizhub C301i'],
    ['IM C3010', 'Ricoh IM C3010'],
    ['ricoh im c3010', 'Ricoh IM C3010'],
  ])('%j finds %s first', async (q, first) => {
    expect(names(await search(q))[0]).toBe(first);
  });

  it.each([
    ['bizub c301', 'Konica Minolta bizhub C301i'],
    ['konica bizhb c301i', 'Konica Minolta bizhub C301i'],
    ['imagerunr c5840', 'Canon imageRUNNER ADVANCE DX C5840i'],
    ['taskalfa 2554cii', 'Kyocera TASKalfa 2554ci'],
  ])('a small typo: %j finds %s in the first three', async (q, wanted) => {
    expect(names(await search(q)).slice(0, 3)).toContain(wanted);
  });

  it.each([
    ['ca', 'Canon'],
    ['kon', 'Konica Minolta'],
    ['minol', 'Konica Minolta'],
  ])('as the visitor types: %j finds %s machines first', async (q, brand) => {
    const answer = await search(q, { limit: '5' });
    expect(answer.products.results.map((p) => p.brand)).toEqual(Array(5).fill(brand));
  });

  it.each([
    ['bizh', 'bizhub'],
    ['mfc-l89', 'MFC-L8900CDW'],
    ['imagerunner adv', 'imageRUNNER ADVANCE'],
  ])('as the visitor types: %j finds models starting %s', async (q, start) => {
    const answer = await search(q, { limit: '5' });
    expect(answer.products.results.length).toBeGreaterThan(0);
    expect(answer.products.results.every((p) => p.model.startsWith(start))).toBe(true);
  });

  it('ranks the exact model, then model prefixes, then the model in other words', async () => {
    // c5840i is one model; other models only hold "c58" or a likeness
    const answer = await search('c5840i');
    expect(ids(answer)[0]).toBe('canonimagerunneradvancedxc5840i');
    const prefix = await search('imagerunner advance dx c58');
    expect(names(prefix).every((name) => name.startsWith('Canon imageRUNNER ADVANCE DX C58'))).toBe(true);
  });

  it('reads photocopier and copier as multifunctionals, before machines that only mention the word', async () => {
    for (const q of ['photocopier', 'copier', 'photocopiers']) {
      const answer = await search(q, { limit: '24' });
      expect(answer.products.count).toBeGreaterThan(24);
      expect(answer.products.results.every((p) => p.productCategory === 'multifunctional-printer')).toBe(true);
    }
  });

  it('finds A3 colour machines, mono machines, wide format plotters, booklet finishers and document scanners first', async () => {
    const a3colour = await search('A3 colour', { limit: '24' });
    expect(
      a3colour.products.results.every(
        (p) => p.colourPrinting === 'colour' && /^(A3|SRA3)/.test(String(p.productAttributes?.maxPaperSize ?? p.paperSize)),
      ),
    ).toBe(true);
    const mono = await search('mono', { limit: '24' });
    expect(mono.products.results.every((p) => p.colourPrinting === 'mono')).toBe(true);
    const wide = await search('wide format', { limit: '12' });
    expect(wide.products.results.every((p) => p.productCategory === 'plotter')).toBe(true);
    const booklet = await search('booklet');
    expect(booklet.products.results[0]).toMatchObject({ productCategory: 'finisher', productSpecification: 'booklet' });
    expect(booklet.pages[0]).toEqual({ kind: 'list', title: 'Booklet finishers', path: '/finishers/booklet' });
    const scanners = await search('document scanner', { limit: '24' });
    expect(scanners.products.results.every((p) => /scanner/.test(String(p.productCategory)))).toBe(true);
  });

  it('a brand alone gives every active machine of that brand, and nothing else first', async () => {
    const answer = await search('kyocera', { limit: '24' });
    // 21 Kyocera machines in the catalogue, one of them inactive (TASKalfa 2553ci)
    expect(answer.products.count).toBe(20);
    expect(answer.products.results.every((p) => p.brand === 'Kyocera')).toBe(true);
    expect(ids(answer)).not.toContain('kyocerataskalfa2553ci');
    const hp = await search('HP', { limit: '24' });
    expect(hp.products.results.every((p) => p.brand === 'HP')).toBe(true);
  });

  it('lists a brand as the menus do: multifunctionals first, scanners and finishers last', async () => {
    const all = [
      ...(await search('ricoh', { limit: '24' })).products.results,
      ...(await search('ricoh', { limit: '24', page: '2' })).products.results,
    ];
    expect(all).toHaveLength(43);
    const kinds = all.map((p) =>
      p.productCategory === 'finisher'
        ? 3
        : /scanner/.test(String(p.productCategory))
          ? 2
          : p.productCategory === 'multifunctional-printer' && !p.productSpecification?.includes('production')
            ? 0
            : 1,
    );
    expect(kinds[0]).toBe(0);
    expect(kinds).toEqual([...kinds].sort((a, b) => a - b));
  });

  it('never shows an inactive product, even by its exact model', async () => {
    const inactive: Array<[string, string]> = [
      ['IM C3000', 'ricohimc3000'],
      ['bizhub C250i', 'konicaminoltabizhubc250i'],
      ['TASKalfa 2553ci', 'kyocerataskalfa2553ci'],
    ];
    for (const [q, id] of inactive) {
      const answer = await search(q, { limit: '24' });
      expect(ids(answer)).not.toContain(id);
      expect(answer.products.results.every((p: Product) => p.isActive === 1)).toBe(true);
    }
  });

  it('leaves a product out as soon as it is made inactive', async () => {
    expect(ids(await search('mfc-l8900cdw'))).toContain('brothermfcl8900cdw');
    await app.db.updateTable('products').set({ is_active: 0 }).where('model_id', '=', 'brothermfcl8900cdw').execute();
    app.catalogue.changed();
    try {
      expect(ids(await search('mfc-l8900cdw'))).not.toContain('brothermfcl8900cdw');
    } finally {
      await app.db.updateTable('products').set({ is_active: 1 }).where('model_id', '=', 'brothermfcl8900cdw').execute();
      app.catalogue.changed();
    }
  });

  it('finds lists and content pages, at most `limit` of them', async () => {
    expect((await search('printers')).pages[0]).toEqual({ kind: 'list', title: 'All printers', path: '/printers' });
    for (const q of ['photocopier', 'photocopiers'])
      expect((await search(q)).pages[0]).toEqual({ kind: 'list', title: 'Photocopiers for business', path: '/photocopiers' });
    const papercut = await search('papercut');
    expect(papercut.pages[0]).toEqual({ kind: 'service', title: 'PaperCut print management', path: '/services/papercut' });
    const plotters = await search('plotters', { limit: '2' });
    expect(plotters.pages).toHaveLength(2);
    expect(plotters.pages[0]).toMatchObject({ kind: 'list', path: '/printers/plotters' });
    const blog = await search('lease or buy');
    expect(blog.pages.some((page) => page.kind === 'blog' && page.path.startsWith('/blog/'))).toBe(true);
  });

  it('pages machines: page 2 continues page 1, the count stays', async () => {
    const first = await search('canon', { limit: '10' });
    const second = await search('canon', { limit: '10', page: '2' });
    expect(first.products).toMatchObject({ page: 1, pageSize: 10 });
    expect(second.products).toMatchObject({ page: 2, pageSize: 10, count: first.products.count });
    expect(ids(second)).toHaveLength(10);
    expect(ids(second).filter((id) => ids(first).includes(id))).toEqual([]);
    const all = await search('canon', { limit: String(SEARCH_LIMIT_MAX), page: '2' });
    expect(all.products.results).toHaveLength(first.products.count - SEARCH_LIMIT_MAX);
  });

  it('an empty query answers no results, not an error', async () => {
    for (const q of ['', '   ', 'the and']) {
      const answer = await search(q);
      expect(answer).toEqual({ query: q.trim(), products: { count: 0, page: 1, pageSize: 12, results: [] }, pages: [], suggestions: null });
    }
    const res = await app.inject({ url: '/api/search' });
    expect(res.statusCode).toBe(200);
  });

  it('says what it searched for: trimmed, spaces collapsed, at most 100 characters', async () => {
    expect((await search('  Canon   imageRUNNER  ')).query).toBe('Canon imageRUNNER');
    expect((await search('x'.repeat(500))).query).toHaveLength(100);
  });

  it('suggests the nearest brands and models when nothing matched', async () => {
    const answer = await search('bizhub c999');
    expect(answer.products.count).toBe(0);
    expect(answer.suggestions?.models.map((m) => m.model)).toContain('bizhub C301i');
    expect(answer.suggestions?.models.every((m) => m.path.startsWith('/printers/'))).toBe(true);
    const brand = await search('lexmrak zz9');
    expect(brand.suggestions?.brands).toContain('Lexmark');
    expect((await search('canon')).suggestions).toBeNull();
    expect((await search('qqqqqq')).suggestions).toBeNull();
  });

  it('checks limit and page: 400 with the field named', async () => {
    for (const query of ['limit=0', 'limit=25', 'limit=x', 'page=0', 'page=51', 'page=1.5']) {
      const res = await app.inject({ url: `/api/search?q=canon&${query}` });
      expect([query, res.statusCode]).toEqual([query, 400]);
      expect(res.json()).toMatchObject({ statusCode: 400 });
    }
  });

  it('is cached like the catalogue reads, with an ETag', async () => {
    const res = await app.inject({ url: '/api/search?q=canon' });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const again = await app.inject({ url: '/api/search?q=canon', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });
});
