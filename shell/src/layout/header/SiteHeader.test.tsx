import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { uiStore } from '@copytech/shared';
import { SiteHeader } from './SiteHeader';
import { LocationProbe, renderInShell, resetSharedStores } from '../../testing/renderInShell';

function renderHeader(path = '/', router: 'memory' | 'browser' = 'memory') {
  renderInShell(
    <>
      <SiteHeader />
      <LocationProbe />
    </>,
    { path, router },
  );
  const products = screen.getByRole('button', { name: 'Products' });
  const services = screen.getByRole('button', { name: 'Services' });
  return { products, services, productsPanel: () => document.getElementById(products.getAttribute('aria-controls')!)! };
}

beforeEach(resetSharedStores);
afterEach(() => jest.useRealTimers());

describe('hover', () => {
  beforeEach(() => jest.useFakeTimers());

  test('a menu opens on hover and closes only after the 40 ms debounce once the pointer leaves', () => {
    const { products, productsPanel } = renderHeader();
    const item = products.closest('li')!;
    expect(products).toHaveAttribute('aria-expanded', 'false');
    expect(productsPanel()).not.toBeVisible();

    fireEvent.pointerEnter(item, { pointerType: 'mouse' });
    expect(products).toHaveAttribute('aria-expanded', 'true');
    expect(productsPanel()).toBeVisible();

    fireEvent.pointerLeave(item, { pointerType: 'mouse' });
    // HOVER_CLOSE_DELAY_MS, 40 ms (docs/product-rules.md "Navigation")
    act(() => jest.advanceTimersByTime(39));
    expect(products).toHaveAttribute('aria-expanded', 'true');
    act(() => jest.advanceTimersByTime(1));
    expect(products).toHaveAttribute('aria-expanded', 'false');
    expect(productsPanel()).not.toBeVisible();
  });

  test('coming back within the debounce keeps the menu open', () => {
    const { products } = renderHeader();
    const item = products.closest('li')!;
    fireEvent.pointerEnter(item, { pointerType: 'mouse' });
    fireEvent.pointerLeave(item, { pointerType: 'mouse' });
    act(() => jest.advanceTimersByTime(20));
    fireEvent.pointerEnter(item, { pointerType: 'mouse' });
    act(() => jest.advanceTimersByTime(200));
    expect(products).toHaveAttribute('aria-expanded', 'true');
  });

  test('moving from one menu to the next shows only the next', () => {
    const { products, services } = renderHeader();
    fireEvent.pointerEnter(products.closest('li')!, { pointerType: 'mouse' });
    fireEvent.pointerLeave(products.closest('li')!, { pointerType: 'mouse' });
    fireEvent.pointerEnter(services.closest('li')!, { pointerType: 'mouse' });
    expect(products).toHaveAttribute('aria-expanded', 'false');
    expect(services).toHaveAttribute('aria-expanded', 'true');
  });

  test('a click on a menu that hover opened keeps it open rather than closing it', () => {
    const { products } = renderHeader();
    fireEvent.pointerEnter(products.closest('li')!, { pointerType: 'mouse' });
    fireEvent.click(products);
    expect(products).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(products);
    expect(products).toHaveAttribute('aria-expanded', 'false');
  });

  test('a touch does not open the menu by hover (the tap itself toggles it)', () => {
    const { products } = renderHeader();
    fireEvent.pointerEnter(products.closest('li')!, { pointerType: 'touch' });
    expect(products).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('keyboard and click', () => {
  test('Enter opens the menu, Escape closes it and puts focus back on its button', async () => {
    const user = userEvent.setup();
    const { products, productsPanel } = renderHeader();
    products.focus();
    await user.keyboard('{Enter}');
    expect(products).toHaveAttribute('aria-expanded', 'true');

    const firstLink = within(productsPanel()).getByRole('link', { name: 'A3 colour' });
    await user.tab();
    expect(firstLink).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(products).toHaveAttribute('aria-expanded', 'false');
    expect(products).toHaveFocus();
  });

  test('tabbing out of an open menu closes it', async () => {
    const user = userEvent.setup();
    const { services } = renderHeader();
    await user.click(services);
    expect(services).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(services.getAttribute('aria-controls')!)!;
    const links = within(panel).getAllByRole('link');
    expect(links).toHaveLength(10);
    links[links.length - 1]!.focus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Support' })).toHaveFocus();
    expect(services).toHaveAttribute('aria-expanded', 'false');
  });

  test('a click toggles the menu, and following a link closes it', async () => {
    const user = userEvent.setup();
    const { products, productsPanel } = renderHeader();
    await user.click(products);
    expect(products).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(productsPanel()).getByRole('link', { name: 'View all scanners' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/scanners');
    expect(products).toHaveAttribute('aria-expanded', 'false');

    await user.click(products);
    await user.click(products);
    expect(products).toHaveAttribute('aria-expanded', 'false');
  });
});

test('the Products menu has every group with a View all link, and colour or mono icons', async () => {
  const user = userEvent.setup();
  const { products, productsPanel } = renderHeader();
  await user.click(products);
  const panel = within(productsPanel());
  for (const [name, href] of [
    ['View all multifunctionals', '/printers/multifunctionals'],
    ['View all production printers', '/printers/production'],
    ['View all plotters', '/printers/plotters'],
    ['View all printers', '/printers/print-only'],
    ['View all scanners', '/scanners'],
    ['View all finishers', '/finishers'],
  ]) {
    expect(panel.getByRole('link', { name })).toHaveAttribute('href', href);
  }
  expect(panel.getByRole('link', { name: 'A3 colour' })).toHaveAttribute('href', '/printers/multifunctionals/a3-colour');
  expect(panel.getByRole('link', { name: 'Departmental' })).toHaveAttribute('href', '/scanners/departmental');
  expect(panel.getByRole('link', { name: 'A3 colour' }).querySelector('svg[data-icon="colour"]')).not.toBeNull();
  expect(panel.getAllByRole('link', { name: 'A4 mono' })[0]!.querySelector('svg[data-icon="mono"]')).not.toBeNull();
});

test('the logo links home with an accessible name', () => {
  renderHeader('/contact-us');
  expect(screen.getByRole('link', { name: 'Copytech home' })).toHaveAttribute('href', '/');
});

test('the menu button opens the nav drawer and says so', async () => {
  const user = userEvent.setup();
  renderHeader();
  const menu = screen.getByRole('button', { name: 'Menu' });
  expect(menu).toHaveAttribute('aria-expanded', 'false');
  await user.click(menu);
  expect(uiStore.drawer).toBe('nav');
  expect(menu).toHaveAttribute('aria-expanded', 'true');
});

test('an open menu closes when the page changes by other means (Back, a remote navigating)', async () => {
  const user = userEvent.setup();
  const { services } = renderHeader('/', 'browser');
  await user.click(services);
  expect(services).toHaveAttribute('aria-expanded', 'true');
  act(() => {
    window.history.pushState(null, '', '/contact-us');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  expect(screen.getByTestId('location')).toHaveTextContent('/contact-us');
  expect(services).toHaveAttribute('aria-expanded', 'false');
});
