/**
 * A comparison group as the visitor sees it (docs/product-rules.md "Comparison"): the table named
 * by its caption and the cards, each with the "Differs" tag and the highlight of differing rows and
 * best cells, and what a screen reader hears of a loading or unknown cell.
 */
import { render, screen, within } from '@testing-library/react';
import type { BasketItem } from '@copytech/shared';
import type { ComparisonGroup, ComparisonRow } from './comparison';
import { ComparisonCards } from './ComparisonCards';
import { ComparisonTable } from './ComparisonTable';

function item(id: string, model: string): BasketItem {
  return { modelId: id, brand: 'Ricoh', model, productCategory: 'multifunctional-printer', productSpecification: null };
}

const speed: ComparisonRow = {
  id: 'printSpeed',
  label: 'Print speed',
  differs: true,
  bestMeans: 'fastest',
  cells: [
    { state: 'value', text: '26 ppm', best: false },
    { state: 'value', text: '45 ppm', best: true },
    { state: 'loading', text: 'Loading', best: false },
  ],
};
const paper: ComparisonRow = {
  id: 'paperSize',
  label: 'Paper size',
  differs: false,
  bestMeans: null,
  cells: [
    { state: 'value', text: 'A3', best: false },
    { state: 'unknown', text: 'Not known', best: false },
    { state: 'loading', text: 'Loading', best: false },
  ],
};
const group: ComparisonGroup = {
  kind: 'printer',
  items: [item('a', 'IM C3010'), item('b', 'IM C4510'), item('c', 'IM C6010')],
  rows: [speed, paper],
};
const CAPTION = 'Specifications of the printers in your basket; rows that differ are marked';

describe('a comparison group as a table', () => {
  it('is named by its caption, and highlights the differing row and the best cell', () => {
    render(<ComparisonTable group={group} caption={CAPTION} labelledBy="heading" />);
    const table = screen.getByRole('table', { name: CAPTION });
    const [speedRow, paperRow] = within(table).getAllByRole('row').slice(1);
    // CSS modules are their class names in tests (identity-obj-proxy).
    expect(speedRow).toHaveClass('differs');
    expect(within(speedRow!).getByRole('rowheader')).toHaveTextContent('Print speedDiffers');
    expect(paperRow).not.toHaveClass('differs');
    const speeds = within(speedRow!).getAllByRole('cell');
    expect(speeds[1]).toHaveTextContent('45 ppmBest: fastest');
    expect(speeds[1]).toHaveClass('bestCell');
    expect(speeds[0]).not.toHaveClass('bestCell');
  });

  it('says "Loading" of a loading cell and "Not known" of an unknown one, its dash hidden from screen readers', () => {
    render(<ComparisonTable group={group} caption={CAPTION} labelledBy="heading" />);
    const paperCells = within(screen.getAllByRole('row')[2]!).getAllByRole('cell');
    expect(paperCells[2]).toHaveTextContent('Loading');
    expect(paperCells[1]).toHaveTextContent('Not known');
    expect(within(paperCells[1]!).getByText('–')).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('a comparison group as cards', () => {
  it("tags and highlights the differing rows and the best value on each product's card", () => {
    render(<ComparisonCards group={group} caption={CAPTION} />);
    const cards = within(screen.getByRole('list', { name: CAPTION })).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const rowOf = (card: HTMLElement, id: string) => card.querySelector(`[data-row="${id}"]`) as HTMLElement;
    for (const card of cards) {
      expect(rowOf(card, 'printSpeed')).toHaveClass('differs');
      expect(within(rowOf(card, 'printSpeed')).getByRole('term')).toHaveTextContent('Print speedDiffers');
      expect(rowOf(card, 'paperSize')).not.toHaveClass('differs');
      expect(within(rowOf(card, 'paperSize')).getByRole('term')).toHaveTextContent(/^Paper size$/);
    }
    expect(rowOf(cards[1]!, 'printSpeed')).toHaveClass('bestCell');
    expect(rowOf(cards[1]!, 'printSpeed')).toHaveTextContent('45 ppmBest: fastest');
    expect(rowOf(cards[0]!, 'printSpeed')).not.toHaveClass('bestCell');
    expect(rowOf(cards[2]!, 'printSpeed')).toHaveTextContent('Loading');
  });
});
