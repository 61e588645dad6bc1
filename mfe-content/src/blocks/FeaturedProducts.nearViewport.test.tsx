import { act, screen } from '@testing-library/react';
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
import { NEAR_VIEWPORT } from './FeaturedProducts';

/** A stand-in IntersectionObserver the test drives: the block is "near" when the test says so. */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly targets: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  takeRecords() {
    return [];
  }
  enter() {
    const entries = this.targets.map((target) => ({ target, isIntersecting: true }) as unknown as IntersectionObserverEntry);
    act(() => this.callback(entries, this as unknown as IntersectionObserver));
  }
}

function FakeFeaturedProducts({ heading, limit }: FeaturedProductsProps) {
  return (
    <section data-testid="featured-products">
      <h2>{heading}</h2>
      <p>showing {limit} printers</p>
    </section>
  );
}

beforeEach(() => {
  FakeObserver.all = [];
  (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = FakeObserver;
  resetFederationForTests();
  loadRemote.mockReset().mockResolvedValue({ default: FakeFeaturedProducts });
  installFakeApi({
    'GET /remotes.json': {
      body: { remotes: { catalogue: '/remotes/catalogue/mf-manifest.json', basket: '/b', checker: '/c', content: '/d' }, timeoutMs: 5000 },
    },
  });
});
afterEach(() => {
  delete (window as unknown as { IntersectionObserver?: unknown }).IntersectionObserver;
  jest.restoreAllMocks();
});

it("fetches the catalogue's code only when the block comes near the viewport; its heading and space are there from the start", async () => {
  renderInRouter(<BlockRenderer slug="home" blocks={[{ type: 'featuredProducts', heading: 'Popular with our customers', limit: 4 }]} />);

  expect(screen.getByRole('heading', { level: 2, name: 'Popular with our customers' })).toBeInTheDocument();
  expect(screen.getByTestId('featured-products-pending')).toHaveStyle({ minHeight: '480px' });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  expect(loadRemote).not.toHaveBeenCalled();

  const [observer] = FakeObserver.all;
  expect(observer?.options.rootMargin).toBe(NEAR_VIEWPORT);
  observer?.enter();

  expect(await screen.findByText('showing 4 printers')).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 2, name: 'Popular with our customers' })).toHaveLength(1);
  expect(screen.queryByTestId('featured-products-pending')).toBeNull();
  expect(loadRemote).toHaveBeenCalledWith('catalogue/FeaturedProducts');
  expect(observer?.disconnected).toBe(true);
});
