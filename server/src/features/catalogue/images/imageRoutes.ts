/**
 * GET /assets/{x135|x270|x540|x810}/{brand}/{model}/{filename}: product images
 * (docs/product-rules.md "Product images"); GET /assets/{size}/placeholder.png: the no-image
 * placeholder (placeholderImageUrl in @copytech/shared); GET /favicon.svg (and /favicon.ico as
 * PNG). Anything that does not match the strict segment patterns is 404 before the file system is
 * touched.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { sendError } from '../../../http/errors';
import { CONTENT_TYPES, FILENAME, SLUG_SEGMENT, formatFor, isImageSize, type ProductImages, type RenderedImage } from './productImages';

const LONG_CACHE = 'public, max-age=604800, stale-while-revalidate=86400';
const SHORT_CACHE = 'public, max-age=86400';

export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="6" fill="#0b2e59"/><path d="M21.5 11.2A7 7 0 1 0 21.5 20.8" fill="none" stroke="#ffffff" stroke-width="4" stroke-linecap="round"/></svg>
`;

const segmentParams = {
  type: 'object',
  properties: {
    size: { type: 'string', maxLength: 10 },
    brand: { type: 'string', maxLength: 200 },
    model: { type: 'string', maxLength: 200 },
    filename: { type: 'string', maxLength: 200 },
  },
} as const;

function send(request: FastifyRequest, reply: FastifyReply, image: RenderedImage) {
  reply
    .header('Content-Type', CONTENT_TYPES[image.format])
    .header('Cache-Control', image.source === 'placeholder' ? SHORT_CACHE : LONG_CACHE)
    .header('Vary', 'Accept')
    .header('ETag', image.etag)
    .header('X-Image-Source', image.source);
  if (request.headers['if-none-match'] === image.etag) return reply.code(304).send();
  return reply.send(image.body);
}

export const imagesPlugin: FastifyPluginAsync<{ images: ProductImages }> = async (app, { images }) => {
  app.get<{ Params: { size: string; brand: string; model: string; filename: string } }>(
    '/assets/:size/:brand/:model/:filename',
    { schema: { params: segmentParams } },
    async (request, reply) => {
      const { size, brand, model, filename } = request.params;
      if (!isImageSize(size) || !SLUG_SEGMENT.test(brand) || !SLUG_SEGMENT.test(model) || !FILENAME.test(filename)) {
        return sendError(reply, 404, 'No such image.');
      }
      const source = await images.sourceFor(brand, model, filename);
      return send(request, reply, await images.render(source, size, formatFor(request.headers.accept, filename)));
    },
  );

  app.get<{ Params: { size: string } }>('/assets/:size/placeholder.png', { schema: { params: segmentParams } }, async (request, reply) => {
    const { size } = request.params;
    if (!isImageSize(size)) return sendError(reply, 404, 'No such image.');
    return send(
      request,
      reply,
      await images.render(await images.placeholderSource(), size, formatFor(request.headers.accept, 'placeholder.png')),
    );
  });

  app.get('/favicon.svg', async (_request, reply) =>
    reply.header('Content-Type', 'image/svg+xml; charset=utf-8').header('Cache-Control', SHORT_CACHE).send(FAVICON_SVG),
  );
  let faviconPng: Promise<Buffer> | null = null;
  app.get('/favicon.ico', async (_request, reply) => {
    faviconPng ??= sharp(Buffer.from(FAVICON_SVG), { density: 144 }).resize(32, 32).png().toBuffer();
    return reply
      .header('Content-Type', 'image/png')
      .header('Cache-Control', SHORT_CACHE)
      .send(await faviconPng);
  });
};
