import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { productPath, type SearchResponse } from '@copytech/shared/domain';
import { fakeApi, makeProducts } from '../testing/catalogueTestKit';
import SiteSearch from './SiteSearch';
import { forgetSuggestions } from './useSuggestions';

function answer(query: string, machines: number, pages = 1): SearchResponse {
  return {
    query,
    products: { count: machines * 4, page: 1, pageSize: 5, results: makeProducts(machines, query.length * 10) },
    pages: Array.from({ length: pages }, (_, i) => ({ kind: 'page' as const, title: `Guide ${i}`, path: `/guide-${i}` })),
    suggestions: null,
  };
}

let where = '';
function Where() {
  const location = useLocation();
  where = `${location.pathname}${location.search}`;
  return null;
}

/** The shell's form as it renders it, with the typeahead mounted once `mounted` is true. */
function Header({ mounted }: { mounted: boolean }) {
  const [input, setInput] = useState<HTMLInputElement | null>(null);
  return (
    <form role="search" aria-label="Site" action="/search">
      <label htmlFor="q">Search machines and pages</label>
      <input id="q" ref={setInput} type="search" name="q" />
      {mounted && input ? <SiteSearch input={input} idPrefix="site-search" /> : null}
    </form>
  );
}

function renderHeader(mounted = true) {
  const result = render(
    <MemoryRouter initialEntries={['/']}>
      <Header mounted={mounted} />
      <Where />
    </MemoryRouter>,
  );
  return { ...result, input: document.getElementById('q') as HTMLInputElement };
}

beforeEach(() => {
  forgetSuggestions();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('the header typeahead', () => {
  it('takes the box over with what was typed, and shows machines, then pages, then "See all results"', async () => {
    const api = fakeApi((url) => ({ body: answer(url.searchParams.get('q')!, 3) }));
    const view = renderHeader(false);
    view.input.focus();
    view.input.value = 'canon';
    view.rerender(
      <MemoryRouter initialEntries={['/']}>
        <Header mounted />
        <Where />
      </MemoryRouter>,
    );
    const input = screen.getByRole('combobox', { name: 'Search machines and pages' });
    expect(input).toBe(view.input);
    expect(input).toHaveValue('canon');
    expect(input).toHaveFocus();
    await waitFor(() => expect(input).toHaveAttribute('aria-expanded', 'true'));
    const listbox = screen.getByRole('listbox', { name: 'Search suggestions' });
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(5));
    const groups = within(listbox).getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('aria-labelledby')).map((id) => document.getElementById(id!)?.textContent)).toEqual([
      'Machines',
      'Lists and pages',
    ]);
    expect(within(groups[0]!).getAllByRole('option')[0]).toHaveTextContent(
      /^Canon imageRUNNER C\d+i Multifunctional Printer · Starting at £6,900\.00 ex VAT$/,
    );
    expect(within(listbox).getAllByRole('option')[4]).toHaveTextContent('See all results for “canon”');
    expect(screen.getByTestId('search-announcement')).toHaveTextContent('12 machines and 1 list or page found.');
    expect(api.requests).toEqual(['/api/search?q=canon&limit=5']);
  });

  it('hears a key pressed while it was taking the box over (between its first render and its listeners)', async () => {
    const api = fakeApi((url) => ({ body: answer(url.searchParams.get('q')!, 2) }));
    /** A key that lands after the typeahead read the box and before its listeners are on: no event is heard. */
    let pressed = false;
    function LateKey({ input }: { input: HTMLInputElement }) {
      if (!pressed) {
        pressed = true;
        input.value = 'canon';
      }
      return null;
    }
    function LateHeader() {
      const [input, setInput] = useState<HTMLInputElement | null>(null);
      return (
        <form role="search" aria-label="Site" action="/search">
          <label htmlFor="q">Search machines and pages</label>
          <input id="q" ref={setInput} type="search" name="q" defaultValue="cano" />
          {input ? (
            <>
              <SiteSearch input={input} idPrefix="site-search" />
              <LateKey input={input} />
            </>
          ) : null}
        </form>
      );
    }
    render(
      <MemoryRouter initialEntries={['/']}>
        <LateHeader />
      </MemoryRouter>,
    );
    const input = screen.getByRole('combobox', { name: 'Search machines and pages' });
    input.focus();
    await waitFor(() => expect(screen.getAllByRole('option').at(-1)).toHaveTextContent('See all results for “canon”'));
    await waitFor(() => expect(api.requests).toEqual(['/api/search?q=canon&limit=5']));
  });

  it('asks nothing under two characters and once for a word typed quickly', async () => {
    const user = userEvent.setup();
    const api = fakeApi((url) => ({ body: answer(url.searchParams.get('q')!, 2) }));
    const { input } = renderHeader();
    await user.type(input, 'c');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.requests).toEqual([]);
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.type(input, 'anon');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(4));
    expect(api.requests).toEqual(['/api/search?q=canon&limit=5']);
  });

  it('works by keyboard: Down highlights, Enter opens the machine, Escape closes and a second Escape clears', async () => {
    const user = userEvent.setup();
    fakeApi((url) => ({ body: answer(url.searchParams.get('q')!, 2) }));
    const { input } = renderHeader();
    await user.type(input, 'canon');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(4));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getAllByRole('option')[1]!;
    expect(input).toHaveAttribute('aria-activedescendant', second.id);
    expect(second).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(input).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[3]!.id);
    await user.keyboard('{Home}{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{Escape}');
    expect(input).toHaveValue('');
    await user.type(input, 'canon');
    await user.keyboard('{ArrowDown}{Enter}');
    const first = answer('canon', 2).products.results[0]!;
    await waitFor(() => expect(where).toBe(productPath(first)));
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('sends the form in place: Enter with nothing highlighted opens the search page', async () => {
    const user = userEvent.setup();
    fakeApi((url) => ({ body: answer(url.searchParams.get('q')!, 2) }));
    const { input } = renderHeader();
    await user.type(input, '  mfc l8900 {Enter}');
    await waitFor(() => expect(where).toBe('/search?q=mfc+l8900'));
  });

  it('never shows a stale answer over a newer one', async () => {
    const user = userEvent.setup();
    let releaseSlow!: () => void;
    const slow = new Promise<void>((resolve) => (releaseSlow = resolve));
    fakeApi(async (url) => {
      const q = url.searchParams.get('q')!;
      if (q === 'ca') await slow;
      return { body: answer(q, q === 'ca' ? 1 : 3, 0) };
    });
    const { input } = renderHeader();
    await user.type(input, 'ca');
    await new Promise((resolve) => setTimeout(resolve, 250)); // the slow request is out
    await user.type(input, 'non');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(4));
    await act(async () => releaseSlow());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByRole('option')).toHaveLength(4);
    expect(screen.getAllByRole('option')[3]).toHaveTextContent('See all results for “canon”');
  });

  it('gives the box back as it was when it is unmounted', async () => {
    fakeApi((url) => ({ body: answer(url.searchParams.get('q')!, 1) }));
    const view = renderHeader();
    expect(view.input).toHaveAttribute('role', 'combobox');
    view.rerender(
      <MemoryRouter initialEntries={['/']}>
        <Header mounted={false} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('searchbox')).not.toHaveAttribute('aria-expanded');
    expect(screen.getByRole('searchbox')).not.toHaveAttribute('aria-controls');
  });
});
