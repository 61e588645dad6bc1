import { activeFilterCount, cleanSearch, listUrlParams, parseListUrl } from './filterState';

const office = { speed: 'office' as const, colourFilter: true };

describe('filter state in the URL query', () => {
  it('round-trips every filter, the sort and the page', () => {
    const query = 'q=C5840i&brand=Canon%2CRicoh&minSpeed=30&maxSpeed=60&maxPaperSize=A3%2CSRA3&colour=mono&sort=price-asc&page=3';
    const state = parseListUrl(new URLSearchParams(query), office);
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
    expect(listUrlParams({ ...state, page: 3 }).toString()).toBe(query);
  });

  it('a plain list has a clean URL, and the default sort of a list is left out', () => {
    expect(listUrlParams({ ...parseListUrl(new URLSearchParams(''), office), page: 1 }).toString()).toBe('');
    const landing = parseListUrl(new URLSearchParams(''), { ...office, defaultSort: 'colour' });
    expect(landing.filters.sort).toBe('colour');
    expect(listUrlParams({ ...landing, page: 1 }, 'colour').toString()).toBe('');
    expect(listUrlParams({ page: 1, filters: { ...landing.filters, sort: 'name-asc' } }, 'colour').toString()).toBe('sort=name-asc');
  });

  it('accepts repeated and comma-separated lists alike, without duplicates', () => {
    const { filters } = parseListUrl(new URLSearchParams('brand=Ricoh&brand=Canon,Ricoh'), office);
    expect(filters.brand).toEqual(['Canon', 'Ricoh']);
  });

  it.each<[string, { minSpeed?: number; maxSpeed?: number }, string]>([
    ['minSpeed=-20&maxSpeed=9000', { minSpeed: undefined, maxSpeed: undefined }, 'the office bounds (0 to 150) are no filter at all'],
    ['minSpeed=90&maxSpeed=30', { minSpeed: 30, maxSpeed: 90 }, 'a reversed range is turned round'],
    ['minSpeed=abc&maxSpeed=', { minSpeed: undefined, maxSpeed: undefined }, 'non-numbers are dropped'],
    ['minSpeed=32.6', { minSpeed: 33, maxSpeed: undefined }, 'whole ppm'],
  ])('speed %s gives %j: %s', (query, expected, _why) => {
    const { filters } = parseListUrl(new URLSearchParams(query), office);
    expect({ minSpeed: filters.minSpeed, maxSpeed: filters.maxSpeed }).toEqual(expected);
  });

  it('production lists allow up to 500 ppm; lists without speed ignore it', () => {
    expect(parseListUrl(new URLSearchParams('maxSpeed=400'), { speed: 'production', colourFilter: true }).filters.maxSpeed).toBe(400);
    expect(parseListUrl(new URLSearchParams('maxSpeed=400'), office).filters.maxSpeed).toBeUndefined();
    expect(parseListUrl(new URLSearchParams('minSpeed=40'), { speed: null, colourFilter: false }).filters.minSpeed).toBeUndefined();
  });

  it('drops what the server would refuse from a hand-edited URL', () => {
    const { filters, page } = parseListUrl(
      new URLSearchParams('brand=Canon,<script>&maxPaperSize=A3;drop&colour=purple&sort=cheapest&q=C58%2340i%3C'),
      office,
    );
    expect(filters.brand).toEqual(['Canon']);
    expect(filters.maxPaperSize).toEqual([]);
    expect(filters.colour).toBeUndefined();
    expect(filters.sort).toBeUndefined();
    expect(page).toBe(1);
    expect(filters.q).toBe('C58 40i');
  });

  it('no colour filter where the list fixes colour (a colour sub-category, scanners)', () => {
    expect(parseListUrl(new URLSearchParams('colour=mono'), { speed: 'office', colourFilter: false }).filters.colour).toBeUndefined();
  });

  it.each([
    ['', 1],
    ['page=1', 1],
    ['page=7', 7],
    ['page=0', null],
    ['page=-4', null],
    ['page=2.5', null],
    ['page=abc', null],
    ['page=', null],
    ['page=0002', null],
  ])('?%s is page %p (null: no page, Not Found)', (query, page) => {
    expect(parseListUrl(new URLSearchParams(query), office).page).toBe(page);
  });

  it('counts the active filters, not the sort', () => {
    const { filters } = parseListUrl(
      new URLSearchParams('q=x&brand=Canon,Ricoh&minSpeed=20&maxSpeed=40&colour=mono&sort=price-asc'),
      office,
    );
    expect(activeFilterCount(filters)).toBe(5);
  });

  it.each([
    ['HP DesignJet T830 (36in)', 'HP DesignJet T830 (36in)'],
    ['  a   b ', 'a b'],
    ['x'.repeat(70), 'x'.repeat(60)],
    ['<img onerror=1>', 'img onerror 1'],
  ])('search %j is sent as %j', (raw, clean) => {
    expect(cleanSearch(raw)).toBe(clean);
  });
});
