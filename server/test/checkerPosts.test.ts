/**
 * The savings checker's steps posted without JavaScript (pages/checkerPosts.ts): the fields are
 * handed on bounded, the human check without JavaScript passes only with a token this server
 * signed, given neither too soon nor too long before, the box ticked and the trap empty, and only
 * once; a post from another site, of another body or of another form is refused. The page
 * rendered from the post is the e2e tests' (e2e/tests/checkerWithoutJs.spec.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { HUMAN_CHECK_FIELDS } from '@copytech/shared/ssr';
import { CAPTCHA_MESSAGES, CAPTCHA_TTL_SECONDS } from '../src/captcha/captcha';
import type { CheckerDb } from '../src/db/savingsCheckerMigration';
import {
  checkerFields,
  checkHuman,
  HUMAN_MIN_SECONDS,
  HumanTokens,
  MAX_FIELDS,
  MAX_VALUE,
  NOT_THE_CHECKER_MESSAGE,
  NOT_TICKED_MESSAGE,
} from '../src/pages/checkerPosts';
import { CROSS_SITE_MESSAGE, FORM_ENCODING_MESSAGE } from '../src/pages/formPosts';
import { REAL_DATA, tempDir, testApp, testConfig } from './helpers';

const siteRoot = tempDir('ct-checker-posts-site-');
fs.mkdirSync(path.join(siteRoot, 'shell', 'dist'), { recursive: true });
fs.writeFileSync(
  path.join(siteRoot, 'shell', 'dist', 'index.html'),
  '<!doctype html><html><head><script defer src=/main.js></script></head><body><div id=root></div></body></html>',
);

const SAME_ORIGIN = { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' };

describe('the checker’s posted fields', () => {
  it('are the first of each name, of the checker’s shape, bounded in number and length', () => {
    const pairs = new URLSearchParams([
      ['form', 'checker'],
      ['entryMode', 'itemised'],
      ['entryMode', 'bill'],
      ['charge-0-name', 'x'.repeat(MAX_VALUE + 50)],
      ['__proto__', 'no'],
      ['a b', 'no'],
      ['9lives', 'no'],
      ...Array.from({ length: MAX_FIELDS + 10 }, (_, index): [string, string] => [`f${index}`, String(index)]),
    ]);
    const fields = checkerFields(pairs);
    expect(fields.entryMode).toBe('itemised');
    expect(fields['charge-0-name']).toHaveLength(MAX_VALUE);
    expect(Object.keys(fields)).toHaveLength(MAX_FIELDS);
    for (const name of ['form', '__proto__', 'a b', '9lives']) expect(Object.keys(fields)).not.toContain(name);
  });
});

describe('the human check without JavaScript', () => {
  let app: FastifyInstance;
  let db: CheckerDb;
  const tokens = new HumanTokens('a test key that is long enough for the checker');
  // The real clock: spent tokens are kept until they expire by it.
  const given = Date.now();
  const ticked = (token: string) => ({ [HUMAN_CHECK_FIELDS.token]: token, [HUMAN_CHECK_FIELDS.confirm]: 'yes' });
  const later = given + HUMAN_MIN_SECONDS * 1000 + 500;

  beforeAll(async () => {
    app = await testApp(testConfig({ serveSite: true, serverRender: false, siteRoot, dataDir: REAL_DATA }));
    db = app.db as unknown as CheckerDb;
  });
  afterAll(() => app.close());

  it('passes once with a token this server gave, the box ticked and the trap empty', async () => {
    const token = tokens.issue(given);
    expect(await checkHuman(db, tokens, { ...ticked(token), [HUMAN_CHECK_FIELDS.trap]: '' }, later)).toEqual({ passed: true });
    expect(await checkHuman(db, tokens, ticked(token), later + 1000)).toEqual({ passed: false, message: CAPTCHA_MESSAGES.used });
  });

  it('refuses a token sent back sooner than a person could, or after it expired', async () => {
    const token = tokens.issue(given);
    expect(await checkHuman(db, tokens, ticked(token), given + HUMAN_MIN_SECONDS * 1000 - 1)).toEqual({
      passed: false,
      message: CAPTCHA_MESSAGES.invalid,
    });
    expect(await checkHuman(db, tokens, ticked(token), given + CAPTCHA_TTL_SECONDS * 1000 + 1)).toEqual({
      passed: false,
      message: CAPTCHA_MESSAGES.expired,
    });
    // neither used it up
    expect(await checkHuman(db, tokens, ticked(token), later)).toEqual({ passed: true });
  });

  it('refuses the box not ticked, the trap filled in, and tokens it did not sign as they are', async () => {
    const token = tokens.issue(given);
    expect(await checkHuman(db, tokens, { [HUMAN_CHECK_FIELDS.token]: token }, later)).toEqual({
      passed: false,
      message: NOT_TICKED_MESSAGE,
    });
    expect(await checkHuman(db, tokens, { ...ticked(token), [HUMAN_CHECK_FIELDS.trap]: 'https://spam.example' }, later)).toEqual({
      passed: false,
      message: CAPTCHA_MESSAGES.invalid,
    });
    const [issued, nonce, signature] = token.split('.') as [string, string, string];
    const older = (parseInt(issued, 36) - 60_000).toString(36);
    for (const forged of [
      `${older}.${nonce}.${signature}`,
      `${issued}.${nonce}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      new HumanTokens('another key that is long enough for the checker').issue(given),
      '',
      'not a token',
    ]) {
      expect(await checkHuman(db, tokens, ticked(forged), later)).toEqual({ passed: false, message: CAPTCHA_MESSAGES.invalid });
    }
    // still unused after all of that
    expect(await checkHuman(db, tokens, ticked(token), later)).toEqual({ passed: true });
  });

  const post = (payload: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/discover-print-savings?machine=x&utm=y',
      payload,
      headers: { ...SAME_ORIGIN, host: 'localhost:80', ...headers },
    });

  it('answers a step with the checker’s page, never kept', async () => {
    const res = await post(new URLSearchParams({ form: 'checker', step: 'start', move: 'next', entryMode: 'bill' }).toString());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses a post from another site, another kind of body, or another form', async () => {
    const step = new URLSearchParams({ form: 'checker', step: 'start' }).toString();
    const crossSite = await post(step, { origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' });
    expect([crossSite.statusCode, crossSite.json().message]).toEqual([403, CROSS_SITE_MESSAGE]);
    const json = await post(JSON.stringify({ form: 'checker' }), { 'content-type': 'application/json' });
    expect([json.statusCode, json.json().message]).toEqual([415, FORM_ENCODING_MESSAGE]);
    const other = await post(new URLSearchParams({ form: 'enquiry' }).toString());
    expect([other.statusCode, other.json().message]).toEqual([404, NOT_THE_CHECKER_MESSAGE]);
  });
});
