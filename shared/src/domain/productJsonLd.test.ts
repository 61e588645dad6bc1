/**
 * The schema.org Product data a search engine reads from a product page (docs/product-rules.md
 * "Page head and search engines"): the machine, its images, and its "starting at" price in GBP, ex VAT.
 */
import { TEST_A3_COLOUR, TEST_A4_MONO_OUTRIGHT } from '../testing/machines';
import type { Product } from './product';
import { productJsonLd } from './productJsonLd';

const ORIGIN = 'https://www.copytech.co.uk';
const withImages: Product = {
  ...TEST_A3_COLOUR,
  images: [{ filename: 'front.jpg' }, 'side.png', { filename: 'bad name.jpg' }],
  description: 'A fast A3 colour multifunctional for busy offices.',
};

it('describes an active machine with its images and its starting price as an offer in GBP, ex VAT', () => {
  const url = 'https://www.copytech.co.uk/printers/multifunctionals/canon/imagerunner-advance-dx-c5840i';
  expect(productJsonLd(withImages, ORIGIN)).toEqual({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Canon imageRUNNER ADVANCE DX C5840i',
    brand: { '@type': 'Brand', name: 'Canon' },
    model: 'imageRUNNER ADVANCE DX C5840i',
    sku: 'canonimagerunneradvancedxc5840i',
    category: 'Multifunctional Printer',
    url,
    image: [
      'https://www.copytech.co.uk/assets/x810/canon/imagerunner-advance-dx-c5840i/front.jpg',
      'https://www.copytech.co.uk/assets/x810/canon/imagerunner-advance-dx-c5840i/side.png',
    ],
    description: 'A fast A3 colour multifunctional for busy offices.',
    offers: {
      '@type': 'Offer',
      price: '6900.00',
      priceCurrency: 'GBP',
      priceSpecification: { '@type': 'UnitPriceSpecification', price: '6900.00', priceCurrency: 'GBP', valueAddedTaxIncluded: false },
      availability: 'https://schema.org/InStock',
      url,
      seller: { '@type': 'Organization', name: 'Copytech' },
    },
  });
});

it('gives the price in pounds with two decimals', () => {
  const offer = (startingFrom: number) =>
    productJsonLd({ ...TEST_A4_MONO_OUTRIGHT, price: { startingFrom, '60MonthLeasePrice': null } }, ORIGIN).offers as Record<
      string,
      unknown
    >;
  expect(offer(30000).price).toBe('300.00');
  expect(offer(12345).price).toBe('123.45');
  expect(offer(1).price).toBe('0.01');
  expect((offer(12345).priceSpecification as Record<string, unknown>).price).toBe('123.45');
});

it('marks a machine no longer sold as discontinued', () => {
  for (const isActive of [0, false]) {
    const offers = productJsonLd({ ...TEST_A4_MONO_OUTRIGHT, isActive }, ORIGIN).offers as Record<string, unknown>;
    expect(offers.availability).toBe('https://schema.org/Discontinued');
  }
  const active = productJsonLd({ ...TEST_A4_MONO_OUTRIGHT, isActive: true }, ORIGIN).offers as Record<string, unknown>;
  expect(active.availability).toBe('https://schema.org/InStock');
});

it('leaves out what it does not know: no images, no description, no offer without a starting price', () => {
  const data = productJsonLd(
    { ...TEST_A4_MONO_OUTRIGHT, images: [], description: '', price: { startingFrom: null, '60MonthLeasePrice': null } },
    ORIGIN,
  );
  expect(Object.keys(data)).toEqual(['@context', '@type', 'name', 'brand', 'model', 'sku', 'category', 'url']);
  expect(data.url).toBe('https://www.copytech.co.uk/printers/print-only/brother/hl-l5210dn');
  expect(data.category).toBe('Office Printer');
  expect(productJsonLd({ ...TEST_A4_MONO_OUTRIGHT, price: null }, ORIGIN)).not.toHaveProperty('offers');
});

it('names a machine by its model alone when the brand is missing', () => {
  const data = productJsonLd({ ...TEST_A4_MONO_OUTRIGHT, brand: null as unknown as string }, ORIGIN);
  expect(data.name).toBe('HL-L5210DN');
  expect(productJsonLd({ ...TEST_A4_MONO_OUTRIGHT, model: undefined as unknown as string }, ORIGIN).name).toBe('Brother');
});
