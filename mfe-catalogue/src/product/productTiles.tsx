/**
 * The product page's key facts (docs/product-rules.md "Product titles and descriptions"): the
 * tiles under the title (type, class or finishing, speeds, colour, paper sizes) and the Features
 * table below them, which adds only what the tiles do not say. Each tile names the features that
 * state its fact again (a feature "Print speed: 40 ppm (A4)" under a tile "Print speed: 40 pages
 * per minute"), and the table leaves those out.
 */
import type { ReactNode } from 'react';
import { categoryLabel, type Product, type ProductFeature } from '@copytech/shared/domain';
import { PrintingIcon } from '../cards/PrintingIcon';
import { printingOf, specificationText } from '../cards/productFacts';
import styles from './ProductPage.module.css';

export interface ProductTile {
  name: string;
  value: ReactNode;
  /** the feature names (lower case) whose fact this tile already states */
  covers: string[];
}

const MAXIMUM_SIZE_FEATURES = ['maximum paper size', 'maximum document size'];

export function productTiles(product: Product): ProductTile[] {
  const a = product.productAttributes ?? {};
  const printing = printingOf(product);
  const tiles: ProductTile[] = [{ name: 'Type', value: categoryLabel(String(product.productCategory)), covers: ['type'] }];
  if (product.productSpecification) {
    const finisher = product.productCategory === 'finisher';
    tiles.push({
      name: finisher ? 'Finishing' : 'Class',
      value: specificationText(product.productSpecification),
      // A finisher's "Type" feature ("Stapling finisher") is the Type and Finishing tiles together.
      covers: finisher ? ['type'] : ['class'],
    });
  }
  if (a.printSpeedPpm) tiles.push({ name: 'Print speed', value: `${a.printSpeedPpm} pages per minute`, covers: ['print speed'] });
  if (a.scanSpeedPpm) tiles.push({ name: 'Scan speed', value: `${a.scanSpeedPpm} pages per minute`, covers: ['scan speed'] });
  if (printing)
    tiles.push({
      name: 'Printing',
      value: (
        <span className={styles.printing}>
          <PrintingIcon printing={printing} />
          {printing === 'colour' ? 'Colour' : 'Mono'}
        </span>
      ),
      covers: ['colour'],
    });
  // The maximum size is said by the tiles when it is known: its own tile, or the paper size tile when they are the same.
  const maximumSaid = a.maxPaperSize ? MAXIMUM_SIZE_FEATURES : [];
  if (product.paperSize)
    tiles.push({
      name: 'Paper size',
      value: product.paperSize,
      covers: ['paper size', ...(a.maxPaperSize === product.paperSize ? maximumSaid : [])],
    });
  if (a.maxPaperSize && a.maxPaperSize !== product.paperSize)
    tiles.push({ name: 'Maximum paper size', value: a.maxPaperSize, covers: maximumSaid });
  return tiles;
}

/** The features the tiles do not already state, in their order. */
export function featuresBeyondTiles(product: Product, tiles: readonly ProductTile[] = productTiles(product)): ProductFeature[] {
  const said = new Set(tiles.flatMap((tile) => [tile.name.toLowerCase(), ...tile.covers]));
  return (product.productFeatures ?? []).filter(
    (feature) => feature && feature.featureName && feature.featureValue && !said.has(feature.featureName.trim().toLowerCase()),
  );
}
