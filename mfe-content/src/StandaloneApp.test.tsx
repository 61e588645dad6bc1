import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SERVICES } from '@copytech/shared/domain';
import { installFakeApi, type FakeApi } from './testing/fakeApi';
import { renderInRouter } from './testing/render';
import { samplePage, servicePage } from './testing/samplePages';
import { resetPageCache } from './pages/pageCache';
import { StandaloneApp, pagePathOf } from './StandaloneApp';

let api: FakeApi;
beforeEach(() => {
  resetPageCache();
  api = installFakeApi({
    'GET /api/pages/slug/home': { body: samplePage() },
    'GET /api/pages/slug/print-audit': { body: servicePage() },
    'GET /api/pages/slug/papercut': { body: servicePage('papercut', 'PaperCut print management') },
  });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

it('finds the page from ?page= (production: the remote folder) or from the path (development)', () => {
  expect(pagePathOf('/remotes/content/', '?page=%2Fservices%2Fprint-audit')).toBe('/services/print-audit');
  expect(pagePathOf('/remotes/content/', '')).toBe('/');
  expect(pagePathOf('/remotes/content/index.html', '')).toBe('/');
  expect(pagePathOf('/contact-us', '')).toBe('/contact-us');
});

it('offers every CMS page in its picker and shows the one picked', async () => {
  const user = userEvent.setup();
  renderInRouter(<StandaloneApp />, '/remotes/content/?page=/services/print-audit');
  expect(await screen.findByRole('heading', { level: 1, name: 'Print audit' })).toBeInTheDocument();

  const picker = screen.getByLabelText('Page to review');
  const values = within(picker)
    .getAllByRole('option')
    .map((option) => (option as HTMLOptionElement).value);
  expect(values).toEqual([
    '/',
    '/contact-us',
    '/customer-support',
    '/about-us',
    '/newsletter',
    '/privacy-policy',
    '/cookie-policy',
    '/terms',
    ...SERVICES.map((service) => `/services/${service.slug}`),
  ]);
  expect(picker).toHaveValue('/services/print-audit');

  await user.selectOptions(picker, '/services/papercut');
  expect(await screen.findByRole('heading', { level: 1, name: 'PaperCut print management' })).toBeInTheDocument();
  expect(api.callsTo('/api/pages/slug/papercut')).toHaveLength(1);
});

it('keeps a page reached by a link as ?page=, so reloading the address still opens the standalone page', async () => {
  renderInRouter(<StandaloneApp />, '/services/papercut');
  expect(await screen.findByRole('heading', { level: 1, name: 'PaperCut print management' })).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
});
