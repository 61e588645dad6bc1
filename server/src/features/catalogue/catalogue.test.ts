/** Catalogue reads: every list endpoint, filters, sorts, facets, paging bounds, single, similar, featured. */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  FINISHER_CATEGORIES,
  LIST_LIMITS,
  PRINTER_TYPES,
  categoryAllowedForType,
  type Product,
  type ProductListResponse,
} from '@copytech/shared/domain';
import { C5840I, C5850I, IMC2010, INACTIVE, REAL_DATA, configOn, fixtureDataCopy, testApp } from '../../../test/helpers';
import { databases } from '../../../test/postgres';

describe.each(databases())('on %s', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp(configOn(database));
  });
  afterAll(() => app.close());

  async function list(url: string): Promise<ProductListResponse> {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.json();
  }
  const ids = (body: { results: Product[] }) => body.results.map((p) => p.modelId);

  describe('printer and scanner lists', () => {
    it.each([
      ['/api/printers/multifunctionals', 5],
      ['/api/printers/officeprinters', 1],
      ['/api/printers/productionprinters', 2],
      ['/api/printers/plotterprinters', 1],
      ['/api/printers/all', 9],
      ['/api/scanners/personal', 1],
      ['/api/scanners/desktop-workgroup', 1],
      ['/api/scanners/workgroup', 1],
      ['/api/scanners/departmental', 0],
      ['/api/scanners/production', 1],
      ['/api/scanners/all', 3],
      ['/api/products/category/multifunctional-printers', 5],
      ['/api/products/category/multifunctional-printer', 6],
      ['/api/products/category/finisher', 1],
      ['/api/products/category/finishers', 1],
      ['/api/products/category/production', 2],
      ['/api/products/category/personal-scanners', 1],
      ['/api/products/category/scanners', 3],
    ])('%s lists its %i active products', async (url, count) => {
      const body = await list(url);
      expect(body.count).toBe(count);
      expect(body.results).toHaveLength(count);
      expect(body.results.every((p) => p.isActive === 1)).toBe(true);
      expect(body).toMatchObject({ limit: 12, offset: 0 });
    });

    it('keeps production-class multifunctionals out of multifunctionals and in production', async () => {
      expect(ids(await list('/api/printers/multifunctionals'))).not.toContain('sharpbp90c70');
      expect(ids(await list('/api/printers/productionprinters')).sort()).toEqual(['canonimagepressv1000', 'sharpbp90c70']);
    });

    it('leaves inactive products out of lists', async () => {
      expect(ids(await list('/api/products/category/multifunctional-printer'))).not.toContain(INACTIVE);
    });

    it('returns products in the Product shape', async () => {
      const [first] = (await list('/api/printers/multifunctionals?limit=1')).results;
      expect(first).toEqual({
        modelId: C5840I,
        brand: 'Canon',
        model: 'imageRUNNER ADVANCE DX C5840i',
        productCategory: 'multifunctional-printer',
        productSpecification: 'office',
        colourPrinting: 'colour',
        paperSize: 'A3',
        images: [{ filename: 'front.png' }],
        isActive: 1,
        productFeatures: [{ featureName: 'Technology', featureValue: 'Laser' }],
        price: { startingFrom: 690000, '60MonthLeasePrice': 41400, servicePerPage: { mono: 0.52, colour: 4 } },
        productAttributes: { printSpeedPpm: 40, scanSpeedPpm: null, maxPaperSize: 'SRA3', isColour: true },
        description: 'A3 colour, 40 ppm.',
      });
    });

    it('answers 404 JSON for an unknown list, category or sub-category', async () => {
      for (const url of [
        '/api/printers/faxes',
        '/api/scanners/huge',
        '/api/products/category/toasters',
        '/api/products/category/multifunctional-printers/a5-colour',
        '/api/printers/multifunctionals/purple',
      ]) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
      }
    });
  });

  describe('sub-categories', () => {
    it.each([
      ['a3-colour', [C5840I, C5850I, IMC2010]],
      ['a3-mono', ['ricohim3000']],
      ['a4-colour', []],
      ['a4-mono', ['kyoceraecosysma4500ifx']],
      ['colour', [C5840I, C5850I, IMC2010]],
      ['mono', ['kyoceraecosysma4500ifx', 'ricohim3000']],
    ])('%s filters multifunctionals', async (sub, expected) => {
      expect(ids(await list(`/api/products/category/multifunctional-printers/${sub}`))).toEqual(expected);
      expect(ids(await list(`/api/printers/multifunctionals/${sub}`))).toEqual(expected);
    });
    it('counts SRA3 production machines as A3', async () => {
      expect((await list('/api/products/category/production/a3-colour')).count).toBe(2);
    });
    it('computes facets over the sub-category, not the whole type', async () => {
      const body = await list('/api/products/category/multifunctional-printers/a3-colour?brand=ricoh');
      expect(body.count).toBe(1);
      expect(body.facets.brands).toEqual([
        { brand: 'Canon', count: 2 },
        { brand: 'Ricoh', count: 1 },
      ]);
    });
  });

  describe('finisher categories (/api/products/category/finishers/{category})', () => {
    // The fixture's one stapling finisher, plus more than a page of each list and an inactive one.
    const finisher = (brand: string, model: string, productSpecification: string, isActive = 1) => ({
      brand,
      model,
      productCategory: 'finisher',
      productSpecification,
      colourPrinting: null,
      paperSize: null,
      isActive,
      featured: false,
      images: [{ filename: 'front.png' }],
      price: { startingFrom: 150000, '60MonthLeasePrice': 3000 },
      productAttributes: { printSpeedPpm: null, scanSpeedPpm: null, maxPaperSize: null, isColour: null },
      productFeatures: [{ featureName: 'Technology', featureValue: 'Mechanical' }],
      description: 'Finisher.',
    });
    const BOOKLET_CANON = 40;
    const BOOKLET_RICOH = 20;
    let finishers: FastifyInstance;
    beforeAll(async () => {
      const dataDir = fixtureDataCopy();
      fs.writeFileSync(
        path.join(dataDir, 'catalogue', 'more-finishers.json'),
        JSON.stringify([
          ...Array.from({ length: BOOKLET_CANON }, (_, i) =>
            finisher('Canon', `Booklet Finisher-${String(i).padStart(2, '0')}`, 'booklet'),
          ),
          ...Array.from({ length: BOOKLET_RICOH }, (_, i) => finisher('Ricoh', `SR${4100 + i}`, 'booklet')),
          finisher('Ricoh', 'SR9999', 'booklet', 0),
          finisher('Canon', 'Puncher-B1', 'punch'),
          finisher('Sharp', 'MX-FD10', 'folding'),
        ]),
      );
      finishers = await testApp(configOn(database, { dataDir }));
    });
    afterAll(() => finishers.close());

    async function finisherList(url: string): Promise<ProductListResponse> {
      const res = await finishers.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      return res.json();
    }

    it('lists only the active finishers of that category, counted on the server', async () => {
      const body = await finisherList(`/api/products/category/finishers/booklet?limit=${LIST_LIMITS.maxLimit}`);
      expect(body.count).toBe(BOOKLET_CANON + BOOKLET_RICOH);
      expect(body.results).toHaveLength(LIST_LIMITS.maxLimit);
      expect(body.results.every((p) => p.productCategory === 'finisher' && p.productSpecification === 'booklet' && p.isActive === 1)).toBe(
        true,
      );
      expect((await finisherList('/api/products/category/finishers')).count).toBe(BOOKLET_CANON + BOOKLET_RICOH + 3);
      expect(ids(await finisherList('/api/products/category/finishers/stapling'))).toEqual(['konicaminoltafs539']);
      expect(ids(await finisherList('/api/products/category/finishers/punch'))).toEqual(['canonpuncherb1']);
      expect((await finisherList('/api/products/category/finishers/inner')).count).toBe(0);
      // 'finisher' (the category) takes the same sub-categories as 'finishers' (the group).
      expect((await finisherList('/api/products/category/finisher/booklet')).count).toBe(BOOKLET_CANON + BOOKLET_RICOH);
    });

    it('pages past 48 finishers without gaps or repeats', async () => {
      const url = '/api/products/category/finishers/booklet';
      const first = await finisherList(`${url}?limit=25`);
      const second = await finisherList(`${url}?limit=25&offset=25`);
      const third = await finisherList(`${url}?limit=25&offset=50`);
      expect(first).toMatchObject({ limit: 25, offset: 0, count: 60 });
      expect(second).toMatchObject({ limit: 25, offset: 25, count: 60 });
      expect(third).toMatchObject({ limit: 25, offset: 50, count: 60 });
      expect([first, second, third].map((page) => page.results.length)).toEqual([25, 25, 10]);
      const all = [...ids(first), ...ids(second), ...ids(third)];
      expect(new Set(all).size).toBe(60);
      expect(all).toEqual([...all].sort());
      expect((await finisherList(`${url}?limit=12&offset=60`)).results).toEqual([]);
    });

    it('filters and computes facets within the category, not over every finisher', async () => {
      const body = await finisherList('/api/products/category/finishers/booklet?brand=ricoh&limit=5');
      expect(body.count).toBe(BOOKLET_RICOH);
      expect(body.results.every((p) => p.brand === 'Ricoh')).toBe(true);
      expect(body.facets.brands).toEqual([
        { brand: 'Canon', count: BOOKLET_CANON },
        { brand: 'Ricoh', count: BOOKLET_RICOH },
      ]);
      expect(body.facets.speed).toBeNull();
      // The whole finisher list keeps its own facets (the scopes are cached apart).
      expect((await finisherList('/api/products/category/finishers')).facets.brands).toEqual([
        { brand: 'Canon', count: BOOKLET_CANON + 1 },
        { brand: 'Konica Minolta', count: 1 },
        { brand: 'Ricoh', count: BOOKLET_RICOH },
        { brand: 'Sharp', count: 1 },
      ]);
    });

    it('answers 404 JSON for an unknown finisher category, and finisher categories belong to finishers only', async () => {
      for (const url of [
        '/api/products/category/finishers/not-a-kind',
        '/api/products/category/finisher/glue',
        '/api/products/category/finishers/a3-colour',
        '/api/products/category/multifunctional-printers/booklet',
        '/api/printers/multifunctionals/stapling',
      ]) {
        const res = await finishers.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
      }
    });
  });

  describe('filters and sorting', () => {
    const mfp = '/api/printers/multifunctionals';
    it.each([
      ['minSpeed=30&maxSpeed=45', [C5840I, 'kyoceraecosysma4500ifx', 'ricohim3000']],
      ['brand=canon&brand=Kyocera', [C5840I, C5850I, 'kyoceraecosysma4500ifx']],
      ['brand=Canon,Ricoh', [C5840I, C5850I, 'ricohim3000', IMC2010]],
      ['brand=konica-minolta', []],
      ['maxPaperSize=SRA3', [C5840I, C5850I, IMC2010]],
      // A3 stands for the A3 class: an SRA3 machine takes A3 too.
      ['maxPaperSize=A3', [C5840I, C5850I, 'ricohim3000', IMC2010]],
      ['maxPaperSize=a4,A3', [C5840I, C5850I, 'kyoceraecosysma4500ifx', 'ricohim3000', IMC2010]],
      ['maxPaperSize=A3&colour=colour', [C5840I, C5850I, IMC2010]],
      ['colour=mono', ['kyoceraecosysma4500ifx', 'ricohim3000']],
      ['colour=colour&minSpeed=45', [C5850I]],
      ['q=c58', [C5840I, C5850I]],
      ['q=Canon%205850', [C5850I]],
      ['q=IM%20C2010', [IMC2010]],
      ['q=nothing-like-this', []],
    ])('%s', async (query, expected) => {
      const body = await list(`${mfp}?${query}`);
      expect(ids(body)).toEqual(expected);
      expect(body.count).toBe(expected.length);
    });

    it.each([
      ['name-asc', [C5840I, C5850I, 'kyoceraecosysma4500ifx', 'ricohim3000', IMC2010]],
      ['price-asc', ['kyoceraecosysma4500ifx', 'ricohim3000', IMC2010, C5840I, C5850I]],
      ['price-desc', [C5850I, C5840I, IMC2010, 'ricohim3000', 'kyoceraecosysma4500ifx']],
      ['speed-asc', [IMC2010, 'ricohim3000', C5840I, 'kyoceraecosysma4500ifx', C5850I]],
      ['speed-desc', [C5850I, 'kyoceraecosysma4500ifx', C5840I, 'ricohim3000', IMC2010]],
      ['colour', [C5840I, C5850I, IMC2010, 'kyoceraecosysma4500ifx', 'ricohim3000']],
    ])('sort=%s', async (sort, expected) => {
      expect(ids(await list(`${mfp}?sort=${sort}`))).toEqual(expected);
    });

    it('filters scanners on scan speed', async () => {
      expect(ids(await list('/api/scanners/all?minSpeed=60&sort=speed-asc'))).toEqual(['ricohfi8170', 'ricohfi8950']);
      expect((await list('/api/scanners/all')).facets).toMatchObject({ speed: { min: 25, max: 150 }, speedField: 'scanSpeedPpm' });
    });

    it('pages with limit and offset, counting every match', async () => {
      const body = await list(`${mfp}?limit=2&offset=2`);
      expect(body).toMatchObject({ count: 5, limit: 2, offset: 2 });
      expect(ids(body)).toEqual(['kyoceraecosysma4500ifx', 'ricohim3000']);
      expect((await list(`${mfp}?offset=10`)).results).toEqual([]);
      expect((await list(`${mfp}?limit=48`)).limit).toBe(48);
    });

    it('returns facets over the whole list when nothing is filtered', async () => {
      const { facets } = await list(mfp);
      expect(facets).toEqual({
        brands: [
          { brand: 'Canon', count: 2 },
          { brand: 'Kyocera', count: 1 },
          { brand: 'Ricoh', count: 2 },
        ],
        paperSizes: [
          { paperSize: 'SRA3', count: 3 },
          { paperSize: 'A3', count: 4 },
          { paperSize: 'A4', count: 1 },
        ],
        colours: [
          { colour: 'colour', count: 3 },
          { colour: 'mono', count: 2 },
        ],
        speed: { min: 20, max: 50 },
        speedField: 'printSpeedPpm',
      });
    });

    // The five active multifunctionals: Canon C5840i (colour, SRA3, 40 ppm), Canon C5850i (colour,
    // SRA3, 50), Ricoh IM C2010 (colour, SRA3, 20), Ricoh IM 3000 (mono, A3, 30), Kyocera MA4500ifx
    // (mono, A4, 45). Each facet counts with every other filter applied, not its own.
    it('counts each facet with the other filters applied, keeping every option of the list', async () => {
      const { facets, count } = await list(`${mfp}?brand=kyocera&colour=mono`);
      expect(count).toBe(1);
      expect(facets).toEqual({
        // colour=mono, any brand: Ricoh IM 3000 and the Kyocera
        brands: [
          { brand: 'Canon', count: 0 },
          { brand: 'Kyocera', count: 1 },
          { brand: 'Ricoh', count: 1 },
        ],
        // Kyocera and mono: the A4 Kyocera only
        paperSizes: [
          { paperSize: 'SRA3', count: 0 },
          { paperSize: 'A3', count: 0 },
          { paperSize: 'A4', count: 1 },
        ],
        // Kyocera, either colour
        colours: [
          { colour: 'colour', count: 0 },
          { colour: 'mono', count: 1 },
        ],
        speed: { min: 45, max: 45 },
        speedField: 'printSpeedPpm',
      });
    });

    // Every option of every facet, on several filtered views: its count is what the list answers with it chosen.
    it.each(['', 'colour=colour', 'colour=mono', 'maxPaperSize=A3', 'brand=Canon&minSpeed=30', 'maxPaperSize=SRA3&brand=Ricoh'])(
      'counts every facet option as the list it leads to (%s)',
      async (query) => {
        const base = new URLSearchParams(query);
        const { facets } = await list(`${mfp}?${base}`);
        const countWith = async (name: string, value: string) => {
          const params = new URLSearchParams(base);
          params.set(name, value);
          return (await list(`${mfp}?${params}`)).count;
        };
        for (const { brand, count } of facets.brands) expect([brand, await countWith('brand', brand)]).toEqual([brand, count]);
        for (const { paperSize, count } of facets.paperSizes)
          expect([paperSize, await countWith('maxPaperSize', paperSize)]).toEqual([paperSize, count]);
        for (const { colour, count } of facets.colours) expect([colour, await countWith('colour', colour)]).toEqual([colour, count]);
      },
    );

    it('gives a brand that the other filters leave nothing of a count of 0, so no option leads to an empty list', async () => {
      const { facets } = await list(`${mfp}?maxPaperSize=SRA3&colour=colour`);
      expect(facets.brands).toEqual([
        { brand: 'Canon', count: 2 },
        { brand: 'Kyocera', count: 0 },
        { brand: 'Ricoh', count: 1 },
      ]);
      // Every count is what the list answers with that option added.
      for (const { brand, count } of facets.brands) {
        expect((await list(`${mfp}?maxPaperSize=SRA3&colour=colour&brand=${brand}`)).count).toBe(count);
      }
      const sped = await list(`${mfp}?minSpeed=35&q=canon`);
      expect(sped.facets.speed).toEqual({ min: 40, max: 50 });
      expect(sped.facets.colours).toEqual([
        { colour: 'colour', count: 2 },
        { colour: 'mono', count: 0 },
      ]);
      expect((await list('/api/products/category/finisher')).facets.speed).toBeNull();
    });

    it.each([
      ['limit=0', 'limit'],
      ['limit=49', 'limit'],
      ['limit=ten', 'limit'],
      ['limit=1.5', 'limit'],
      ['offset=-1', 'offset'],
      ['minSpeed=-5', 'minSpeed'],
      ['minSpeed=60&maxSpeed=30', 'maxSpeed'],
      ['colour=purple', 'colour'],
      ['sort=random', 'sort'],
      ['q=%25%25', 'q'],
      [`q=${'a'.repeat(61)}`, 'q'],
      ['brand=%3Cscript%3E', 'brand'],
    ])('%s is 400 with a field error for %s', async (query, field) => {
      const res = await app.inject({ method: 'GET', url: `${mfp}?${query}` });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(typeof body.fieldErrors[field]).toBe('string');
    });

    it('reports every bad parameter at once', async () => {
      const res = await app.inject({ method: 'GET', url: `${mfp}?limit=100&offset=-1` });
      expect(Object.keys(res.json().fieldErrors).sort()).toEqual(['limit', 'offset']);
    });
  });

  describe('single products', () => {
    it('returns a product by modelId, and an inactive one with isActive 0', async () => {
      const res = await app.inject({ method: 'GET', url: `/api/v3/products/${C5840I}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ modelId: C5840I, isActive: 1 });
      const inactive = await app.inject({ method: 'GET', url: `/api/v3/products/${INACTIVE}` });
      expect(inactive.json()).toMatchObject({ modelId: INACTIVE, isActive: 0 });
    });
    it('returns a scanner from getsinglescanner', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/scanners/getsinglescanner/ricohfi8950' });
      expect(res.json()).toMatchObject({
        modelId: 'ricohfi8950',
        productCategory: 'production-scanners',
        productAttributes: { scanSpeedPpm: 150 },
      });
    });
    it('finds a modelId with a plus sign', async () => {
      const res = await app.inject({ method: 'GET', url: `/api/v3/products/${encodeURIComponent('hpdesignjetz9+44in')}` });
      expect(res.json()).toMatchObject({ model: 'DesignJet Z9+ 44-in' });
    });
    it('answers 404 JSON for an unknown product', async () => {
      for (const url of [
        '/api/v3/products/nosuchthing',
        '/api/scanners/getsinglescanner/nosuchthing',
        `/api/v3/products/${'x'.repeat(300)}`,
      ]) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json().statusCode).toBe(res.statusCode);
      }
      expect((await app.inject({ method: 'GET', url: '/api/v3/products/nosuchthing' })).statusCode).toBe(404);
    });
  });

  describe('similar and featured', () => {
    it('gives up to four active products of the same class, nearest in colour, paper, speed and price (similar.test.ts)', async () => {
      const res = await app.inject({ method: 'GET', url: `/api/printers/similiar?id=${C5840I}` });
      expect(res.statusCode).toBe(200);
      expect(ids(res.json())).toEqual([C5850I, IMC2010, 'ricohim3000', 'kyoceraecosysma4500ifx']);
    });
    it('never includes the product itself or an inactive one', async () => {
      const res = await app.inject({ method: 'GET', url: `/api/printers/similiar?id=${IMC2010}` });
      expect(ids(res.json())).not.toContain(IMC2010);
      expect(ids(res.json())).not.toContain(INACTIVE);
    });
    it('is 404 for an unknown id and 400 without one', async () => {
      expect((await app.inject({ method: 'GET', url: '/api/printers/similiar?id=nope' })).statusCode).toBe(404);
      const missing = await app.inject({ method: 'GET', url: '/api/printers/similiar' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fieldErrors.id).toBeDefined();
    });
    it('lists active featured products with paging', async () => {
      const body = (await app.inject({ method: 'GET', url: '/api/featured-printers' })).json();
      expect(body).toEqual({ count: 2, results: expect.any(Array) });
      expect(ids(body)).toEqual([C5840I, IMC2010]);
      expect(ids((await app.inject({ method: 'GET', url: '/api/featured-printers?limit=1&offset=1' })).json())).toEqual([IMC2010]);
      expect((await app.inject({ method: 'GET', url: '/api/featured-printers?limit=500' })).statusCode).toBe(400);
    });
  });

  describe('the real catalogue', () => {
    let real: FastifyInstance;
    beforeAll(async () => {
      real = await testApp(configOn(database, { dataDir: REAL_DATA }));
    });
    afterAll(() => real.close());

    const all = async (url: string) => {
      const first = (await real.inject({ method: 'GET', url: `${url}?limit=48` })).json() as ProductListResponse;
      const results = [...first.results];
      for (let offset = 48; offset < first.count; offset += 48) {
        results.push(
          ...((await real.inject({ method: 'GET', url: `${url}?limit=48&offset=${offset}` })).json() as ProductListResponse).results,
        );
      }
      return { count: first.count, results };
    };

    it('has at least 150 products and every list has some', async () => {
      let total = 0;
      for (const url of [
        '/api/printers/multifunctionals',
        '/api/printers/officeprinters',
        '/api/printers/productionprinters',
        '/api/printers/plotterprinters',
        '/api/scanners/all',
        '/api/products/category/finisher',
      ]) {
        const { count } = await all(url);
        expect(count).toBeGreaterThan(0);
        total += count;
      }
      expect(total).toBeGreaterThanOrEqual(150);
    });

    it('lists under each printer type only the categories the product page allows', async () => {
      const urls = {
        multifunctionals: '/api/printers/multifunctionals',
        'print-only': '/api/printers/officeprinters',
        production: '/api/printers/productionprinters',
        plotters: '/api/printers/plotterprinters',
      } as const;
      for (const type of PRINTER_TYPES) {
        const { results } = await all(urls[type]);
        for (const p of results) expect(categoryAllowedForType(type, String(p.productCategory), p.productSpecification)).toBe(true);
      }
    });

    it('has every finisher category populated, and together they are all the finishers', async () => {
      let total = 0;
      for (const category of FINISHER_CATEGORIES) {
        const { count, results } = await all(`/api/products/category/finishers/${category}`);
        expect(count).toBeGreaterThan(0);
        expect(results.every((p) => p.productSpecification === category)).toBe(true);
        total += count;
      }
      expect(total).toBe((await all('/api/products/category/finishers')).count);
    });

    it('has every sub-category of multifunctionals populated', async () => {
      for (const sub of ['a3-colour', 'a3-mono', 'a4-colour', 'a4-mono']) {
        expect((await all(`/api/products/category/multifunctional-printers/${sub}`)).count).toBeGreaterThan(0);
      }
    });
  });
});
