import { screen, waitFor, within } from '@testing-library/react';
import { SEARCH_PAGE_SIZE, type SearchResponse } from '@copytech/shared/domain';
import { fakeApi, makeProducts, renderCatalogue } from '../testing/catalogueTestKit';
import { pageNumbers } from './SearchPager';

function answer(query: string, count: number, page = 1, extra: Partial<SearchResponse> = {}): SearchResponse {
  const all = makeProducts(count);
  return {
    query,
    products: { count, page, pageSize: SEARCH_PAGE_SIZE, results: all.slice((page - 1) * SEARCH_PAGE_SIZE, page * SEARCH_PAGE_SIZE) },
    pages: [],
    suggestions: null,
    ...extra,
  };
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('the search page', () => {
  it('shows the machines as cards, then the lists and pages, with the query in the h1 and the title, never indexed', async () => {
    const api = fakeApi((url) => ({
      body: answer(url.searchParams.get('q')!, 30, 1, {
        pages: [{ kind: 'list', title: 'A3 colour multifunctionals', path: '/printers/multifunctionals/a3-colour' }],
      }),
    }));
    renderCatalogue('/search?q=%3Cscript%3Ecanon');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search results for “<script>canon”' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(12));
    expect(api.requests).toEqual(['/api/search?q=%3Cscript%3Ecanon&limit=12']);
    expect(screen.getByTestId('search-count')).toHaveTextContent('30 machines and 1 list or page found (machines 1 to 12 shown)');
    const pages = within(screen.getByTestId('search-pages'));
    expect(pages.getByRole('link', { name: 'A3 colour multifunctionals' })).toHaveAttribute('href', '/printers/multifunctionals/a3-colour');
    const pager = within(screen.getByRole('navigation', { name: 'Pages of machines found' }));
    expect(pager.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/search?q=%3Cscript%3Ecanon&page=2');
    expect(pager.getByText('1').closest('[aria-current]')).toHaveAttribute('aria-current', 'page');
    expect(document.title).toBe('Search results for “<script>canon” - Copytech');
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
  });

  it('reads page 2 of the machines and links back to page 1', async () => {
    const api = fakeApi((url) => ({ body: answer('canon', 30, Number(url.searchParams.get('page') ?? 1)) }));
    renderCatalogue('/search?q=canon&page=2');
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(12));
    expect(api.requests).toEqual(['/api/search?q=canon&limit=12&page=2']);
    expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/search?q=canon');
    expect(screen.getByTestId('search-count')).toHaveTextContent('(machines 13 to 24 shown)');
  });

  it('is Not Found for a page past the end or a ?page that is not a page', async () => {
    fakeApi(() => ({ body: answer('canon', 5, 3) }));
    renderCatalogue('/search?q=canon&page=3');
    expect(await screen.findByRole('heading', { name: /not found/i })).toBeInTheDocument();
  });

  it('gives guidance, examples and the lists for an empty query, without asking the API', async () => {
    const api = fakeApi(() => ({ body: answer('', 0) }));
    renderCatalogue('/search?q=%20%20');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
    const guidance = within(screen.getByTestId('search-guidance'));
    expect(guidance.getByRole('link', { name: 'mfcl8900' })).toHaveAttribute('href', '/search?q=mfcl8900');
    expect(guidance.getByRole('link', { name: 'Photocopiers' })).toHaveAttribute('href', '/photocopiers');
    expect(api.requests).toEqual([]);
  });

  it('never ends at a dead end: the closest brands and models, the lists and the sales number', async () => {
    fakeApi(() => ({
      body: answer('bizzhubb', 0, 1, {
        suggestions: {
          brands: ['Konica Minolta'],
          models: [{ brand: 'Konica Minolta', model: 'bizhub C301i', path: '/printers/multifunctionals/konica-minolta/bizhub-c301i' }],
        },
      }),
    }));
    renderCatalogue('/search?q=bizzhubb');
    const none = within(await screen.findByTestId('search-no-results'));
    expect(none.getByText(/No machine, list or page matched “bizzhubb”/)).toBeInTheDocument();
    expect(none.getByRole('link', { name: 'Konica Minolta bizhub C301i' })).toHaveAttribute(
      'href',
      '/printers/multifunctionals/konica-minolta/bizhub-c301i',
    );
    expect(none.getByRole('link', { name: 'Konica Minolta' })).toHaveAttribute('href', '/search?q=Konica+Minolta');
    expect(none.getByRole('link', { name: 'Finishers' })).toHaveAttribute('href', '/finishers');
    expect(none.getByRole('link', { name: '0330 058 0590' })).toHaveAttribute('href', 'tel:+443300580590');
  });

  it('offers Try again when the search fails', async () => {
    fakeApi(() => ({ status: 500, body: {} }));
    renderCatalogue('/search?q=canon');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('pageNumbers', () => {
  it('links the first, the last and two either side of this page, with gaps', () => {
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
    expect(pageNumbers(1, 12)).toEqual([1, 2, 3, null, 12]);
  });
});
