/** Where the remotes configuration comes from: the page's inline copy first, /remotes.json after. */
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { INLINE_REMOTES_ID, resetFederationForTests, resetRemote, startFederation } from './remoteRegistry';

jest.mock('@module-federation/enhanced/runtime', () => ({
  getInstance: jest.fn(() => ({ name: 'shell' })),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

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
  jest.mocked(registerRemotes).mockClear();
  fetchMock.mockReset().mockResolvedValue({ ok: true, status: 200, json: async () => fromServer });
  global.fetch = fetchMock as unknown as typeof fetch;
});

const entryOf = (remote: Parameters<typeof registerRemotes>[0][number]) => ('entry' in remote ? remote.entry : undefined);
const registered = () => jest.mocked(registerRemotes).mock.calls.at(-1)![0].map((r) => [r.name, new URL(entryOf(r)!).pathname]);

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
  expect(jest.mocked(registerRemotes).mock.calls.at(-1)).toEqual([[{ name: 'catalogue', entry: 'http://localhost/remotes/catalogue/remoteEntry.js?retry=1' }], { force: true }]);
  // Each retry is a fresh URL: neither a failed load the runtime remembers nor a stuck preload is reused.
  await resetRemote('catalogue');
  expect(entryOf(jest.mocked(registerRemotes).mock.calls.at(-1)![0][0]!)).toBe('http://localhost/remotes/catalogue/remoteEntry.js?retry=2');
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
  jest.mocked(registerRemotes).mockImplementationOnce(() => {
    throw new Error('runtime refused');
  });
  await expect(startFederation()).rejects.toThrow('runtime refused');
  await expect(startFederation()).resolves.toEqual(fromServer);
  expect(fetchMock).toHaveBeenCalledTimes(1);
});
