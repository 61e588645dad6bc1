/**
 * The request id (server/src/http/requestId.ts): on every answer as X-Request-Id (an API read, a
 * page, a static file, a Not Found, an error), in every log line of the request as reqId, kept from
 * the request only when a trusted proxy sent it and it is a short token; shown as the reference on
 * a page's Not Found (pages/pageProblem.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { PAGE_PROBLEM_KEY } from '@copytech/shared/ssr';
import { buildApp } from '../src/app';
import { freshRequestId } from '../src/http/requestId';
import { tempDir, testConfig } from './helpers';

type LogLine = { reqId?: string; msg: string };

const SHELL_CONTAINER = `
const React = require('react');
function Body({ url, data }) {
  const problem = React.use(data.read(${JSON.stringify(PAGE_PROBLEM_KEY)} + new URL(url, 'http://site.invalid').pathname));
  return React.createElement('main', null, problem.ok ? 'reference ' + problem.value.reference : 'no problem');
}
module.exports = {
  shell: {
    init: async () => undefined,
    get: async () => () => ({
      __esModule: true,
      default: (props) => React.createElement(React.Suspense, { fallback: null }, React.createElement(Body, props)),
    }),
  },
};
`;

function siteWithShell(): string {
  const siteRoot = tempDir('ct-reqid-');
  fs.mkdirSync(path.join(siteRoot, 'shell/dist/server'), { recursive: true });
  fs.writeFileSync(
    path.join(siteRoot, 'shell/dist/index.html'),
    '<!doctype html><html><head></head><body><div id=root></div></body></html>',
  );
  fs.writeFileSync(path.join(siteRoot, 'shell/dist/favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(siteRoot, 'shell/dist/server/remoteEntry.js'), SHELL_CONTAINER);
  return siteRoot;
}

async function appWithLog(env: NodeJS.ProcessEnv = {}): Promise<{ app: FastifyInstance; lines: LogLine[] }> {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const config = testConfig({ serveSite: true, siteRoot: siteWithShell(), serverRender: true, renderBudgetMs: 10_000 }, env);
  const app = await buildApp({
    config: { ...config, logLevel: 'info' },
    logger: { stream },
    outbox: { autoStart: false },
    retention: { autoStart: false },
  });
  await app.ready();
  return { app, lines };
}

const FRESH = /^[A-Za-z0-9_-]{16}$/;

describe('the request id', () => {
  let app: FastifyInstance;
  let lines: LogLine[];
  beforeAll(async () => {
    ({ app, lines } = await appWithLog());
  });
  afterAll(() => app.close());

  it('is on every answer, a fresh one each request, and on every log line of that request', async () => {
    const answers = [
      await app.inject({ method: 'GET', url: '/api/printers/all?limit=1' }),
      await app.inject({ method: 'GET', url: '/' }),
      await app.inject({ method: 'GET', url: '/favicon.svg' }),
      await app.inject({ method: 'GET', url: '/api/no-such-thing' }),
      await app.inject({ method: 'POST', url: '/api/quote', payload: '{not json', headers: { 'content-type': 'application/json' } }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 404, 400]);
    const ids = answers.map((answer) => answer.headers['x-request-id'] as string);
    for (const id of ids) expect(id).toMatch(FRESH);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      const own = lines.filter((line) => line.reqId === id).map((line) => line.msg);
      expect(own).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    }
    // every line written while answering a request names one
    expect(lines.filter((line) => /request/.test(line.msg) && !line.reqId)).toEqual([]);
  });

  it('is the reference a Not Found page shows, and its reads log under it', async () => {
    const notFound = await app.inject({ method: 'GET', url: '/printers/multifunctionals/canon/no-such-model' });
    expect(notFound.statusCode).toBe(404);
    const id = notFound.headers['x-request-id'] as string;
    expect(notFound.body).toContain(`reference ${id}`);
    // the page's in-process read of the product logged under the page's id
    expect(lines.filter((line) => line.reqId === id && line.msg === 'incoming request').length).toBeGreaterThan(1);
    // and such a page is not kept: the next request has its own reference
    const again = await app.inject({ method: 'GET', url: '/printers/multifunctionals/canon/no-such-model' });
    expect(again.body).toContain(`reference ${again.headers['x-request-id'] as string}`);
    expect(again.headers['x-request-id']).not.toBe(id);
  });

  it('ignores an X-Request-Id from a client that is not a trusted proxy', async () => {
    const answer = await app.inject({
      method: 'GET',
      url: '/api/printers/all?limit=1',
      headers: { 'x-request-id': 'from-the-client-1234' },
    });
    expect(answer.headers['x-request-id']).toMatch(FRESH);
    expect(answer.headers['x-request-id']).not.toBe('from-the-client-1234');
  });
});

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await appWithLog({ TRUST_PROXY: '10.0.0.0/8' }));
  });
  afterAll(() => app.close());

  const via = (remoteAddress: string, id: string) =>
    app.inject({ method: 'GET', url: '/api/printers/all?limit=1', remoteAddress, headers: { 'x-request-id': id } });

  it("keeps the proxy's id when it is a short token", async () => {
    expect((await via('10.0.0.2', 'lb-7f3a9c21.e4_b-0')).headers['x-request-id']).toBe('lb-7f3a9c21.e4_b-0');
  });

  it('gives a fresh one for anything longer, shorter or stranger, and for a client past the proxy', async () => {
    for (const id of ['short', 'x'.repeat(65), 'has space here', 'new\nline-injected', '<script>alert(1)</script>', 'ünïcode-token']) {
      expect([id, (await via('10.0.0.2', id)).headers['x-request-id']]).toEqual([id, expect.stringMatching(FRESH)]);
    }
    expect((await via('203.0.113.9', 'lb-7f3a9c21.e4_b-0')).headers['x-request-id']).toMatch(FRESH);
  });
});

describe('a fresh id', () => {
  it('is 16 characters of base64url, and none repeats across many pools of random bytes', () => {
    // 341 ids are sliced from each pool: 5,000 cross 14 pools and their boundaries.
    const ids = Array.from({ length: 5_000 }, () => freshRequestId());
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
