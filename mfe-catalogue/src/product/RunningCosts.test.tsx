/**
 * Running costs on the product page (docs/product-rules.md "Running costs"): the machine's own
 * prices per page next to the rental, the monthly estimate from the class's default volumes (or
 * the query's), following what is typed, the page-billing terms and the checker link.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pageBillingTerms } from '@copytech/shared/domain';
import { TEST_TERMS } from '@copytech/shared/testing';
import { fakeApi, makeProduct, renderCatalogue, type FakeAnswer } from '../testing/catalogueTestKit';

const COLOUR_A3 = makeProduct(0, {
  model: 'imageRUNNER ADVANCE DX C5840i',
  price: { startingFrom: 690000, '60MonthLeasePrice': 41400, servicePerPage: { mono: 0.52, colour: 4 } },
});
const COLOUR_A3_PATH = '/printers/multifunctionals/canon/imagerunner-advance-dx-c5840i';
// A mono A4 printer below the lease minimum: sold outright only.
const MONO_A4 = makeProduct(1, {
  brand: 'Brother',
  model: 'HL-L5210DN',
  productCategory: 'office-printer',
  colourPrinting: 'mono',
  paperSize: 'A4',
  price: { startingFrom: 39900, '60MonthLeasePrice': null, servicePerPage: { mono: 0.9, colour: null } },
});
const SCANNER = makeProduct(2, {
  brand: 'Fujitsu',
  model: 'fi-8170',
  productCategory: 'desktop-workgroup-scanners',
  productSpecification: null,
  price: { startingFrom: 120000, '60MonthLeasePrice': 7200 },
});

function api(product: unknown) {
  return fakeApi((url): FakeAnswer => {
    if (url.pathname === '/api/printers/similiar') return { body: { results: [] } };
    if (url.pathname.startsWith('/api/v3/products/') || url.pathname.startsWith('/api/scanners/getsinglescanner/')) {
      return { body: product };
    }
    return { status: 404, body: {} };
  });
}

describe('running costs on a product page', () => {
  it('shows the prices per page, the defaults figure, the terms and the checker link; the figure follows the volumes', async () => {
    const user = userEvent.setup();
    api(COLOUR_A3);
    renderCatalogue(COLOUR_A3_PATH);
    expect(await screen.findByTestId('service-prices')).toHaveTextContent(
      'Service: 0.52p a mono page and 4p a colour page (A4, ex VAT). See what it costs a month',
    );
    const section = await screen.findByRole('region', { name: 'What it costs a month' });
    const figure = within(section).getByTestId('running-cost-figure');
    // Read out only once the visitor changes a volume and pauses, not on load nor per keystroke.
    const announcement = within(section).getByTestId('running-cost-announcement');
    expect(announcement).toHaveAttribute('aria-live', 'polite');
    expect(announcement).toHaveTextContent(/^$/);
    // Office A3: 3,000 mono and 1,000 colour; £138 rental + 3,000 x 0.52p + 1,000 x 4p = £138 + £15.60 + £40.
    expect(figure).toHaveTextContent('£138.00 rental + £55.60 pages = £193.60 a month, ex VAT');
    const mono = within(section).getByRole('textbox', { name: 'Mono pages a month' });
    const colour = within(section).getByRole('textbox', { name: 'Colour pages a month' });
    expect(mono).toHaveValue('3000');
    expect(mono).toHaveAccessibleDescription('0 to 2,000,000');
    expect(colour).toHaveValue('1000');

    await user.clear(mono);
    await user.type(mono, '10,000');
    await user.clear(colour);
    await user.type(colour, '2500');
    // 10,000 x 0.52p = £52, 2,500 x 4p = £100.
    expect(figure).toHaveTextContent('£138.00 rental + £152.00 pages = £290.00 a month, ex VAT');
    expect(within(section).getByRole('table')).toHaveTextContent('Pages: 10,000 mono at 0.52p and 2,500 colour at 4p£152.00');
    // Said once the typing pauses: the figure reached.
    await waitFor(() => expect(announcement).toHaveTextContent('£138.00 rental + £152.00 pages = £290.00 a month, ex VAT'), {
      timeout: 2000,
    });

    // Nothing printed: the minimum charge, £45 a quarter, is £15 a month.
    await user.clear(mono);
    await user.clear(colour);
    expect(figure).toHaveTextContent('£138.00 rental + £15.00 minimum service charge = £153.00 a month, ex VAT');

    for (const sentence of pageBillingTerms(TEST_TERMS)) expect(section).toHaveTextContent(sentence);
    expect(within(section).getByRole('link', { name: 'Check against what you pay now' })).toHaveAttribute(
      'href',
      '/discover-print-savings?machine=canonimagerunneradvancedxc5840i',
    );
  });

  it('writes the volumes typed to the address, where the instant quote opened from the page reads them', async () => {
    const user = userEvent.setup();
    api(COLOUR_A3);
    window.history.replaceState(null, '', '/');
    renderCatalogue(COLOUR_A3_PATH);
    const section = await screen.findByRole('region', { name: 'What it costs a month' });
    // Nothing is written until the visitor types.
    expect(window.location.search).toBe('');
    const mono = within(section).getByRole('textbox', { name: 'Mono pages a month' });
    await user.clear(mono);
    await user.type(mono, '8,000');
    const colour = within(section).getByRole('textbox', { name: 'Colour pages a month' });
    await user.clear(colour);
    await user.type(colour, '2000');
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('colour')).toBe('2000'));
    expect(new URLSearchParams(window.location.search).get('mono')).toBe('8000');
    window.history.replaceState(null, '', '/');
  });

  it('opens at the volumes of the query (the form sent without JavaScript), bounded', async () => {
    api(COLOUR_A3);
    renderCatalogue({ pathname: COLOUR_A3_PATH, search: '?mono=5000&colour=99999999' });
    const figure = await screen.findByTestId('running-cost-figure');
    // 5,000 x 0.52p = £26; colour held to 2,000,000 x 4p = £80,000.
    expect(figure).toHaveTextContent('£138.00 rental + £80,026.00 pages = £80,164.00 a month, ex VAT');
    expect(screen.getByRole('textbox', { name: 'Colour pages a month' })).toHaveValue('2000000');
  });

  it('a mono machine sold outright: mono pages only, all its class prints, and the machine on top', async () => {
    api(MONO_A4);
    renderCatalogue('/printers/print-only/brother/hl-l5210dn');
    const section = await screen.findByRole('region', { name: 'What it costs a month' });
    expect(screen.getByTestId('service-prices')).toHaveTextContent('Service: 0.9p a mono page (A4, ex VAT).');
    expect(within(section).queryByRole('textbox', { name: 'Colour pages a month' })).toBeNull();
    expect(within(section).getByRole('textbox', { name: 'Mono pages a month' })).toHaveValue('1250');
    // 1,250 x 0.9p = £11.25, below the £15 a month minimum.
    expect(within(section).getByTestId('running-cost-figure')).toHaveTextContent(
      '£15.00 minimum service charge a month, ex VAT (the machine bought outright)',
    );
    expect(section).toHaveTextContent('The machine is bought outright at £399.00 ex VAT, on top of its pages.');
    expect(section).not.toHaveTextContent(/from \d/);
  });

  it('a scanner prints nothing: no prices per page and no estimate', async () => {
    api(SCANNER);
    renderCatalogue('/scanners/fujitsu/fi-8170');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fujitsu fi-8170' })).toBeInTheDocument();
    expect(screen.queryByTestId('service-prices')).toBeNull();
    expect(screen.queryByRole('region', { name: 'What it costs a month' })).toBeNull();
  });
});
