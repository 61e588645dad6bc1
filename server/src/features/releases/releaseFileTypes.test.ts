/**
 * Release files are code and styles, never pages (pages/releases/fileTypes.ts): an upload holding
 * a page or an image that can carry script (HTML, SVG) or any other type is refused at publish,
 * naming every such file, and nothing is kept; the release command refuses such a build before it
 * uploads. The store serves a release's files only once the gate passed and the release is
 * registered (never while its gate runs, nor after a refusal), each with its own Content-Type and
 * nosniff; on SQLite and PostgreSQL, a release registered through another instance sharing the
 * store is served at once, and a folder no one registered never is.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { REPO_ROOT } from '../../config';
import type { Gate, GateCandidate } from './gate';
import type { GateFactory } from './releasesPlugin';
import { uploadReleaseId } from './store';
import { configOn, tempDir, testApp, testConfig } from '../../../test/helpers';
import { databases } from '../../../test/postgres';
import { buildOf, localTokens, manifestGate, upload, type BuildFiles } from '../../../test/releasesFixtures';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** The id the store gives these files (statistics are not kept). */
const idOf = (files: BuildFiles) =>
  uploadReleaseId(
    Object.entries(files)
      .filter(([name]) => !name.endsWith('-stats.json'))
      .map(([name, text]) => ({ path: name, sha256: sha256(text) })),
  );

/** A gate that holds each check until the test lets it answer (passed, or refused). */
function heldGate() {
  const waiting: Array<{ candidate: GateCandidate; answer: (passed: boolean) => void }> = [];
  const arrived: Array<() => void> = [];
  const factory: GateFactory = (): Gate => ({
    check: (candidate) =>
      new Promise((resolve) => {
        waiting.push({
          candidate,
          answer: (passed) =>
            resolve({ passed, reasons: passed ? [] : ['held and refused'], checkedAt: new Date().toISOString(), ms: 1, renders: [] }),
        });
        arrived.shift()?.();
      }),
    close: async () => undefined,
  });
  const next = () =>
    waiting.length > 0
      ? Promise.resolve(waiting.shift()!)
      : new Promise<void>((resolve) => arrived.push(resolve)).then(() => waiting.shift()!);
  return { factory, next };
}

describe('what a release may hold', () => {
  let app: FastifyInstance;
  let varDir: string;
  let token: string;
  beforeEach(async () => {
    const config = testConfig();
    varDir = config.varDir;
    app = await testApp(config, { releases: { gate: manifestGate, autoStart: false } });
    token = localTokens(varDir).checker;
  });
  afterEach(async () => app.close());

  it('an upload with evil.html, evil.svg and files of other types is refused (400) naming each; nothing is kept or served', async () => {
    const files = {
      ...buildOf('checker'),
      'evil.html': '<!doctype html><script src="remoteEntry.js"></script>',
      'img/evil.svg': '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"/>',
      'evil.svg.gz': 'gzipped svg',
      'feed.xml': '<?xml version="1.0"?><x/>',
      'tool.wasm': 'wasm',
      README: 'no extension',
    };
    const response = await upload(app, 'checker', token, files);
    expect(response.statusCode).toBe(400);
    const { message } = response.json() as { message: string };
    for (const name of ['evil.html', 'img/evil.svg', 'evil.svg.gz', 'feed.xml', 'tool.wasm', 'README']) expect(message).toContain(name);
    expect(message).toMatch(/^The upload is refused: 6 files of a type a release does not keep: /);
    for (const name of ['remoteEntry.js', 'mf-manifest.json']) expect(message).not.toContain(name);
    expect(fs.existsSync(path.join(varDir, 'releases', 'checker'))).toBe(false);
    expect(fs.readdirSync(path.join(varDir, 'releases', '.incoming'))).toEqual([]);
    const id = idOf(files);
    for (const name of ['evil.html', 'img/evil.svg', 'remoteEntry.js'])
      expect((await app.inject({ url: `/releases/checker/${id}/${name}` })).statusCode).toBe(404);
    expect(app.releases.find('checker', id)).toBeNull();
  });

  it('answers each kept type with its Content-Type and nosniff, the compressed copies too', async () => {
    const files = {
      ...buildOf('checker'),
      'chunk.mjs': 'export {}',
      'server/chunk.cjs': 'module.exports = 1',
      'main.0123456789.css': 'body{}',
      'font.woff2': 'w2',
      'logo.png': 'png',
      'photo.jpeg': 'jpeg',
      'favicon.ico': 'ico',
      'main.js.LICENSE.txt': '/*! MIT */',
      'main.js': 'console.log(1)',
      'main.js.br': 'brotli bytes',
    };
    const { release } = (await upload(app, 'checker', token, files)).json() as { release: string };
    const cases: Array<[string, string, string?]> = [
      ['remoteEntry.js', 'text/javascript; charset=utf-8'],
      ['chunk.mjs', 'text/javascript; charset=utf-8'],
      ['server/chunk.cjs', 'text/javascript; charset=utf-8'],
      ['main.0123456789.css', 'text/css; charset=utf-8'],
      ['mf-manifest.json', 'application/json; charset=utf-8'],
      ['font.woff2', 'font/woff2'],
      ['logo.png', 'image/png'],
      ['photo.jpeg', 'image/jpeg'],
      ['favicon.ico', 'image/vnd.microsoft.icon'],
      ['main.js.LICENSE.txt', 'text/plain; charset=utf-8'],
      ['main.js', 'text/javascript; charset=utf-8', 'br'],
    ];
    for (const [name, type, encoding] of cases) {
      const response = await app.inject({
        url: `/releases/checker/${release}/${name}`,
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
      expect([name, response.statusCode, response.headers['content-type'], response.headers['x-content-type-options']]).toEqual([
        name,
        200,
        type,
        'nosniff',
      ]);
      if (encoding) expect(response.headers['content-encoding']).toBe(encoding);
    }
  });

  it('the release command refuses such a build before it uploads, naming each file, and leaves the standalone page out', async () => {
    const requests: string[] = [];
    const server = http.createServer((request, response) => {
      requests.push(`${request.method} ${request.url}`);
      response.writeHead(500).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const dir = tempDir('ct-odd-dist-');
    const good = buildOf('checker');
    const files = { ...good, 'index.html': '<!doctype html>', 'evil.html': '<script></script>', 'a/evil.svg': '<svg/>' };
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const run = await releaseCommand(['publish', 'checker', '--from', dir, '--server', url, '--token', token]);
      expect(run.code).toBe(1);
      expect(requests).toEqual([]);
      const reasons = run.result.reasons as string[];
      expect([...reasons].sort()).toEqual([
        "a release holds only scripts (.js .mjs .cjs), styles (.css), JSON (.json), fonts (.woff2 .woff .ttf .otf), images other than SVG (.png .jpg .jpeg .gif .webp .avif .ico), licence texts (.LICENSE.txt) and their .br and .gz copies: never a page, since the server serves it from the site's own origin",
        'a/evil.svg: a release holds no file of this type',
        'evil.html: a release holds no file of this type',
      ]);
      expect(run.stderr).toContain('evil.html');
    } finally {
      server.close();
    }
    // Without them, the same folder is published; its standalone page is not part of the release.
    fs.rmSync(path.join(dir, 'evil.html'));
    fs.rmSync(path.join(dir, 'a'), { recursive: true });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const run = await releaseCommand(['publish', 'checker', '--from', dir, '--server', url, '--token', token]);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/Not uploaded: index\.html \(the remote's standalone page/);
    expect(run.result).toMatchObject({ release: idOf(good), created: true });
  });
});

describe.each(databases())("an upload's files on %s", (database) => {
  it('are not served while its gate runs, nor after it refuses them; they are once it passed and the release is registered', async () => {
    const gate = heldGate();
    const config = configOn(database);
    const app = await testApp(config, { releases: { gate: gate.factory, autoStart: false } });
    const token = localTokens(config.varDir).checker;
    try {
      const refusedFiles = buildOf('checker', { marker: 'refused' });
      const refusedId = idOf(refusedFiles);
      const refusing = upload(app, 'checker', token, refusedFiles);
      const held = await gate.next();
      expect(held.candidate.id).toBe(refusedId);
      // The files are in the store while the gate runs, and not served.
      expect(fs.existsSync(path.join(config.varDir, 'releases', 'checker', refusedId, 'remoteEntry.js'))).toBe(true);
      for (const name of ['remoteEntry.js', 'mf-manifest.json', 'server/remoteEntry.js'])
        expect([name, (await app.inject({ url: `/releases/checker/${refusedId}/${name}` })).statusCode]).toEqual([name, 404]);
      held.answer(false);
      expect((await refusing).statusCode).toBe(422);
      expect((await app.inject({ url: `/releases/checker/${refusedId}/remoteEntry.js` })).statusCode).toBe(404);

      const passedFiles = buildOf('checker', { marker: 'passed' });
      const passedId = idOf(passedFiles);
      const passing = upload(app, 'checker', token, passedFiles);
      const second = await gate.next();
      expect((await app.inject({ url: `/releases/checker/${passedId}/remoteEntry.js` })).statusCode).toBe(404);
      second.answer(true);
      expect((await passing).statusCode).toBe(201);
      const served = await app.inject({ url: `/releases/checker/${passedId}/remoteEntry.js` });
      expect(served.statusCode).toBe(200);
      expect(served.body).toContain('passed');
    } finally {
      await app.close();
    }
  });

  it('a release registered through another instance sharing the store is served at once; a folder no one registered, and a kept file of another type, never', async () => {
    const config = configOn(database);
    // no poll: only the look a request for an unknown release makes can find the other's release
    const app = await testApp(config, { releases: { gate: manifestGate, autoStart: false } });
    try {
      const store = path.join(config.varDir, 'releases');
      const put = (id: string, files: BuildFiles) => {
        for (const [name, text] of Object.entries(files)) {
          fs.mkdirSync(path.dirname(path.join(store, 'checker', id, name)), { recursive: true });
          fs.writeFileSync(path.join(store, 'checker', id, name), text);
        }
      };
      const elsewhere = buildOf('checker', { marker: 'elsewhere' });
      const id = idOf(elsewhere);
      put(id, { ...elsewhere, 'evil.html': '<script></script>' });
      put('abcdefabcdef', buildOf('checker', { marker: 'unregistered' }));
      expect((await app.inject({ url: `/releases/checker/${id}/remoteEntry.js` })).statusCode).toBe(404);
      // the other instance registers it (its row), as registry.register writes it
      await app.db
        .insertInto('remote_releases')
        .values({
          remote: 'checker',
          id,
          source: 'store',
          manifest_url: `/releases/checker/${id}/mf-manifest.json`,
          server_entry: `file://${path.join(store, 'checker', id, 'server', 'remoteEntry.js')}`,
          browser: JSON.stringify({ entryFile: 'remoteEntry.js', exposes: {} }),
          shared: '[]',
          exposes: '["SavingsChecker"]',
          gate: null,
          registered_at: new Date().toISOString(),
          registered_by: 'elsewhere',
        })
        .execute();
      // at most 4 looks a second: the first request after the registration may come within the last look's 250 ms
      await new Promise((resolve) => setTimeout(resolve, 300));
      const served = await app.inject({ url: `/releases/checker/${id}/remoteEntry.js` });
      expect(served.statusCode).toBe(200);
      expect(served.body).toContain('elsewhere');
      expect((await app.inject({ url: `/releases/checker/${id}/evil.html` })).statusCode).toBe(404);
      expect((await app.inject({ url: '/releases/checker/abcdefabcdef/remoteEntry.js' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

interface Run {
  code: number | null;
  stderr: string;
  result: Record<string, unknown>;
}

/** `npm run release` as a team's CI runs it. */
function releaseCommand(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(REPO_ROOT, 'scripts', 'release.mjs'), ...args],
      { env: { PATH: process.env.PATH ?? '' }, timeout: 30_000 },
      (error, stdout, stderr) => {
        const last = stdout.trimEnd().split('\n').at(-1) ?? '';
        let result: Record<string, unknown>;
        try {
          result = JSON.parse(last) as Record<string, unknown>;
        } catch {
          result = { unparsed: stdout };
        }
        resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stderr, result });
      },
    );
  });
}
