/**
 * Releases on another origin through the API (Fastify inject, SQLite): a folder on a listed origin
 * is registered after its manifests are read there, and read with bounds; an origin that is not
 * listed in RELEASE_ORIGINS is refused before anything is read, with nothing registered; a redirect
 * is refused and not followed; nothing an origin answered is quoted in a refusal or a log line; a
 * listed name that resolves to a non-public address is refused before any connection; a release
 * registered from an origin that is no longer listed stays, but its promote is refused.
 *
 * The only addresses this file connects to are loopback ones: any other connection is stopped in
 * net.Socket#connect before it is made (and counted).
 */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { GateFactory } from './releasesPlugin';
import { readManifest } from './gateManifest';
import { testApp, testConfig } from '../../../test/helpers';
import { bearer, buildOf, localTokens, manifestGate } from '../../../test/releasesFixtures';

/** Connections to anything but a loopback address: stopped before they are made. */
const stopped: Array<string | undefined> = [];
const realConnect = net.Socket.prototype.connect;
beforeAll(() => {
  jest.spyOn(net.Socket.prototype, 'connect').mockImplementation(function (this: net.Socket, ...args: unknown[]) {
    const first = (Array.isArray(args[0]) ? args[0][0] : args[0]) as net.TcpNetConnectOpts;
    if (first.host === '127.0.0.1' || first.host === '::1') return (realConnect as (...a: unknown[]) => net.Socket).apply(this, args);
    stopped.push(first.host);
    process.nextTick(() => this.destroy(Object.assign(new Error('stopped by the test'), { code: 'ESTOPPED' })));
    return this;
  });
});
afterAll(() => jest.restoreAllMocks());

/** A CDN on 127.0.0.1 counting connections and requests: a release folder, a large file, a redirect, a metrics page. */
async function startCdn() {
  const files = buildOf('content');
  const requests: string[] = [];
  let connections = 0;
  const server = http.createServer((request, response) => {
    const url = request.url!;
    requests.push(url);
    if (url.startsWith('/content/r1/') && files[url.slice('/content/r1/'.length)] !== undefined)
      return void response.writeHead(200, { 'content-type': 'application/json' }).end(files[url.slice('/content/r1/'.length)]);
    if (url.startsWith('/moved/')) return void response.writeHead(302, { location: url.replace('/moved/', '/content/r1/') }).end();
    if (url.startsWith('/metrics/'))
      return void response.writeHead(200).end('# HELP copytech_http_requests_total Requests\ncopytech_http_requests_total 7\n');
    if (url.startsWith('/big/')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      // no Content-Length: chunked, so only counting the bytes read can stop it
      const chunk = 'x'.repeat(64 * 1024);
      for (let i = 0; i < 40; i += 1) response.write(chunk);
      return void response.end();
    }
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

/** A gate that reads both manifests as the real gate's first step does (gateManifest.ts): its reasons are the real ones. */
const readingGate: GateFactory = () => ({
  async check(candidate) {
    const reasons: string[] = [];
    readManifest('browser', candidate.remote, candidate.browserManifest, reasons);
    readManifest('server', candidate.remote, candidate.serverManifest, reasons);
    return { passed: reasons.length === 0, reasons, checkedAt: new Date().toISOString(), ms: 1, renders: [] };
  },
  async close() {},
});

let cdn: Awaited<ReturnType<typeof startCdn>>;
beforeAll(async () => {
  cdn = await startCdn();
});
afterAll(() => cdn.close());
beforeEach(() => {
  stopped.length = 0;
});

/** An app listing `env`'s RELEASE_ORIGINS (the CDN's by default), its log lines kept. */
async function appWith(env: NodeJS.ProcessEnv = { RELEASE_ORIGINS: cdn.origin }, options: Parameters<typeof testApp>[1] = {}) {
  const config = testConfig({ logLevel: 'info' }, env);
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const app = await testApp(config, { logger: { stream }, releases: { gate: manifestGate, autoStart: false }, ...options });
  const tokens = localTokens(config.varDir);
  const publish = (origin: string) =>
    app.inject({ method: 'POST', url: '/api/releases/content', payload: { origin }, headers: bearer(tokens.content) });
  return { app, config, tokens, lines, publish };
}

const originReleases = async (app: FastifyInstance) =>
  (await app.releases.registry.list('content')).releases.filter((release) => release.source === 'origin');
const historyOf = async (app: FastifyInstance) => (await app.releases.registry.list('content')).history;

describe('a listed origin', () => {
  it('registers a folder there after reading its manifests; twice: the same release', async () => {
    const { app, publish } = await appWith();
    try {
      const origin = `${cdn.origin}/content/r1`;
      const first = await publish(origin);
      expect(first.statusCode).toBe(201);
      const { release } = first.json() as { release: string };
      expect(app.releases.find('content', release)).toMatchObject({
        source: 'origin',
        manifestUrl: `${origin}/mf-manifest.json`,
        serverEntry: `${origin}/server/remoteEntry.js`,
      });
      expect((await publish(`${origin}/`)).json()).toMatchObject({ release, created: false });
      const gone = await publish(`${origin}x`);
      expect(gone.statusCode).toBe(422);
      expect((gone.json() as { reasons: string[] }).reasons[0]).toMatch(/^browser manifest: not readable \(HTTP 404 at/);
      expect((await publish('file:///etc')).statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });

  it('a manifest larger than 2 MB is not read whole: the gate is told why', async () => {
    const { app, publish } = await appWith();
    try {
      const response = await publish(`${cdn.origin}/big`);
      expect(response.statusCode).toBe(422);
      expect((response.json() as { reasons: string[] }).reasons[0]).toMatch(/^browser manifest: not readable \(more than 2097152 bytes at/);
    } finally {
      await app.close();
    }
  });

  it('the origin of a REMOTE_<NAME>_URL counts as listed', async () => {
    const { app, publish } = await appWith({ REMOTE_CONTENT_URL: `${cdn.origin}/content/r1/mf-manifest.json` });
    try {
      const seeded = app.releases.snapshot().remotes.content.live.id;
      expect((await publish(`${cdn.origin}/content/r1/`)).json()).toMatchObject({ release: seeded, created: false });
    } finally {
      await app.close();
    }
  });
});

describe('origins are an allow-list', () => {
  it('an origin that is not listed is refused (403) before anything is read; nothing is registered', async () => {
    const other = net.createServer((socket) => socket.destroy());
    let reached = 0;
    other.on('connection', () => (reached += 1));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const port = (other.address() as AddressInfo).port;
    const { app, publish, lines } = await appWith();
    try {
      const history = (await historyOf(app)).length;
      const cdnConnections = cdn.connections();
      for (const [origin, shown] of [
        [`http://127.0.0.1:${port}/content/r1/`, `http://127.0.0.1:${port}`],
        [`http://localhost:${port}/content/r1/`, `http://localhost:${port}`],
        [`http://[::1]:${port}/content/r1/`, `http://[::1]:${port}`],
        [`http://0x7f000001:${port}/content/r1/`, `http://127.0.0.1:${port}`],
        [`http://2130706433:${port}/content/r1/`, `http://127.0.0.1:${port}`],
        // listed as http://: the same host and port over https is another origin
        [`https://127.0.0.1:${cdn.port}/content/r1/`, `https://127.0.0.1:${cdn.port}`],
        // the site's own folder of a remote
        ['http://localhost/remotes/content/', 'http://localhost'],
      ] as const) {
        const refused = await publish(origin);
        expect([origin, refused.statusCode, (refused.json() as { message: string }).message]).toEqual([
          origin,
          403,
          `${shown} is not an origin this site accepts releases from (RELEASE_ORIGINS). Ask the platform team to list it.`,
        ]);
      }
      expect(reached).toBe(0);
      expect(cdn.connections()).toBe(cdnConnections);
      expect(stopped).toEqual([]);
      expect(await originReleases(app)).toEqual([]);
      expect(await historyOf(app)).toHaveLength(history);
      expect(lines.filter((line) => line.includes('its origin is not listed in RELEASE_ORIGINS'))).toHaveLength(7);
    } finally {
      await app.close();
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });

  it('unset, no origin is accepted', async () => {
    const { app, publish } = await appWith({});
    try {
      const before = cdn.connections();
      const refused = await publish(`${cdn.origin}/content/r1/`);
      expect(refused.statusCode).toBe(403);
      expect(cdn.connections()).toBe(before);
      expect(await originReleases(app)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('a redirect is refused and its target is never asked for', async () => {
    const { app, publish } = await appWith();
    try {
      const before = cdn.requests.length;
      const refused = await publish(`${cdn.origin}/moved/`);
      expect(refused.statusCode).toBe(422);
      expect((refused.json() as { reasons: string[] }).reasons).toEqual([
        `browser manifest: not readable (${cdn.origin}/moved/mf-manifest.json answered with a redirect (HTTP 302); a release folder is read without redirects)`,
        `server manifest: not readable (${cdn.origin}/moved/server/mf-manifest.json answered with a redirect (HTTP 302); a release folder is read without redirects)`,
      ]);
      expect(cdn.requests.slice(before).sort()).toEqual(['/moved/mf-manifest.json', '/moved/server/mf-manifest.json']);
      expect(await originReleases(app)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('what an origin answered is never quoted: not in the refusal, not in the log', async () => {
    const { app, publish, lines } = await appWith({ RELEASE_ORIGINS: cdn.origin }, { releases: { gate: readingGate, autoStart: false } });
    try {
      const refused = await publish(`${cdn.origin}/metrics/`);
      expect(refused.statusCode).toBe(422);
      expect((refused.json() as { reasons: string[] }).reasons).toEqual([
        'browser manifest is not valid JSON',
        'server manifest is not valid JSON',
      ]);
      expect(refused.body).not.toMatch(/HELP|copytech_http/);
      expect(lines.some((line) => line.includes('release refused by the gate'))).toBe(true);
      expect(lines.join('\n')).not.toMatch(/HELP|copytech_http/);
    } finally {
      await app.close();
    }
  });

  it('nor in the log of the seed from REMOTE_<NAME>_URL', async () => {
    const { app, lines } = await appWith({ REMOTE_CONTENT_URL: `${cdn.origin}/metrics/mf-manifest.json` });
    try {
      expect(lines.filter((line) => line.includes('REMOTE_CONTENT_URL: the manifest there could not be described'))).toHaveLength(1);
      expect(lines.join('\n')).not.toMatch(/HELP|copytech_http/);
    } finally {
      await app.close();
    }
  });

  it('a listed name that resolves to a private, link-local or metadata address is refused before any connection', async () => {
    for (const address of ['169.254.169.254', '10.0.0.5', 'fd00:ec2::254', '100.100.100.200', '::ffff:127.0.0.1']) {
      const asked: string[] = [];
      const resolve = async (hostname: string) => {
        asked.push(hostname);
        return [{ address, family: address.includes(':') ? 6 : 4 }];
      };
      const { app, publish } = await appWith(
        { RELEASE_ORIGINS: 'https://cdn.team.example' },
        { releases: { gate: manifestGate, autoStart: false, resolve } },
      );
      try {
        const refused = await publish('https://cdn.team.example/content/7/');
        expect(refused.statusCode).toBe(422);
        const reasons = (refused.json() as { reasons: string[] }).reasons;
        expect(reasons).toHaveLength(2);
        for (const reason of reasons) expect(reason).toContain(`cdn.team.example resolves to ${address}, which is not a public address (`);
        expect(asked).toEqual(['cdn.team.example', 'cdn.team.example']);
        expect(await originReleases(app)).toEqual([]);
      } finally {
        await app.close();
      }
    }
    expect(stopped).toEqual([]);
  });

  it('a release registered from an origin no longer listed stays live, but its promote is refused by the gate', async () => {
    const first = await appWith();
    const { config } = first;
    let release: string;
    try {
      release = ((await first.publish(`${cdn.origin}/content/r1/`)).json() as { release: string }).release;
      const promoted = await first.app.inject({
        method: 'POST',
        url: '/api/releases/content/promote',
        payload: { release, percent: 10 },
        headers: bearer(first.tokens.content),
      });
      expect(promoted.statusCode).toBe(200);
    } finally {
      await first.app.close();
    }
    // the same registry, the origin no longer listed
    const again = await testApp(
      { ...config, releases: { ...config.releases, origins: [] } },
      { releases: { gate: manifestGate, autoStart: false } },
    );
    try {
      expect(again.releases.snapshot().remotes.content.canary?.release.id).toBe(release);
      const before = cdn.requests.length;
      const refused = await again.inject({
        method: 'POST',
        url: '/api/releases/content/promote',
        payload: { release },
        headers: bearer(first.tokens.content),
      });
      expect(refused.statusCode).toBe(422);
      const unlisted = `${cdn.origin} is not an origin this site accepts releases from (RELEASE_ORIGINS). Ask the platform team to list it.`;
      expect((refused.json() as { reasons: string[] }).reasons).toEqual([
        `browser manifest: not readable (${unlisted})`,
        `server manifest: not readable (${unlisted})`,
      ]);
      expect(cdn.requests.length).toBe(before);
      const { live, canary } = again.releases.snapshot().remotes.content;
      expect([live.id, canary?.release.id, canary?.percent]).toEqual(['local', release, 10]);
    } finally {
      await again.close();
    }
  });
});
