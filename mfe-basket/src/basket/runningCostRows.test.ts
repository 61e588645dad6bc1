/**
 * The comparison's running-cost rows (docs/product-rules.md "Comparison"): which printer's monthly
 * estimate is marked "Best" when the group holds only mono machines, or a printer without prices per
 * page, and the estimate with VAT under it.
 */
import { TEST_TERMS } from '@copytech/shared/testing';
import type { ProductDetails } from '../products/productDetails';
import { item, loaded } from '../testing/comparisonItems';
import { buildComparison, type ComparisonRow } from './comparison';
import { PRINTS_NOTHING, type RunningCostSetting } from './runningCostRows';

// Rentals at the test terms: a 60-month price billed every 3 months, so 12,000 is £40.00 a month.
const monoCheap = loaded('monoCheap', {
  colourPrinting: 'mono',
  price: { startingFrom: 200000, '60MonthLeasePrice': 12000, servicePerPage: { mono: 0.5, colour: null } },
});
const monoDear = loaded('monoDear', {
  colourPrinting: 'mono',
  price: { startingFrom: 250000, '60MonthLeasePrice': 15000, servicePerPage: { mono: 0.6, colour: null } },
});
// A colour printer whose prices per page are not known: it prints no colour page at a known price.
const unpriced = loaded('unpriced', { colourPrinting: 'colour', price: { startingFrom: 300000, '60MonthLeasePrice': 18000 } });

// Colour pages asked for: a mono machine prints all 5,000 pages in mono.
const running: RunningCostSetting = { terms: TEST_TERMS, pages: { mono: 4000, colour: 1000 } };

function rows(ids: string[]): ComparisonRow[] {
  const details: Record<string, ProductDetails> = { monoCheap, monoDear, unpriced };
  return buildComparison(ids.map(item), (id) => details[id], TEST_TERMS.lease, 'printer', running);
}
const row = (all: ComparisonRow[], id: string) => all.find((r) => r.id === id)!;
const shown = (r: ComparisonRow) => r.cells.map((c) => `${c.text}${c.best ? ' [Best]' : ''}`);

describe('the monthly estimate of mono machines', () => {
  it('marks the lowest Best in a mono-only group even when colour pages are asked for', () => {
    // £40 + 5,000 x 0.5p = £65; £50 + 5,000 x 0.6p = £80: no colour machine to be unfair to.
    expect(shown(row(rows(['monoCheap', 'monoDear']), 'monthlyEstimate'))).toEqual([
      '£65.00 (all pages in mono) [Best]',
      '£80.00 (all pages in mono)',
    ]);
  });

  it('still marks the lowest mono machine Best beside a printer with no prices per page', () => {
    const all = rows(['monoCheap', 'unpriced', 'monoDear']);
    expect(shown(row(all, 'monthlyEstimate'))).toEqual(['£65.00 (all pages in mono) [Best]', PRINTS_NOTHING, '£80.00 (all pages in mono)']);
    // The printer without prices per page reads the same in its estimate as in its service rows.
    expect(row(all, 'serviceMono').cells[1]!.text).toBe(PRINTS_NOTHING);
  });
});

describe('the monthly estimate with VAT', () => {
  it('is the estimate with 20% VAT added, with no Best of its own', () => {
    const all = rows(['monoCheap', 'monoDear']);
    expect(row(all, 'monthlyEstimateVat').cells.map((c) => [c.text, c.best])).toEqual([
      ['£78.00', false],
      ['£96.00', false],
    ]);
    expect(row(all, 'monthlyEstimateVat').label).toBe('Estimated cost a month (with VAT)');
  });
});
