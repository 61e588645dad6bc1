import { SEARCH_ROBOTS, parseSearchUrl, searchHeading, searchPageApiUrl, searchPageCount, searchPageMeta } from './searchPage';

const parse = (query: string) => parseSearchUrl(new URLSearchParams(query));

describe('the /search page (docs/product-rules.md "Site search: the box, the suggestions and the search page")', () => {
  it('reads the query as readSearchQuery reads it', () => {
    expect(parse('q=%20bizhub%20%20c301%20')).toEqual({ query: 'bizhub c301', page: 1 });
    expect(parse('')).toEqual({ query: '', page: 1 });
    expect(parse(`q=${'a'.repeat(101)}`).query).toBe('a'.repeat(100));
  });

  it.each([
    ['page=1', 1],
    ['page=2', 2],
    ['page=10', 10],
    ['page=50', 50],
    ['page=51', null],
    ['page=100', null],
    ['page=0', null],
    ['page=01', null],
    ['page=-1', null],
    ['page=2.0', null],
    ['page=two', null],
    ['page=2x', null],
    ['page=x2', null],
    ['page=', null],
  ])('?q=canon&%s is page %p (null: Not Found)', (query, page) => {
    expect(parse(`q=canon&${query}`)).toEqual({ query: 'canon', page });
  });

  it('reads its results 12 machines a page from GET /api/search', () => {
    expect(searchPageApiUrl('canon', 1)).toBe('/api/search?q=canon&limit=12');
    expect(searchPageApiUrl('canon', 4)).toBe('/api/search?q=canon&limit=12&page=4');
  });

  it.each([
    [0, 1],
    [1, 1],
    [12, 1],
    [13, 2],
    [38, 4],
    [600, 50],
    [601, 50],
    [5000, 50],
  ])('%i machines make %i pages (at least one, at most 50)', (count, pages) => {
    expect(searchPageCount(count)).toBe(pages);
  });

  it('is titled by its query, or "Search" without one', () => {
    expect(searchHeading('canon')).toBe('Search results for “canon”');
    expect(searchHeading('')).toBe('Search');
  });

  it('has the same head in the browser and in the server answer: never indexed, canonical the URL itself', () => {
    const description =
      'Search Copytech’s printers, photocopiers, scanners and finishers by brand, model or kind, and its guides and services.';
    expect(searchPageMeta('bizhub c301', 1)).toEqual({
      title: 'Search results for “bizhub c301”',
      description,
      canonicalPath: '/search?q=bizhub+c301',
      robots: 'noindex, follow',
    });
    expect(searchPageMeta('canon', 3)).toEqual({
      title: 'Search results for “canon”, page 3',
      description,
      canonicalPath: '/search?q=canon&page=3',
      robots: 'noindex, follow',
    });
    expect(searchPageMeta('', 1)).toEqual({ title: 'Search', description, canonicalPath: '/search', robots: 'noindex, follow' });
    expect(searchPageMeta('', 2)).toMatchObject({ title: 'Search, page 2', canonicalPath: '/search' });
    expect(SEARCH_ROBOTS).toBe('noindex, follow');
  });
});
