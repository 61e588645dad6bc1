import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { basketStore, uiStore } from '@copytech/shared';
import { fakeApi, makeProduct, makeProducts, renderCatalogue, type FakeAnswer } from '../testing/catalogueTestKit';

const C5840I = makeProduct(0, { model: 'imageRUNNER ADVANCE DX C5840i' });
const C5840I_ID = 'canonimagerunneradvancedxc5840i';

let errors: jest.SpyInstance;
beforeEach(() => {
  act(() => {
    basketStore.clear();
    uiStore.closeDrawer();
  });
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

function api(product: unknown, similar: unknown[] = []) {
  return fakeApi((url): FakeAnswer => {
    if (url.pathname === '/api/printers/similiar') return { body: { results: similar } };
    if (url.pathname.startsWith('/api/v3/products/') || url.pathname.startsWith('/api/scanners/getsinglescanner/')) {
      return product instanceof Error
        ? product
        : product
          ? { body: product }
          : { status: 404, body: { statusCode: 404, message: 'Product not found.' } };
    }
    return { status: 404, body: {} };
  });
}

async function expectNotFound() {
  expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  expect(screen.queryByTestId('product-page')).toBeNull();
}

describe('printer product page', () => {
  it('loads the product by the modelId of its URL and shows it all', async () => {
    const user = userEvent.setup();
    const fake = api(C5840I, makeProducts(3, 10));
    renderCatalogue('/printers/multifunctionals/canon/imagerunner-advance-dx-c5840i');
    expect(await screen.findByTestId('product-page-loading')).toBeInTheDocument();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Canon imageRUNNER ADVANCE DX C5840i' });
    expect(heading).toBeInTheDocument();
    expect(fake.requests[0]).toBe(`/api/v3/products/${C5840I_ID}`);

    const page = screen.getByTestId('product-page');
    expect(page).toHaveTextContent('Starting at £6,900.00 ex VAT');
    expect(await within(page).findByText(/or rent from/)).toHaveTextContent('or rent from £138.00 per month');
    expect(page).toHaveTextContent(
      'Ex VAT, on a 60-month lease billed quarterly (£414.00 a quarter plus VAT). Terms of 36 or 48 months are quoted on request. ' +
        'It covers the machine, financed over the term, delivery, installation, network set-up and a handover for your team: ' +
        'toner, parts and servicing are charged per page printed, under a separate service agreement.',
    );
    const features = screen.getByRole('table', { name: /Features of/ });
    expect(within(features).getByRole('rowheader', { name: 'Technology' })).toBeInTheDocument();
    expect(within(features).getByRole('cell', { name: 'Laser' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Multifunctionals' })).toHaveAttribute('href', '/printers/multifunctionals');

    // Title, description, canonical URL (docs/product-rules.md "Product titles and descriptions")
    expect(document.title).toBe('Canon imageRUNNER ADVANCE DX C5840i Colour A3 Multifunctional Printer - Copytech');
    expect(document.querySelector('meta[name="description"]')!.getAttribute('content')).toMatch(
      /starting at £6,900\.00 ex VAT, or rent from £138\.00 per month on a 60-month lease/,
    );
    expect(document.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'http://localhost/printers/multifunctionals/canon/imagerunner-advance-dx-c5840i',
    );

    // schema.org Product with an Offer in GBP
    const jsonLd = JSON.parse(page.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(jsonLd).toMatchObject({
      '@type': 'Product',
      name: 'Canon imageRUNNER ADVANCE DX C5840i',
      brand: { '@type': 'Brand', name: 'Canon' },
      offers: {
        '@type': 'Offer',
        price: '6900.00',
        priceCurrency: 'GBP',
        availability: 'https://schema.org/InStock',
        priceSpecification: { '@type': 'UnitPriceSpecification', price: '6900.00', priceCurrency: 'GBP', valueAddedTaxIncluded: false },
      },
    });

    // Similar products, as cards
    const similar = await screen.findByRole('region', { name: 'Similar products' });
    expect(within(similar).getAllByTestId('product-card')).toHaveLength(3);
    expect(fake.requests).toContain(`/api/printers/similiar?id=${C5840I_ID}`);

    // Add to basket, then Instant quote through the shared store
    await user.click(within(page).getAllByRole('button', { name: 'Add to basket' })[0]!);
    expect(basketStore.has(C5840I_ID)).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Instant quote' }));
    expect(basketStore.instantItem?.modelId).toBe(C5840I_ID);
    expect(uiStore.drawer).toBe('instant-quote');
  });

  it('shows a production-spec MFP on the production path', async () => {
    api(makeProduct(1, { model: 'imagePRESS Lite C270', productSpecification: 'light-production' }));
    renderCatalogue('/printers/production/canon/imagepress-lite-c270');
    expect(await screen.findByRole('heading', { level: 1, name: 'Canon imagePRESS Lite C270' })).toBeInTheDocument();
  });

  it('a category not allowed for the type is Not Found, with the mismatch logged', async () => {
    api(C5840I);
    renderCatalogue('/printers/plotters/canon/imagerunner-advance-dx-c5840i');
    await expectNotFound();
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('Product type mismatch: multifunctional-printer not in plotter'));
  });

  it('a production-spec MFP under /printers/multifunctionals is a mismatch', async () => {
    api(makeProduct(1, { model: 'imagePRESS Lite C270', productSpecification: 'light-production' }));
    renderCatalogue('/printers/multifunctionals/canon/imagepress-lite-c270');
    await expectNotFound();
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('Product type mismatch'));
  });

  it('an inactive product is Not Found, with "Product is not active" logged', async () => {
    api({ ...C5840I, isActive: 0 });
    renderCatalogue('/printers/multifunctionals/canon/imagerunner-advance-dx-c5840i');
    await expectNotFound();
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('Product is not active'));
  });

  it('a product the API does not know (404) is Not Found', async () => {
    api(null);
    renderCatalogue('/printers/multifunctionals/canon/no-such-model');
    await expectNotFound();
  });

  it('a product that fails to load (network) is Not Found', async () => {
    api(new TypeError('Failed to fetch'));
    renderCatalogue('/printers/multifunctionals/canon/imagerunner-advance-dx-c5840i');
    await expectNotFound();
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('could not be loaded'));
  });

  it('an unknown printer type is Not Found without asking the API', async () => {
    const fake = api(C5840I);
    renderCatalogue('/printers/copiers/canon/imagerunner-advance-dx-c5840i');
    await expectNotFound();
    expect(fake.requests).toEqual([]);
  });

  it('the gallery shows x540, thumbnails for several images, and x810 in the enlarged view', async () => {
    const user = userEvent.setup();
    api({ ...C5840I, images: [{ filename: 'front.png' }, { filename: 'side.png' }] });
    renderCatalogue('/printers/multifunctionals/canon/imagerunner-advance-dx-c5840i');
    const main = await screen.findByRole('img', { name: 'Canon imageRUNNER ADVANCE DX C5840i, image 1 of 2' });
    expect(main).toHaveAttribute('src', '/assets/x540/canon/imagerunner-advance-dx-c5840i/front.png');
    expect(main).toHaveAttribute('height', '540');
    await user.click(screen.getByRole('button', { name: 'Show image 2 of 2' }));
    expect(screen.getByRole('button', { name: 'Show image 2 of 2' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('img', { name: 'Canon imageRUNNER ADVANCE DX C5840i, image 2 of 2' })).toHaveAttribute(
      'src',
      '/assets/x540/canon/imagerunner-advance-dx-c5840i/side.png',
    );
    // Enlarging opens the site's modal (the shell hosts it) with the x810 image of the one shown.
    await user.click(screen.getByRole('button', { name: 'Enlarge image' }));
    expect(uiStore.modal).toEqual({
      title: 'Canon imageRUNNER ADVANCE DX C5840i, enlarged image',
      contentId: 'image',
      data: { src: '/assets/x810/canon/imagerunner-advance-dx-c5840i/side.png', alt: 'Canon imageRUNNER ADVANCE DX C5840i, image 2 of 2' },
    });
    uiStore.closeModal();
  });
});

describe('scanner product pages', () => {
  const scanner = makeProduct(0, {
    brand: 'Fujitsu',
    model: 'fi-8170',
    productCategory: 'desktop-workgroup-scanners',
    productSpecification: 'desktop-workgroup',
    colourPrinting: null,
    paperSize: 'A4',
    productAttributes: { scanSpeedPpm: 70, printSpeedPpm: null, maxPaperSize: 'A4', isColour: null },
  });

  it('/scanners/{brand}/{model} loads the single scanner', async () => {
    const fake = api(scanner);
    renderCatalogue('/scanners/fujitsu/fi-8170');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fujitsu fi-8170' })).toBeInTheDocument();
    expect(fake.requests[0]).toBe('/api/scanners/getsinglescanner/fujitsufi8170');
    expect(document.title).toBe('Fujitsu fi-8170 A4 Desktop Workgroup Scanner - Copytech');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Desktop workgroup scanners');
  });

  it('/scanners/production/{brand}/{model} shows a production scanner', async () => {
    api({ ...scanner, brand: 'Kodak Alaris', model: 'S3100', productCategory: 'production-scanners' });
    renderCatalogue('/scanners/production/kodak-alaris/s3100');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kodak Alaris S3100' })).toBeInTheDocument();
  });

  it('a product that is not a scanner is Not Found', async () => {
    api(C5840I);
    renderCatalogue('/scanners/canon/imagerunner-advance-dx-c5840i');
    await expectNotFound();
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('Product type mismatch: multifunctional-printer not in'));
  });

  it('an inactive scanner is Not Found', async () => {
    api({ ...scanner, isActive: 0 });
    renderCatalogue('/scanners/fujitsu/fi-8170');
    await expectNotFound();
  });

  it('an unknown scanner type is Not Found', async () => {
    const fake = api(scanner);
    renderCatalogue('/scanners/flatbed/fujitsu/fi-8170');
    await expectNotFound();
    expect(fake.requests).toEqual([]);
  });
});

describe('finisher product page', () => {
  const finisher = makeProduct(0, {
    model: 'Booklet Finisher-AC1',
    productCategory: 'finisher',
    productSpecification: 'booklet',
    colourPrinting: null,
    paperSize: null,
    productAttributes: null,
  });

  it('/finishers/{brand}/{model} shows a finisher', async () => {
    const fake = api(finisher);
    renderCatalogue('/finishers/canon/booklet-finisher-ac1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Canon Booklet Finisher-AC1' })).toBeInTheDocument();
    expect(fake.requests[0]).toBe('/api/v3/products/canonbookletfinisherac1');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Booklet finishers');
  });

  it('a printer at a finisher URL is Not Found', async () => {
    api(C5840I);
    renderCatalogue('/finishers/canon/imagerunner-advance-dx-c5840i');
    await expectNotFound();
  });
});
