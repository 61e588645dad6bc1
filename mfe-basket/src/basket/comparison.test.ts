/**
 * The comparison's rows (docs/product-rules.md "Comparison"): which printer is marked "Best" in a
 * row (ties, all equal), optional rows, loading and unknown cells, text compared without case, and
 * the rental row.
 */
import { buildComparison } from './comparison';
import type { ProductDetails } from '../products/productDetails';
import { item, loaded } from '../testing/comparisonItems';
import { TEST_TERMS } from '@copytech/shared/testing';

const lease = TEST_TERMS.lease;

it('marks every printer that shares the best value, and none when all are equal', () => {
  const details: Record<string, ProductDetails> = {
    a: loaded('a', { productAttributes: { printSpeedPpm: 40 }, price: { startingFrom: 100000, '60MonthLeasePrice': 6000 } }),
    b: loaded('b', { productAttributes: { printSpeedPpm: 40 }, price: { startingFrom: 100000, '60MonthLeasePrice': 6000 } }),
    c: loaded('c', { productAttributes: { printSpeedPpm: 20 }, price: { startingFrom: 100000, '60MonthLeasePrice': 6000 } }),
  };
  const rows = buildComparison([item('a'), item('b'), item('c')], (id) => details[id], lease);
  const speed = rows.find((r) => r.id === 'printSpeed')!;
  expect(speed.differs).toBe(true);
  expect(speed.cells.map((c) => c.best)).toEqual([true, true, false]);
  const price = rows.find((r) => r.id === 'startingPrice')!;
  expect(price.differs).toBe(false);
  expect(price.cells.map((c) => c.best)).toEqual([false, false, false]);
});

it('shows scan speed only when a product has one, and loading or unknown cells as such', () => {
  const details: Record<string, ProductDetails | undefined> = {
    a: loaded('a', { paperSize: 'A4', productAttributes: { printSpeedPpm: 30 } }),
    b: { status: 'loading' },
    c: { status: 'failed' },
  };
  const rows = buildComparison([item('a'), item('b'), item('c')], (id) => details[id], lease);
  expect(rows.map((r) => r.id)).toEqual([
    'printSpeed',
    'paperSize',
    'colour',
    'technology',
    'startingPrice',
    'rentalPerMonth',
    'serviceMono',
    'serviceColour',
    'monthlyEstimate',
    'monthlyEstimateVat',
  ]);
  const paper = rows.find((r) => r.id === 'paperSize')!;
  expect(paper.cells.map((c) => c.state)).toEqual(['value', 'loading', 'unknown']);
  // One known value is not a difference.
  expect(paper.differs).toBe(false);
});

it('compares text case-insensitively and prefers maxPaperSize over paperSize', () => {
  const details: Record<string, ProductDetails> = {
    a: loaded('a', { paperSize: 'a3', productFeatures: [{ featureName: 'Technology', featureValue: 'LED' }] }),
    b: loaded('b', {
      paperSize: 'A4',
      productAttributes: { maxPaperSize: 'A3' },
      productFeatures: [{ featureName: 'technology', featureValue: 'led' }],
    }),
  };
  const rows = buildComparison([item('a'), item('b')], (id) => details[id], lease);
  expect(rows.find((r) => r.id === 'paperSize')!.differs).toBe(false);
  expect(rows.find((r) => r.id === 'technology')!.differs).toBe(false);
  expect(rows.find((r) => r.id === 'rentalPerMonth')!.cells.map((c) => c.state)).toEqual(['unknown', 'unknown']);
});

// docs/product-rules.md "Prices and monthly rental": no lease below the minimum starting price.
it('shows a rental only where a lease is offered, and "Purchase only" (never best) below the lease minimum', () => {
  const details: Record<string, ProductDetails> = {
    scanner: loaded('scanner', { productCategory: 'personal-scanners', price: { startingFrom: 18000, '60MonthLeasePrice': 1068 } }),
    mfp: loaded('mfp', { price: { startingFrom: 250000, '60MonthLeasePrice': 15000 } }),
    mfp2: loaded('mfp2', { price: { startingFrom: 300000, '60MonthLeasePrice': 18000 } }),
  };
  const rental = buildComparison([item('scanner'), item('mfp'), item('mfp2')], (id) => details[id], lease).find(
    (r) => r.id === 'rentalPerMonth',
  )!;
  expect(rental.cells.map((c) => c.text)).toEqual(['Purchase only', '£50.00', '£60.00']);
  expect(rental.cells.map((c) => c.best)).toEqual([false, true, false]);
  // Without the terms (still loading) no rental is claimed.
  const unknown = buildComparison([item('scanner')], (id) => details[id], null).find((r) => r.id === 'rentalPerMonth')!;
  expect(unknown.cells[0]!.state).toBe('unknown');
});

it('reads a speed of 0 ppm as not known, never as "0 ppm"', () => {
  const details: Record<string, ProductDetails> = {
    a: loaded('a', { productAttributes: { printSpeedPpm: 0 } }),
    b: loaded('b', { productAttributes: { printSpeedPpm: 30 } }),
    c: loaded('c', { productAttributes: { printSpeedPpm: 20 } }),
  };
  const speed = buildComparison([item('a'), item('b'), item('c')], (id) => details[id], lease).find((r) => r.id === 'printSpeed')!;
  expect(speed.cells.map((c) => [c.state, c.text, c.best])).toEqual([
    ['unknown', 'Not known', false],
    ['value', '30 ppm', true],
    ['value', '20 ppm', false],
  ]);
});
