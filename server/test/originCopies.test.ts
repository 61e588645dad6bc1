/** A release on another origin is rendered from a copy of its server build on disk (server/src/pages/originCopies.ts). */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadableEntry, serverBuildFiles } from '../src/pages/originCopies';
import { tempDir } from './helpers';

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
  const server = http.createServer((request, response) => {
    asked.push(request.url!);
    const file = path.join(folder, request.url!.replace(/^\/release-7\//, ''));
    if (!request.url!.startsWith('/release-7/') || !fs.existsSync(file)) return void response.writeHead(404).end();
    response.end(fs.readFileSync(file));
  });
  let origin: string;
  beforeAll(async () => {
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
    const local = await loadableEntry(entry, log);
    expect(local).toMatch(/^file:/);
    const dir = path.dirname(fileURLToPath(local));
    for (const file of ['remoteEntry.js', 'expose.abc.js', 'chunk.def.js']) {
      expect(fs.readFileSync(path.join(dir, file), 'utf8')).toBe(files[`server/${file}`]);
    }
    const before = asked.length;
    expect(await loadableEntry(entry, log)).toBe(local);
    expect(asked.length).toBe(before);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('an origin that cannot be read leaves the release loaded over http, said once', async () => {
    const log = { warn: jest.fn() };
    const entry = `${origin}/missing/server/remoteEntry.js`;
    expect(await loadableEntry(entry, log)).toBe(entry);
    expect(await loadableEntry(entry, log)).toBe(entry);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(await loadableEntry('file:///srv/x/remoteEntry.js', log)).toBe('file:///srv/x/remoteEntry.js');
  });
});
