/**
 * The page frame as the server renders it, which is what a visitor without JavaScript gets
 * (docs/product-rules.md "Page frame", "Without JavaScript"): Menu is a link to the footer's links,
 * and becomes the drawer's button once the shell is live in the browser; the footer says who we
 * are in law and links to About us.
 */
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { COMPANY, CREDIT_BROKER_DISCLOSURE, companyRegistrationLine } from '@copytech/shared';
import { SiteHeader } from './header/SiteHeader';
import { SiteFooter } from './footer/SiteFooter';
import { PRODUCT_GROUPS, SERVICE_LINKS } from './navigation';
import { resetSharedStores } from '../testing/renderInShell';

beforeEach(resetSharedStores);

const header = () => (
  <MemoryRouter initialEntries={['/']}>
    <SiteHeader />
  </MemoryRouter>
);

const page = () => (
  <MemoryRouter initialEntries={['/']}>
    <SiteHeader />
    <SiteFooter />
  </MemoryRouter>
);

/** The server's markup of `element`, in a container of the document. */
function serverRendered(element: React.ReactElement): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.append(container);
  return container;
}

test("on the server Menu is a link to the footer's links to every product group, service and company page, and no button needs a script", () => {
  const container = serverRendered(page());
  const menu = [...container.querySelectorAll('header a[href]')].find((element) => element.textContent === 'Menu');
  expect(menu).toBeDefined();
  const target = container.querySelector(menu!.getAttribute('href')!);
  expect(target).not.toBeNull();
  expect(target!.closest('footer')).not.toBeNull();
  const hrefs = [...target!.querySelectorAll('a[href]')].map((link) => link.getAttribute('href'));
  for (const group of PRODUCT_GROUPS) expect(hrefs).toContain(group.href);
  for (const service of SERVICE_LINKS) expect(hrefs).toContain(service.href);
  expect(hrefs).toEqual(expect.arrayContaining(['/about-us', '/contact-us', '/discover-print-savings']));
  // The mobile menu is not written into the page a second time, and no Menu button does nothing.
  expect(container.querySelector('nav[aria-label="Mobile"]')).toBeNull();
  expect(container.querySelector('header details')).toBeNull();
  expect([...container.querySelectorAll('button')].some((button) => button.textContent?.includes('Menu'))).toBe(false);
  container.remove();
});

test('once hydrated, Menu is the button that opens the nav drawer, and hydration matched the server', async () => {
  const container = serverRendered(header());
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(container, header());
  });
  const button = [...container.querySelectorAll('button')].find((element) => element.textContent === 'Menu');
  expect(button).toBeDefined();
  expect(button).toHaveAttribute('aria-haspopup', 'dialog');
  expect([...container.querySelectorAll('a')].some((link) => link.textContent === 'Menu')).toBe(false);
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
  act(() => root!.unmount());
  container.remove();
});

test("the server's footer says who we are: company number, VAT number, registered office, the credit-broker disclosure, About us", () => {
  const container = serverRendered(
    <MemoryRouter initialEntries={['/']}>
      <SiteFooter />
    </MemoryRouter>,
  );
  const footer = container.querySelector('footer')!;
  const text = footer.textContent!.replace(/\s+/g, ' ');
  expect(text).toContain(companyRegistrationLine());
  expect(text).toContain(`company number ${COMPANY.companyNumber}`);
  expect(text).toContain(`VAT number ${COMPANY.vatNumber}`);
  expect(text).toContain(`Registered office: ${COMPANY.registeredOffice.join(', ')}`);
  expect(text).toContain(CREDIT_BROKER_DISCLOSURE);
  const about = [...footer.querySelectorAll('a')].find((link) => link.textContent === 'About us');
  expect(about).toHaveAttribute('href', '/about-us');
  container.remove();
});
