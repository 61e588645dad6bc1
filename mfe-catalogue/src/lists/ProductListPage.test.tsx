import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { basketStore } from '@copytech/shared';
import { FINISHER_CATEGORIES } from '@copytech/shared/domain';
import { fakeApi, listAnswer, makeProduct, makeProducts, renderCatalogue, type FakeAnswer } from '../testing/catalogueTestKit';

const FACETS = {
  brands: [
    { brand: 'Canon', count: 20 },
    { brand: 'Ricoh', count: 10 },
  ],
  paperSizes: [
    { paperSize: 'SRA3', count: 25 },
    { paperSize: 'A4', count: 5 },
  ],
  speed: { min: 20, max: 70 },
};

function cards() {
  return screen.queryAllByTestId('product-card');
}

beforeEach(() => {
  act(() => basketStore.clear());
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('a list page', () => {
  it('shows skeletons while loading, then the heading, the count and a card per product', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const api = fakeApi(async (url) => {
      await gate;
      return listAnswer(makeProducts(30), url, FACETS);
    });
    renderCatalogue('/printers/multifunctionals');
    // The list's chunk loads first (a lazy import), then the page shows its heading at once.
    expect(await screen.findByRole('heading', { level: 1, name: 'Multifunctional printers' })).toBeInTheDocument();
    expect(screen.getAllByTestId('product-card-skeleton')).toHaveLength(12);
    expect(screen.getByTestId('result-count')).toHaveTextContent('Loading printers…');
    await act(async () => release());
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(screen.queryByTestId('product-card-skeleton')).toBeNull();
    expect(screen.getByTestId('result-count')).toHaveTextContent('Showing 12 of 30 printers');
    expect(screen.getByTestId('result-count')).toHaveAttribute('aria-live', 'polite');
    expect(api.requests).toEqual(['/api/printers/multifunctionals?limit=12&offset=0']);
    expect(document.title).toBe('Multifunctional printers - Copytech');
  });

  it('"Load more" appends the next page and keeps what is shown; the page links say where the list is', async () => {
    const user = userEvent.setup();
    const all = makeProducts(30);
    const api = fakeApi((url) => listAnswer(all, url));
    const site = renderCatalogue('/printers/multifunctionals');
    await waitFor(() => expect(cards()).toHaveLength(12));
    const firstCard = cards()[0];
    const pager = screen.getByRole('navigation', { name: 'Pages of printers' });
    expect(within(pager).getByTestId('page-of')).toHaveTextContent('Page 1 of 3');
    expect(within(pager).getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/printers/multifunctionals?page=2');
    expect(within(pager).queryByRole('link', { name: /Previous/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load more printers' }));
    await waitFor(() => expect(cards()).toHaveLength(24));
    expect(cards()[0]).toBe(firstCard);
    expect(api.requests[1]).toBe('/api/printers/multifunctionals?limit=12&offset=12');
    // The URL stays the list's first page; the pages shown are kept in the history entry.
    expect(site.location().search).toBe('');
    expect(site.location().state).toEqual({ listPages: 2 });
    expect(screen.getByTestId('result-count')).toHaveTextContent('Showing 24 of 30 printers');
    expect(within(pager).getByTestId('page-of')).toHaveTextContent('Pages 1 to 2 of 3');
    expect(within(pager).getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/printers/multifunctionals?page=3');
    // Focus carries on at the first new product.
    await waitFor(() => expect(within(cards()[12]!).getByRole('link', { name: all[12]!.brand + ' ' + all[12]!.model })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Load more printers' }));
    await waitFor(() => expect(cards()).toHaveLength(30));
    expect(screen.queryByRole('button', { name: /Load more/ })).toBeNull();
    expect(within(pager).queryByRole('link', { name: 'Next page' })).toBeNull();
  });

  it('?page=3 is the third page alone, with Previous and Next; a page past the end is Not Found', async () => {
    const user = userEvent.setup();
    const all = makeProducts(40);
    const api = fakeApi((url) => listAnswer(all, url));
    renderCatalogue('/printers/multifunctionals?page=3');
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(api.requests).toEqual(['/api/printers/multifunctionals?limit=12&offset=24']);
    expect(within(cards()[0]!).getByRole('link', { name: `${all[24]!.brand} ${all[24]!.model}` })).toBeInTheDocument();
    expect(screen.getByTestId('result-count')).toHaveTextContent('Showing 25 to 36 of 40 printers');
    const pager = screen.getByRole('navigation', { name: 'Pages of printers' });
    expect(within(pager).getByTestId('page-of')).toHaveTextContent('Page 3 of 4');
    expect(within(pager).getByRole('link', { name: /Previous page/ })).toHaveAttribute('href', '/printers/multifunctionals?page=2');
    await user.click(within(pager).getByRole('link', { name: /Next page/ }));
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(api.requests.at(-1)).toBe('/api/printers/multifunctionals?limit=12&offset=36');
  });

  it.each(['?page=5', '?page=0', '?page=two'])('%s of a list of 40 is Not Found', async (search) => {
    fakeApi((url) => listAnswer(makeProducts(40), url));
    renderCatalogue(`/printers/multifunctionals${search}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('pages added by "Load more" come back with the history entry (Back, reload), read in one request', async () => {
    const api = fakeApi((url) => listAnswer(makeProducts(40), url));
    renderCatalogue({ pathname: '/printers/multifunctionals', state: { listPages: 3 } });
    // The space of three pages is held while they load, so Back can restore the scroll position.
    expect(screen.getAllByTestId('product-card-skeleton')).toHaveLength(36);
    await waitFor(() => expect(cards()).toHaveLength(36));
    expect(api.requests).toEqual(['/api/printers/multifunctionals?limit=36&offset=0']);
  });

  it('an error offers Retry, which really loads again', async () => {
    const user = userEvent.setup();
    let fail = true;
    const api = fakeApi((url): FakeAnswer => (fail ? { status: 500, body: { message: 'boom' } } : listAnswer(makeProducts(3), url)));
    renderCatalogue('/scanners');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sorry, we could not load the scanners.');
    expect(cards()).toHaveLength(0);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.requests).toEqual(['/api/scanners/all?limit=12&offset=0', '/api/scanners/all?limit=12&offset=0']);
  });

  it('a failed "Load more" keeps the cards and offers Retry', async () => {
    const user = userEvent.setup();
    let calls = 0;
    fakeApi((url): FakeAnswer => (++calls === 2 ? new TypeError('Failed to fetch') : listAnswer(makeProducts(20), url)));
    renderCatalogue('/printers/plotters');
    await waitFor(() => expect(cards()).toHaveLength(12));
    await user.click(screen.getByRole('button', { name: 'Load more printers' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('More printers could not be loaded.');
    expect(cards()).toHaveLength(12);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(cards()).toHaveLength(20));
  });

  it('an empty filtered list offers to clear the filters', async () => {
    const user = userEvent.setup();
    const api = fakeApi((url) => listAnswer(url.searchParams.has('brand') ? [] : makeProducts(5), url, FACETS));
    const site = renderCatalogue('/printers/multifunctionals?brand=Ricoh&sort=price-asc');
    expect(await screen.findByText('No printers match these filters.')).toBeInTheDocument();
    expect(screen.getByTestId('result-count')).toHaveTextContent('No printers found');
    const results = screen.getByRole('region', { name: 'Results' });
    // A link to the list without filters (it works without JavaScript), the order kept.
    const clear = within(results).getByRole('link', { name: 'Clear filters' });
    expect(clear).toHaveAttribute('href', '/printers/multifunctionals?sort=price-asc');
    await user.click(clear);
    await waitFor(() => expect(cards()).toHaveLength(5));
    expect(site.location().search).toBe('?sort=price-asc');
    expect(api.requests.at(-1)).toBe('/api/printers/multifunctionals?limit=12&offset=0&sort=price-asc');
  });

  it('an empty list without filters says so without a Clear button', async () => {
    fakeApi((url) => listAnswer([], url));
    renderCatalogue('/finishers');
    expect(await screen.findByText('No finishers match this list yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
  });
});

describe('filters and sort live in the URL and run on the server', () => {
  it('a brand choice goes to the URL and the request; Back restores the list before it', async () => {
    const user = userEvent.setup();
    const api = fakeApi((url) => {
      const brand = url.searchParams.get('brand');
      const all = [...makeProducts(8), ...makeProducts(4, 50, { brand: 'Ricoh' })];
      return listAnswer(brand ? all.filter((p) => brand.split(',').includes(p.brand)) : all, url, FACETS);
    });
    const site = renderCatalogue('/printers/multifunctionals');
    await waitFor(() => expect(cards()).toHaveLength(12));
    const filters = screen.getByRole('form', { name: 'Filter printers' });
    const ricoh = within(within(filters).getByRole('group', { name: 'Brand' })).getByRole('checkbox', { name: /Ricoh/ });
    await user.click(ricoh);
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(site.location().search).toBe('?brand=Ricoh');
    expect(api.requests.at(-1)).toBe('/api/printers/multifunctionals?limit=12&offset=0&brand=Ricoh');
    expect(ricoh).toBeChecked();
    expect(screen.getByRole('button', { name: /Show filters/ })).toHaveTextContent('1 active');

    act(() => site.navigate(-1));
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(site.location().search).toBe('');
    expect(within(filters).getByRole('checkbox', { name: /Ricoh/ })).not.toBeChecked();

    act(() => site.navigate(1));
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(within(filters).getByRole('checkbox', { name: /Ricoh/ })).toBeChecked();
  });

  it('opening a shared filtered URL sets the form and asks the server for exactly that', async () => {
    const api = fakeApi((url) => listAnswer(makeProducts(2), url, FACETS));
    renderCatalogue('/printers/multifunctionals?q=C58&brand=Canon&minSpeed=30&maxSpeed=60&maxPaperSize=SRA3&colour=colour&sort=speed-desc');
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(api.requests).toEqual([
      '/api/printers/multifunctionals?limit=12&offset=0&minSpeed=30&maxSpeed=60&brand=Canon&maxPaperSize=SRA3&colour=colour&q=C58&sort=speed-desc',
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search by model' })).toHaveValue('C58');
    const speed = screen.getByRole('group', { name: 'Print speed (pages per minute)' });
    expect(within(speed).getByRole('spinbutton', { name: 'From' })).toHaveValue(30);
    expect(within(speed).getByRole('spinbutton', { name: 'To' })).toHaveValue(60);
    expect(within(speed).getByRole('spinbutton', { name: 'To' })).toHaveAttribute('max', '150');
    expect(screen.getByRole('checkbox', { name: /Canon/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /SRA3/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Colour' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('speed-desc');
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
    expect(document.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'http://localhost/printers/multifunctionals');
  });

  it('typed filters (search, speed) apply on Enter and show in the URL; sort applies at once', async () => {
    const user = userEvent.setup();
    const api = fakeApi((url) => listAnswer(makeProducts(3), url));
    const site = renderCatalogue('/printers/production');
    await waitFor(() => expect(cards()).toHaveLength(3));
    const speed = screen.getByRole('group', { name: 'Print speed (pages per minute)' });
    expect(within(speed).getByRole('spinbutton', { name: 'To' })).toHaveAttribute('max', '500');
    await user.type(within(speed).getByRole('spinbutton', { name: 'From' }), '100');
    await user.type(screen.getByRole('searchbox', { name: 'Search by model' }), 'imagePRESS{Enter}');
    await waitFor(() => expect(site.location().search).toBe('?q=imagePRESS&minSpeed=100'));
    await waitFor(() => expect(api.requests.at(-1)).toBe('/api/printers/productionprinters?limit=12&offset=0&minSpeed=100&q=imagePRESS'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price-asc');
    await waitFor(() => expect(site.location().search).toBe('?q=imagePRESS&minSpeed=100&sort=price-asc'));
    expect(api.requests.at(-1)).toBe('/api/printers/productionprinters?limit=12&offset=0&minSpeed=100&q=imagePRESS&sort=price-asc');
  });

  it('the filters collapse behind a disclosure button', async () => {
    const user = userEvent.setup();
    fakeApi((url) => listAnswer(makeProducts(3), url));
    renderCatalogue('/printers/multifunctionals');
    const toggle = screen.getByRole('button', { name: /Show filters/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toContainElement(
      screen.getByRole('form', { name: 'Filter printers' }),
    );
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveTextContent('Hide filters');
  });
});

describe('which list each route shows', () => {
  it.each([
    ['/printers', '/api/printers/all', 'All printers'],
    ['/printers/print-only', '/api/printers/officeprinters', 'Print-only printers'],
    ['/printers/production', '/api/printers/productionprinters', 'Production printers'],
    ['/printers/plotters', '/api/printers/plotterprinters', 'Plotters'],
    [
      '/printers/multifunctionals/a3-colour',
      '/api/products/category/multifunctional-printers/a3-colour',
      'A3 colour multifunctional printers',
    ],
    ['/printers/multifunctionals/a4-mono', '/api/products/category/multifunctional-printers/a4-mono', 'A4 mono multifunctional printers'],
    ['/printers/print-only/a4-colour', '/api/products/category/print-only/a4-colour', 'A4 colour print-only printers'],
    ['/printers/production/mono', '/api/products/category/production/mono', 'Mono production printers'],
    ['/printers/plotters/colour', '/api/products/category/plotters/colour', 'Colour plotters'],
    ['/scanners', '/api/scanners/all', 'Document scanners'],
    ['/scanners/personal', '/api/scanners/personal', 'Personal scanners'],
    ['/scanners/workgroup', '/api/scanners/desktop-workgroup', 'Desktop workgroup scanners'],
    ['/scanners/desktop-workgroup', '/api/scanners/desktop-workgroup', 'Desktop workgroup scanners'],
    ['/scanners/departmental', '/api/scanners/departmental', 'Departmental scanners'],
    ['/scanners/production', '/api/scanners/production', 'Production scanners'],
    ['/finishers', '/api/products/category/finishers', 'Finishers'],
    ['/finishers/stapling', '/api/products/category/finishers/stapling', 'Stapling finishers'],
    ['/finishers/booklet', '/api/products/category/finishers/booklet', 'Booklet finishers'],
    ['/finishers/punch', '/api/products/category/finishers/punch', 'Hole punch units'],
    ['/finishers/folding', '/api/products/category/finishers/folding', 'Folding units'],
    ['/finishers/inner', '/api/products/category/finishers/inner', 'Inner finishers'],
    ['/photocopiers', '/api/printers/multifunctionals', 'Photocopiers for business'],
    ['/commercial-printers', '/api/printers/productionprinters', 'Commercial printers'],
  ])('%s lists %s', async (path, endpoint, heading) => {
    const api = fakeApi((url) => listAnswer(makeProducts(1), url));
    renderCatalogue(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(api.requests).toEqual([`${endpoint}?limit=12&offset=0`]);
  });

  it('/office-printers lists multifunctionals sorted on colour', async () => {
    const api = fakeApi((url) => listAnswer(makeProducts(1), url));
    renderCatalogue('/office-printers');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(api.requests).toEqual(['/api/printers/multifunctionals?limit=12&offset=0&sort=colour']);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('colour');
  });

  it('a colour sub-category has no colour filter; scanners have a scan-speed filter up to 500', async () => {
    fakeApi((url) => listAnswer(makeProducts(1), url));
    const first = renderCatalogue('/printers/multifunctionals/a3-colour');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.queryByRole('group', { name: 'Colour or mono' })).toBeNull();
    first.unmount();
    renderCatalogue('/scanners/production');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByRole('group', { name: 'Scan speed (pages per minute)' })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'To' })).toHaveAttribute('max', '500');
  });

  it('every finisher category has its own page, linked from the others', () => {
    const related = (path: string) => {
      fakeApi((url) => listAnswer([], url));
      const page = renderCatalogue(path);
      const links = within(screen.getByRole('navigation', { name: 'Related lists' }))
        .getAllByRole('link')
        .map((a) => a.getAttribute('href'));
      page.unmount();
      return links;
    };
    expect(related('/finishers')).toEqual(FINISHER_CATEGORIES.map((c) => `/finishers/${c}`));
    expect(related('/finishers/booklet')).toEqual([
      '/finishers',
      ...FINISHER_CATEGORIES.filter((c) => c !== 'booklet').map((c) => `/finishers/${c}`),
    ]);
  });

  it('/finishers/{category} asks the server for that category, which counts it, and "Load more" pages it', async () => {
    const user = userEvent.setup();
    const booklets = makeProducts(30, 0, {
      productCategory: 'finisher',
      productSpecification: 'booklet',
      colourPrinting: null,
      paperSize: null,
    });
    const api = fakeApi((url) =>
      url.pathname === '/api/products/category/finishers/booklet' ? listAnswer(booklets, url) : { status: 404, body: {} },
    );
    const site = renderCatalogue('/finishers/booklet');
    expect(await screen.findByRole('heading', { level: 1, name: 'Booklet finishers' })).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(screen.getByTestId('result-count')).toHaveTextContent('Showing 12 of 30 finishers');
    expect(api.requests).toEqual(['/api/products/category/finishers/booklet?limit=12&offset=0']);
    await user.click(screen.getByRole('button', { name: 'Load more finishers' }));
    await waitFor(() => expect(cards()).toHaveLength(24));
    expect(api.requests[1]).toBe('/api/products/category/finishers/booklet?limit=12&offset=12');
    expect(site.location().state).toEqual({ listPages: 2 });
    await user.click(screen.getByRole('button', { name: 'Load more finishers' }));
    await waitFor(() => expect(cards()).toHaveLength(30));
    expect(api.requests).toEqual([
      '/api/products/category/finishers/booklet?limit=12&offset=0',
      '/api/products/category/finishers/booklet?limit=12&offset=12',
      '/api/products/category/finishers/booklet?limit=12&offset=24',
    ]);
    expect(screen.getByTestId('result-count')).toHaveTextContent('Showing 30 of 30 finishers');
    expect(screen.queryByRole('button', { name: /Load more/ })).toBeNull();
  });

  it('a finisher category of more than 48 loaded five pages deep comes back in two requests; its brand filter goes to the server', async () => {
    const user = userEvent.setup();
    const staplers = [
      ...makeProducts(50, 0, { productCategory: 'finisher', productSpecification: 'stapling' }),
      ...makeProducts(10, 100, { brand: 'Ricoh', productCategory: 'finisher', productSpecification: 'stapling' }),
    ];
    const api = fakeApi((url) => {
      const brand = url.searchParams.get('brand');
      return listAnswer(brand ? staplers.filter((p) => p.brand === brand) : staplers, url, FACETS);
    });
    renderCatalogue({ pathname: '/finishers/stapling', state: { listPages: 5 } });
    await waitFor(() => expect(cards()).toHaveLength(60));
    expect(api.requests).toEqual([
      '/api/products/category/finishers/stapling?limit=48&offset=0',
      '/api/products/category/finishers/stapling?limit=12&offset=48',
    ]);
    expect(screen.getByTestId('result-count')).toHaveTextContent('Showing 60 of 60 finishers');
    const filters = screen.getByRole('form', { name: 'Filter finishers' });
    await user.click(within(within(filters).getByRole('group', { name: 'Brand' })).getByRole('checkbox', { name: /Ricoh/ }));
    await waitFor(() => expect(cards()).toHaveLength(10));
    expect(api.requests.at(-1)).toBe('/api/products/category/finishers/stapling?limit=12&offset=0&brand=Ricoh');
  });

  it.each([
    '/printers/laser',
    '/printers/multifunctionals/a5-pink',
    '/printers/plotters/a3-colour',
    '/scanners/flatbed',
    '/finishers/glue',
    '/printers/multifunctionals/canon/x/extra',
  ])('%s is Not Found, without asking the API', async (path) => {
    const api = fakeApi(() => ({ body: {} }));
    renderCatalogue(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(api.requests).toEqual([]);
  });

  it('cards link to product pages and add to the shared basket', async () => {
    const user = userEvent.setup();
    fakeApi((url) => listAnswer([makeProduct(1, { model: 'C5840i' })], url));
    renderCatalogue('/printers/multifunctionals');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Canon C5840i' })).toHaveAttribute('href', '/printers/multifunctionals/canon/c5840i');
    await user.click(screen.getByRole('button', { name: 'Add to basket' }));
    expect(basketStore.count).toBe(1);
  });
});
