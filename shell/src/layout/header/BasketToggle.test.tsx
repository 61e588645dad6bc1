import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { basketStore, uiStore } from '@copytech/shared';
import { BasketToggle } from './BasketToggle';
import { renderInShell, resetSharedStores } from '../../testing/renderInShell';

const product = (n: number) => ({
  modelId: `brandmodel${n}`,
  brand: 'Brand',
  model: `Model ${n}`,
  productCategory: 'multifunctional-printer',
  productSpecification: null,
});

beforeEach(resetSharedStores);

test('the count follows the shared basket store as products are added and removed', () => {
  renderInShell(<BasketToggle />);
  const button = screen.getByTitle('Comparison basket');
  expect(screen.getByTestId('basket-count')).toHaveTextContent('0');
  expect(button).toHaveAccessibleName('Comparison basket, 0 items');

  act(() => {
    basketStore.add(product(1));
  });
  expect(screen.getByTestId('basket-count')).toHaveTextContent('1');
  expect(button).toHaveAccessibleName('Comparison basket, 1 item');

  act(() => {
    basketStore.add(product(2));
  });
  expect(screen.getByTestId('basket-count')).toHaveTextContent('2');
  expect(button).toHaveAccessibleName('Comparison basket, 2 items');

  act(() => basketStore.remove('brandmodel1'));
  expect(screen.getByTestId('basket-count')).toHaveTextContent('1');
});

test('it opens and closes the basket drawer, and aria-expanded says which', async () => {
  renderInShell(<BasketToggle />);
  const button = screen.getByRole('button', { name: /comparison basket/i });
  expect(button).toHaveAttribute('aria-expanded', 'false');

  await userEvent.click(button);
  expect(uiStore.drawer).toBe('basket');
  expect(button).toHaveAttribute('aria-expanded', 'true');

  await userEvent.click(button);
  expect(uiStore.drawer).toBeNull();
  expect(button).toHaveAttribute('aria-expanded', 'false');
});
