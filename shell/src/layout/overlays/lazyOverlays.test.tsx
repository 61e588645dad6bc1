/**
 * The drawers and the modal are not in the first load: their code is a chunk fetched on demand
 * (lazyPart.ts). Module state matters here (a loaded chunk stays loaded), so these tests run in
 * order in their own file: first with chunks that cannot be fetched, then with chunks that can.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { uiStore } from '@copytech/shared';
import { DrawerHost } from './DrawerHost';
import { ModalHost } from './ModalHost';
import { SiteHeader } from '../header/SiteHeader';
import { LocationProbe, renderInShell, resetSharedStores } from '../../testing/renderInShell';

let mockDrawerLoads = 0;
let mockModalLoads = 0;
let mockUnreachable = true;
// A chunk that cannot be fetched: webpack's import() rejects, and a later import() tries again.
jest.mock('./drawerContents', () => {
  mockDrawerLoads += 1;
  if (mockUnreachable) throw new Error('Loading chunk drawer failed.');
  return jest.requireActual('./drawerContents');
});
jest.mock('./ModalDialog', () => {
  mockModalLoads += 1;
  if (mockUnreachable) throw new Error('Loading chunk modal failed.');
  return jest.requireActual('./ModalDialog');
});
jest.mock('@copytech/shared', () => {
  const actual = jest.requireActual('@copytech/shared');
  const { createElement } = jest.requireActual('react');
  return {
    ...actual,
    RemoteSlot: ({ id }: { id: string }) => createElement('p', { 'data-testid': 'remote-slot' }, id),
    loadExposedForSlot: () => new Promise(() => undefined),
  };
});

function renderShell(path = '/') {
  return renderInShell(
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <LocationProbe />
        <button
          type="button"
          onClick={() => uiStore.openModal({ title: 'Delivery times', contentId: 'message', data: { text: 'Two days' } })}
        >
          Open note
        </button>
      </main>
      <DrawerHost />
      <ModalHost />
    </>,
    { path, router: 'browser' },
  );
}

beforeEach(() => {
  resetSharedStores();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

test('rendering the page loads no drawer; a pointer on the Menu button, or focus, starts loading it', async () => {
  renderShell();
  expect(mockDrawerLoads).toBe(0);
  expect(mockModalLoads).toBe(0);
  const menu = screen.getByRole('button', { name: 'Menu' });
  fireEvent.pointerDown(menu, { pointerType: 'touch' });
  await waitFor(() => expect(mockDrawerLoads).toBe(1));
  // That load failed (nothing was shown, nothing was opened); focus tries again.
  act(() => menu.focus());
  await waitFor(() => expect(mockDrawerLoads).toBe(2));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('a drawer whose code cannot load says so; Close puts focus back; Retry shows the drawer with focus inside', async () => {
  const user = userEvent.setup();
  renderShell();
  const menu = screen.getByRole('button', { name: 'Menu' });
  await user.click(menu);
  const notice = await screen.findByTestId('overlay-load-failure');
  expect(within(notice).getByRole('alert')).toHaveTextContent('The menu could not be loaded.');
  expect(notice).toHaveFocus();

  await user.click(within(notice).getByRole('button', { name: 'Close' }));
  expect(screen.queryByTestId('overlay-load-failure')).not.toBeInTheDocument();
  expect(uiStore.drawer).toBeNull();
  expect(menu).toHaveFocus();

  await user.click(menu);
  const again = await screen.findByTestId('overlay-load-failure');
  mockUnreachable = false;
  await user.click(within(again).getByRole('button', { name: 'Retry' }));
  const dialog = await screen.findByRole('dialog', { name: 'Menu' });
  expect(screen.queryByTestId('overlay-load-failure')).not.toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Close menu' })).toHaveFocus();
  expect(within(dialog).getByRole('navigation', { name: 'Mobile' })).toBeInTheDocument();

  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(menu).toHaveFocus();
});

test('once loaded, a drawer opens at once, and the basket drawer holds its remote', async () => {
  const user = userEvent.setup();
  renderShell();
  const loads = mockDrawerLoads;
  await user.click(screen.getByTitle('Comparison basket'));
  const dialog = screen.getByRole('dialog', { name: 'Comparison basket' });
  expect(within(dialog).getByTestId('remote-slot')).toHaveTextContent('basket/BasketDrawer');
  expect(dialog).toContainElement(document.activeElement as HTMLElement);
  expect(mockDrawerLoads).toBe(loads);
});

test('the modal dialog loads when a modal opens; a failure says so with the modal title, and Retry shows it', async () => {
  mockUnreachable = true;
  const user = userEvent.setup();
  renderShell('/contact-us');
  expect(mockModalLoads).toBe(0);
  const opener = screen.getByRole('button', { name: 'Open note' });
  await user.click(opener);
  expect(window.location.hash).toBe('#modal');
  const notice = await screen.findByTestId('overlay-load-failure');
  expect(within(notice).getByRole('alert')).toHaveTextContent('Delivery times could not be loaded.');
  expect(mockModalLoads).toBe(1);

  // Escape on the notice closes the modal: its '#modal' entry is left, focus goes back.
  await user.keyboard('{Escape}');
  expect(uiStore.isModalOpen).toBe(false);
  await waitFor(() => expect(window.location.hash).toBe(''));
  expect(opener).toHaveFocus();

  await user.click(opener);
  const again = await screen.findByTestId('overlay-load-failure');
  mockUnreachable = false;
  await user.click(within(again).getByRole('button', { name: 'Retry' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delivery times' });
  expect(dialog).toHaveTextContent('Two days');
  expect(dialog).toContainElement(document.activeElement as HTMLElement);

  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await waitFor(() => expect(window.location.hash).toBe(''));
  expect(opener).toHaveFocus();
});
