import {
  LIST_LIMITS,
  LIST_PAGE_SIZE,
  PAPER_SIZE_ORDER,
  paperSizesMatching,
  PRINTER_LIST_API,
  PRODUCT_SORTS,
  SCANNER_CLASSES,
  SCANNER_CLASS_CATEGORIES,
  SUBCATEGORIES,
  listSearch,
  paperClassOf,
  productListSearch,
  subcategoryFilter,
} from './productListing';

describe('product list rules', () => {
  it.each([
    ['A4', 'a4'],
    [' a4 ', 'a4'],
    ['A3', 'a3'],
    ['a3', 'a3'],
    ['SRA3', 'a3'],
    ['sra3+', 'a3'],
    [' SRA3+ ', 'a3'],
    ['A3+', 'a3'],
    ['A4+', null],
    ['A0', null],
    ['B0', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('paper size %j is class %s', (size, expected) => {
    expect(paperClassOf(size)).toBe(expected);
  });

  it.each([
    ['a3-colour', { paperClass: 'a3', colour: 'colour' }],
    ['a3-mono', { paperClass: 'a3', colour: 'mono' }],
    ['a4-colour', { paperClass: 'a4', colour: 'colour' }],
    ['a4-mono', { paperClass: 'a4', colour: 'mono' }],
    ['colour', { colour: 'colour' }],
    ['mono', { colour: 'mono' }],
  ] as const)('sub-category %s lists %j', (subcategory, filter) => {
    expect(subcategoryFilter(subcategory)).toEqual(filter);
  });

  it('has the sub-categories, sorts and scanner classes the URLs name', () => {
    expect(SUBCATEGORIES).toEqual(['a3-colour', 'a3-mono', 'a4-colour', 'a4-mono', 'colour', 'mono']);
    expect(PRODUCT_SORTS).toEqual(['price-asc', 'price-desc', 'speed-asc', 'speed-desc', 'name-asc', 'colour']);
    expect(SCANNER_CLASSES).toEqual(['personal', 'desktop-workgroup', 'departmental', 'production']);
  });

  it('lists each scanner class from its categories, production scanners under both spellings', () => {
    expect(SCANNER_CLASS_CATEGORIES).toEqual({
      personal: ['personal-scanners'],
      'desktop-workgroup': ['desktop-workgroup-scanners'],
      departmental: ['departmental-scanners'],
      production: ['production-scanners', 'production-scanner'],
    });
  });

  it('reads each printer type from its own endpoint (docs/api.md "Reads")', () => {
    expect(PRINTER_LIST_API).toEqual({
      multifunctionals: '/api/printers/multifunctionals',
      'print-only': '/api/printers/officeprinters',
      production: '/api/printers/productionprinters',
      plotters: '/api/printers/plotterprinters',
    });
  });

  it('pages lists by 12, and the API by 12 unless asked for up to 48', () => {
    expect(LIST_PAGE_SIZE).toBe(12);
    expect(LIST_LIMITS).toEqual({ defaultLimit: 12, maxLimit: 48 });
  });

  it('orders paper sizes largest first', () => {
    expect(PAPER_SIZE_ORDER).toEqual(['B0', 'A0', 'A1', 'A2', 'SRA3+', 'SRA3', 'A3+', 'A3', 'A4']);
  });

  it('builds the query string the server parses', () => {
    expect(productListSearch({})).toBe('');
    expect(
      productListSearch({ limit: 12, offset: 0, brand: ['Canon', 'Konica Minolta'], colour: 'colour', sort: 'price-asc', q: ' c5840 ' }),
    ).toBe('?limit=12&brand=Canon%2CKonica+Minolta&colour=colour&q=c5840&sort=price-asc');
    expect(productListSearch({ minSpeed: 0, maxSpeed: 60, maxPaperSize: ['A3', 'SRA3'], offset: 24 })).toBe(
      '?offset=24&minSpeed=0&maxSpeed=60&maxPaperSize=A3%2CSRA3',
    );
    expect(productListSearch({ limit: 0 })).toBe('?limit=0');
    expect(productListSearch({ maxSpeed: 0 })).toBe('?maxSpeed=0');
    expect(productListSearch({ offset: 1 })).toBe('?offset=1');
  });

  it('leaves out what holds nothing: empty lists, a blank search, no colour', () => {
    expect(productListSearch({ brand: [], maxPaperSize: [], q: '   ', colour: undefined, sort: undefined })).toBe('');
    expect(productListSearch({ q: '' })).toBe('');
  });

  it('puts the paging first in a list read, then the filters', () => {
    expect(listSearch({}, 12, 0)).toBe('?limit=12&offset=0');
    expect(listSearch({ brand: ['Ricoh'], q: 'im c3000', sort: 'speed-desc' }, 48, 96)).toBe(
      '?limit=48&offset=96&brand=Ricoh&q=im+c3000&sort=speed-desc',
    );
    expect(listSearch({ minSpeed: 30 }, 12, 12)).toBe('?limit=12&offset=12&minSpeed=30');
  });
});

describe('paperSizesMatching', () => {
  it('lets A3 stand for the A3 class, SRA3 machines too, and any other size for itself', () => {
    expect(paperSizesMatching('A3')).toEqual(['A3', 'A3+', 'SRA3', 'SRA3+']);
    expect(paperSizesMatching('a3+')).toEqual(['A3+', 'SRA3', 'SRA3+']);
    expect(paperSizesMatching('SRA3')).toEqual(['SRA3', 'SRA3+']);
    expect(paperSizesMatching('A4')).toEqual(['A4']);
    expect(paperSizesMatching('A0')).toEqual(['A0']);
  });
});
