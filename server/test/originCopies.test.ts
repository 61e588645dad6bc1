/**
 * A release on another origin is rendered from a copy of its server build on disk
 * (server/src/pages/originCopies.ts), read as every release origin is (pages/releases/originFetch.ts):
 * only from a listed origin, without redirects, quoting nothing it answered.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadableEntry, serverBuildFiles } from '../src/pages/originCopies';
import { originPolicy } from '../src/pages/releases/originFetch';
import { tempDir } from './helpers';

const listing = (...origins: string[]) =>
  originPolicy({ remoteManifests: {} as never, releases: { origins } }, async () => {
    throw new Error('a literal address is never looked up');
  });

const MANIFEST = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [{ name: 'SavingsChecker', assets: { js: { sync: ['expose.abc.js'], async: ['chunk.def.js', '../escape.js'] } } }],
  shared: [{ name: 'react', assets: { js: { sync: [], async: [] } } }],
};

describe('copies of origin releases', () => {
  const folder = tempDir('ct-origin-');
  const files: Record<string, string> = {
    'server/mf-manifest.json': JSON.stringify(MANIFEST),
    'server/remoteEntry.js': 'module.exports = { checker: {} };',
    'server/expose.abc.js': 'exports.expose = 1;',
    'server/chunk.def.js': 'exports.chunk = 1;',
  };
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    fs.writeFileSync(path.join(folder, file), text);
  }
  const asked: string[] = [];
  let connections = 0;
  const server = http.createServer((request, response) => {
    asked.push(request.url!);
    if (request.url!.startsWith('/moved/'))
      return void response.writeHead(302, { location: request.url!.replace('/moved/', '/release-7/') }).end();
    if (request.url === '/metrics/server/mf-manifest.json') return void response.end('# HELP copytech_x a series\ncopytech_x 1\n');
    const file = path.join(folder, request.url!.replace(/^\/release-7\//, ''));
    if (!request.url!.startsWith('/release-7/') || !fs.existsSync(file)) return void response.writeHead(404).end();
    response.end(fs.readFileSync(file));
  });
  let origin: string;
  beforeAll(async () => {
    server.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('names the entry and the chunks its server manifest lists, nothing outside its folder', () => {
    expect(serverBuildFiles(MANIFEST)).toEqual(['remoteEntry.js', 'expose.abc.js', 'chunk.def.js']);
    expect(serverBuildFiles({ metaData: { remoteEntry: { name: '../x.js' } } })).toBeNull();
  });

  it('copies the build once and gives its entry on disk, the same for every host after', async () => {
    const log = { warn: jest.fn() };
    const entry = `${origin}/release-7/server/remoteEntry.js`;
    const local = await loadableEntry(entry, log, listing(origin));
    expect(local).toMatch(/^file:/);
    const dir = path.dirname(fileURLToPath(local));
    for (const file of ['remoteEntry.js', 'expose.abc.js', 'chunk.def.js']) {
      expect(fs.readFileSync(path.join(dir, file), 'utf8')).toBe(files[`server/${file}`]);
    }
    const before = asked.length;
    expect(await loadableEntry(entry, log, listing(origin))).toBe(local);
    expect(asked.length).toBe(before);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('an origin that cannot be read leaves the release loaded over http, said once', async () => {
    const log = { warn: jest.fn() };
    const entry = `${origin}/missing/server/remoteEntry.js`;
    expect(await loadableEntry(entry, log, listing(origin))).toBe(entry);
    expect(await loadableEntry(entry, log, listing(origin))).toBe(entry);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(await loadableEntry('file:///srv/x/remoteEntry.js', log)).toBe('file:///srv/x/remoteEntry.js');
  });

  it('is not copied from an origin that is not listed: nothing connects to it', async () => {
    const log = { warn: jest.fn() };
    const before = connections;
    const entry = `${origin}/release-7/server/remoteEntry.js?unlisted`;
    expect(await loadableEntry(entry, log, listing('https://cdn.example.com'))).toBe(entry);
    expect(connections).toBe(before);
    expect(log.warn).toHaveBeenCalledWith(
      { entry, reason: `${origin} is not an origin this site accepts releases from (RELEASE_ORIGINS). Ask the platform team to list it.` },
      expect.any(String),
    );
  });

  it('without a policy given, reads as the process was configured (RELEASE_ORIGINS in its environment)', async () => {
    const log = { warn: jest.fn() };
    const before = connections;
    const saved = process.env.RELEASE_ORIGINS;
    try {
      delete process.env.RELEASE_ORIGINS;
      const unlisted = `${origin}/release-7/server/remoteEntry.js?from-env-unset`;
      expect(await loadableEntry(unlisted, log)).toBe(unlisted);
      expect(connections).toBe(before);
      process.env.RELEASE_ORIGINS = `https://cdn.example.com,${origin}`;
      expect(await loadableEntry(`${origin}/release-7/server/remoteEntry.js?from-env`, log)).toMatch(/^file:/);
    } finally {
      if (saved === undefined) delete process.env.RELEASE_ORIGINS;
      else process.env.RELEASE_ORIGINS = saved;
    }
  });

  it('a redirect is not followed: the build is not copied and its target never asked for', async () => {
    const log = { warn: jest.fn() };
    const before = asked.length;
    const entry = `${origin}/moved/server/remoteEntry.js`;
    expect(await loadableEntry(entry, log, listing(origin))).toBe(entry);
    expect(asked.slice(before)).toEqual(['/moved/server/mf-manifest.json']);
    expect(log.warn.mock.calls[0]![0]).toEqual({
      entry,
      reason: `${origin}/moved/server/mf-manifest.json answered with a redirect (HTTP 302); a release folder is read without redirects`,
    });
  });

  it('what the origin answered is never quoted in the warning', async () => {
    const log = { warn: jest.fn() };
    const entry = `${origin}/metrics/server/remoteEntry.js`;
    expect(await loadableEntry(entry, log, listing(origin))).toBe(entry);
    expect(log.warn.mock.calls[0]![0]).toEqual({ entry, reason: `${origin}/metrics/server/mf-manifest.json is not valid JSON` });
    expect(JSON.stringify(log.warn.mock.calls)).not.toMatch(/HELP|copytech_x/);
  });
});
