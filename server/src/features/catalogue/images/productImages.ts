/**
 * Product images on demand: the source (a real photo, else the product kind's illustration, else
 * the placeholder; server/data/images/README.md) resized with sharp to the size's height in a
 * 4:3 box, as WebP when the browser accepts it and PNG (or JPEG for .jpg names) otherwise.
 * Rendered images are cached on disk under {VAR_DIR}/image-cache, keyed by the source file and
 * its modification time, so dropping in a real photo replaces the illustration without a restart.
 * When the cache cannot be written (a read-only or full disk, a wrong VAR_DIR), the image is still
 * served: rendered images are then kept in a bounded memory cache, the first failure is reported
 * once through onCacheError, and `cacheError` says why (for /api/health) until a write succeeds.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { IMAGE_HEIGHTS, PRODUCTION_CATEGORIES, slugify, type ImageSize } from '@copytech/shared/domain';

export type ImageFormat = 'webp' | 'png' | 'jpeg';
export type SourceKind = 'photo' | 'illustration' | 'placeholder';

export const CONTENT_TYPES: Record<ImageFormat, string> = { webp: 'image/webp', png: 'image/png', jpeg: 'image/jpeg' };

/** Bump when the rendering changes, so cached files from an older rendering are not served. */
const RENDER_VERSION = 1;

export const SIZE_PATTERN = /^x(135|270|540|810)$/;
/** Brand and model segments as slugify() makes them. */
export const SLUG_SEGMENT = /^[a-z0-9+_()][a-z0-9+_()-]{0,119}$/;
/** One file name, one dot: nothing that could climb out of a folder. */
export const FILENAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}\.(png|jpe?g|webp|gif|avif|svg)$/i;

export function isImageSize(value: string): value is ImageSize {
  return SIZE_PATTERN.test(value);
}

/** The folder name of a real photo: lower-case, every run of non-alphanumerics one hyphen. */
export function photoSlug(segment: string): string {
  return segment
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The kind illustration for a category (README table), or null for an unknown category. */
export function illustrationFor(category: string, paperSize: string | null): string | null {
  if (category === 'multifunctional-printer') return (paperSize ?? '').toUpperCase() === 'A4' ? 'a4-mfp.svg' : 'a3-mfp.svg';
  if (category === 'office-printer' || category === 'printer') return 'desktop-printer.svg';
  if ((PRODUCTION_CATEGORIES as readonly string[]).includes(category) || category.endsWith('production-printer'))
    return 'production-press.svg';
  if (category === 'plotter') return 'plotter.svg';
  if (category === 'personal-scanners' || category === 'desktop-workgroup-scanners') return 'scanner-desktop.svg';
  if (['departmental-scanners', 'production-scanners', 'production-scanner', 'scanner'].includes(category)) return 'scanner-production.svg';
  if (category === 'finisher') return 'finisher.svg';
  return null;
}

export function formatFor(accept: string | undefined, filename: string): ImageFormat {
  if (accept && /(^|,)\s*image\/webp\s*(;|,|$)/i.test(accept)) return 'webp';
  return /\.jpe?g$/i.test(filename) ? 'jpeg' : 'png';
}

export interface RenderedImage {
  body: Buffer;
  format: ImageFormat;
  etag: string;
  source: SourceKind;
}

async function fileStamp(file: string): Promise<string | null> {
  try {
    const stat = await fs.stat(file);
    return stat.isFile() ? `${stat.mtimeMs}:${stat.size}` : null;
  } catch {
    return null;
  }
}

async function renderToBuffer(file: string, height: number, format: ImageFormat): Promise<Buffer> {
  const width = Math.round((height * 4) / 3);
  const input = await fs.readFile(file);
  let density: number | undefined;
  if (file.endsWith('.svg')) {
    // Rasterise the vector at the density that gives the target size, not 72 dpi scaled up.
    const meta = await sharp(input).metadata();
    const scale = Math.min(width / (meta.width || width), height / (meta.height || height));
    density = Math.min(2400, Math.max(1, Math.ceil(72 * scale)));
  }
  let pipeline = sharp(input, { density, limitInputPixels: 64_000_000 }).resize({
    width,
    height,
    fit: 'contain',
    background: { r: 255, g: 255, b: 255, alpha: format === 'jpeg' ? 1 : 0 },
  });
  if (format === 'jpeg') pipeline = pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true });
  else if (format === 'webp') pipeline = pipeline.webp({ quality: 82, alphaQuality: 90 });
  else pipeline = pipeline.png({ compressionLevel: 9, adaptiveFiltering: true });
  return pipeline.toBuffer();
}

/** What the memory cache may hold while the disk cache cannot be written. */
const MEMORY_CACHE_BYTES = 64 * 1024 * 1024;

export class ProductImages {
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  private readonly memory = new LRUCache<string, Buffer>({ maxSize: MEMORY_CACHE_BYTES, sizeCalculation: (body) => body.length });
  /** Why the disk cache could not be written last time, or null while it works. */
  cacheError: string | null = null;

  constructor(
    private readonly imagesDir: string,
    private readonly cacheDir: string,
    private readonly kindOf: (brandSlug: string, modelSlug: string) => Promise<{ category: string; paperSize: string | null } | null>,
    private readonly onCacheError: (message: string) => void = () => undefined,
  ) {}

  /** Writes a rendered image to the disk cache; a failure keeps it in memory instead. */
  private async store(file: string, key: string, body: Buffer): Promise<void> {
    try {
      await fs.mkdir(this.cacheDir, { recursive: true });
      const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(temp, body);
      await fs.rename(temp, file);
      this.cacheError = null;
    } catch (error) {
      this.memory.set(key, body);
      const message = `the image cache ${this.cacheDir} cannot be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); images are served from memory`;
      if (this.cacheError === null) this.onCacheError(message);
      this.cacheError = message;
    }
  }

  /** Tries a write in the cache folder now (at start and for /api/health), updating cacheError. */
  async probeCache(): Promise<string | null> {
    const probe = path.join(this.cacheDir, `.probe-${process.pid}`);
    try {
      await fs.mkdir(this.cacheDir, { recursive: true });
      await fs.writeFile(probe, '');
      await fs.rm(probe, { force: true });
      this.cacheError = null;
    } catch (error) {
      const message = `the image cache ${this.cacheDir} cannot be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); images are served from memory`;
      if (this.cacheError === null) this.onCacheError(message);
      this.cacheError = message;
    }
    return this.cacheError;
  }

  /** Whether a real photo is on disk for this image (product brand and model as named, or as slugs). */
  readonly hasPhoto = async (brand: string, model: string, filename: string): Promise<boolean> => {
    if (!FILENAME.test(filename)) return false;
    const photo = path.join(this.imagesDir, 'products', photoSlug(slugify(brand)), photoSlug(slugify(model)), filename);
    return (await fileStamp(photo)) !== null;
  };

  /** The source for a product image: photo, illustration or placeholder (with its stamp). */
  async sourceFor(brand: string, model: string, filename: string): Promise<{ file: string; stamp: string; kind: SourceKind }> {
    const photo = path.join(this.imagesDir, 'products', photoSlug(brand), photoSlug(model), filename);
    const photoStamp = await fileStamp(photo);
    if (photoStamp) return { file: photo, stamp: photoStamp, kind: 'photo' };
    const product = await this.kindOf(brand, model);
    const illustration = product ? illustrationFor(product.category, product.paperSize) : null;
    if (illustration) {
      const file = path.join(this.imagesDir, 'types', illustration);
      const stamp = await fileStamp(file);
      if (stamp) return { file, stamp, kind: 'illustration' };
    }
    return this.placeholderSource();
  }

  async placeholderSource(): Promise<{ file: string; stamp: string; kind: SourceKind }> {
    const file = path.join(this.imagesDir, 'placeholder.svg');
    const stamp = await fileStamp(file);
    if (!stamp) throw new Error('images/placeholder.svg is missing');
    return { file, stamp, kind: 'placeholder' };
  }

  async render(source: { file: string; stamp: string; kind: SourceKind }, size: ImageSize, format: ImageFormat): Promise<RenderedImage> {
    const height = IMAGE_HEIGHTS[size];
    const etag = createHash('sha256')
      .update(`${RENDER_VERSION}|${source.file}|${source.stamp}|${height}|${format}`)
      .digest('hex')
      .slice(0, 32);
    const cached = path.join(this.cacheDir, `${etag}.${format}`);
    let body: Buffer;
    const remembered = this.memory.get(etag);
    try {
      body = remembered ?? (await fs.readFile(cached));
    } catch {
      let pending = this.inFlight.get(etag);
      if (!pending) {
        pending = (async () => {
          const rendered = await renderToBuffer(source.file, height, format);
          await this.store(cached, etag, rendered);
          return rendered;
        })().finally(() => this.inFlight.delete(etag));
        this.inFlight.set(etag, pending);
      }
      body = await pending;
    }
    return { body, format, etag: `"${etag}"`, source: source.kind };
  }
}
