import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { basketStore, uiStore } from '@copytech/shared';
import { DrawerHost } from './DrawerHost';
import { drawerPart } from './drawerPart';
import { SiteHeader } from '../header/SiteHeader';
import { LocationProbe, renderInShell, resetSharedStores } from '../../testing/renderInShell';

// The drawers' contents are remote fragments; here a stand-in shows which one was asked for.
jest.mock('@copytech/shared', () => {
  const actual = jest.requireActual('@copytech/shared');
  const { createElement } = jest.requireActual('react');
  return {
    ...actual,
    RemoteSlot: ({ id }: { id: string }) => createElement('p', { 'data-testid': 'remote-slot' }, id),
  };
});

function renderShell(path = '/', router: 'memory' | 'browser' = 'memory') {
  return renderInShell(
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <LocationProbe />
      </main>
      <DrawerHost />
    </>,
    { path, router },
  );
}

// The drawer chunk loads on demand; here it is loaded up front, so these tests are about the
// drawers themselves. lazyOverlays.test.tsx covers its loading and its failure.
beforeAll(() => drawerPart.load());

beforeEach(() => {
  resetSharedStores();
  document.body.style.overflow = '';
});

test('the basket drawer is a named modal dialog holding the basket remote', async () => {
  const user = userEvent.setup();
  renderShell();
  await user.click(screen.getByTitle('Comparison basket'));
  const dialog = screen.getByRole('dialog', { name: 'Comparison basket' });
  expect(dialog).toHaveAttribute('aria-modal', 'true');
  expect(within(dialog).getByTestId('remote-slot')).toHaveTextContent('basket/BasketDrawer');
});

test('the instant quote panel holds the instant quote remote, and closing it ends instant mode', async () => {
  renderShell();
  act(() =>
    basketStore.startInstantQuote({ modelId: 'x1', brand: 'X', model: '1', productCategory: 'printer', productSpecification: null }),
  );
  const dialog = screen.getByRole('dialog', { name: 'Instant quote' });
  expect(within(dialog).getByTestId('remote-slot')).toHaveTextContent('basket/InstantQuote');
  expect(basketStore.instantMode).toBe(true);
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(basketStore.instantMode).toBe(false);
});

test('Escape closes a drawer and focus returns to the button that opened it', async () => {
  const user = userEvent.setup();
  renderShell();
  const toggle = screen.getByTitle('Comparison basket');
  await user.click(toggle);
  const dialog = screen.getByRole('dialog', { name: 'Comparison basket' });
  expect(dialog).toContainElement(document.activeElement as HTMLElement);

  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(uiStore.drawer).toBeNull();
  expect(toggle).toHaveFocus();
});

test('a click on the overlay closes the drawer', async () => {
  const user = userEvent.setup();
  renderShell();
  await user.click(screen.getByRole('button', { name: 'Menu' }));
  expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
  await user.click(screen.getByTestId('drawer-overlay'));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(uiStore.drawer).toBeNull();
});

test('the nav and basket drawers are mutually exclusive', async () => {
  const user = userEvent.setup();
  renderShell();
  await user.click(screen.getByRole('button', { name: 'Menu' }));
  expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();

  act(() => basketStore.open());
  expect(screen.getAllByRole('dialog')).toHaveLength(1);
  expect(screen.getByRole('dialog', { name: 'Comparison basket' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');

  act(() => uiStore.openDrawer('nav'));
  expect(screen.getAllByRole('dialog')).toHaveLength(1);
  expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
  expect(basketStore.isOpen).toBe(false);
});

test('page scroll is locked while a drawer is open and unlocked when it closes', async () => {
  const user = userEvent.setup();
  renderShell();
  expect(document.body.style.overflow).toBe('');
  await user.click(screen.getByTitle('Comparison basket'));
  expect(document.body.style.overflow).toBe('hidden');
  // Switching drawers keeps the lock.
  act(() => uiStore.openDrawer('nav'));
  expect(document.body.style.overflow).toBe('hidden');
  await user.keyboard('{Escape}');
  expect(document.body.style.overflow).toBe('');
});

test('the modal locks page scroll too', () => {
  renderShell();
  act(() => uiStore.openModal({ title: 'Note', contentId: 'message', data: { text: 'Hi' } }));
  expect(document.body.style.overflow).toBe('hidden');
  act(() => uiStore.closeModal());
  expect(document.body.style.overflow).toBe('');
});

test('focus is trapped inside an open drawer', async () => {
  const user = userEvent.setup();
  renderShell();
  await user.click(screen.getByRole('button', { name: 'Menu' }));
  const dialog = screen.getByRole('dialog', { name: 'Menu' });
  const close = within(dialog).getByRole('button', { name: 'Close menu' });
  expect(close).toHaveFocus();

  await user.tab({ shift: true });
  expect(within(dialog).getByRole('link', { name: /call sales/i })).toHaveFocus();
  await user.tab();
  expect(close).toHaveFocus();

  // Focus moved outside by other means is brought back.
  act(() => screen.getByRole('link', { name: 'Copytech home' }).focus());
  expect(dialog).toContainElement(document.activeElement as HTMLElement);
});

test('the mobile drawer has the product groups as expandable sections, the services, the top links and the phone', async () => {
  const user = userEvent.setup();
  renderShell();
  await user.click(screen.getByRole('button', { name: 'Menu' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Menu' }));
  const scanners = dialog.getByRole('button', { name: 'Scanners' });
  expect(scanners).toHaveAttribute('aria-expanded', 'false');
  expect(dialog.queryByRole('link', { name: 'Workgroup' })).not.toBeInTheDocument();
  await user.click(scanners);
  expect(scanners).toHaveAttribute('aria-expanded', 'true');
  expect(dialog.getByRole('link', { name: 'Workgroup' })).toHaveAttribute('href', '/scanners/workgroup');

  await user.click(dialog.getByRole('button', { name: 'Services' }));
  expect(dialog.getByRole('link', { name: 'Print audit' })).toHaveAttribute('href', '/services/print-audit');
  for (const name of ['Support', 'Contact', 'Discover savings']) expect(dialog.getByRole('link', { name })).toBeInTheDocument();
  expect(dialog.getByRole('link', { name: /call sales/i })).toHaveAttribute('href', 'tel:+443300580590');
});

test('following a link in the nav drawer closes it and moves focus to the new page', async () => {
  const user = userEvent.setup();
  renderShell('/', 'browser');
  await user.click(screen.getByRole('button', { name: 'Menu' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Contact' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/contact-us');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(document.getElementById('main')).toHaveFocus();
});

test('a link to the page already shown still closes the nav drawer', async () => {
  const user = userEvent.setup();
  renderShell('/contact-us');
  await user.click(screen.getByRole('button', { name: 'Menu' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Contact' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/contact-us');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('any drawer closes when the page changes underneath it (a remote navigated)', async () => {
  const user = userEvent.setup();
  renderShell('/', 'browser');
  await user.click(screen.getByTitle('Comparison basket'));
  expect(screen.getByRole('dialog', { name: 'Comparison basket' })).toBeInTheDocument();
  act(() => {
    window.history.pushState(null, '', '/printers/multifunctionals');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  expect(screen.getByTestId('location')).toHaveTextContent('/printers/multifunctionals');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(uiStore.drawer).toBeNull();
});

test('the page under an open drawer is inert, and comes back with focus on the opener when it closes', async () => {
  const user = userEvent.setup();
  renderInShell(
    <>
      <div data-under-overlays="">
        <SiteHeader />
        <main id="main" tabIndex={-1}>
          <LocationProbe />
        </main>
      </div>
      <DrawerHost />
    </>,
  );
  const page = document.querySelector('[data-under-overlays]')!;
  const toggle = screen.getByTitle('Comparison basket');
  await user.click(toggle);
  expect(screen.getByRole('dialog', { name: 'Comparison basket' })).toBeInTheDocument();
  expect(page).toHaveAttribute('inert');
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(page).not.toHaveAttribute('inert');
  expect(toggle).toHaveFocus();
});
