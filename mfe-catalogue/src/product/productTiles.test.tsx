/** The product page's Features table adds what the tiles above it do not say. */
import { screen, within } from '@testing-library/react';
import type { Product } from '@copytech/shared/domain';
import { fakeApi, makeProduct, renderCatalogue, type FakeAnswer } from '../testing/catalogueTestKit';
import { featuresBeyondTiles, productTiles } from './productTiles';

const feature = (featureName: string, featureValue: string) => ({ featureName, featureValue });

// As the catalogue describes them (server/data/catalogue).
const MFP = makeProduct(0, {
  model: 'imageRUNNER ADVANCE DX C5840i',
  productFeatures: [
    feature('Technology', 'Laser'),
    feature('Print speed', '40 ppm (A4)'),
    feature('Colour', 'Full colour and mono'),
    feature('Functions', 'Print, copy, scan (fax optional)'),
    feature('Maximum paper size', 'SRA3'),
    feature('Two-sided printing', 'Automatic'),
    feature('Connectivity', 'Network (Ethernet)'),
  ],
});
const SCANNER = makeProduct(0, {
  brand: 'Epson',
  model: 'ES-60W',
  productCategory: 'personal-scanners',
  productSpecification: 'personal',
  colourPrinting: null,
  paperSize: 'A4',
  productAttributes: { printSpeedPpm: null, scanSpeedPpm: 25, maxPaperSize: 'A4', isColour: null },
  productFeatures: [
    feature('Technology', 'Portable sheet-fed'),
    feature('Scan speed', '25 ppm'),
    feature('Maximum document size', 'A4'),
    feature('Connectivity', 'Wi-Fi'),
    feature('Class', 'Personal'),
  ],
});
const FINISHER = makeProduct(0, {
  brand: 'Ricoh',
  model: 'Booklet Finisher SR3270',
  productCategory: 'finisher',
  productSpecification: 'booklet',
  colourPrinting: null,
  paperSize: null,
  productAttributes: { printSpeedPpm: null, scanSpeedPpm: null, maxPaperSize: null, isColour: null },
  productFeatures: [
    feature('Technology', 'Mechanical finishing accessory'),
    feature('Type', 'Booklet finisher'),
    feature('Compatible with', 'Ricoh IM series A3 multifunctionals'),
    feature('Function', 'Stapling and saddle-stitched booklets'),
  ],
});

const names = (product: Product) => featuresBeyondTiles(product).map((f) => f.featureName);

describe('featuresBeyondTiles', () => {
  it.each([
    ['a multifunctional', MFP, ['Technology', 'Functions', 'Two-sided printing', 'Connectivity']],
    ['a scanner', SCANNER, ['Technology', 'Connectivity']],
    ['a finisher', FINISHER, ['Technology', 'Compatible with', 'Function']],
  ])('leaves out of %s the features its tiles state', (_, product, expected) => {
    expect(names(product)).toEqual(expected);
  });

  it('keeps a maximum size the tiles do not state', () => {
    const product = makeProduct(0, {
      paperSize: 'A3',
      productAttributes: { printSpeedPpm: 40, maxPaperSize: null },
      productFeatures: [feature('Maximum paper size', 'SRA3')],
    });
    expect(productTiles(product).map((t) => t.name)).not.toContain('Maximum paper size');
    expect(names(product)).toEqual(['Maximum paper size']);
  });
});

describe('the product page', () => {
  it.each([
    [
      '/printers/multifunctionals/canon/imagerunner-advance-dx-c5840i',
      MFP,
      ['technology', 'functions', 'two-sided printing', 'connectivity'],
    ],
    ['/scanners/epson/es-60w', SCANNER, ['technology', 'connectivity']],
    ['/finishers/ricoh/booklet-finisher-sr3270', FINISHER, ['technology', 'compatible with', 'function']],
  ])('%s: no row of the Features table repeats a tile', async (path, product, expected) => {
    fakeApi((url): FakeAnswer => {
      if (url.pathname === '/api/printers/similiar') return { body: { results: [] } };
      if (url.pathname.startsWith('/api/')) return { body: product };
      return { status: 404, body: {} };
    });
    renderCatalogue(path);
    await screen.findByRole('heading', { level: 1 });
    const page = screen.getByTestId('product-page');
    const tiles = Array.from(page.querySelectorAll('dl dt')).map((dt) => dt.textContent!.toLowerCase());
    expect(tiles.length).toBeGreaterThan(1);
    const table = screen.getByRole('table', { name: /Features of/ });
    const rows = within(table)
      .getAllByRole('rowheader')
      .map((th) => th.textContent!.toLowerCase());
    expect(rows).toEqual(expected);
    for (const row of rows) expect(tiles).not.toContain(row);
  });
});
