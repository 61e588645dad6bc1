import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { basketStore, uiStore } from '@copytech/shared';
import { type Product } from '@copytech/shared/domain';
import { fakeApi, makeProduct, makeProducts } from '../testing/catalogueTestKit';
import { ProductCard } from './ProductCard';

function renderCard(product: Product) {
  return render(
    <MemoryRouter>
      <ProductCard product={product} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  act(() => {
    basketStore.clear();
    uiStore.closeDrawer();
  });
});

describe('ProductCard', () => {
  it('shows brand and model linking to the product page, key facts, price and rental per month', async () => {
    fakeApi(() => ({ status: 404, body: {} }));
    const product = makeProduct(40, { model: 'imageRUNNER ADVANCE DX C5840i' });
    renderCard(product);
    const card = screen.getByRole('article', { name: 'Canon imageRUNNER ADVANCE DX C5840i' });
    const link = within(card).getByRole('link', { name: 'Canon imageRUNNER ADVANCE DX C5840i' });
    expect(link).toHaveAttribute('href', '/printers/multifunctionals/canon/imagerunner-advance-dx-c5840i');
    const facts = within(card).getByRole('list', { name: 'Key facts' });
    expect(
      within(facts)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['40 ppm', 'Up to SRA3', 'Colour']);
    expect(card).toHaveTextContent('Starting at £6,900.00 ex VAT');
    expect(await within(card).findByText(/or rent from/)).toHaveTextContent('or rent from £138.00 per month (ex VAT, 60-month lease)');
    // The card keeps it short: the quarterly billing and what the payment covers are on the product page.
    expect(card).not.toHaveTextContent('quarter');
  });

  // docs/product-rules.md "Prices and monthly rental": a machine under the lease minimum is sold outright only.
  it('shows a machine under the lease minimum with its purchase price only', async () => {
    fakeApi(() => ({ status: 404, body: {} }));
    renderCard(makeProduct(2, { model: 'ADS-1800W', price: { startingFrom: 18000, '60MonthLeasePrice': 1068 } }));
    const card = screen.getByRole('article', { name: /ADS-1800W/ });
    expect(card).toHaveTextContent('Starting at £180.00 ex VAT');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(card).not.toHaveTextContent(/rent|lease|per month/);
  });

  it('links a production-spec MFP to the production path and says mono for a mono machine', () => {
    renderCard(
      makeProduct(1, {
        model: 'imagePRESS Lite C270',
        productSpecification: 'light-production',
        colourPrinting: 'mono',
        productAttributes: { printSpeedPpm: 70, isColour: false },
      }),
    );
    expect(screen.getByRole('link', { name: /imagePRESS Lite C270/ })).toHaveAttribute(
      'href',
      '/printers/production/canon/imagepress-lite-c270',
    );
    expect(screen.getByRole('list', { name: 'Key facts' })).toHaveTextContent('Mono');
  });

  it('shows the x270 image with its size, and the placeholder when the image fails', () => {
    const { container } = renderCard(makeProduct(1, { model: 'C5840i' }));
    const image = container.querySelector('img')!;
    expect(image).toHaveAttribute('src', '/assets/x270/canon/c5840i/front.png');
    expect(image).toHaveAttribute('width', '270');
    expect(image).toHaveAttribute('height', '270');
    expect(image).toHaveAttribute('loading', 'lazy');
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', '/assets/x270/placeholder.png');
  });

  // Without JavaScript the stylesheet shows this link in place of Add to basket (ProductCard.module.css).
  it("offers the machine's server-rendered instant quote as a link, described by the card's name", () => {
    const product = makeProduct(40, { model: 'imageRUNNER ADVANCE DX C5840i' });
    renderCard(product);
    const card = screen.getByRole('article', { name: 'Canon imageRUNNER ADVANCE DX C5840i' });
    const quote = within(card).getByRole('link', { name: 'Instant quote' });
    expect(quote).toHaveAttribute('href', `/instant-quote/${product.modelId}`);
    expect(quote).toHaveAccessibleDescription('Canon imageRUNNER ADVANCE DX C5840i');
  });

  it('with missing data: no link (#) and the placeholder image; no price becomes "Price on request"', () => {
    const { container } = renderCard(makeProduct(1, { brand: 'Canon', model: 'X1', productCategory: '', images: null, price: null }));
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector('img')).toHaveAttribute('src', '/assets/x270/placeholder.png');
    expect(screen.getByText('Price on request')).toBeInTheDocument();
  });

  it('adds to the shared basket, then says why it is disabled and moves focus to "View basket"', async () => {
    const user = userEvent.setup();
    const product = makeProduct(1);
    renderCard(product);
    const button = screen.getByRole('button', { name: 'Add to basket' });
    expect(button).toBeEnabled();
    await user.click(button);
    expect(basketStore.has(product.modelId)).toBe(true);
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/In your basket/);
    expect(screen.getByText('In your basket', { exact: false })).toBeVisible();
    const view = screen.getByRole('button', { name: 'View basket' });
    expect(view).toHaveFocus();
    await user.click(view);
    expect(uiStore.drawer).toBe('basket');
  });

  it('is disabled with "Basket full (5 max)" when the basket holds five others', () => {
    act(() => {
      for (const p of makeProducts(5, 100)) basketStore.add(p);
    });
    renderCard(makeProduct(1));
    const button = screen.getByRole('button', { name: 'Add to basket' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Basket full (5 max)');
    expect(screen.getByText('Basket full (5 max)')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'View basket' })).toBeNull();
  });

  it('follows the basket as it changes elsewhere (another card, the drawer)', () => {
    const product = makeProduct(1);
    renderCard(product);
    act(() => {
      basketStore.add(product);
    });
    expect(screen.getByRole('button', { name: 'Add to basket' })).toBeDisabled();
    act(() => basketStore.remove(product.modelId));
    expect(screen.getByRole('button', { name: 'Add to basket' })).toBeEnabled();
    expect(screen.queryByText(/In your basket/)).toBeNull();
  });
});
