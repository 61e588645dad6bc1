/** Where the remotes configuration comes from: the page's inline copy first, /remotes.json after. */
import { getInstance } from '@module-federation/enhanced/runtime';
import { INLINE_REMOTES_ID, loadExposedComponent, resetFederationForTests, resetRemote, startFederation } from './remoteRegistry';

/** A federation instance as the runtime's getInstance() returns it. */
function federationInstance(name: string) {
  return { name, registerPlugins: jest.fn(), registerRemotes: jest.fn(), loadRemote: jest.fn() };
}
const shell = federationInstance('shell');
const registerRemotes = shell.registerRemotes;

jest.mock('@module-federation/enhanced/runtime', () => ({ getInstance: jest.fn() }));

const fromServer = {
  remotes: {
    catalogue: '/remotes/catalogue/mf-manifest.json',
    basket: '/remotes/basket/mf-manifest.json',
    checker: '/remotes/checker/mf-manifest.json',
    content: '/remotes/content/mf-manifest.json',
  },
  timeoutMs: 8000,
};
const inline = {
  remotes: {
    catalogue: '/remotes/catalogue/remoteEntry.js',
    basket: '/remotes/basket/remoteEntry.js',
    checker: 'https://checker.cdn.example.com/mf-manifest.json',
    content: '/remotes/content/remoteEntry.js',
  },
  timeoutMs: 3000,
};

function pageCarries(text: string | null) {
  document.getElementById(INLINE_REMOTES_ID)?.remove();
  if (text === null) return;
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = INLINE_REMOTES_ID;
  script.textContent = text;
  document.head.appendChild(script);
}

const fetchMock = jest.fn();
beforeEach(() => {
  resetFederationForTests();
  jest
    .mocked(getInstance)
    .mockReset()
    .mockReturnValue(shell as unknown as ReturnType<typeof getInstance>);
  registerRemotes.mockReset();
  shell.loadRemote.mockReset();
  fetchMock.mockReset().mockResolvedValue({ ok: true, status: 200, json: async () => fromServer });
  global.fetch = fetchMock as unknown as typeof fetch;
});

type RemoteArg = { name: string; entry?: string };
const entryOf = (remote: RemoteArg) => remote.entry;
const registered = () => (registerRemotes.mock.calls.at(-1)![0] as RemoteArg[]).map((r) => [r.name, new URL(entryOf(r)!).pathname]);

it('registers the remotes from the inline configuration without fetching /remotes.json', async () => {
  pageCarries(JSON.stringify(inline));
  await expect(startFederation()).resolves.toEqual(inline);
  expect(fetchMock).not.toHaveBeenCalled();
  expect(registered()).toEqual([
    ['catalogue', '/remotes/catalogue/remoteEntry.js'],
    ['basket', '/remotes/basket/remoteEntry.js'],
    ['checker', '/mf-manifest.json'],
    ['content', '/remotes/content/remoteEntry.js'],
  ]);
  // A Retry re-registers from the same configuration, still without a fetch.
  await resetRemote('catalogue');
  expect(fetchMock).not.toHaveBeenCalled();
  expect(registerRemotes.mock.calls.at(-1)).toEqual([
    [{ name: 'catalogue', entry: 'http://localhost/remotes/catalogue/remoteEntry.js?retry=1' }],
    { force: true },
  ]);
  // Each retry is a fresh URL: neither a failed load the runtime remembers nor a stuck preload is reused.
  await resetRemote('catalogue');
  expect(entryOf((registerRemotes.mock.calls.at(-1)![0] as RemoteArg[])[0]!)).toBe(
    'http://localhost/remotes/catalogue/remoteEntry.js?retry=2',
  );
});

it.each([
  ['absent', null],
  ['not JSON', '{ remotes: '],
  ['missing a remote', JSON.stringify({ remotes: { catalogue: '/x.js' }, timeoutMs: 1 })],
])('fetches /remotes.json when the inline configuration is %s', async (_case, text) => {
  pageCarries(text);
  await expect(startFederation()).resolves.toEqual(fromServer);
  expect(fetchMock).toHaveBeenCalledWith('/remotes.json', expect.objectContaining({ cache: 'no-cache' }));
});

it('reads the inline configuration once: after a failure the next start fetches', async () => {
  pageCarries(JSON.stringify(inline));
  registerRemotes.mockImplementationOnce(() => {
    throw new Error('runtime refused');
  });
  await expect(startFederation()).rejects.toThrow('runtime refused');
  await expect(startFederation()).resolves.toEqual(fromServer);
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

it("keeps to the page's own federation instance after a remote's container has started", async () => {
  // Every build uses the page's one @module-federation/runtime, whose current instance becomes
  // each remote container's own as it starts. The registry took the host's on first use.
  pageCarries(JSON.stringify(inline));
  await startFederation();
  const catalogue = federationInstance('catalogue');
  jest.mocked(getInstance).mockReturnValue(catalogue as unknown as ReturnType<typeof getInstance>);
  shell.loadRemote.mockResolvedValue({ default: () => null });

  await loadExposedComponent('basket/BasketDrawer');
  await resetRemote('content');
  expect(shell.loadRemote).toHaveBeenCalledWith('basket/BasketDrawer');
  expect(registerRemotes.mock.calls.at(-1)![0]).toEqual([
    { name: 'content', entry: 'http://localhost/remotes/content/remoteEntry.js?retry=1' },
  ]);
  expect(catalogue.loadRemote).not.toHaveBeenCalled();
  expect(catalogue.registerRemotes).not.toHaveBeenCalled();
});

describe('reporting a remote that fails to load (POST /api/releases/beacon)', () => {
  const sendBeacon = jest.fn(() => true);
  const failed = { __copytechRemoteFailure: true, id: 'checker/SavingsChecker', reason: 'entry timed out' };
  beforeEach(() => {
    sendBeacon.mockClear();
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true, writable: true });
  });
  afterAll(() => {
    delete (navigator as { sendBeacon?: unknown }).sendBeacon;
  });

  it('sends the remote and its release once per page view, nothing else', async () => {
    pageCarries(
      JSON.stringify({ ...inline, releases: { catalogue: 'local', basket: 'local', checker: '3f9a0c1d2e4b', content: 'local' } }),
    );
    shell.loadRemote.mockResolvedValue(failed);
    await expect(loadExposedComponent('checker/SavingsChecker')).rejects.toThrow('entry timed out');
    await expect(loadExposedComponent('checker/SavingsChecker')).rejects.toThrow('entry timed out');
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    expect(sendBeacon).toHaveBeenCalledWith('/api/releases/beacon', JSON.stringify({ remote: 'checker', release: '3f9a0c1d2e4b' }));
    // Another page of the visit: reported again.
    window.history.pushState({}, '', '/discover-print-savings');
    await expect(loadExposedComponent('checker/SavingsChecker')).rejects.toThrow();
    expect(sendBeacon).toHaveBeenCalledTimes(2);
    window.history.pushState({}, '', '/');
  });

  it('a remote that loads is not reported; a page that names no releases (a standalone page) reports nothing', async () => {
    pageCarries(JSON.stringify({ ...inline, releases: { catalogue: 'local', basket: 'local', checker: 'local', content: 'local' } }));
    shell.loadRemote.mockResolvedValue({ default: () => null });
    await loadExposedComponent('basket/BasketDrawer');
    expect(sendBeacon).not.toHaveBeenCalled();

    resetFederationForTests();
    pageCarries(JSON.stringify(inline));
    shell.loadRemote.mockResolvedValue(failed);
    await expect(loadExposedComponent('checker/SavingsChecker')).rejects.toThrow();
    expect(sendBeacon).not.toHaveBeenCalled();
  });
});
