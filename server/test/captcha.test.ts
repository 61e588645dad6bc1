/**
 * The ALTCHA human check: a challenge from GET /api/captcha/challenge, solved for real with
 * altcha-lib's solver (as the widget does in the browser), verified once and only once.
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';
import type { CheckerDb } from '../src/db/savingsCheckerMigration';
import { CAPTCHA_MESSAGES, CAPTCHA_TTL_SECONDS, captchaSecrets, checkCaptcha } from '../src/captcha/captcha';
import { spendCaptcha } from '../src/captcha/captchaStore';
import { testApp, testConfig } from './helpers';

async function fetchChallenge(app: FastifyInstance): Promise<Challenge> {
  const res = await app.inject({ method: 'GET', url: '/api/captcha/challenge' });
  expect(res.statusCode).toBe(200);
  return res.json() as Challenge;
}

/** What the widget sends: base64 of { challenge: { parameters, signature }, solution }. */
async function solvedPayload(app: FastifyInstance, tamper: (challenge: Challenge) => void = () => undefined): Promise<string> {
  const challenge = await fetchChallenge(app);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('no solution found');
  tamper(challenge);
  return Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString('base64');
}

describe('the ALTCHA human check', () => {
  let app: FastifyInstance;
  const secrets = captchaSecrets();
  beforeAll(async () => {
    app = await testApp(testConfig());
  });
  afterAll(() => app.close());
  afterEach(() => jest.restoreAllMocks());

  it('issues a signed PBKDF2 challenge that expires in 10 minutes and is never cached', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/captcha/challenge' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const challenge = res.json() as Challenge;
    expect(challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.expiresAt! - Date.now() / 1000).toBeGreaterThan(CAPTCHA_TTL_SECONDS - 5);
    expect(challenge.parameters.expiresAt! - Date.now() / 1000).toBeLessThanOrEqual(CAPTCHA_TTL_SECONDS);
    const second = await fetchChallenge(app);
    expect(second.parameters.nonce).not.toBe(challenge.parameters.nonce);
  });

  it('accepts a solution worked out by the proof of work', async () => {
    const check = await checkCaptcha(await solvedPayload(app), secrets);
    expect(check).toEqual({ ok: true, id: expect.stringMatching(/^[0-9a-f]{64}$/), expiresAt: expect.any(Number) });
  });

  it('accepts a solved challenge once: a replay is refused', async () => {
    const check = await checkCaptcha(await solvedPayload(app), secrets);
    if (!check.ok) throw new Error(check.message);
    const db = app.db as unknown as CheckerDb;
    expect(await db.transaction().execute((trx) => spendCaptcha(trx, check))).toBe(true);
    expect(await db.transaction().execute((trx) => spendCaptcha(trx, check))).toBe(false);
  });

  it('refuses a challenge whose parameters were changed (an easier cost, a later expiry)', async () => {
    const easier = await solvedPayload(app, (challenge) => {
      challenge.parameters.cost = 1;
    });
    expect(await checkCaptcha(easier, secrets)).toEqual({ ok: false, message: CAPTCHA_MESSAGES.invalid });
    const later = await solvedPayload(app, (challenge) => {
      challenge.parameters.expiresAt = challenge.parameters.expiresAt! + 86_400;
    });
    expect(await checkCaptcha(later, secrets)).toEqual({ ok: false, message: CAPTCHA_MESSAGES.invalid });
  });

  it('refuses a wrong solution', async () => {
    const challenge = await fetchChallenge(app);
    const payload = Buffer.from(JSON.stringify({ challenge, solution: { counter: 1, derivedKey: '00'.repeat(32) } })).toString('base64');
    expect(await checkCaptcha(payload, secrets)).toEqual({ ok: false, message: CAPTCHA_MESSAGES.invalid });
  });

  it('refuses a challenge signed with another key', async () => {
    const payload = await solvedPayload(app);
    const other = captchaSecrets({ ALTCHA_HMAC_KEY: 'x'.repeat(40) });
    expect(other.generated).toBe(false);
    expect(await checkCaptcha(payload, other)).toEqual({ ok: false, message: CAPTCHA_MESSAGES.invalid });
  });

  it('refuses a solution after the challenge expired', async () => {
    const payload = await solvedPayload(app);
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + (CAPTCHA_TTL_SECONDS + 1) * 1000);
    expect(await checkCaptcha(payload, secrets)).toEqual({ ok: false, message: CAPTCHA_MESSAGES.expired });
  });

  it.each([
    ['nothing', undefined, CAPTCHA_MESSAGES.missing],
    ['an empty string', '', CAPTCHA_MESSAGES.missing],
    ['a number', 42, CAPTCHA_MESSAGES.missing],
    ['not base64', 'not base64!', CAPTCHA_MESSAGES.invalid],
    ['base64 of text', Buffer.from('hello').toString('base64'), CAPTCHA_MESSAGES.invalid],
    [
      "the widget's test-mode payload",
      Buffer.from(JSON.stringify({ challenge: null, solution: null, test: true })).toString('base64'),
      CAPTCHA_MESSAGES.invalid,
    ],
    [
      'a challenge without a signature',
      Buffer.from(JSON.stringify({ challenge: { parameters: { algorithm: 'PBKDF2/SHA-256' } }, solution: {} })).toString('base64'),
      CAPTCHA_MESSAGES.invalid,
    ],
    ['a huge payload', 'A'.repeat(10_000), CAPTCHA_MESSAGES.invalid],
  ])('refuses %s without throwing', async (_label, payload, message) => {
    expect(await checkCaptcha(payload, secrets)).toEqual({ ok: false, message });
  });

  it('uses ALTCHA_HMAC_KEY when set, and will not start with a short one', () => {
    expect(captchaSecrets({ ALTCHA_HMAC_KEY: 'k'.repeat(32) }).signature).toBe('k'.repeat(32));
    expect(() => captchaSecrets({ ALTCHA_HMAC_KEY: 'short' })).toThrow(/at least 32 characters/);
    expect(captchaSecrets({}).generated).toBe(true);
    expect(captchaSecrets({}).signature).toBe(captchaSecrets({}).signature); // one key per process
  });
});

describe('without ALTCHA_HMAC_KEY', () => {
  it('says in the log that a random key was generated', async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => lines.push(line) } as unknown as NodeJS.WritableStream;
    const saved = process.env.ALTCHA_HMAC_KEY;
    delete process.env.ALTCHA_HMAC_KEY;
    const app = await testApp(testConfig({ logLevel: 'info' }), { logger: { stream } });
    await app.close();
    if (saved !== undefined) process.env.ALTCHA_HMAC_KEY = saved;
    expect(lines.join('\n')).toMatch(/ALTCHA_HMAC_KEY is not set, so a random key was generated at start/);
  });
});
