import {
  MAX_LOADED_PAGES,
  MAX_SEARCH_LENGTH,
  cleanSearch,
  listPageApiUrl,
  listPageLinks,
  listPagePath,
  listUrlParams,
  pageCountOf,
  parseListUrl,
  type ListFilters,
} from './listUrl';

const office = { speed: 'office' as const, colourFilter: true };
const production = { speed: 'production' as const, colourFilter: true };
const parse = (query: string, options: Parameters<typeof parseListUrl>[1] = office) => parseListUrl(new URLSearchParams(query), options);
const plain: ListFilters = { brand: [], maxPaperSize: [], q: '' };

describe('a list URL read into filters and a page (docs/product-rules.md "Lists: filters, sorting and paging")', () => {
  it('reads every filter, the sort and the page, and writes them back in the same URL', () => {
    const query = 'q=C5840i&brand=Canon%2CRicoh&minSpeed=30&maxSpeed=60&maxPaperSize=A3%2CSRA3&colour=mono&sort=price-asc&page=3';
    const state = parse(query);
    expect(state).toEqual({
      filters: {
        q: 'C5840i',
        brand: ['Canon', 'Ricoh'],
        minSpeed: 30,
        maxSpeed: 60,
        maxPaperSize: ['A3', 'SRA3'],
        colour: 'mono',
        sort: 'price-asc',
      },
      page: 3,
    });
    expect(listUrlParams({ filters: state.filters, page: 3 }).toString()).toBe(query);
  });

  it('reads a plain URL as the plain list on page 1, which writes back as no query at all', () => {
    expect(parse('')).toEqual({
      filters: { minSpeed: undefined, maxSpeed: undefined, brand: [], maxPaperSize: [], colour: undefined, q: '', sort: undefined },
      page: 1,
    });
    expect(listUrlParams({ filters: parse('').filters, page: 1 }).toString()).toBe('');
  });

  it('takes repeated and comma-separated brands and paper sizes alike, trimmed, once each, in order', () => {
    const { filters } = parse('brand=Ricoh&brand=Canon, Ricoh ,Konica Minolta&maxPaperSize=SRA3,A3&maxPaperSize=A3');
    expect(filters.brand).toEqual(['Canon', 'Konica Minolta', 'Ricoh']);
    expect(filters.maxPaperSize).toEqual(['A3', 'SRA3']);
  });

  it('drops a brand or paper size the server would refuse, and keeps the rest', () => {
    const { filters } = parse(
      `brand=Canon,<script>,,${'x'.repeat(61)},${'y'.repeat(60)},HP+(Inc.)&maxPaperSize=A3;drop,A4,${'A'.repeat(21)}`,
    );
    expect(filters.brand).toEqual(['Canon', 'HP (Inc.)', 'y'.repeat(60)]);
    expect(filters.maxPaperSize).toEqual(['A4']);
    // the patterns hold the whole value, not a part of it
    expect(parse('brand=Canon!&maxPaperSize=A3!').filters).toMatchObject({ brand: [], maxPaperSize: [] });
    expect(parse('brand=!Canon&maxPaperSize=!A3').filters).toMatchObject({ brand: [], maxPaperSize: [] });
    expect(parse(`maxPaperSize=${'A'.repeat(20)}`).filters.maxPaperSize).toEqual(['A'.repeat(20)]);
  });

  it.each<[string, { minSpeed?: number; maxSpeed?: number }]>([
    ['minSpeed=30', { minSpeed: 30 }],
    ['maxSpeed=60', { maxSpeed: 60 }],
    ['minSpeed=32.6&maxSpeed=59.4', { minSpeed: 33, maxSpeed: 59 }],
    ['minSpeed=1&maxSpeed=149', { minSpeed: 1, maxSpeed: 149 }],
    // a bound at the list's limit is no filter
    ['minSpeed=0&maxSpeed=150', {}],
    ['minSpeed=-20&maxSpeed=9000', {}],
    ['minSpeed=abc&maxSpeed=', {}],
    ['minSpeed=%20&maxSpeed=Infinity', {}],
    // a blank highest speed is no filter, not 0 ppm
    ['maxSpeed=%20%20', {}],
    // a reversed range is turned round; an equal one is kept
    ['minSpeed=90&maxSpeed=30', { minSpeed: 30, maxSpeed: 90 }],
    ['minSpeed=40&maxSpeed=40', { minSpeed: 40, maxSpeed: 40 }],
  ])('office speeds %s are %j', (query, expected) => {
    const { filters } = parse(query);
    expect({ minSpeed: filters.minSpeed, maxSpeed: filters.maxSpeed }).toEqual({ minSpeed: undefined, maxSpeed: undefined, ...expected });
  });

  it('bounds production lists at 500 ppm, and reads no speed on a list without one', () => {
    expect(parse('minSpeed=200&maxSpeed=400', production).filters).toMatchObject({ minSpeed: 200, maxSpeed: 400 });
    expect(parse('maxSpeed=800', production).filters.maxSpeed).toBeUndefined();
    expect(parse('maxSpeed=499.6', production).filters.maxSpeed).toBeUndefined();
    expect(parse('maxSpeed=400').filters.maxSpeed).toBeUndefined();
    expect(parse('minSpeed=200').filters.minSpeed).toBe(150);
    expect(parse('minSpeed=40&maxSpeed=60', { speed: null, colourFilter: false }).filters).toMatchObject({
      minSpeed: undefined,
      maxSpeed: undefined,
    });
  });

  it('reads colour and mono only where the list offers the colour filter', () => {
    expect(parse('colour=colour').filters.colour).toBe('colour');
    expect(parse('colour=mono').filters.colour).toBe('mono');
    expect(parse('colour=purple').filters.colour).toBeUndefined();
    expect(parse('colour=Mono').filters.colour).toBeUndefined();
    expect(parse('colour=mono', { speed: 'office', colourFilter: false }).filters.colour).toBeUndefined();
    expect(parse('colour=colour', { speed: 'office', colourFilter: false }).filters.colour).toBeUndefined();
  });

  it('reads a known sort, and otherwise the list own default', () => {
    expect(parse('sort=speed-desc').filters.sort).toBe('speed-desc');
    expect(parse('sort=cheapest').filters.sort).toBeUndefined();
    expect(parse('sort=').filters.sort).toBeUndefined();
    expect(parse('sort=cheapest', { ...office, defaultSort: 'colour' }).filters.sort).toBe('colour');
    expect(parse('', { ...office, defaultSort: 'colour' }).filters.sort).toBe('colour');
    expect(parse('sort=name-asc', { ...office, defaultSort: 'colour' }).filters.sort).toBe('name-asc');
  });

  it('cleans the model search as the server takes it', () => {
    expect(parse('q=C58%2340i%3C').filters.q).toBe('C58 40i');
    expect(parse('q=%20%20').filters.q).toBe('');
  });

  it.each([
    ['', 1],
    ['page=1', 1],
    ['page=7', 7],
    ['page=10', 10],
    ['page=999999', 999999],
    ['page=1000000', null],
    ['page=0', null],
    ['page=-4', null],
    ['page=2.5', null],
    ['page=abc', null],
    ['page=3x', null],
    ['page=x3', null],
    ['page=', null],
    ['page=0002', null],
  ])('?%s is page %p (null: no page, Not Found)', (query, page) => {
    expect(parse(query).page).toBe(page);
  });
});

describe('cleanSearch: the model search as the server takes it', () => {
  it.each([
    ['HP DesignJet T830 (36in)', 'HP DesignJet T830 (36in)'],
    ["O'Neill & Co. A/B +1-2", "O'Neill & Co. A/B +1-2"],
    ['Éco Störung 5', 'Éco Störung 5'],
    ['  a \t\n  b ', 'a b'],
    ['<img onerror=1>', 'img onerror 1'],
    ['a;b_c"d', 'a b c d'],
    ['x'.repeat(70), 'x'.repeat(60)],
    [`${'x'.repeat(59)} y`, 'x'.repeat(59)],
    // what is not allowed, and spaces, before the text do not count in its 60 characters
    [`  <${'x'.repeat(70)}`, 'x'.repeat(60)],
  ])('%j is sent as %j', (raw, clean) => {
    expect(cleanSearch(raw)).toBe(clean);
  });

  it('is at most 60 characters, and 20 pages of "Load more" are kept at most', () => {
    expect(MAX_SEARCH_LENGTH).toBe(60);
    expect(MAX_LOADED_PAGES).toBe(20);
  });
});

describe('a list URL written from filters and a page', () => {
  it('leaves out what is not set, the page 1 and the list own default sort', () => {
    expect(listUrlParams({ filters: plain, page: 1 }).toString()).toBe('');
    expect(listUrlParams({ filters: { ...plain, sort: 'colour' }, page: 1 }, 'colour').toString()).toBe('');
    expect(listUrlParams({ filters: { ...plain, sort: 'name-asc' }, page: 1 }, 'colour').toString()).toBe('sort=name-asc');
    expect(listUrlParams({ filters: { ...plain, sort: 'colour' }, page: 2 }).toString()).toBe('sort=colour&page=2');
    expect(listUrlParams({ filters: { ...plain, minSpeed: 0, maxSpeed: 0 }, page: 1 }).toString()).toBe('minSpeed=0&maxSpeed=0');
  });

  it('gives a list page path with its query, or the bare path for page 1 unfiltered', () => {
    expect(listPagePath('/printers', plain, 1)).toBe('/printers');
    expect(listPagePath('/printers', plain, 2)).toBe('/printers?page=2');
    expect(listPagePath('/printers', { ...plain, brand: ['Canon', 'Ricoh'], q: 'c5840' }, 2)).toBe(
      '/printers?q=c5840&brand=Canon%2CRicoh&page=2',
    );
    expect(listPagePath('/office-printers', { ...plain, sort: 'colour' }, 1, 'colour')).toBe('/office-printers');
  });

  it('reads one page of 12 products from the API, the filters after the paging', () => {
    expect(listPageApiUrl('/api/printers/all', plain, 1)).toBe('/api/printers/all?limit=12&offset=0');
    expect(listPageApiUrl('/api/printers/all', plain, 3)).toBe('/api/printers/all?limit=12&offset=24');
    expect(listPageApiUrl('/api/scanners/personal', { ...plain, brand: ['Fujitsu'], colour: 'mono', sort: 'price-asc' }, 2)).toBe(
      '/api/scanners/personal?limit=12&offset=12&brand=Fujitsu&colour=mono&sort=price-asc',
    );
  });

  it.each([
    [0, 1],
    [1, 1],
    [12, 1],
    [13, 2],
    [24, 2],
    [107, 9],
  ])('%i products make %i pages', (count, pages) => {
    expect(pageCountOf(count)).toBe(pages);
  });
});

describe("a list page's head links (canonical, previous, next, robots)", () => {
  const printers = { path: '/printers' };
  const office = { path: '/office-printers', defaultSort: 'colour' as const };

  it('gives the unfiltered list in its own order its own page as canonical, page 1 bare', () => {
    expect(listPageLinks(printers, plain, { first: 1, last: 1, pageCount: 9 })).toEqual({
      canonicalPath: '/printers',
      prevPath: null,
      nextPath: '/printers?page=2',
      robots: null,
    });
    expect(listPageLinks(printers, plain, { first: 2, last: 2, pageCount: 9 })).toEqual({
      canonicalPath: '/printers?page=2',
      prevPath: '/printers',
      nextPath: '/printers?page=3',
      robots: null,
    });
    expect(listPageLinks(printers, plain, { first: 9, last: 9, pageCount: 9 })).toEqual({
      canonicalPath: '/printers?page=9',
      prevPath: '/printers?page=8',
      nextPath: null,
      robots: null,
    });
    expect(listPageLinks(office, { ...plain, sort: 'colour' }, { first: 2, last: 2, pageCount: 3 }).canonicalPath).toBe(
      '/office-printers?page=2',
    );
  });

  it('gives pages loaded with "Load more" the first as canonical, and links beside the range', () => {
    expect(listPageLinks(printers, plain, { first: 2, last: 4, pageCount: 9 })).toEqual({
      canonicalPath: '/printers?page=2',
      prevPath: '/printers',
      nextPath: '/printers?page=5',
      robots: null,
    });
    expect(listPageLinks(printers, plain, { first: 1, last: 9, pageCount: 9 }).nextPath).toBeNull();
  });

  it('gives a re-sorted view the list as canonical, still indexed', () => {
    expect(listPageLinks(printers, { ...plain, sort: 'price-asc' }, { first: 2, last: 2, pageCount: 3 })).toEqual({
      canonicalPath: '/printers',
      prevPath: '/printers?sort=price-asc',
      nextPath: '/printers?sort=price-asc&page=3',
      robots: null,
    });
    expect(listPageLinks(office, { ...plain, sort: 'name-asc' }, { first: 1, last: 1, pageCount: 1 }).canonicalPath).toBe(
      '/office-printers',
    );
  });

  it.each<[string, Partial<ListFilters>, string]>([
    ['a search', { q: 'c5840' }, 'q=c5840'],
    ['a brand', { brand: ['Canon'] }, 'brand=Canon'],
    ['a paper size', { maxPaperSize: ['A3'] }, 'maxPaperSize=A3'],
    ['a colour', { colour: 'mono' }, 'colour=mono'],
    ['a lowest speed', { minSpeed: 20 }, 'minSpeed=20'],
    ['a highest speed', { maxSpeed: 0 }, 'maxSpeed=0'],
  ])('gives a view filtered by %s the list as canonical, and keeps it out of the index', (_what, filter, query) => {
    expect(listPageLinks(printers, { ...plain, ...filter }, { first: 2, last: 2, pageCount: 3 })).toEqual({
      canonicalPath: '/printers',
      prevPath: `/printers?${query}`,
      nextPath: `/printers?${query}&page=3`,
      robots: 'noindex, follow',
    });
  });
});
