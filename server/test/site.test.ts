/** /remotes.json from configuration, and the built site with its cache rules and SPA index. */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { loadConfig } from '../src/config';
import { tempDir, testApp, testConfig } from './helpers';

describe('/remotes.json', () => {
  it('lists each remote at its default same-origin manifest, never cached', async () => {
    const app = await testApp();
    try {
      const res = await app.inject({ method: 'GET', url: '/remotes.json' });
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.json()).toEqual({
        remotes: {
          catalogue: '/remotes/catalogue/mf-manifest.json',
          basket: '/remotes/basket/mf-manifest.json',
          checker: '/remotes/checker/mf-manifest.json',
          content: '/remotes/content/mf-manifest.json',
        },
        timeoutMs: 8000,
        releases: { catalogue: 'local', basket: 'local', checker: 'local', content: 'local' },
      });
    } finally {
      await app.close();
    }
  });

  it('takes REMOTE_*_URL and REMOTE_TIMEOUT_MS from the environment', async () => {
    const env = { REMOTE_BASKET_URL: 'https://basket.cdn.example.com/v7/mf-manifest.json', REMOTE_TIMEOUT_MS: '3000' };
    const app = await testApp(testConfig({}, env));
    try {
      const body = (await app.inject({ method: 'GET', url: '/remotes.json' })).json();
      expect(body.remotes.basket).toBe('https://basket.cdn.example.com/v7/mf-manifest.json');
      expect(body.remotes.catalogue).toBe('/remotes/catalogue/mf-manifest.json');
      expect(body.timeoutMs).toBe(3000);
    } finally {
      await app.close();
    }
    expect(() => loadConfig({ REMOTE_TIMEOUT_MS: 'soon' })).toThrow(/REMOTE_TIMEOUT_MS/);
  });
});

describe('the built site', () => {
  const siteRoot = tempDir('ct-site-');
  const write = (file: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(siteRoot, file)), { recursive: true });
    fs.writeFileSync(path.join(siteRoot, file), content);
  };
  // As the build writes it: minified, no marketing meta (the server adds it).
  write(
    'shell/dist/index.html',
    '<!doctype html><html><head><script defer src=/main.js></script></head><body><div id=root></div></body></html>',
  );
  write('shell/dist/main.0123456789.js', 'console.log("shell")');
  write('shell/dist/styles.abcdef0123.css', 'body{}');
  write('shell/dist/favicon.png', 'not really');
  write('mfe-catalogue/dist/mf-manifest.json', '{"name":"catalogue"}');
  write('mfe-catalogue/dist/remoteEntry.js', 'var catalogue;');
  write('mfe-catalogue/dist/static/js/812.fedcba9876.js', 'chunk');
  write('mfe-catalogue/dist/mf-manifest-stats.json', '{"build":"/home/ci/copytech/shared/build"}');
  write('mfe-catalogue/dist/main.js.map', '{"sources":["/home/ci/copytech/src"]}');
  // The remote's standalone page, and files a build should not serve on the site's origin.
  write('mfe-catalogue/dist/index.html', '<!doctype html><title>catalogue alone</title>');
  write('mfe-catalogue/dist/evil.html', '<!doctype html><script src=remoteEntry.js></script>');
  write('mfe-catalogue/dist/static/evil.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
  write('mfe-catalogue/dist/static/feed.xml', '<x/>');
  // What the build's precompression writes beside a text file (see createAppConfig).
  const bigChunk = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `row ${i}` })))};`;
  write('mfe-catalogue/dist/900.aaaaaaaaaa.js', bigChunk);
  fs.writeFileSync(
    path.join(siteRoot, 'mfe-catalogue/dist/900.aaaaaaaaaa.js.br'),
    zlib.brotliCompressSync(bigChunk, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } }),
  );
  fs.writeFileSync(path.join(siteRoot, 'mfe-catalogue/dist/900.aaaaaaaaaa.js.gz'), zlib.gzipSync(bigChunk));

  const siteApp = (env: NodeJS.ProcessEnv = {}) => testApp(testConfig({ serveSite: true, siteRoot }, env));

  it('caches hashed files for a year and entry files, manifests and the index not at all', async () => {
    const app = await siteApp();
    try {
      const cases: Array<[string, string, RegExp]> = [
        ['/main.0123456789.js', 'public, max-age=31536000, immutable', /javascript/],
        ['/styles.abcdef0123.css', 'public, max-age=31536000, immutable', /css/],
        ['/remotes/catalogue/static/js/812.fedcba9876.js', 'public, max-age=31536000, immutable', /javascript/],
        ['/remotes/catalogue/remoteEntry.js', 'no-cache', /javascript/],
        ['/remotes/catalogue/mf-manifest.json', 'no-cache', /json/],
        ['/', 'no-cache', /html/],
      ];
      for (const [url, cache, type] of cases) {
        const res = await app.inject({ method: 'GET', url });
        expect([url, res.statusCode, res.headers['cache-control']]).toEqual([url, 200, cache]);
        expect(res.headers['content-type']).toMatch(type);
      }
    } finally {
      await app.close();
    }
  });

  it("sends the precompressed copy the browser accepts, with the original file's type and cache rule", async () => {
    const app = await siteApp();
    try {
      const url = '/remotes/catalogue/900.aaaaaaaaaa.js';
      const original = fs.readFileSync(path.join(siteRoot, 'mfe-catalogue/dist/900.aaaaaaaaaa.js'));
      const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.rawPayload.length).toBeLessThan(original.length / 3);
      expect(zlib.brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);
      // The build's own copy, not one compressed again on every request.
      expect(br.rawPayload.equals(fs.readFileSync(path.join(siteRoot, 'mfe-catalogue/dist/900.aaaaaaaaaa.js.br')))).toBe(true);

      const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).equals(original)).toBe(true);

      const plain = await app.inject({ method: 'GET', url });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.equals(original)).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('compresses the index page and API answers on the fly when the browser accepts it', async () => {
    const app = await siteApp();
    try {
      const api = await app.inject({ method: 'GET', url: '/api/printers/all?limit=20', headers: { 'accept-encoding': 'br, gzip' } });
      expect(api.statusCode).toBe(200);
      expect(api.headers['content-encoding']).toBe('br');
      const body = JSON.parse(zlib.brotliDecompressSync(api.rawPayload).toString('utf8'));
      expect(body.results.length).toBeGreaterThan(0);
      const identity = await app.inject({ method: 'GET', url: '/api/printers/all?limit=20' });
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.json()).toEqual(body);
    } finally {
      await app.close();
    }
  });

  it('answers the index for site routes, 404 with the index for unknown pages, and JSON 404 for missing files and /api', async () => {
    const app = await siteApp();
    try {
      for (const url of [
        '/printers/multifunctionals',
        '/printers/production/canon/imagepress-v1000',
        '/services/print-audit',
        '/',
        '/scanners/production',
      ]) {
        const res = await app.inject({ method: 'GET', url });
        expect([url, res.statusCode]).toEqual([url, 200]);
        expect(res.body).toContain('<div id=root>');
      }
      const unknown = await app.inject({ method: 'GET', url: '/no-such-page' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toContain('<div id=root>');
      // Build statistics and source maps exist on disk but are not served: they name build paths.
      for (const url of [
        '/missing.0123456789.js',
        '/remotes/catalogue/nothing.js',
        '/api/nothing',
        '/remotes/catalogue/mf-manifest-stats.json',
        '/remotes/catalogue/main.js.map',
      ]) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.json().statusCode).toBe(404);
      }
      // The API still answers beside the site.
      expect((await app.inject({ method: 'GET', url: '/api/printers/all' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/favicon.svg' })).headers['content-type']).toMatch(/svg/);
    } finally {
      await app.close();
    }
  });

  it("serves a remote's standalone page and the types a release may hold from /remotes/<name>/, never another page or an SVG", async () => {
    const app = await siteApp();
    try {
      for (const url of ['/remotes/catalogue/', '/remotes/catalogue/index.html']) {
        const res = await app.inject({ method: 'GET', url });
        expect([url, res.statusCode, res.body]).toEqual([url, 200, expect.stringContaining('catalogue alone')]);
      }
      expect((await app.inject({ method: 'GET', url: '/remotes/catalogue/remoteEntry.js' })).headers['x-content-type-options']).toBe(
        'nosniff',
      );
      for (const url of ['/remotes/catalogue/evil.html', '/remotes/catalogue/static/evil.svg', '/remotes/catalogue/static/feed.xml']) {
        const res = await app.inject({ method: 'GET', url });
        expect([url, res.statusCode, res.headers['content-type']]).toEqual([url, 404, 'application/json; charset=utf-8']);
      }
    } finally {
      await app.close();
    }
  });

  it('puts the configured marketing script into the index page, escaped', async () => {
    const app = await siteApp({ MARKETING_SCRIPT_URL: 'https://mautic.example.com/mtc.js?a=1&b="2"' });
    try {
      const res = await app.inject({ method: 'GET', url: '/' });
      expect(res.body).toContain(
        '<meta name="copytech:marketing-script" content="https://mautic.example.com/mtc.js?a=1&amp;b=&quot;2&quot;">',
      );
      expect(res.body.match(/copytech:marketing-script/g)).toHaveLength(1);
      expect(res.body.indexOf('copytech:marketing-script')).toBeLessThan(res.body.indexOf('</head>'));
      expect(res.headers['content-security-policy']).toMatch(/script-src 'self' https:\/\/mautic\.example\.com/);
    } finally {
      await app.close();
    }
  });

  it('says 503 when the site has not been built', async () => {
    const app = await testApp(testConfig({ serveSite: true, siteRoot: tempDir('ct-empty-site-') }));
    try {
      expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(503);
    } finally {
      await app.close();
    }
  });
});
