/** Where the remotes configuration comes from: the page's inline copy first, /remotes.json after. */
import { getInstance } from '@module-federation/enhanced/runtime';
import {
  INLINE_REMOTES_ID,
  loadExposedComponent,
  loadExposedForSlot,
  reportRemoteFailure,
  resetFederationForTests,
  resetRemote,
  startFederation,
} from './remoteRegistry';

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

describe("reporting a canary remote's outcome once per page view (POST /api/releases/beacon)", () => {
  const sendBeacon = jest.fn(() => true);
  const failed = { __copytechRemoteFailure: true, id: 'checker/SavingsChecker', reason: 'entry timed out' };
  const usable = { default: () => null };
  const TOKEN = 'eyJ2IjoiYWJjIn0.c2lnbmF0dXJlLW9mLXRoZS1zZXJ2ZXItNDMtY2hhcmFjdGVycy0';

  /** The page's canary data block, as the server writes it after the body. */
  function canaryPage(view: object | string | null) {
    document.getElementById('copytech-canary')?.remove();
    if (view === null) return;
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'copytech-canary';
    script.textContent = typeof view === 'string' ? view : JSON.stringify(view);
    document.body.appendChild(script);
  }
  const sent = () =>
    sendBeacon.mock.calls.map((call) => {
      const [url, body] = call as unknown as [string, string];
      return [url, JSON.parse(body) as object];
    });

  beforeEach(() => {
    sendBeacon.mockClear();
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true, writable: true });
    pageCarries(JSON.stringify(inline));
  });
  afterEach(() => canaryPage(null));
  afterAll(() => {
    delete (navigator as { sendBeacon?: unknown }).sendBeacon;
  });

  it('reports ok once when the canary remote’s first module loads and is usable, with the token and nothing else', async () => {
    canaryPage({ token: TOKEN, remotes: ['checker'] });
    shell.loadRemote.mockResolvedValue(usable);
    await loadExposedComponent('checker/SavingsChecker');
    await loadExposedComponent('checker/SavingsChecker');
    // a later failure of the same remote in the same page view: not a second report
    shell.loadRemote.mockResolvedValue(failed);
    await expect(loadExposedComponent('checker/SavingsChecker')).rejects.toThrow('entry timed out');
    reportRemoteFailure('checker');
    // another page of the visit in the same document (a client-side navigation): the same page view
    window.history.pushState({}, '', '/discover-print-savings');
    shell.loadRemote.mockResolvedValue(usable);
    await loadExposedComponent('checker/SavingsChecker');
    window.history.pushState({}, '', '/');
    expect(sent()).toEqual([['/api/releases/beacon', { token: TOKEN, remote: 'checker', outcome: 'ok' }]]);
  });

  it('reports failed once when it fails first (a module that cannot be used, or a render that throws), then never ok', async () => {
    canaryPage({ token: TOKEN, remotes: ['checker', 'basket'] });
    shell.loadRemote.mockResolvedValue(failed);
    await expect(loadExposedComponent('checker/SavingsChecker')).rejects.toThrow('entry timed out');
    shell.loadRemote.mockResolvedValue(usable);
    await loadExposedComponent('checker/SavingsChecker'); // a Retry that worked
    // the basket's first module loads, then its component throws while rendering (RemoteSlot's boundary)
    reportRemoteFailure('basket');
    await loadExposedComponent('basket/BasketDrawer');
    expect(sent()).toEqual([
      ['/api/releases/beacon', { token: TOKEN, remote: 'checker', outcome: 'failed' }],
      ['/api/releases/beacon', { token: TOKEN, remote: 'basket', outcome: 'failed' }],
    ]);
  });

  it('reports a canary remote whose remotes configuration could not be loaded as failed', async () => {
    canaryPage({ token: TOKEN, remotes: ['checker'] });
    pageCarries(null);
    fetchMock.mockRejectedValue(new Error('offline'));
    await expect(loadExposedComponent('checker/SavingsChecker')).rejects.toThrow('could not be loaded');
    expect(sent()).toEqual([['/api/releases/beacon', { token: TOKEN, remote: 'checker', outcome: 'failed' }]]);
  });

  it('a module loaded for a slot is reported only when it fails: the slot reports ok once its fragment is live', async () => {
    canaryPage({ token: TOKEN, remotes: ['checker', 'basket'] });
    shell.loadRemote.mockResolvedValue(usable);
    await loadExposedForSlot('checker/SavingsChecker');
    expect(sendBeacon).not.toHaveBeenCalled();
    shell.loadRemote.mockResolvedValue(failed);
    await expect(loadExposedForSlot('basket/BasketDrawer')).rejects.toThrow('entry timed out');
    expect(sent()).toEqual([['/api/releases/beacon', { token: TOKEN, remote: 'basket', outcome: 'failed' }]]);
  });

  it('reads the token once: a block added later is not read', async () => {
    canaryPage(null);
    shell.loadRemote.mockResolvedValue(usable);
    await loadExposedComponent('catalogue/CatalogueRoutes');
    canaryPage({ token: TOKEN, remotes: ['checker'] });
    await loadExposedComponent('checker/SavingsChecker');
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it.each([
    ['a page without a canary (no token: the live releases, or a standalone page)', null],
    ['a token that does not name the remote', { token: TOKEN, remotes: ['basket'] }],
    ['a block that is not JSON', '{ token: '],
    ['a block of another shape', { token: 7, remotes: ['checker'] }],
    ['a block naming a remote that does not exist', { token: TOKEN, remotes: ['printers'] }],
  ])('sends nothing on %s', async (_case, view) => {
    canaryPage(view);
    shell.loadRemote.mockResolvedValue(failed);
    await expect(loadExposedComponent('checker/SavingsChecker')).rejects.toThrow();
    reportRemoteFailure('checker');
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('sends nothing where the browser has no sendBeacon', async () => {
    canaryPage({ token: TOKEN, remotes: ['checker'] });
    delete (navigator as { sendBeacon?: unknown }).sendBeacon;
    shell.loadRemote.mockResolvedValue(usable);
    await expect(loadExposedComponent('checker/SavingsChecker')).resolves.toBe(usable);
  });
});
