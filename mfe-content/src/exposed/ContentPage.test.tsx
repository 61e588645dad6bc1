import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, type FakeApi } from '../testing/fakeApi';
import { renderInRouter } from '../testing/render';
import { samplePage, servicePage } from '../testing/samplePages';
import { prefetchPage, resetPageCache } from '../pages/pageCache';
import { CONTENT_RELEASE } from '../release';
import ContentPage from './ContentPage';

const home = samplePage();
const printAudit = servicePage('print-audit', 'Print audit');
const contact = samplePage({
  slug: 'contact-us',
  meta: { ...home.meta, title: 'Contact us', url: '/contact-us' },
  body: [{ type: 'hero', heading: 'Contact us', text: 'Call or write.' }],
});

let api: FakeApi;
let consoleError: jest.SpyInstance;

function routes(extra: Parameters<typeof installFakeApi>[0] = {}) {
  return installFakeApi({
    'GET /api/pages/slug/home': { body: home },
    'GET /api/pages/slug/print-audit': { body: printAudit },
    'GET /api/pages/slug/contact-us': { body: contact },
    'GET /api/pages/slug/missing': { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Page not found' } },
    ...extra,
  });
}

beforeEach(() => {
  resetPageCache();
  document.head.innerHTML = '';
  document.title = '';
  api = routes();
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const notFound = () => screen.findByRole('heading', { level: 1, name: 'Page not found' });

it('shows a skeleton in the space of the page while it loads, then the page, marked with the release', async () => {
  const { container } = renderInRouter(<ContentPage slug="home" />);
  expect(screen.getByTestId('content-loading')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 1, name: 'Photocopiers and printers for UK businesses' })).toBeInTheDocument();
  expect(screen.queryByTestId('content-loading')).toBeNull();
  expect(container.querySelector(`[data-release="${CONTENT_RELEASE}"]`)).not.toBeNull();
  expect(api.callsTo('/api/pages/slug/home')).toHaveLength(1);
  expect(api.callsTo('/api/pages/slug/home')[0]!.headers.accept).toBe('application/json');
});

it('serves a page it has already loaded from the cache: no second request, no skeleton', async () => {
  const first = renderInRouter(<ContentPage slug="home" />);
  await screen.findByRole('heading', { level: 1 });
  first.unmount();

  renderInRouter(<ContentPage slug="home" />);
  expect(screen.queryByTestId('content-loading')).toBeNull();
  expect(screen.getByRole('heading', { level: 1, name: 'Photocopiers and printers for UK businesses' })).toBeInTheDocument();
  expect(api.callsTo('/api/pages/slug/home')).toHaveLength(1);
});

it('shares one request between everyone who asks for a page while it is in flight', async () => {
  api = routes({ 'GET /api/pages/slug/home': { body: home, deferred: true } });
  prefetchPage('home');
  renderInRouter(
    <>
      <ContentPage slug="home" />
      <ContentPage slug="home" />
    </>,
  );
  prefetchPage('home');
  expect(api.callsTo('/api/pages/slug/home')).toHaveLength(1);
  act(() => api.release());
  await waitFor(() =>
    expect(screen.getAllByRole('heading', { level: 1, name: 'Photocopiers and printers for UK businesses' })).toHaveLength(2),
  );
  expect(api.callsTo('/api/pages/slug/home')).toHaveLength(1);
});

it('a prefetched page is shown at once when its route is entered', async () => {
  prefetchPage('print-audit');
  await waitFor(() => expect(api.callsTo('/api/pages/slug/print-audit')).toHaveLength(1));
  await act(async () => undefined);
  renderInRouter(<ContentPage slug="print-audit" kind="service" />);
  expect(screen.getByRole('heading', { level: 1, name: 'Print audit' })).toBeInTheDocument();
  expect(api.callsTo('/api/pages/slug/print-audit')).toHaveLength(1);
});

it('warms the cache when a link to another content page is hovered or focused', async () => {
  api = routes({
    'GET /api/pages/slug/home': {
      body: samplePage({
        body: [
          { type: 'hero', heading: 'Home', text: 'x', cta: { label: 'Contact us', href: '/contact-us' } },
          { type: 'ctaBand', heading: 'Audit', cta: { label: 'Print audit', href: '/services/print-audit' } },
          { type: 'ctaBand', heading: 'Catalogue', cta: { label: 'Browse', href: '/printers/multifunctionals' } },
        ],
      }),
    },
  });
  renderInRouter(<ContentPage slug="home" />);
  await userEvent.hover(await screen.findByRole('link', { name: 'Contact us' }));
  expect(api.callsTo('/api/pages/slug/contact-us')).toHaveLength(1);
  act(() => screen.getByRole('link', { name: 'Print audit' }).focus());
  expect(api.callsTo('/api/pages/slug/print-audit')).toHaveLength(1);
  await userEvent.hover(screen.getByRole('link', { name: 'Browse' }));
  expect(api.calls.filter((call) => call.path.startsWith('/api/pages/'))).toHaveLength(3);
});

it('a missing page (404) is the Not Found page, and the failure is logged', async () => {
  renderInRouter(<ContentPage slug="missing" />);
  expect(await notFound()).toBeInTheDocument();
  expect(document.title).toBe('Page not found - Copytech');
  expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('Page not found'));
});

it('a network failure is the Not Found page, and is not cached: the next visit asks again', async () => {
  api = routes({ 'GET /api/pages/slug/home': { networkError: true } });
  const first = renderInRouter(<ContentPage slug="home" />);
  expect(await notFound()).toBeInTheDocument();
  first.unmount();

  api = routes();
  renderInRouter(<ContentPage slug="home" />);
  expect(await screen.findByRole('heading', { level: 1, name: 'Photocopiers and printers for UK businesses' })).toBeInTheDocument();
});

it.each([
  ['a server error', { status: 500, body: { message: 'boom' } }],
  ['an answer that is not JSON', { status: 200 }],
  ['an answer that is not a page', { status: 200, body: { hello: 'world' } }],
])('%s is the Not Found page', async (_name, answer) => {
  api = routes({ 'GET /api/pages/slug/home': answer });
  renderInRouter(<ContentPage slug="home" />);
  expect(await notFound()).toBeInTheDocument();
});

it('a slug that is not a page slug is Not Found without asking the server', async () => {
  renderInRouter(<ContentPage slug="../../etc/passwd" kind="service" />);
  expect(await notFound()).toBeInTheDocument();
  expect(api.calls).toHaveLength(0);
});

it('a page asked for as a service (/services/contact-us) is Not Found', async () => {
  renderInRouter(<ContentPage slug="contact-us" kind="service" />);
  expect(await notFound()).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Contact us', level: 1 })).toBeNull();
});

it('a service asked for as a plain page is Not Found', async () => {
  renderInRouter(<ContentPage slug="print-audit" />);
  expect(await notFound()).toBeInTheDocument();
});

it("applies the page's meta: title through the site template, description, Open Graph, card and canonical URL", async () => {
  renderInRouter(<ContentPage slug="print-audit" kind="service" />);
  await screen.findByRole('heading', { level: 1, name: 'Print audit' });
  await waitFor(() => expect(document.title).toBe('Print audit - Copytech'));
  const meta = (selector: string) => document.head.querySelector<HTMLMetaElement>(selector)?.content;
  expect(meta('meta[name="description"]')).toBe('Print audit from Copytech.');
  expect(meta('meta[property="og:title"]')).toBe('Print audit - Copytech');
  expect(meta('meta[property="og:type"]')).toBe('article');
  expect(meta('meta[property="og:image"]')).toBe('http://localhost/assets/og/service.png');
  expect(meta('meta[name="twitter:card"]')).toBe('summary');
  expect(document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href).toBe('http://localhost/services/print-audit');
});

it('a service page has a breadcrumb and leads on to the other nine services', async () => {
  renderInRouter(<ContentPage slug="print-audit" kind="service" />);
  await screen.findByRole('heading', { level: 1, name: 'Print audit' });
  expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Print audit');
  const more = screen.getByRole('navigation', { name: 'More services' });
  const links = Array.from(more.querySelectorAll('a')).map((a) => a.getAttribute('href'));
  expect(links).toHaveLength(9);
  expect(links).not.toContain('/services/print-audit');
  expect(links).toContain('/services/papercut');
});

it('a page without a hero still has its one h1, from the meta title', async () => {
  api = routes({ 'GET /api/pages/slug/home': { body: samplePage({ body: [{ type: 'richText', html: '<p>Only text</p>' }] }) } });
  renderInRouter(<ContentPage slug="home" />);
  expect(await screen.findByRole('heading', { level: 1, name: home.meta.title })).toBeInTheDocument();
  expect(screen.getByText('Only text')).toBeInTheDocument();
});

it("a service page's text has a way to talk to a specialist beside it; a plain page's text does not", async () => {
  const audit = servicePage();
  api = routes({
    'GET /api/pages/slug/print-audit': {
      body: { ...audit, body: [...audit.body, { type: 'richText', html: '<p>An audit looks at every printer.</p>' }] },
    },
    'GET /api/pages/slug/home': { body: samplePage({ body: [{ type: 'richText', html: '<p>Plain prose.</p>' }] }) },
  });
  const service = renderInRouter(<ContentPage slug="print-audit" kind="service" />);
  const aside = await screen.findByRole('complementary', { name: 'Talk to a specialist' });
  expect(aside.querySelector('a[href="tel:+443300580590"]')).not.toBeNull();
  service.unmount();

  renderInRouter(<ContentPage slug="home" />);
  await screen.findByText('Plain prose.');
  expect(screen.queryByRole('complementary')).toBeNull();
});
