/** Test helpers: a temp VAR_DIR per app, fixture or real seed data, a stepped outbox and clock. */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../src/app';
import { REPO_ROOT, loadConfig, type Config } from '../src/config';
import { databaseSettings, type DatabaseKind } from './postgres';
import { tempDir } from './testBasics';

export { tempDir, manualClock } from './testBasics';

export const FIXTURE_DATA = path.join(__dirname, 'fixtures', 'data');
export const REAL_DATA = path.join(REPO_ROOT, 'server', 'data');

/** A writable copy of the fixture data (tests may change it), with the real illustrations. */
export function fixtureDataCopy(): string {
  const dir = tempDir('ct-data-');
  fs.cpSync(FIXTURE_DATA, dir, { recursive: true });
  fs.mkdirSync(path.join(dir, 'images'), { recursive: true });
  fs.cpSync(path.join(REAL_DATA, 'images', 'types'), path.join(dir, 'images', 'types'), { recursive: true });
  fs.copyFileSync(path.join(REAL_DATA, 'images', 'placeholder.svg'), path.join(dir, 'images', 'placeholder.svg'));
  return dir;
}

export function testConfig(overrides: Partial<Config> = {}, env: NodeJS.ProcessEnv = {}): Config {
  return {
    ...loadConfig(env),
    serveSite: false,
    logLevel: 'silent',
    varDir: tempDir('ct-var-'),
    dataDir: FIXTURE_DATA,
    // generous, so only the rate-limit test meets a limit
    rateLimits: { quotePerMinute: 1000, formsPerMinute: 1000 },
    ...overrides,
  };
}

/** testConfig() on this database: SQLite in its temp VAR_DIR, or a new PostgreSQL database (postgres.ts). */
export function configOn(database: DatabaseKind, overrides: Partial<Config> = {}, env: NodeJS.ProcessEnv = {}): Config {
  return testConfig({ database: databaseSettings(database), ...overrides }, env);
}

export async function testApp(config: Config = testConfig(), options: Omit<BuildOptions, 'config'> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ logger: false, outbox: { autoStart: false }, retention: { autoStart: false }, ...options, config });
  await app.ready();
  return app;
}

export const CONTACT = {
  firstName: 'Jo',
  lastName: 'Bloggs',
  email: 'jo.bloggs@example.co.uk',
  phoneNumber: '0116 496 0123',
  postcode: 'LE19 1WX',
};

export function quoteBody(productIds: string[], contactDetails: Record<string, unknown> = CONTACT) {
  return { productIds, contactDetails, eventType: 'QUOTE', utm: { utm_source: 'google', utm_medium: 'cpc' } };
}

export const C5840I = 'canonimagerunneradvancedxc5840i';
export const C5850I = 'canonimagerunneradvancedxc5850i';
export const IMC2010 = 'ricohimc2010';
export const INACTIVE = 'konicaminoltabizhubc4051i';

/** Minimal MIME reading for tests: the headers and the decoded text/plain and text/html parts. */
export function mimeParts(raw: string): { headers: string; text: string; html: string } {
  const source = raw.replace(/\r\n/g, '\n');
  const split = source.indexOf('\n\n');
  const headers = source.slice(0, split);
  const boundary = headers.match(/boundary="?([^";\n]+)"?/)?.[1];
  const decode = (partHeaders: string, body: string) => {
    const encoding = partHeaders.match(/Content-Transfer-Encoding:\s*([\w-]+)/i)?.[1]?.toLowerCase();
    if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (encoding === 'quoted-printable') {
      const bytes = body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    return body;
  };
  const parts: Record<string, string> = {};
  const chunks = boundary ? source.slice(split + 2).split(`--${boundary}`) : [source];
  for (const chunk of chunks) {
    const at = chunk.indexOf('\n\n');
    if (at === -1) continue;
    const partHeaders = chunk.slice(0, at);
    const type = partHeaders.match(/Content-Type:\s*(text\/(?:plain|html))/i)?.[1]?.toLowerCase();
    if (type) parts[type] = decode(partHeaders, chunk.slice(at + 2).replace(/\n$/, ''));
  }
  return { headers, text: parts['text/plain'] ?? '', html: parts['text/html'] ?? '' };
}

/** The index page of a test site's shell: one script, so a test can tell a page the browser takes over from one it does not. */
export const TEST_SHELL_TEMPLATE =
  '<!doctype html><html><head><title>Copytech</title><script defer src=/main.js></script></head><body><div id=root></div></body></html>';

/**
 * A site of a test's own, with nothing built but the shell: its index page (`template`) and its
 * server build, a federation container exposing './ServerApp' as the shell's build does.
 * `serverApp` is that module's JavaScript (CommonJS, `React` in scope), defining
 * `function ServerApp(props)`: what the test's pages render.
 */
export function siteWithShell(serverApp: string, template = TEST_SHELL_TEMPLATE, prefix = 'ct-site-'): string {
  const siteRoot = tempDir(prefix);
  fs.mkdirSync(path.join(siteRoot, 'shell/dist/server'), { recursive: true });
  fs.writeFileSync(path.join(siteRoot, 'shell/dist/index.html'), template);
  const container = `const React = require('react');\n${serverApp}\n${SHELL_EXPORTS}`;
  fs.writeFileSync(path.join(siteRoot, 'shell/dist/server/remoteEntry.js'), container);
  return siteRoot;
}

const SHELL_EXPORTS = `module.exports = {
  shell: {
    init: async () => undefined,
    get: async (request) => {
      if (request !== './ServerApp') throw new Error('no such module: ' + request);
      return () => ({ default: ServerApp, __esModule: true });
    },
  },
};`;
