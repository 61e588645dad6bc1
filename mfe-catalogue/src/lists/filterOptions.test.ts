/**
 * What the filter form offers (filterOptions.ts): brands and paper sizes with their counts from the
 * facets, a value in the address kept on offer (so it can be unticked) without a second copy of it,
 * and which settings count as filters for "Clear filters".
 */
import type { ListFacets, ListFilters } from '../api/catalogueApi';
import { brandOptionsOf, hasFilters, paperOptionsOf, toggled } from './filterOptions';

const facets: ListFacets = {
  brands: [
    { brand: 'Ricoh', count: 12 },
    { brand: 'Canon', count: 7 },
  ],
  paperSizes: [
    { paperSize: 'A3', count: 15 },
    { paperSize: 'A4', count: 4 },
  ],
};
const none: ListFilters = { q: '', brand: [], maxPaperSize: [] };

describe('ticking and unticking', () => {
  it('adds a value once and keeps the list in alphabetical order; unticking takes it out', () => {
    expect(toggled(['Ricoh'], 'Canon', true)).toEqual(['Canon', 'Ricoh']);
    expect(toggled(['Canon', 'Ricoh'], 'Canon', true)).toEqual(['Canon', 'Ricoh']);
    expect(toggled(['Canon', 'Ricoh'], 'Canon', false)).toEqual(['Ricoh']);
    expect(toggled([], 'Kyocera', false)).toEqual([]);
  });
});

describe('the brands on offer', () => {
  it("are the facets' brands with their counts, by name", () => {
    expect(brandOptionsOf(facets, ['Brother'], [])).toEqual([
      { value: 'Canon', count: 7 },
      { value: 'Ricoh', count: 12 },
    ]);
  });

  it('are the brands seen in the results, without counts, when the server sent no facets', () => {
    expect(brandOptionsOf(undefined, ['Ricoh', 'Brother'], [])).toEqual([
      { value: 'Brother', count: undefined },
      { value: 'Ricoh', count: undefined },
    ]);
    expect(brandOptionsOf({ brands: [] }, ['Ricoh'], [])).toEqual([{ value: 'Ricoh', count: undefined }]);
  });

  it('keep a chosen brand the answer no longer lists, once, whatever its case in the address', () => {
    expect(brandOptionsOf(facets, [], ['ricoh', 'Kyocera'])).toEqual([
      { value: 'Canon', count: 7 },
      { value: 'Kyocera', count: undefined },
      { value: 'Ricoh', count: 12 },
    ]);
  });
});

describe('the paper sizes on offer', () => {
  it("are the facets' sizes with counts in the facets' order (largest first), else the list's own", () => {
    expect(paperOptionsOf(facets, ['A4'], [])).toEqual([
      { value: 'A3', count: 15 },
      { value: 'A4', count: 4 },
    ]);
    expect(paperOptionsOf(undefined, ['SRA3', 'A3'], [])).toEqual([
      { value: 'SRA3', count: undefined },
      { value: 'A3', count: undefined },
    ]);
  });

  it('keep a chosen size the answer no longer lists, and do not repeat one it does', () => {
    expect(paperOptionsOf(facets, [], ['A3', 'A0'])).toEqual([
      { value: 'A3', count: 15 },
      { value: 'A4', count: 4 },
      { value: 'A0', count: undefined },
    ]);
  });
});

describe('what counts as a filter', () => {
  it('is any search, brand, paper size, colour or speed bound, and never the sort alone', () => {
    expect(hasFilters(none)).toBe(false);
    expect(hasFilters({ ...none, sort: 'price-asc' })).toBe(false);
    const each: ListFilters[] = [
      { ...none, q: 'ricoh' },
      { ...none, brand: ['Ricoh'] },
      { ...none, maxPaperSize: ['A3'] },
      { ...none, colour: 'mono' },
      { ...none, minSpeed: 30 },
      { ...none, maxSpeed: 0 },
    ];
    for (const filters of each) expect([filters, hasFilters(filters)]).toEqual([filters, true]);
  });
});
