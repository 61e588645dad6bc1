/**
 * No product without an image, and no picture shown twice (server/data/images/README.md): every
 * active product's first image is drawn from a photo or its kind's illustration, never the
 * placeholder; a product's answers list only the images that resolve to distinct sources.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { placeholderImageUrl, productImageUrl, type Product, type ProductListResponse } from '@copytech/shared/domain';
import { REAL_DATA, fixtureDataCopy, testApp, testConfig } from '../../../test/helpers';

describe('the real catalogue', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp(testConfig({ dataDir: REAL_DATA }));
  });
  afterAll(() => app.close());

  it("draws every active product's first image from something other than the placeholder", async () => {
    const products: Product[] = [];
    for (const url of ['/api/printers/all', '/api/scanners/all', '/api/products/category/finisher']) {
      for (let offset = 0, count = 1; offset < count; offset += 48) {
        const body = (await app.inject({ method: 'GET', url: `${url}?limit=48&offset=${offset}` })).json() as ProductListResponse;
        count = body.count;
        products.push(...body.results);
      }
    }
    expect(products.length).toBeGreaterThan(150);
    const placeholder = placeholderImageUrl('x135');
    const drawnFrom: Record<string, string> = {};
    for (const product of products) {
      const url = productImageUrl(product, 'x135');
      const res = url === placeholder ? null : await app.inject({ method: 'GET', url });
      drawnFrom[product.modelId] = res ? `${res.statusCode} ${String(res.headers['x-image-source'])}` : 'no image';
    }
    const failures = Object.entries(drawnFrom).filter(([, source]) => !/^200 (photo|illustration)$/.test(source));
    expect(failures).toEqual([]);
  });
});

describe('images listed once per distinct source', () => {
  let app: FastifyInstance;
  let dataDir: string;
  const MODEL_ID = 'canonimagerunneradvancedxc5840i';
  const photoFolder = () => path.join(dataDir, 'images', 'products', 'canon', 'imagerunner-advance-dx-c5840i');

  beforeAll(async () => {
    dataDir = fixtureDataCopy();
    // The C5840i with a front and a side view, as most real products list them.
    const file = path.join(dataDir, 'catalogue', 'printers.json');
    const printers = JSON.parse(fs.readFileSync(file, 'utf8')) as Array<Record<string, unknown>>;
    printers[0]!.images = [{ filename: 'front.png' }, { filename: 'side.png' }];
    fs.writeFileSync(file, JSON.stringify(printers));
    app = await testApp(testConfig({ dataDir }));
  });
  afterAll(() => app.close());

  const filenamesOf = (product: Product) => (product.images ?? []).map((image) => (typeof image === 'string' ? image : image.filename));
  async function listed(): Promise<{ single: string[]; inList: string[]; similar: string[] }> {
    // The answers are cached for a minute; a photo dropped in shows on the next computation.
    app.catalogue.changed();
    const single = (await app.inject({ method: 'GET', url: `/api/v3/products/${MODEL_ID}` })).json() as Product;
    const list = (await app.inject({ method: 'GET', url: '/api/printers/multifunctionals?limit=48' })).json() as ProductListResponse;
    const similar = (await app.inject({ method: 'GET', url: '/api/printers/similiar?id=canonimagerunneradvancedxc5850i' })).json() as {
      results: Product[];
    };
    const find = (products: Product[]) => filenamesOf(products.find((p) => p.modelId === MODEL_ID)!);
    return { single: filenamesOf(single), inList: find(list.results), similar: find(similar.results) };
  }
  async function dropPhoto(filename: string): Promise<void> {
    fs.mkdirSync(photoFolder(), { recursive: true });
    await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 0, g: 90, b: 160 } } })
      .png()
      .toFile(path.join(photoFolder(), filename));
  }

  it('lists one image while both would be the same illustration', async () => {
    const front = await app.inject({ method: 'GET', url: `/assets/x135/canon/imagerunner-advance-dx-c5840i/front.png` });
    const side = await app.inject({ method: 'GET', url: `/assets/x135/canon/imagerunner-advance-dx-c5840i/side.png` });
    expect(Buffer.compare(front.rawPayload, side.rawPayload)).toBe(0);
    expect(await listed()).toEqual({ single: ['front.png'], inList: ['front.png'], similar: ['front.png'] });
  });

  it('lists only the photos once there are some, and both when both are photos', async () => {
    await dropPhoto('side.png');
    expect(await listed()).toEqual({ single: ['side.png'], inList: ['side.png'], similar: ['side.png'] });
    await dropPhoto('front.png');
    expect(await listed()).toEqual({
      single: ['front.png', 'side.png'],
      inList: ['front.png', 'side.png'],
      similar: ['front.png', 'side.png'],
    });
  });

  it('leaves a product with one image or none as it is', async () => {
    const one = (await app.inject({ method: 'GET', url: '/api/v3/products/ricohim3000' })).json() as Product;
    expect(filenamesOf(one)).toEqual(['front.png']);
    const none = (await app.inject({ method: 'GET', url: '/api/v3/products/kyoceraecosysma4500ifx' })).json() as Product;
    expect(filenamesOf(none)).toEqual([]);
  });
});
