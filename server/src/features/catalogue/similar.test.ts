/**
 * /api/printers/similiar (docs/product-rules.md "Similar products"): like with like, on both
 * databases. A finisher's similar products fit the same machines; a printer's are printers of its
 * type, a scanner's scanners of its class.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { compatibleSeriesOf, modelIdOf, productKindOf, type Product, type ProductListResponse } from '@copytech/shared/domain';
import { printerTypeOf, scannerClassOf } from './productRecord';
import { REAL_DATA, configOn, fixtureDataCopy, testApp } from '../../../test/helpers';
import { databases } from '../../../test/postgres';

const KONICA_A3 = 'Konica Minolta bizhub A3 multifunctionals';
const RICOH_IM = 'Ricoh IM series A3 multifunctionals';

function finisher(brand: string, model: string, specification: string, startingFrom: number, compatible: string | null, isActive = 1) {
  return {
    brand,
    model,
    productCategory: 'finisher',
    productSpecification: specification,
    isActive,
    images: [{ filename: 'front.png' }],
    price: { startingFrom, '60MonthLeasePrice': Math.round(startingFrom / 16) },
    productAttributes: {},
    productFeatures: [
      { featureName: 'Technology', featureValue: 'Mechanical finishing accessory' },
      ...(compatible === null ? [] : [{ featureName: 'Compatible with', featureValue: compatible }]),
    ],
    description: 'A finisher.',
  };
}

const FINISHERS = [
  finisher('Konica Minolta', 'FS-901', 'stapling', 120000, KONICA_A3),
  finisher('Konica Minolta', 'FS-902', 'stapling', 160000, KONICA_A3),
  finisher('Konica Minolta', 'FS-903SD', 'booklet', 240000, KONICA_A3),
  finisher('Konica Minolta', 'PK-901', 'punch', 60000, KONICA_A3),
  finisher('Konica Minolta', 'FS-904', 'stapling', 125000, KONICA_A3, 0),
  // Another brand's, priced nearest of all, but fitting other machines: never similar.
  finisher('Ricoh', 'Finisher SR9001', 'stapling', 121000, RICOH_IM),
  finisher('Canon', 'Staple Finisher-Z1', 'stapling', 119000, 'Canon imageRUNNER ADVANCE DX A3 series'),
  // Another brand's that says it fits both: similar to both.
  finisher('Plockmatic', 'PK-Universal', 'booklet', 300000, `${RICOH_IM}; ${KONICA_A3}`),
  // Fits nothing it names: no similar products, and never anyone's.
  finisher('Konica Minolta', 'FS-905', 'stapling', 121000, null),
];
const id = (brand: string, model: string) => modelIdOf(brand, model);

describe.each(databases())('similar products on %s', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const dataDir = fixtureDataCopy();
    fs.writeFileSync(path.join(dataDir, 'catalogue', 'similar-finishers.json'), JSON.stringify(FINISHERS));
    app = await testApp(configOn(database, { dataDir }));
  });
  afterAll(() => app.close());

  const similar = async (modelId: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/printers/similiar?id=${encodeURIComponent(modelId)}` });
    expect(res.statusCode).toBe(200);
    return (res.json() as { results: Product[] }).results.map((p) => p.modelId);
  };

  it('gives a finisher only active finishers that fit the same machines, the same finishing first, then by price', async () => {
    expect(await similar(id('Konica Minolta', 'FS-901'))).toEqual([
      id('Konica Minolta', 'FS-902'),
      id('Konica Minolta', 'PK-901'),
      id('Konica Minolta', 'FS-903SD'),
      id('Plockmatic', 'PK-Universal'),
    ]);
  });

  it("includes another brand's finisher only when it names a series in common", async () => {
    expect(await similar(id('Ricoh', 'Finisher SR9001'))).toEqual([id('Plockmatic', 'PK-Universal')]);
    // Booklet first (FS-903SD), then by price: FS-902 (£1,600), SR9001 (£1,210), FS-901 (£1,200).
    expect(await similar(id('Plockmatic', 'PK-Universal'))).toEqual([
      id('Konica Minolta', 'FS-903SD'),
      id('Konica Minolta', 'FS-902'),
      id('Ricoh', 'Finisher SR9001'),
      id('Konica Minolta', 'FS-901'),
    ]);
    expect(await similar(id('Canon', 'Staple Finisher-Z1'))).toEqual([]);
  });

  it('gives a finisher that names no compatible machines none', async () => {
    expect(await similar(id('Konica Minolta', 'FS-905'))).toEqual([]);
  });

  it('gives a printer printers of its type, the same colour and paper class first', async () => {
    // The A3 colour office multifunctional: the two other A3 colour ones, then A3 mono, then A4 mono;
    // never the production multifunctional (Sharp BP-90C70) nor a print-only printer.
    expect(await similar('canonimagerunneradvancedxc5840i')).toEqual([
      'canonimagerunneradvancedxc5850i',
      'ricohimc2010',
      'ricohim3000',
      'kyoceraecosysma4500ifx',
    ]);
    expect(await similar('sharpbp90c70')).toEqual(['canonimagepressv1000']);
  });
});

describe.each(databases())('similar products of the real catalogue on %s', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp(configOn(database, { dataDir: REAL_DATA }));
  });
  afterAll(() => app.close());

  async function everything(): Promise<Product[]> {
    const products: Product[] = [];
    for (const url of ['/api/printers/all', '/api/scanners/all', '/api/products/category/finisher']) {
      for (let offset = 0, count = 1; offset < count; offset += 48) {
        const body = (await app.inject({ method: 'GET', url: `${url}?limit=48&offset=${offset}` })).json() as ProductListResponse;
        count = body.count;
        products.push(...body.results);
      }
    }
    return products;
  }

  it('never pairs a finisher with one that fits other machines, nor a printer or scanner with another class', async () => {
    const products = await everything();
    expect(products.length).toBeGreaterThan(150);
    const classOf = (p: Product) => {
      const kind = productKindOf(String(p.productCategory), p.productSpecification);
      if (kind === 'printer') return `printer:${printerTypeOf(String(p.productCategory), p.productSpecification)}`;
      if (kind === 'scanner') return `scanner:${scannerClassOf(String(p.productCategory))}`;
      return kind;
    };
    let finishersWithSome = 0;
    for (const product of products) {
      const res = await app.inject({ method: 'GET', url: `/api/printers/similiar?id=${encodeURIComponent(product.modelId)}` });
      expect([product.modelId, res.statusCode]).toEqual([product.modelId, 200]);
      const results = (res.json() as { results: Product[] }).results;
      for (const other of results) {
        expect([product.modelId, classOf(other)]).toEqual([product.modelId, classOf(product)]);
        if (classOf(product) === 'finisher') {
          const fits = compatibleSeriesOf(product);
          expect([product.modelId, other.modelId, compatibleSeriesOf(other).some((s) => fits.includes(s))]).toEqual([
            product.modelId,
            other.modelId,
            true,
          ]);
        }
      }
      if (classOf(product) === 'finisher' && results.length) finishersWithSome++;
    }
    expect(finishersWithSome).toBeGreaterThan(10);
  });
});
