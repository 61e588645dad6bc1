import { paperClassOf, productListSearch, subcategoryFilter } from './productListing';

describe('product list rules', () => {
  it.each([
    ['A4', 'a4'],
    ['A3', 'a3'],
    ['SRA3', 'a3'],
    ['sra3+', 'a3'],
    ['A3+', 'a3'],
    ['A0', null],
    [null, null],
  ])('paper size %s is class %s', (size, expected) => {
    expect(paperClassOf(size)).toBe(expected);
  });
  it('maps sub-categories to filters', () => {
    expect(subcategoryFilter('a3-colour')).toEqual({ paperClass: 'a3', colour: 'colour' });
    expect(subcategoryFilter('a4-mono')).toEqual({ paperClass: 'a4', colour: 'mono' });
    expect(subcategoryFilter('mono')).toEqual({ colour: 'mono' });
  });
  it('builds the query string the server parses', () => {
    expect(productListSearch({})).toBe('');
    expect(
      productListSearch({ limit: 12, offset: 0, brand: ['Canon', 'Konica Minolta'], colour: 'colour', sort: 'price-asc', q: ' c5840 ' }),
    ).toBe('?limit=12&brand=Canon%2CKonica+Minolta&colour=colour&q=c5840&sort=price-asc');
    expect(productListSearch({ minSpeed: 0, maxSpeed: 60, maxPaperSize: ['A3', 'SRA3'], offset: 24 })).toBe(
      '?offset=24&minSpeed=0&maxSpeed=60&maxPaperSize=A3%2CSRA3',
    );
  });
});
