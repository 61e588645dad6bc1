/**
 * Release origins are an allow-list (server/src/pages/releases/originFetch.ts, docs/deploy.md
 * "Releasing a remote"): RELEASE_ORIGINS as the server reads it; a host name's addresses checked
 * before any connection, with a stubbed resolver, and the connection pinned to the checked address;
 * a listed loopback literal read from a test server on 127.0.0.1 (a redirect refused and its
 * target never asked for, nothing it said quoted); unlisted loopback forms refused with no
 * connection reaching a listener. The only addresses this file connects to are loopback ones: any
 * other connection is stopped in net.Socket#connect before it is made, and counted with the
 * addresses its lookup would have given.
 */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { loadConfig } from '../src/config';
import { readManifest } from '../src/features/releases/gateManifest';
import { notPublic, originPolicy, readOrigin, readOriginText, type Resolver } from '../src/pages/releases/originFetch';

/** Every connection attempt: its host, and where its lookup would send it. Anything not to 127.0.0.1 is stopped. */
const attempts: Array<{ host: string | undefined; via: string[] }> = [];
const realConnect = net.Socket.prototype.connect;
beforeAll(() => {
  jest.spyOn(net.Socket.prototype, 'connect').mockImplementation(function (this: net.Socket, ...args: unknown[]) {
    const first = (Array.isArray(args[0]) ? args[0][0] : args[0]) as net.TcpNetConnectOpts;
    const attempt = { host: first.host, via: [] as string[] };
    attempts.push(attempt);
    if (first.host === '127.0.0.1' || first.host === '::1') return (realConnect as (...a: unknown[]) => net.Socket).apply(this, args);
    // Where would it go? Ask the lookup it was given, then stop it: nothing leaves the machine.
    first.lookup?.(first.host ?? '', { all: true }, (_error, addresses) => {
      attempt.via = (Array.isArray(addresses) ? addresses : [{ address: addresses }]).map((entry) => entry.address);
    });
    process.nextTick(() => this.destroy(Object.assign(new Error('stopped by the test'), { code: 'ESTOPPED' })));
    return this;
  });
});
afterAll(() => jest.restoreAllMocks());
beforeEach(() => {
  attempts.length = 0;
});

const answering = (...answers: string[][]): Resolver & { calls: string[] } => {
  const calls: string[] = [];
  const resolve = async (hostname: string) => {
    calls.push(hostname);
    const addresses = answers[Math.min(calls.length, answers.length) - 1]!;
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { calls });
};

const listing = (origins: string[], resolve: Resolver) =>
  originPolicy({ remoteManifests: loadConfig({}).remoteManifests, releases: { origins } }, resolve);

describe('RELEASE_ORIGINS', () => {
  it('is a list of origins, each as the URL standard writes it; unset, none', () => {
    expect(loadConfig({}).releases.origins).toEqual([]);
    expect(
      loadConfig({
        RELEASE_ORIGINS: ' HTTPS://CDN.Example.com:443/ , http://127.0.0.1:4100,,https://[::1]:8443 ,https://cdn.example.net:8443',
      }).releases.origins,
    ).toEqual(['https://cdn.example.com', 'http://127.0.0.1:4100', 'https://[::1]:8443', 'https://cdn.example.net:8443']);
  });

  it('stops the start on an entry that is not an origin, naming its position, never showing credentials', () => {
    const refusal = (value: string) => {
      try {
        loadConfig({ RELEASE_ORIGINS: value });
      } catch (error) {
        return (error as Error).message;
      }
      return 'started';
    };
    expect(refusal('https://a.example.com,https://cdn.example.com/checker/')).toBe(
      'RELEASE_ORIGINS entry 2 must not have a path (list the origin, https://cdn.example.com, not a folder), got "https://cdn.example.com/checker/"',
    );
    expect(refusal('https://cdn.example.com?v=1')).toMatch(/^RELEASE_ORIGINS entry 1 must not have a query or a fragment/);
    expect(refusal('ftp://cdn.example.com')).toMatch(/^RELEASE_ORIGINS entry 1 must start with https:\/\/ \(or http:\/\/\)/);
    expect(refusal('cdn.example.com')).toMatch(/^RELEASE_ORIGINS entry 1 must start with https:\/\//);
    expect(refusal('https://cdn.example.com:99999')).toMatch(/^RELEASE_ORIGINS entry 1 is not a URL/);
    const withPassword = refusal('https://x.example.com, https://deploy:hunter2@cdn.example.com');
    expect(withPassword).toBe('RELEASE_ORIGINS entry 2 must not carry credentials, got a URL with credentials (not shown)');
  });
});

describe('the addresses a release origin may have', () => {
  const refused: Array<[string, string]> = [
    ['127.0.0.1', 'loopback'],
    ['127.53.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.20', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['fd00:ec2::254', 'uniqueLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['100.100.100.200', 'carrierGradeNat'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['::ffff:10.0.0.1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'rfc6052'],
    ['2002:7f00:1::', '6to4'],
    ['2001:db8::1', 'reserved'],
    ['::127.0.0.1', 'loopback'],
    // IPv4-compatible (deprecated) and unallocated IPv6: ipaddr.js says unicast, but only 2000::/3 is global unicast
    ['::a9fe:a9fe', 'not in 2000::/3, the global unicast block'],
    ['4000::1', 'not in 2000::/3, the global unicast block'],
  ];
  it.each(refused)('%s is not public (%s)', (address, range) => expect(notPublic(address)).toBe(range));

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '169.255.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => expect(notPublic(address)).toBeNull(),
  );

  it('a listed host name that resolves to any non-public address is refused, and nothing connects', async () => {
    for (const [address, range] of refused) {
      const resolve = answering(['93.184.215.14', address]);
      const answer = await readOrigin(
        'https://cdn.team.example/checker/7/mf-manifest.json',
        listing(['https://cdn.team.example'], resolve),
      );
      expect(answer).toEqual({
        error:
          `cdn.team.example resolves to ${address}, which is not a public address (${range}); ` +
          'a release origin must resolve to public addresses only, or be listed in RELEASE_ORIGINS by its IP address',
      });
      expect(resolve.calls).toEqual(['cdn.team.example']);
    }
    expect(attempts).toEqual([]);
  });

  it('a host name that does not resolve is refused, and nothing connects', async () => {
    const failing: Resolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND cdn.team.example'), { code: 'ENOTFOUND' });
    };
    expect(await readOrigin('https://cdn.team.example/x', listing(['https://cdn.team.example'], failing))).toEqual({
      error: 'cdn.team.example could not be resolved (ENOTFOUND)',
    });
    expect(attempts).toEqual([]);
  });

  it('the connection goes to the address that was checked: a second answer (DNS rebinding) is never asked for', async () => {
    const resolve = answering(['93.184.215.14'], ['127.0.0.1']);
    const answer = await readOrigin('https://cdn.team.example/checker/7/mf-manifest.json', listing(['https://cdn.team.example'], resolve));
    expect(answer).toEqual({ error: 'https://cdn.team.example/checker/7/mf-manifest.json could not be read (ESTOPPED)' });
    expect(resolve.calls).toEqual(['cdn.team.example']);
    expect(attempts).toEqual([{ host: 'cdn.team.example', via: ['93.184.215.14'] }]);
  });

  it('a listed IP address names itself: it is read without a lookup; unlisted, the same address is refused', async () => {
    const resolve = answering(['93.184.215.14']);
    const listed = await readOrigin('http://10.1.2.3:8080/checker/7/mf-manifest.json', listing(['http://10.1.2.3:8080'], resolve));
    expect(listed).toEqual({ error: 'http://10.1.2.3:8080/checker/7/mf-manifest.json could not be read (ESTOPPED)' });
    expect(attempts).toEqual([{ host: '10.1.2.3', via: ['10.1.2.3'] }]);
    attempts.length = 0;
    expect(await readOrigin('http://10.1.2.3:8081/x', listing(['http://10.1.2.3:8080'], resolve))).toEqual({
      error: 'http://10.1.2.3:8081 is not an origin this site accepts releases from (RELEASE_ORIGINS). Ask the platform team to list it.',
    });
    expect(resolve.calls).toEqual([]);
    expect(attempts).toEqual([]);
  });

  it('https only: an http URL of an origin listed as https is not listed', async () => {
    const resolve = answering(['93.184.215.14']);
    expect(await readOrigin('http://cdn.team.example/x', listing(['https://cdn.team.example'], resolve))).toEqual({
      error:
        'http://cdn.team.example is not an origin this site accepts releases from (RELEASE_ORIGINS). Ask the platform team to list it.',
    });
    expect(resolve.calls).toEqual([]);
    expect(attempts).toEqual([]);
  });
});

/** A test server on 127.0.0.1 counting connections and requests, with a manifest, a redirect and a metrics page. */
async function loopbackOrigin() {
  const requests: string[] = [];
  let connections = 0;
  const server = http.createServer((request, response) => {
    requests.push(request.url!);
    if (request.url === '/r1/mf-manifest.json') return void response.writeHead(200).end('{"name":"checker"}');
    if (request.url === '/moved/mf-manifest.json') return void response.writeHead(302, { location: '/metrics' }).end();
    if (request.url === '/metrics') return void response.writeHead(200).end('# HELP copytech_x A secret-looking series\ncopytech_x 1\n');
    response.writeHead(404).end();
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    requests,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a listed loopback origin', () => {
  let origin: Awaited<ReturnType<typeof loopbackOrigin>>;
  const noLookup: Resolver = async () => {
    throw new Error('a literal address is never looked up');
  };
  beforeAll(async () => {
    origin = await loopbackOrigin();
  });
  afterAll(() => origin.close());

  it('is read when listed by its address', async () => {
    expect(await readOriginText(`${origin.origin}/r1/mf-manifest.json`, listing([origin.origin], noLookup))).toBe('{"name":"checker"}');
  });

  it('a redirect is refused, and its target is never asked for', async () => {
    const before = origin.requests.length;
    expect(await readOrigin(`${origin.origin}/moved/mf-manifest.json`, listing([origin.origin], noLookup))).toEqual({
      error: `${origin.origin}/moved/mf-manifest.json answered with a redirect (HTTP 302); a release folder is read without redirects`,
    });
    expect(origin.requests.slice(before)).toEqual(['/moved/mf-manifest.json']);
  });

  it('what it answered is never quoted: a metrics page as a manifest is "not valid JSON"', async () => {
    const text = await readOriginText(`${origin.origin}/metrics`, listing([origin.origin], noLookup));
    const reasons: string[] = [];
    readManifest('browser', 'checker', text, reasons);
    expect(reasons).toEqual(['browser manifest is not valid JSON']);
    expect(reasons.join('\n')).not.toMatch(/HELP|copytech_x/);
  });

  it('unlisted, no form of a loopback address reaches a listener', async () => {
    const ipv6 = net.createServer((socket) => socket.destroy());
    let ipv6Connections = 0;
    ipv6.on('connection', () => (ipv6Connections += 1));
    const ipv6Listening = await new Promise<boolean>((resolve) => {
      ipv6.once('error', () => resolve(false));
      ipv6.listen(origin.port, '::1', () => resolve(true));
    });
    const resolve = answering(['127.0.0.1']);
    const policy = listing(['https://cdn.team.example'], resolve);
    const before = origin.connections();
    try {
      for (const [url, shown] of [
        [`${origin.origin}/r1/mf-manifest.json`, origin.origin],
        [`http://localhost:${origin.port}/r1/mf-manifest.json`, `http://localhost:${origin.port}`],
        [`http://[::1]:${origin.port}/r1/mf-manifest.json`, `http://[::1]:${origin.port}`],
        [`http://0x7f000001:${origin.port}/r1/mf-manifest.json`, origin.origin],
        [`http://2130706433:${origin.port}/r1/mf-manifest.json`, origin.origin],
        [`http://127.1:${origin.port}/r1/mf-manifest.json`, origin.origin],
        [`http://[::ffff:127.0.0.1]:${origin.port}/r1/mf-manifest.json`, `http://[::ffff:7f00:1]:${origin.port}`],
      ] as const)
        expect([url, await readOrigin(url, policy)]).toEqual([
          url,
          { error: `${shown} is not an origin this site accepts releases from (RELEASE_ORIGINS). Ask the platform team to list it.` },
        ]);
    } finally {
      await new Promise<void>((done) => (ipv6Listening ? ipv6.close(() => done()) : done()));
    }
    expect(origin.connections() - before).toBe(0);
    expect(ipv6Connections).toBe(0);
    expect(resolve.calls).toEqual([]);
    expect(attempts).toEqual([]);
  });

  it('listed by name, localhost is still refused: a name must resolve to public addresses', async () => {
    const before = origin.connections();
    const answer = await readOrigin(
      `http://localhost:${origin.port}/r1/mf-manifest.json`,
      listing([`http://localhost:${origin.port}`], answering(['127.0.0.1'])),
    );
    expect(answer).toEqual({
      error:
        'localhost resolves to 127.0.0.1, which is not a public address (loopback); ' +
        'a release origin must resolve to public addresses only, or be listed in RELEASE_ORIGINS by its IP address',
    });
    expect(origin.connections() - before).toBe(0);
  });
});
