import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const host = { instanceName: 'shell' };
const runtime = {
  getInstance: jest.fn((): { name: string } => ({ name: host.instanceName })),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
};
// The registry works through the page's host instance (getInstance), not the module-level functions.
jest.mock('@module-federation/enhanced/runtime', () => ({
  getInstance: () => {
    const instance = runtime.getInstance();
    return {
      ...instance,
      registerPlugins: (...args: unknown[]) => runtime.registerPlugins(...args),
      registerRemotes: (...args: unknown[]) => runtime.registerRemotes(...args),
      loadRemote: (...args: unknown[]) => runtime.loadRemote(...args),
    };
  },
}));

import { RemoteSlot } from './RemoteSlot';
import { loadExposedComponent, resetFederationForTests, startFederation, RemoteUnavailableError } from './remoteRegistry';
import { REMOTE_FAILURE, resiliencePlugin } from './resiliencePlugin';

const manifest = {
  remotes: {
    catalogue: '/remotes/catalogue/mf-manifest.json',
    basket: '/remotes/basket/mf-manifest.json',
    checker: 'https://cdn.example.com/checker/mf-manifest.json',
    content: '/remotes/content/mf-manifest.json',
  },
  timeoutMs: 1234,
};

function mockFetchOnce(...responses: Array<{ ok: boolean; status?: number; body?: unknown } | Error>) {
  const fetchMock = jest.fn();
  for (const response of responses) {
    if (response instanceof Error) fetchMock.mockRejectedValueOnce(response);
    else fetchMock.mockResolvedValueOnce({ ok: response.ok, status: response.status ?? 200, json: async () => response.body });
  }
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

beforeEach(() => {
  resetFederationForTests();
  jest.clearAllMocks();
  host.instanceName = 'shell';
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('startFederation', () => {
  it('registers every remote from /remotes.json with absolute entries and the time-out plugin', async () => {
    mockFetchOnce({ ok: true, body: manifest });
    await startFederation();
    const [remotes] = runtime.registerRemotes.mock.calls[0] as [Array<{ name: string; entry: string }>];
    expect(remotes).toEqual([
      { name: 'catalogue', entry: 'http://localhost/remotes/catalogue/mf-manifest.json' },
      { name: 'basket', entry: 'http://localhost/remotes/basket/mf-manifest.json' },
      { name: 'checker', entry: 'https://cdn.example.com/checker/mf-manifest.json' },
      { name: 'content', entry: 'http://localhost/remotes/content/mf-manifest.json' },
    ]);
    expect(runtime.registerPlugins.mock.calls[0][0][0].name).toBe('copytech-resilience');
  });

  it('fetches the manifest once for many callers', async () => {
    const fetchMock = mockFetchOnce({ ok: true, body: manifest });
    await Promise.all([startFederation(), startFederation(), startFederation()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a remote running standalone does not register itself', async () => {
    host.instanceName = 'content';
    mockFetchOnce({ ok: true, body: manifest });
    await startFederation();
    const names = (runtime.registerRemotes.mock.calls[0][0] as Array<{ name: string }>).map((r) => r.name);
    expect(names).toEqual(['catalogue', 'basket', 'checker']);
  });

  it('does not cache a failure: the next call fetches again', async () => {
    const fetchMock = mockFetchOnce({ ok: false, status: 503 }, { ok: true, body: manifest });
    await expect(startFederation()).rejects.toThrow('HTTP 503');
    await expect(startFederation()).resolves.toEqual(manifest);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('rejects a malformed manifest', async () => {
    mockFetchOnce({ ok: true, body: { remotes: { catalogue: 42 } } });
    await expect(startFederation()).rejects.toThrow('malformed');
  });
});

describe('loadExposedComponent', () => {
  it("turns the resilience plugin's fallback into a RemoteUnavailableError", async () => {
    mockFetchOnce({ ok: true, body: manifest });
    runtime.loadRemote.mockResolvedValueOnce({ [REMOTE_FAILURE]: true, id: 'checker/SavingsChecker', reason: 'Timed out' });
    await expect(loadExposedComponent('checker/SavingsChecker')).rejects.toBeInstanceOf(RemoteUnavailableError);
  });
});

describe('resiliencePlugin', () => {
  it('aborts a manifest fetch that takes longer than the time-out', async () => {
    jest.useFakeTimers();
    global.fetch = jest.fn(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    ) as unknown as typeof fetch;
    const plugin = resiliencePlugin({ timeoutMs: 500 });
    const pending = (plugin.fetch as (url: string, init: RequestInit) => Promise<Response>)('/m.json', {});
    jest.advanceTimersByTime(501);
    await expect(pending).rejects.toThrow('Timed out after 500 ms');
    jest.useRealTimers();
  });

  it('gives the entry script a time-out and returns a marked fallback on error', async () => {
    const plugin = resiliencePlugin({ timeoutMs: 700 });
    const created = (plugin.createScript as (args: { url: string }) => { script: HTMLScriptElement; timeout: number })({
      url: 'http://x/remoteEntry.js',
    });
    expect(created.timeout).toBe(700);
    expect(created.script.src).toBe('http://x/remoteEntry.js');
    const fallback = await (plugin.errorLoadRemote as (args: { id: string; error: unknown }) => unknown)({
      id: 'basket/BasketDrawer',
      error: new Error('boom'),
    });
    expect(fallback).toMatchObject({ [REMOTE_FAILURE]: true, id: 'basket/BasketDrawer', reason: 'boom' });
  });
});

describe('RemoteSlot', () => {
  it('shows the fragment once it loads', async () => {
    mockFetchOnce({ ok: true, body: manifest });
    runtime.loadRemote.mockResolvedValueOnce({ default: ({ slug }: { slug: string }) => <h1>Page {slug}</h1> });
    render(<RemoteSlot id="content/ContentPage" props={{ slug: 'home' }} label="This page" />);
    expect(await screen.findByRole('heading', { name: 'Page home' })).toBeInTheDocument();
    expect(screen.getByRole('heading').closest('[data-remote]')).toHaveAttribute('data-remote', 'content');
  });

  it('shows a clear message when the remote fails, and Retry really loads it again', async () => {
    mockFetchOnce({ ok: true, body: manifest });
    runtime.loadRemote
      .mockResolvedValueOnce({ [REMOTE_FAILURE]: true, id: 'checker/SavingsChecker', reason: 'HTTP 404' })
      .mockResolvedValueOnce({ default: () => <h1>Checker</h1> });
    render(<RemoteSlot id="checker/SavingsChecker" props={{}} label="The print savings checker" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The print savings checker could not be loaded.');

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Checker' })).toBeInTheDocument();
    // The retry forced the runtime to forget the failed remote before loading again.
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'checker', entry: 'https://cdn.example.com/checker/mf-manifest.json?retry=1' }],
      { force: true },
    );
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
  });

  it('isolates a fragment that throws while rendering', async () => {
    mockFetchOnce({ ok: true, body: manifest });
    runtime.loadRemote.mockResolvedValueOnce({
      default: () => {
        throw new Error('render bug');
      },
    });
    render(
      <div>
        <p>Header stays</p>
        <RemoteSlot id="catalogue/FeaturedProducts" props={{}} label="Featured printers" compact />
      </div>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Featured printers could not be loaded.');
    expect(screen.getByText('Header stays')).toBeInTheDocument();
  });

  it('shows the failure when the remotes manifest cannot be fetched', async () => {
    mockFetchOnce(new Error('offline'));
    await act(async () => {
      render(<RemoteSlot id="catalogue/CatalogueRoutes" props={{ section: 'printers' }} label="The product catalogue" />);
    });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The product catalogue could not be loaded.'));
  });
});

describe("a canary remote's outcome on the page view (reported with the page's canary token)", () => {
  const sendBeacon = jest.fn(() => true);
  const TOKEN = 'eyJ2IjoiYWJjIn0.c2lnbmF0dXJlLW9mLXRoZS1zZXJ2ZXItNDMtY2hhcmFjdGVycy0';
  beforeEach(() => {
    sendBeacon.mockClear();
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true, writable: true });
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'copytech-canary';
    script.textContent = JSON.stringify({ token: TOKEN, remotes: ['basket', 'catalogue'] });
    document.body.appendChild(script);
  });
  afterEach(() => {
    document.getElementById('copytech-canary')?.remove();
    delete (navigator as { sendBeacon?: unknown }).sendBeacon;
  });
  const sent = () => sendBeacon.mock.calls.map((call) => JSON.parse((call as unknown as [string, string])[1]) as object);

  it('a remote whose module loads but throws while rendering is reported failed, once, beside the failure message', async () => {
    mockFetchOnce({ ok: true, body: manifest });
    runtime.loadRemote.mockResolvedValue({
      default: () => {
        throw new Error('broken build');
      },
    });
    // A module no other test loaded (the slot keeps loaded components by id).
    render(<RemoteSlot id="basket/InstantQuote" props={{} as never} label="The instant quote" />);
    expect(await screen.findByTestId('remote-unavailable')).toBeInTheDocument();
    expect(sent()).toEqual([{ token: TOKEN, remote: 'basket', outcome: 'failed' }]);
  });

  it('a remote whose fragment renders is reported ok once it is live, once for all its slots', async () => {
    mockFetchOnce({ ok: true, body: manifest });
    runtime.loadRemote.mockResolvedValue({ default: () => <p>Search suggestions</p> });
    // (a module no other test rendered in a slot)
    render(
      <>
        <RemoteSlot id="catalogue/SiteSearch" props={{} as never} label="Search" />
        <RemoteSlot id="catalogue/SiteSearch" props={{} as never} label="Search" />
      </>,
    );
    expect(await screen.findAllByText('Search suggestions')).toHaveLength(2);
    await waitFor(() => expect(sendBeacon).toHaveBeenCalled());
    expect(sent()).toEqual([{ token: TOKEN, remote: 'catalogue', outcome: 'ok' }]);
  });
});
