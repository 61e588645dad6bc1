/**
 * The checker opened for one machine (docs/product-rules.md "The checker for one machine"): with
 * the page's data (as the server renders it) the page says what it compares with, the store's
 * results are priced with the machine, and a machine that cannot be used is said to be so.
 */
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PageDataProvider, type PageData } from '@copytech/shared';
import { API_PATHS, TERMS_URL, calculateSavings, checkerMachineOf, defaultSavingsAnswers, type Product } from '@copytech/shared/domain';
import { TEST_TERMS } from '@copytech/shared/testing';
import { SavingsCheckerStore } from '../checker/SavingsCheckerStore';
import { CheckerPage } from '../CheckerPage';
import { quoteEnquiryMessage } from '../results/summary';

jest.mock('../wizard/HumanCheck', () => ({ HumanCheck: () => <p>human check (test)</p> }));

const C5840I: Product = {
  modelId: 'canonimagerunneradvancedxc5840i',
  brand: 'Canon',
  model: 'imageRUNNER ADVANCE DX C5840i',
  productCategory: 'multifunctional-printer',
  productSpecification: 'office',
  colourPrinting: 'colour',
  paperSize: 'A3',
  isActive: 1,
  price: { startingFrom: 690000, '60MonthLeasePrice': 41400, servicePerPage: { mono: 0.52, colour: 4 } },
};

function pageData(answers: Record<string, { ok: true; value: unknown } | { ok: false; status: number }>): PageData {
  return { read: (url) => answers[url] };
}

const stores: SavingsCheckerStore[] = [];
afterEach(() => stores.splice(0).forEach((store) => store.dispose()));

function renderAt(url: string, data: PageData) {
  const store = new SavingsCheckerStore(null);
  stores.push(store);
  render(
    <PageDataProvider data={data}>
      <MemoryRouter initialEntries={[url]}>
        <CheckerPage store={store} />
      </MemoryRouter>
    </PageDataProvider>,
  );
  return store;
}

describe('the checker for one machine', () => {
  it('says what it compares with, links back, and prices the results with the machine', async () => {
    const store = renderAt(
      '/discover-print-savings?machine=canonimagerunneradvancedxc5840i',
      pageData({ [TERMS_URL]: { ok: true, value: TEST_TERMS }, [API_PATHS.product(C5840I.modelId)]: { ok: true, value: C5840I } }),
    );
    await act(async () => undefined);
    expect(screen.getByTestId('checker-machine')).toHaveTextContent(
      'Compared with: Canon imageRUNNER ADVANCE DX C5840i, rental £138.00 a month and 0.52p / 4p a page (A4, ex VAT)',
    );
    expect(screen.getByRole('link', { name: 'Back to the Canon imageRUNNER ADVANCE DX C5840i' })).toHaveAttribute(
      'href',
      '/printers/multifunctionals/canon/imagerunner-advance-dx-c5840i',
    );
    expect(screen.getByRole('link', { name: 'Compare with a machine that fits what you print instead' })).toHaveAttribute(
      'href',
      '/discover-print-savings',
    );
    expect(screen.getByText(/is charged per page at its own prices, 0\.52p a mono page and 4p a colour page/)).toBeInTheDocument();
    expect(screen.getByTestId('page-billing-terms')).toHaveTextContent('An A3 page counts as two A4 pages');
    expect(store.machine?.modelId).toBe('canonimagerunneradvancedxc5840i');
    expect(store.terms).toBe(TEST_TERMS);
  });

  it('says the "from" prices are used for a machine that is no longer offered, and without a machine words them as "from"', async () => {
    const store = renderAt(
      '/discover-print-savings?machine=canonimagerunneradvancedxc5840i',
      pageData({
        [TERMS_URL]: { ok: true, value: TEST_TERMS },
        [API_PATHS.product(C5840I.modelId)]: { ok: true, value: { ...C5840I, isActive: 0 } },
      }),
    );
    await act(async () => undefined);
    expect(screen.getByTestId('checker-machine')).toHaveTextContent(
      'That machine is no longer offered, so the figures use a machine that fits what you print.',
    );
    expect(store.machine).toBeNull();
    expect(store.terms).toBe(TEST_TERMS);
    expect(screen.getByText(/Copytech charges per page, from 0\.39p a mono page and from 3\.3p a colour page/)).toBeInTheDocument();
  });

  it('says an unknown machine is not found', async () => {
    renderAt(
      '/discover-print-savings?machine=nosuchmachine',
      pageData({ [TERMS_URL]: { ok: true, value: TEST_TERMS }, [API_PATHS.product('nosuchmachine')]: { ok: false, status: 404 } }),
    );
    await act(async () => undefined);
    expect(screen.getByTestId('checker-machine')).toHaveTextContent('We could not find that machine');
  });
});

it('names the machine in the quote enquiry sent from the results, and nothing of the kind without one', () => {
  const answers = {
    ...defaultSavingsAnswers(),
    entryMode: 'bill' as const,
    bill: { ...defaultSavingsAnswers().bill, cost: 90_000, pages: 12_000 },
  };
  const machine = checkerMachineOf(C5840I, TEST_TERMS).machine;
  const withMachine = quoteEnquiryMessage(calculateSavings(answers, TEST_TERMS, machine), answers, { postcode: 'le19 1wx' });
  expect(withMachine).toContain(
    'Compared with: Canon imageRUNNER ADVANCE DX C5840i, rental £138.00 a month and 0.52p / 4p a page (A4, ex VAT).',
  );
  expect(quoteEnquiryMessage(calculateSavings(answers, TEST_TERMS), answers, { postcode: 'le19 1wx' })).not.toContain('Compared with');
});
