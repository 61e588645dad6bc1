import { screen, waitFor, within } from '@testing-library/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { fakeApi, makeProducts, type FakeAnswer } from '../testing/catalogueTestKit';
import FeaturedProducts from './FeaturedProducts';

function renderFeatured(props: { heading?: string; limit?: number } = {}) {
  return render(
    <MemoryRouter>
      <FeaturedProducts {...props} />
    </MemoryRouter>,
  );
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('FeaturedProducts', () => {
  it('holds the space with skeletons, then shows the featured printers as cards under its heading', async () => {
    const api = fakeApi((url) => ({ body: { results: makeProducts(Number(url.searchParams.get('limit'))) } }));
    renderFeatured({ heading: 'Popular with UK offices', limit: 3 });
    const section = screen.getByRole('region', { name: 'Popular with UK offices' });
    expect(within(section).getAllByTestId('product-card-skeleton')).toHaveLength(3);
    await waitFor(() => expect(within(section).getAllByTestId('product-card')).toHaveLength(3));
    expect(within(section).getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(api.requests).toEqual(['/api/featured-printers?limit=3&offset=0']);
  });

  it('a failure offers Retry, which loads again', async () => {
    const user = userEvent.setup();
    let fail = true;
    const api = fakeApi((): FakeAnswer => (fail ? { status: 503, body: {} } : { body: { results: makeProducts(4) } }));
    renderFeatured();
    const alert = await screen.findByRole('alert');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(4));
    expect(screen.getByRole('heading', { level: 2, name: 'Featured printers' })).toBeInTheDocument();
    expect(api.requests).toHaveLength(2);
  });

  it('renders nothing when there are no featured printers', async () => {
    const api = fakeApi(() => ({ body: { results: [] } }));
    const { container } = renderFeatured();
    await waitFor(() => expect(api.requests).toHaveLength(1));
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });

  it('keeps the limit within what the API accepts', async () => {
    const api = fakeApi(() => ({ body: { results: [] } }));
    renderFeatured({ limit: 500 });
    await waitFor(() => expect(api.requests).toEqual(['/api/featured-printers?limit=48&offset=0']));
  });
});
