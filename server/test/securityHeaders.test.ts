/**
 * The security headers of the production app, read through inject() from the
 * app serving a built site (fake dist files in a temp site root): a CSP with nothing unsafe that
 * still names every origin a configured remote loads from, no framing, nosniff, a strict
 * referrer policy, and HSTS only for requests that came over TLS through a trusted proxy.
 * (e2e/tests/robustness.spec.ts reads the same headers from the real server and proves, in
 * Chromium, that not one page breaks under this policy.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_APPS } from '@copytech/shared/apps';
import type { FastifyInstance } from 'fastify';
import { contentSecurityPolicy } from '../src/http/security';
import { loadConfig } from '../src/config';
import { tempDir, testApp, testConfig } from './helpers';

const siteRoot = tempDir('ct-site-headers-');
function write(file: string, content: string) {
  fs.mkdirSync(path.dirname(path.join(siteRoot, file)), { recursive: true });
  fs.writeFileSync(path.join(siteRoot, file), content);
}
write(
  'shell/dist/index.html',
  '<!doctype html><html><head><meta name="copytech:marketing-script" content="" /><script defer src="/main.0123456789.js"></script></head><body><div id="root"></div></body></html>',
);
write('shell/dist/main.0123456789.js', 'console.log("shell")');
write('shell/dist/styles.abcdef0123.css', 'body{}');
for (const { name, folder } of REMOTE_APPS) {
  write(`${folder}/dist/mf-manifest.json`, JSON.stringify({ name }));
  write(`${folder}/dist/remoteEntry.js`, `var ${name};`);
}

type Headers = Record<string, string | string[] | number | undefined>;

function cspOf(headers: Headers): Record<string, string[]> {
  const value = headers['content-security-policy'];
  if (typeof value !== 'string') throw new Error('no Content-Security-Policy header');
  return Object.fromEntries(
    value
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const HTML_URLS = ['/', '/printers/multifunctionals', '/discover-print-savings', '/contact-us', '/no-such-page'];

describe('security headers of the production app', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // As behind a reverse proxy on the same machine (TRUST_PROXY trusts nobody by default).
    app = await testApp(testConfig({ serveSite: true, siteRoot }, { TRUST_PROXY: 'loopback' }));
  });
  afterAll(() => app.close());

  it('HTML pages: a CSP with no inline or eval script, styles from files only, no framing, no plugins, no base or form hijack', async () => {
    for (const url of HTML_URLS) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-type']).toMatch(/text\/html/);
      const raw = String(res.headers['content-security-policy']);
      const csp = cspOf(res.headers);
      expect(raw).not.toMatch(/unsafe-eval|unsafe-hashes|wasm-unsafe-eval/);
      expect(raw).not.toMatch(/(^|\s)\*(\s|;|$)/); // no wildcard source
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['style-src']).toEqual(["'self'"]);
      expect(csp['style-src-attr']).toBeUndefined();
      expect(csp['connect-src']).toEqual(["'self'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'self'"]);
      expect(csp['form-action']).toEqual(["'self'"]);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('scripts, stylesheets, manifests and API answers are nosniff with the same referrer policy', async () => {
    for (const url of [
      '/main.0123456789.js',
      '/styles.abcdef0123.css',
      '/remotes/checker/remoteEntry.js',
      '/remotes/checker/mf-manifest.json',
      '/remotes.json',
      '/api/health',
      '/api/nothing',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect([url, res.headers['x-content-type-options']]).toEqual([url, 'nosniff']);
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('HSTS only when the request came over TLS through a trusted proxy; never over plain HTTP', async () => {
    const plain = await app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // inject() comes from 127.0.0.1, the trusted proxy here.
    const tls = await app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const tlsApi = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(tlsApi.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // Anyone else claiming TLS is not believed.
    const spoofed = await app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' }, remoteAddress: '203.0.113.50' });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    const http = await app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'http' } });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });

  it('with TRUST_PROXY=false, no forwarded header earns HSTS', async () => {
    const strict = await testApp(testConfig({ serveSite: true, siteRoot }, { TRUST_PROXY: 'false' }));
    try {
      const res = await strict.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await strict.close();
    }
  });
});

describe('a remote on another origin', () => {
  const env = {
    REMOTE_CHECKER_URL: 'https://checker.cdn.example.com/v3/mf-manifest.json',
    REMOTE_CATALOGUE_URL: 'https://cdn.example.net:8443/catalogue/mf-manifest.json?v=7',
    REMOTE_BASKET_URL: '/remotes/basket/mf-manifest.json',
  };

  it('its origin (only the origin) is allowed for scripts, data, styles, images and fonts; relative ones add nothing', async () => {
    const app = await testApp(testConfig({ serveSite: true, siteRoot }, env));
    try {
      const csp = cspOf((await app.inject({ method: 'GET', url: '/' })).headers);
      const origins = ['https://cdn.example.net:8443', 'https://checker.cdn.example.com']; // in REMOTE_NAMES order
      expect(csp['script-src']).toEqual(["'self'", ...origins]);
      expect(csp['connect-src']).toEqual(["'self'", ...origins]);
      expect(csp['style-src']).toEqual(["'self'", ...origins]);
      expect(csp['img-src']).toEqual(expect.arrayContaining(origins));
      expect(csp['font-src']).toEqual(expect.arrayContaining(origins));
      expect(String((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'])).not.toContain('/v3/');
    } finally {
      await app.close();
    }
  });

  it('its files are readable cross-origin from the site (CORS and CORP), still nosniff', async () => {
    const app = await testApp(testConfig({ serveSite: true, siteRoot }));
    try {
      const res = await app.inject({ method: 'GET', url: '/remotes/catalogue/remoteEntry.js' });
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await app.close();
    }
  });

  it('a value that is not an http(s) URL adds no source to the policy', () => {
    const csp = contentSecurityPolicy(
      loadConfig({ REMOTE_CONTENT_URL: 'javascript:alert(1)//mf-manifest.json', REMOTE_BASKET_URL: 'remotes/basket/mf-manifest.json' }),
    );
    for (const sources of Object.values(csp)) for (const source of sources) expect(source).toMatch(/^('self'|'none'|data:|blob:)$/);
  });
});
