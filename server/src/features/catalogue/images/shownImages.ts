/**
 * The images a product's answers list (server/data/images/README.md "One picture, once"): a
 * gallery must never show one picture as two. Each listed filename is served from a real photo
 * when one is on disk, otherwise from the product kind's illustration, so two filenames without
 * photos would be the same illustration twice. The server knows which photos exist, so it decides:
 * the filenames that have a real photo, in their order; when none has, the first filename alone
 * (drawn as the kind's illustration). A photo dropped in later is listed within the answers'
 * cache lifetime, without a restart.
 */
import { imageFilenames, type Product } from '@copytech/shared/domain';

/** Whether a real photo is on disk for this image of this product. */
export type PhotoCheck = (brand: string, model: string, filename: string) => Promise<boolean>;

export async function withShownImages(product: Product, hasPhoto: PhotoCheck): Promise<Product> {
  const filenames = [...new Set(imageFilenames(product))];
  if (filenames.length === 0) return product;
  const photos = await Promise.all(filenames.map((filename) => hasPhoto(product.brand, product.model, filename)));
  const withPhoto = filenames.filter((_, index) => photos[index]);
  const shown = withPhoto.length ? withPhoto : filenames.slice(0, 1);
  const listed = product.images ?? [];
  if (shown.length === listed.length && shown.every((filename, index) => imageFilenames({ images: [listed[index]!] })[0] === filename)) {
    return product;
  }
  return { ...product, images: shown.map((filename) => ({ filename })) };
}
