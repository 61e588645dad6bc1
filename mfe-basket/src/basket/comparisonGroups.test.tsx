/**
 * Like with like (docs/product-rules.md "Comparison"): the basket groups printers, scanners and
 * finishers, each with only the rows that apply to it and its own "Best"; its words follow what is
 * in it; where a group's columns do not fit, it is a card per product.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import BasketDrawer from '../exposed/BasketDrawer';
import { fakeApi, fillBasket, product, renderFragment, resetBasket } from '../testing/harness';
import { countedItems, itemsNoun } from './basketWords';
import { forgetComparisonVolume } from './comparisonVolume';

const printerA = product('Canon', 'imageRUNNER ADVANCE DX C3926i', {
  price: { startingFrom: 310000, '60MonthLeasePrice': 22500, servicePerPage: { mono: 0.6, colour: 4.5 } },
  productAttributes: { printSpeedPpm: 26, scanSpeedPpm: null, maxPaperSize: 'A3', isColour: true },
});
const printerB = product('Ricoh', 'IM C4510', {
  price: { startingFrom: 420000, '60MonthLeasePrice': 27000, servicePerPage: { mono: 0.55, colour: 4.2 } },
  productAttributes: { printSpeedPpm: 45, scanSpeedPpm: null, maxPaperSize: 'A3', isColour: true },
});
const plotter = product('HP', 'DesignJet T650', {
  productCategory: 'plotter',
  productSpecification: 'wide-format',
  paperSize: 'A1',
  price: { startingFrom: 250000, '60MonthLeasePrice': 15000, servicePerPage: { mono: 0.9, colour: 4.1 } },
  productAttributes: { printSpeedPpm: null, scanSpeedPpm: null, maxPaperSize: 'A1', isColour: true },
  productFeatures: [{ featureName: 'Technology', featureValue: 'Inkjet' }],
});
const scanner = product('Epson', 'DS-790WN', {
  productCategory: 'desktop-workgroup-scanners',
  productSpecification: 'desktop-workgroup',
  colourPrinting: null,
  paperSize: 'A4',
  // The cheapest item of all: still no "Best" in a group of one.
  price: { startingFrom: 18000, '60MonthLeasePrice': 3000 },
  productAttributes: { printSpeedPpm: null, scanSpeedPpm: 45, maxPaperSize: 'A4', isColour: null },
  productFeatures: [{ featureName: 'Technology', featureValue: 'Sheet-fed' }],
});
const finisher = product('Ricoh', 'Finisher SR3260', {
  productCategory: 'finisher',
  productSpecification: 'stapling',
  colourPrinting: null,
  paperSize: null,
  price: { startingFrom: 95000, '60MonthLeasePrice': 6000 },
  productAttributes: { printSpeedPpm: null, scanSpeedPpm: null, maxPaperSize: null, isColour: null },
  productFeatures: [
    { featureName: 'Technology', featureValue: 'Mechanical finishing accessory' },
    { featureName: 'Type', featureValue: 'Stapling finisher' },
    { featureName: 'Compatible with', featureValue: 'Ricoh IM series A3 multifunctionals' },
  ],
});
const finisherB = product('Ricoh', 'Booklet Finisher SR3270', {
  ...finisher,
  modelId: 'ricohbookletfinishersr3270',
  model: 'Booklet Finisher SR3270',
  productSpecification: 'booklet',
  price: { startingFrom: 210000, '60MonthLeasePrice': 13000 },
});

beforeEach(() => {
  resetBasket();
  forgetComparisonVolume();
});

async function loaded(container: HTMLElement) {
  await waitFor(() => expect(container.querySelectorAll('[data-kind]').length).toBeGreaterThan(0));
  await waitFor(() => expect(within(container).queryByText('Loading')).not.toBeInTheDocument());
}
const groupOf = (container: HTMLElement, kind: string) => container.querySelector(`[data-kind="${kind}"]`) as HTMLElement;
const rowIds = (group: HTMLElement) => Array.from(group.querySelectorAll('tr[data-row]')).map((tr) => tr.getAttribute('data-row'));
const bestCells = (group: HTMLElement) =>
  Array.from(group.querySelectorAll('[data-best]')).map(
    (cell) => `${cell.closest('[data-row]')!.getAttribute('data-row')}: ${cell.textContent}`,
  );

describe('the basket compares like with like', () => {
  it('groups a printer, a scanner and a finisher, each with its own rows, no "Not known" and no "Best"', async () => {
    fakeApi([printerA, scanner, finisher]);
    fillBasket([finisher, printerA, scanner]);
    const { container } = renderFragment(<BasketDrawer />);
    await loaded(container);

    expect(screen.getByTestId('basket-count')).toHaveTextContent('3 of 5 machines');
    expect(Array.from(container.querySelectorAll('[data-kind]')).map((g) => g.getAttribute('data-kind'))).toEqual([
      'printer',
      'scanner',
      'finisher',
    ]);
    expect(screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual([
      'Printer',
      'Scanner',
      'Finisher',
      'How pages are billed',
    ]);
    expect(rowIds(groupOf(container, 'printer'))).toEqual([
      'printSpeed',
      'paperSize',
      'colour',
      'technology',
      'startingPrice',
      'rentalPerMonth',
      'serviceMono',
      'serviceColour',
      'monthlyEstimate',
      'monthlyEstimateVat',
    ]);
    const printsNothing = ['serviceMono', 'serviceColour'];
    expect(rowIds(groupOf(container, 'scanner'))).toEqual([
      'scanSpeed',
      'documentSize',
      'technology',
      'startingPrice',
      'rentalPerMonth',
      ...printsNothing,
    ]);
    expect(rowIds(groupOf(container, 'finisher'))).toEqual([
      'finishing',
      'compatibleWith',
      'startingPrice',
      'rentalPerMonth',
      ...printsNothing,
    ]);
    expect(groupOf(container, 'scanner').querySelector('[data-row="serviceColour"]')).toHaveTextContent(
      'No page charges: servicing priced separately',
    );
    expect(within(groupOf(container, 'finisher')).getByRole('table')).toHaveTextContent('Ricoh IM series A3 multifunctionals');
    expect(container).not.toHaveTextContent('Not known');
    // Each group has one product: nothing to be best against.
    expect(container.querySelectorAll('[data-best], [data-differs]')).toHaveLength(0);
    expect(groupOf(container, 'scanner')).toHaveTextContent('Add another scanner to compare scanners side by side.');
    expect(screen.getByRole('button', { name: 'Instant quote' }).parentElement).toHaveTextContent('One quote for these 3 machines');
    // The page charges are said to be for the printing machines only, beside a scanner and a finisher.
    expect(container).toHaveTextContent(
      'Page charges are for the machines that print only: a scanner or finisher has none, and its servicing is priced separately.',
    );
  });

  it('never says a basket of machines that print nothing is charged per page printed', async () => {
    fakeApi([scanner, finisher]);
    fillBasket([scanner, finisher]);
    const { container } = renderFragment(<BasketDrawer />);
    await waitFor(() => expect(groupOf(container, 'finisher')).toHaveTextContent('Ricoh IM series A3 multifunctionals'));
    expect(container).not.toHaveTextContent('charged per page printed');
    expect(container).not.toHaveTextContent('How pages are billed');
    expect(container).toHaveTextContent(
      'These machines print nothing, so there are no page charges: their servicing is priced separately.',
    );
    expect(screen.getByTestId('basket-count')).toHaveTextContent('2 of 5 machines');
  });

  it('marks "Best" only within a group, and a plotter\'s speed as not rated, not unknown', async () => {
    fakeApi([printerA, printerB, plotter, scanner, finisher, finisherB]);
    fillBasket([printerA, scanner, finisher, printerB, finisherB]);
    const { container } = renderFragment(<BasketDrawer />);
    await loaded(container);

    expect(screen.getByTestId('basket-count')).toHaveTextContent('5 of 5 machines');
    expect(bestCells(groupOf(container, 'printer'))).toEqual([
      'printSpeed: 45 ppmBest: fastest',
      'startingPrice: £3,100.00Best: lowest',
      'rentalPerMonth: £75.00Best: lowest',
      'serviceMono: 0.55pBest: lowest',
      'serviceColour: 4.2pBest: lowest',
      // At the default 3,000 mono and 1,000 colour pages (office A3): £75 + £18 + £45 against £90 + £16.50 + £42.
      'monthlyEstimate: £138.00Best: lowest',
    ]);
    // The scanner is the cheapest item in the basket, but alone in its group.
    expect(bestCells(groupOf(container, 'scanner'))).toEqual([]);
    // The £950 finisher is under the lease minimum (£1,000): purchase only, so no rental to be best at.
    expect(bestCells(groupOf(container, 'finisher'))).toEqual(['startingPrice: £950.00Best: lowest']);
    expect(groupOf(container, 'finisher').querySelector('[data-row="rentalPerMonth"]')).toHaveTextContent('Purchase only');
    expect(groupOf(container, 'finisher')).toHaveTextContent('Best marks the lowest price among them.');
    expect(groupOf(container, 'printer')).toHaveTextContent('Best marks the fastest speed and the lowest price among them.');

    resetBasket();
    fakeApi([printerA, plotter]);
    fillBasket([printerA, plotter]);
    const second = renderFragment(<BasketDrawer />);
    await loaded(second.container);
    const speeds = Array.from(second.container.querySelectorAll('tr[data-row="printSpeed"] td')).map((td) => td.textContent);
    expect(speeds).toEqual(['26 ppm', 'Not rated in ppm']);
    expect(second.container).not.toHaveTextContent('Not known');
  });

  it('shows a group whose columns do not fit as a card per product, with the same marks', async () => {
    const width = jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    try {
      fakeApi([printerA, printerB, scanner]);
      fillBasket([printerA, printerB, scanner]);
      const { container } = renderFragment(<BasketDrawer />);
      await loaded(container);
      const printers = groupOf(container, 'printer');
      expect(within(printers).queryByRole('table')).not.toBeInTheDocument();
      const cards = within(printers).getByRole('list', {
        name: 'Specifications of the printers in your basket; rows that differ are marked',
      });
      expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
      // In the cards' order: the Canon's prices, then the Ricoh's speed.
      expect(bestCells(printers)).toEqual([
        'startingPrice: £3,100.00Best: lowest',
        'rentalPerMonth: £75.00Best: lowest',
        'monthlyEstimate: £138.00Best: lowest',
        'printSpeed: 45 ppmBest: fastest',
        'serviceMono: 0.55pBest: lowest',
        'serviceColour: 4.2pBest: lowest',
      ]);
      // A single scanner fits as a table at this width.
      expect(within(groupOf(container, 'scanner')).getByRole('table')).toBeInTheDocument();
      expect(screen.getByTestId('basket-count')).toHaveTextContent('3 of 5 machines');
    } finally {
      width.mockRestore();
    }
  });
});

describe('the running costs in the comparison', () => {
  const monoRental = product('Kyocera', 'ECOSYS M8130cidn mono', {
    colourPrinting: 'mono',
    price: { startingFrom: 200000, '60MonthLeasePrice': 12000, servicePerPage: { mono: 0.5, colour: null } },
    productAttributes: { printSpeedPpm: 30, scanSpeedPpm: null, maxPaperSize: 'A3', isColour: false },
  });
  const outright = product('Brother', 'MFC-L8900CDW', {
    paperSize: 'A4',
    price: { startingFrom: 50000, '60MonthLeasePrice': 3000, servicePerPage: { mono: 1, colour: 5 } },
  });
  const estimates = (container: HTMLElement) =>
    Array.from(groupOf(container, 'printer').querySelectorAll('[data-row="monthlyEstimate"] td')).map((td) => td.textContent);

  it('estimates each machine a month at the one volume set, the lowest colour rental marked Best, with the page-billing terms', async () => {
    fakeApi([printerA, printerB, monoRental, outright]);
    fillBasket([printerA, printerB, monoRental, outright]);
    const { container } = renderFragment(<BasketDrawer />);
    await loaded(container);
    const user = userEvent.setup();
    const mono = screen.getByLabelText('Mono pages a month');
    const colour = screen.getByLabelText('Colour pages a month');
    // Office A3's defaults until the visitor types.
    expect(mono).toHaveValue('3000');
    expect(colour).toHaveValue('1000');
    await user.clear(mono);
    await user.type(mono, '5,000');
    await user.clear(colour);
    await user.type(colour, '2000');
    // Canon £75 + 5,000 x 0.6p + 2,000 x 4.5p = £195; Ricoh £90 + £27.50 + £84 = £201.50; the mono Kyocera prints
    // all 7,000 pages in mono: £40 + £35 = £75, not Best against a colour machine; the Brother is sold outright: pages only.
    expect(estimates(container)).toEqual([
      '£195.00Best: lowest',
      '£201.50',
      '£75.00 (all pages in mono)',
      '£150.00 (pages only, bought outright)',
    ]);
    expect(screen.getByTestId('estimate-note')).toHaveTextContent('Estimated cost a month at 5,000 mono and 2,000 colour pages');
    expect(screen.getByTestId('page-billing-terms')).toHaveTextContent('Colour is billed per page');
    expect(groupOf(container, 'printer').querySelector('[data-row="serviceColour"]')).toHaveTextContent('Mono only');

    // No colour: the mono machine competes; few pages: the minimum charge.
    await user.clear(colour);
    await user.type(colour, '0');
    expect(estimates(container)[2]).toBe('£65.00Best: lowest');
    // Once the visitor pauses, the lowest estimate is announced.
    await waitFor(() =>
      expect(screen.getByTestId('basket-live-region')).toHaveTextContent(
        'Estimates at 5,000 mono and 0 colour pages a month: lowest Kyocera ECOSYS M8130cidn mono, £65.00.',
      ),
    );
    await user.clear(mono);
    await user.type(mono, '100');
    expect(estimates(container)[0]).toBe('£90.00 (minimum charge)');
  });
});

describe('basket words', () => {
  const kinds = (...categories: string[]) => categories.map((productCategory) => ({ productCategory }));
  // One word for what the basket counts, whatever is in it (never "items", "machines" and "printers" on one screen).
  it.each([
    [kinds('multifunctional-printer'), 'one machine'],
    [kinds('multifunctional-printer', 'plotter'), '2 machines'],
    [kinds('personal-scanners'), 'one machine'],
    [kinds('finisher', 'finisher'), '2 machines'],
    [kinds('office-printer', 'production-scanners', 'plotter'), '3 machines'],
    [kinds('office-printer', 'finisher'), '2 machines'],
    [kinds('personal-scanners', 'finisher', 'plotter'), '3 machines'],
  ])('%j are %s', (items, words) => {
    expect(countedItems(items)).toBe(words);
  });
  it('says "machines" of an empty basket', () => {
    expect(itemsNoun([], 0)).toBe('machines');
  });
});
