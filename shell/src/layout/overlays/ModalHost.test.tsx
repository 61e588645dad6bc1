import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { uiStore } from '@copytech/shared';
import { ModalHost, modalPart } from './ModalHost';
import { renderInShell, resetSharedStores } from '../../testing/renderInShell';

function renderModalHost() {
  renderInShell(
    <>
      <button
        type="button"
        onClick={() =>
          uiStore.openModal({ title: 'Delivery times', contentId: 'message', data: { text: 'Average delivery time 2 minutes' } })
        }
      >
        Open
      </button>
      <ModalHost />
    </>,
    { path: '/contact-us', router: 'browser' },
  );
}

// The dialog's chunk loads when a modal opens; here it is loaded up front, so these tests are about
// the modal itself. lazyOverlays.test.tsx covers its loading and its failure.
beforeAll(() => modalPart.load());
beforeEach(resetSharedStores);

test('opening the modal shows its title and message and sets the #modal hash; Escape closes it and steps back', async () => {
  const user = userEvent.setup();
  renderModalHost();
  const lengthBefore = window.history.length;
  const opener = screen.getByRole('button', { name: 'Open' });
  await user.click(opener);

  const dialog = screen.getByRole('dialog', { name: 'Delivery times' });
  expect(dialog).toHaveAttribute('aria-modal', 'true');
  expect(dialog).toHaveTextContent('Average delivery time 2 minutes');
  expect(window.location.hash).toBe('#modal');
  expect(window.location.pathname).toBe('/contact-us');
  expect(window.history.length).toBe(lengthBefore + 1);
  expect(dialog).toContainElement(document.activeElement as HTMLElement);

  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(uiStore.isModalOpen).toBe(false);
  await waitFor(() => expect(window.location.hash).toBe(''));
  expect(window.location.pathname).toBe('/contact-us');
  expect(opener).toHaveFocus();
});

test('the browser Back button closes the modal', async () => {
  const user = userEvent.setup();
  renderModalHost();
  await user.click(screen.getByRole('button', { name: 'Open' }));
  expect(window.location.hash).toBe('#modal');

  act(() => window.history.back());
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(uiStore.isModalOpen).toBe(false);
  expect(window.location.hash).toBe('');
});

test('the close button closes it too', async () => {
  const user = userEvent.setup();
  renderModalHost();
  await user.click(screen.getByRole('button', { name: 'Open' }));
  await user.click(screen.getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await waitFor(() => expect(window.location.hash).toBe(''));
});

test('an image content shows a site image, and refuses a source outside /assets/', async () => {
  renderInShell(<ModalHost />, { path: '/printers/multifunctionals/canon/x', router: 'browser' });
  act(() =>
    uiStore.openModal({
      title: 'Canon X, enlarged image',
      contentId: 'image',
      data: { src: '/assets/x810/canon/x/front.png', alt: 'Canon X' },
    }),
  );
  const dialog = screen.getByRole('dialog', { name: 'Canon X, enlarged image' });
  expect(dialog.querySelector('img')).toHaveAttribute('src', '/assets/x810/canon/x/front.png');
  expect(screen.getByRole('img', { name: 'Canon X' })).toBeInTheDocument();

  act(() => uiStore.openModal({ title: 'Evil', contentId: 'image', data: { src: 'https://evil.example/x.png', alt: 'x' } }));
  expect(screen.getByRole('dialog', { name: 'Evil' }).querySelector('img')).toHaveAttribute('src', '/assets/x810/placeholder.png');
});
