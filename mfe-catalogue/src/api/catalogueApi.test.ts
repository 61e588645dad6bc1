/** The list query string: the shared productListSearch(), with limit and offset always first. */
import { productListSearch } from '@copytech/shared/domain';
import { listSearch, type ListFilters } from './catalogueApi';

const NONE: ListFilters = { brand: [], maxPaperSize: [], q: '' };

describe('listSearch', () => {
  it('always sends limit and offset, offset=0 included', () => {
    expect(listSearch(NONE, 12, 0)).toBe('?limit=12&offset=0');
    expect(listSearch(NONE, 48, 96)).toBe('?limit=48&offset=96');
  });

  it('names and formats every filter as the shared contract does, in the same order', () => {
    const filters: ListFilters = {
      minSpeed: 30,
      maxSpeed: 60,
      brand: ['Canon', 'Konica Minolta'],
      maxPaperSize: ['A3', 'SRA3'],
      colour: 'colour',
      q: ' C58 ',
      sort: 'speed-desc',
    };
    expect(listSearch(filters, 12, 0)).toBe(
      '?limit=12&offset=0&minSpeed=30&maxSpeed=60&brand=Canon%2CKonica+Minolta&maxPaperSize=A3%2CSRA3&colour=colour&q=C58&sort=speed-desc',
    );
    expect(listSearch(filters, 12, 24)).toBe(productListSearch({ ...filters, limit: 12, offset: 24 }));
    expect(listSearch({ ...NONE, minSpeed: 0, q: '  ' }, 12, 12)).toBe(productListSearch({ minSpeed: 0, limit: 12, offset: 12 }));
  });
});
