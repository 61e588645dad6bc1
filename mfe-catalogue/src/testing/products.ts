/** Products for the catalogue's tests (no DOM needed: the server-render tests use them too). */
import type { Product } from '@copytech/shared/domain';

export function makeProduct(n: number, overrides: Partial<Product> = {}): Product {
  const brand = overrides.brand ?? 'Canon';
  const model = overrides.model ?? `imageRUNNER C${5800 + n}i`;
  return {
    modelId: `${brand}${model}`.replace(/[^A-Za-z0-9+_()]/g, '').toLowerCase(),
    brand,
    model,
    productCategory: 'multifunctional-printer',
    productSpecification: 'office',
    colourPrinting: 'colour',
    paperSize: 'A3',
    images: [{ filename: 'front.png' }],
    isActive: 1,
    price: { startingFrom: 690000, '60MonthLeasePrice': 41400 },
    productAttributes: { printSpeedPpm: 40, scanSpeedPpm: null, maxPaperSize: 'SRA3', isColour: true },
    productFeatures: [
      { featureName: 'Technology', featureValue: 'Laser' },
      { featureName: 'Two-sided printing', featureValue: 'Automatic' },
    ],
    description: 'A proven A3 colour workhorse for busy offices.',
    ...overrides,
  };
}

export function makeProducts(count: number, from = 0, overrides: Partial<Product> = {}): Product[] {
  return Array.from({ length: count }, (_, i) => makeProduct(from + i, overrides));
}
