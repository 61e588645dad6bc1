import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FeaturedProductsProps } from '@copytech/shared';

/** The federation runtime the shell set up: the catalogue's FeaturedProducts is loaded by name through it. */
const loadRemote = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({
  getInstance: () => ({
    name: 'shell',
    registerPlugins: jest.fn(),
    registerRemotes: jest.fn(),
    loadRemote: (...args: unknown[]) => loadRemote(...args),
  }),
}));

import { resetFederationForTests } from '@copytech/shared';
import { installFakeApi } from '../testing/fakeApi';
import { renderInRouter } from '../testing/render';
import { BlockRenderer } from './BlockRenderer';

const manifest = {
  remotes: {
    catalogue: '/remotes/catalogue/mf-manifest.json',
    basket: '/remotes/basket/mf-manifest.json',
    checker: '/remotes/checker/mf-manifest.json',
    content: '/remotes/content/mf-manifest.json',
  },
  timeoutMs: 5000,
};

function FakeFeaturedProducts({ heading, limit }: FeaturedProductsProps) {
  return (
    <section>
      <h2>{heading}</h2>
      <p>showing {limit} printers</p>
    </section>
  );
}

beforeEach(() => {
  resetFederationForTests();
  loadRemote.mockReset();
  installFakeApi({ 'GET /remotes.json': { body: manifest } });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

// RemoteSlot caches each load attempt for the page's lifetime, so one test walks the whole story.
it("loads the catalogue's FeaturedProducts by name behind a remote boundary: space held, failure with Retry, then the fragment with the block's heading and limit", async () => {
  loadRemote.mockRejectedValueOnce(new Error('catalogue is down')).mockResolvedValue({ default: FakeFeaturedProducts });
  renderInRouter(
    <BlockRenderer
      slug="home"
      blocks={[
        { type: 'featuredProducts', heading: 'Popular with our customers', limit: 8 },
        { type: 'ctaBand', heading: 'The rest of the page', cta: { label: 'Go', href: '/' } },
      ]}
    />,
  );
  expect(screen.getByText('Loading Featured printers…')).toBeInTheDocument();
  expect(await screen.findByText('Featured printers could not be loaded.')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'The rest of the page' })).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { level: 2, name: 'Popular with our customers' })).toBeInTheDocument();
  expect(screen.getByText('showing 8 printers')).toBeInTheDocument();
  expect(loadRemote).toHaveBeenCalledTimes(2);
  expect(loadRemote).toHaveBeenNthCalledWith(2, 'catalogue/FeaturedProducts');
});
