import {
  SEARCH_LIMIT_MAX,
  SEARCH_PAGES_MAX,
  SEARCH_PAGE_SIZE,
  SEARCH_PATH,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_SUGGEST_LIMIT,
  SEARCH_TERMS_MAX,
  readSearchQuery,
  searchApiPath,
  searchPagePath,
} from './search';

describe('site search: how a query is read (docs/product-rules.md "Site search: what it finds")', () => {
  it.each<[unknown, string]>([
    ['canon', 'canon'],
    ['  Konica   Minolta\tbizhub \n', 'Konica Minolta bizhub'],
    ['MFC-L8900CDW', 'MFC-L8900CDW'],
    ['', ''],
    ['   ', ''],
    [undefined, ''],
    [null, ''],
    [42, ''],
    [['canon'], ''],
  ])('%j is read as %j', (value, query) => {
    expect(readSearchQuery(value)).toBe(query);
  });

  it('reads at most 100 characters and ignores the rest, with no space left at the cut', () => {
    const long = 'a'.repeat(120);
    expect(readSearchQuery(long)).toBe('a'.repeat(100));
    expect(readSearchQuery(`${'a'.repeat(99)} b`)).toBe('a'.repeat(99));
    expect(readSearchQuery(`  ${'a'.repeat(100)}`)).toBe('a'.repeat(100));
  });

  it('has the bounds the box, the suggestions, the page and the API share', () => {
    expect(SEARCH_PATH).toBe('/search');
    expect(SEARCH_QUERY_MAX_LENGTH).toBe(100);
    expect(SEARCH_TERMS_MAX).toBe(8);
    expect(SEARCH_PAGE_SIZE).toBe(12);
    expect(SEARCH_LIMIT_MAX).toBe(24);
    expect(SEARCH_SUGGEST_LIMIT).toBe(5);
    expect(SEARCH_PAGES_MAX).toBe(50);
  });
});

describe("site search's URLs", () => {
  it('asks GET /api/search for a query, with a limit and a page after the first when given', () => {
    expect(searchApiPath('canon')).toBe('/api/search?q=canon');
    expect(searchApiPath('konica minolta', { limit: 5 })).toBe('/api/search?q=konica+minolta&limit=5');
    expect(searchApiPath('a&b=c', { limit: 12, page: 3 })).toBe('/api/search?q=a%26b%3Dc&limit=12&page=3');
    expect(searchApiPath('canon', { limit: 12, page: 1 })).toBe('/api/search?q=canon&limit=12');
    expect(searchApiPath('canon', { page: 2 })).toBe('/api/search?q=canon&page=2');
  });

  it('opens the search page for a query, page 2 on with &page=N', () => {
    expect(searchPagePath('canon')).toBe('/search?q=canon');
    expect(searchPagePath('canon', 1)).toBe('/search?q=canon');
    expect(searchPagePath('bizhub c301', 2)).toBe('/search?q=bizhub+c301&page=2');
    expect(searchPagePath('')).toBe('/search?q=');
  });
});
