/** /assets images: sizes, formats, sources (photo, illustration, placeholder), cache, traversal. */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { placeholderImageUrl, productImageUrl } from '@copytech/shared/domain';
import { illustrationFor } from './images/productImages';
import { fixtureDataCopy, testApp, testConfig } from '../../../test/helpers';

let app: FastifyInstance;
let dataDir: string;
let varDir: string;
beforeAll(async () => {
  dataDir = fixtureDataCopy();
  const config = testConfig({ dataDir });
  varDir = config.varDir;
  app = await testApp(config);
});
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const C5840I_FRONT = productImageUrl(
  { brand: 'Canon', model: 'imageRUNNER ADVANCE DX C5840i', images: [{ filename: 'front.png' }] },
  'x270',
);

describe('product images', () => {
  it('uses the URL the shared productImageUrl builds', () => {
    expect(C5840I_FRONT).toBe('/assets/x270/canon/imagerunner-advance-dx-c5840i/front.png');
  });

  it.each([
    ['x135', 135],
    ['x270', 270],
    ['x540', 540],
    ['x810', 810],
  ])('renders %s at %i px high in a 4:3 box, PNG without WebP in Accept', async (size, height) => {
    const res = await get(`/assets/${size}/canon/imagerunner-advance-dx-c5840i/front.png`, { accept: 'image/png,image/*' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', height, width: Math.round((height * 4) / 3) });
  });

  it('serves WebP when the browser accepts it, says it varies on Accept and caches long', async () => {
    const res = await get(C5840I_FRONT, { accept: 'image/avif,image/webp,image/apng,*/*;q=0.8' });
    expect(res.headers['content-type']).toBe('image/webp');
    expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
    expect(res.headers.vary).toMatch(/Accept/);
    expect(res.headers['cache-control']).toMatch(/max-age=604800/);
    expect(res.headers['x-image-source']).toBe('illustration');
  });

  it('keeps JPEG for .jpg names when WebP is not accepted', async () => {
    const res = await get('/assets/x135/ricoh/im-c2010/front.jpg');
    expect(res.headers['content-type']).toBe('image/jpeg');
  });

  it('draws each kind with its illustration', async () => {
    expect(illustrationFor('multifunctional-printer', 'A4')).toBe('a4-mfp.svg');
    expect(illustrationFor('multifunctional-printer', 'SRA3')).toBe('a3-mfp.svg');
    expect(illustrationFor('heavy-production-printer', 'SRA3')).toBe('production-press.svg');
    expect(illustrationFor('desktop-workgroup-scanners', 'A4')).toBe('scanner-desktop.svg');
    expect(illustrationFor('production-scanners', 'A3')).toBe('scanner-production.svg');
    expect(illustrationFor('finisher', null)).toBe('finisher.svg');
    expect(illustrationFor('toaster', null)).toBeNull();
    const a3 = await get('/assets/x135/canon/imagerunner-advance-dx-c5840i/front.png');
    const a4 = await get('/assets/x135/kyocera/ecosys-ma4500ifx/front.png');
    expect(a4.headers['x-image-source']).toBe('illustration');
    expect(Buffer.compare(a3.rawPayload, a4.rawPayload)).not.toBe(0);
    expect((await get('/assets/x135/hp/designjet-z9+-44-in/front.png')).headers['x-image-source']).toBe('illustration');
  });

  it('falls back to the placeholder for an unknown product, with a shorter cache', async () => {
    const res = await get('/assets/x270/acme/no-such-model/front.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-image-source']).toBe('placeholder');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const placeholder = await get(placeholderImageUrl('x270'));
    expect(placeholder.statusCode).toBe(200);
    expect(placeholder.headers['x-image-source']).toBe('placeholder');
    expect(Buffer.compare(res.rawPayload, placeholder.rawPayload)).toBe(0);
  });

  it('prefers a real photo once one is dropped in, without a restart', async () => {
    const before = await get('/assets/x135/ricoh/im-3000/front.png');
    expect(before.headers['x-image-source']).toBe('illustration');
    const folder = path.join(dataDir, 'images', 'products', 'ricoh', 'im-3000');
    fs.mkdirSync(folder, { recursive: true });
    await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 0, b: 0 } } })
      .png()
      .toFile(path.join(folder, 'front.png'));
    const after = await get('/assets/x135/ricoh/im-3000/front.png');
    expect(after.headers['x-image-source']).toBe('photo');
    const { data } = await sharp(after.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([200, 0, 0]);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('caches rendered images on disk and answers 304 to a matching If-None-Match', async () => {
    const first = await get('/assets/x540/epson/es-60w/side.png');
    const cached = fs.readdirSync(path.join(varDir, 'image-cache'));
    expect(cached).toContain(`${String(first.headers.etag).replace(/"/g, '')}.png`);
    const again = await get('/assets/x540/epson/es-60w/side.png', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it.each([
    '/assets/x999/canon/imagerunner-advance-dx-c5840i/front.png',
    '/assets/X270/canon/imagerunner-advance-dx-c5840i/front.png',
    '/assets/x999/placeholder.png',
    '/assets/x270/Canon/imagerunner-advance-dx-c5840i/front.png',
    '/assets/x270/canon/imagerunner-advance-dx-c5840i/front.exe',
    '/assets/x270/canon/imagerunner-advance-dx-c5840i/.htaccess',
    '/assets/x270/canon/imagerunner-advance-dx-c5840i/front.png.png',
    '/assets/x270/../../../../etc/passwd',
    '/assets/x270/%2e%2e/%2e%2e/etc/passwd',
    '/assets/x270/canon/..%2F..%2F..%2F..%2Fetc/passwd.png',
    '/assets/x270/canon/model/..%2F..%2Fcatalogue%2Fprinters.json',
    '/assets/x270/canon/model/%2e%2e',
    '/assets/x270/..%5C..%5Cwindows/model/win.ini',
    '/assets/x270/canon/model/front%00.png',
  ])('%s is 404', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });
});

describe('favicon', () => {
  it('serves a navy square with a white C as SVG, and a PNG at /favicon.ico', async () => {
    const svg = await get('/favicon.svg');
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.body).toMatch(/fill="#0b2e59"/);
    expect(svg.body).toMatch(/stroke="#ffffff"/);
    const ico = await get('/favicon.ico');
    expect(ico.headers['content-type']).toBe('image/png');
    expect(await sharp(ico.rawPayload).metadata()).toMatchObject({ width: 32, height: 32 });
  });
});
