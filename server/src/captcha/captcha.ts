/**
 * The human check before the savings checker's results and report
 * (docs/product-rules.md "Human check"): ALTCHA, a self-hosted proof of work. No third-party
 * service is involved.
 *
 * GET /api/captcha/challenge (captchaRoutes.ts) answers a fresh challenge (altcha-lib v2, PBKDF2/SHA-256,
 * deterministic mode: the server knows the counter, so checking a solution is one HMAC). The
 * challenge is signed with ALTCHA_HMAC_KEY and expires after CAPTCHA_TTL_SECONDS. Without the
 * variable a random key is generated at start, and the log says so: challenges issued before a
 * restart then fail (the visitor ticks the box again), and several instances must share a key.
 *
 * The solution comes back with the request it protects (the widget's base64 payload). The check
 * is two parts: checkCaptcha() verifies signature, expiry and solution without touching the
 * database; spendCaptcha() (captchaStore.ts) then records the challenge as used inside the caller's transaction,
 * so a solution is accepted once even by concurrent requests or several instances (the primary
 * key decides), and a request that fails later does not use it up. Used challenges are kept
 * until they expire, then deleted.
 *
 * Expiry follows the real clock (altcha-lib checks it against Date.now()).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

export const CAPTCHA_CHALLENGE_PATH = '/api/captcha/challenge';
export const CAPTCHA_TTL_SECONDS = 10 * 60;
/** PBKDF2 iterations per attempt, and the counter range: about a second of work in a browser. */
export const CAPTCHA_COST = 2_000;
export const CAPTCHA_COUNTER = { min: 500, max: 2_500 } as const;
const ALGORITHM = 'PBKDF2/SHA-256';

export const CAPTCHA_MESSAGES = {
  missing: 'Please confirm you are not a robot.',
  invalid: 'We could not confirm you are not a robot. Please tick the box again.',
  expired: 'The check has expired. Please tick the box again.',
  used: 'This check has already been used. Please tick the box again.',
} as const;

export interface CaptchaSecrets {
  /** signs each challenge */
  signature: string;
  /** signs the expected key, so a solution is checked with one HMAC */
  keySignature: string;
  /** true when no ALTCHA_HMAC_KEY was set and a random key is in use */
  generated: boolean;
}

let processKey: string | null = null;

/**
 * The secrets from ALTCHA_HMAC_KEY (at least 32 characters), or from a random key made once per
 * process. Both of the checker's plugins call this, so they agree on the key.
 */
export function captchaSecrets(env: NodeJS.ProcessEnv = process.env): CaptchaSecrets {
  const configured = env.ALTCHA_HMAC_KEY;
  if (configured !== undefined && configured !== '' && configured.length < 32) {
    throw new Error('ALTCHA_HMAC_KEY must be at least 32 characters (e.g. `openssl rand -hex 32`)');
  }
  const key = configured || (processKey ??= randomBytes(32).toString('hex'));
  return {
    signature: key,
    keySignature: createHmac('sha256', key).update('altcha key signature').digest('hex'),
    generated: !configured,
  };
}

export async function issueChallenge(secrets: CaptchaSecrets): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: CAPTCHA_COST,
    counter: randomInt(CAPTCHA_COUNTER.max, CAPTCHA_COUNTER.min),
    deriveKey,
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.keySignature,
    expiresAt: Math.floor(Date.now() / 1000) + CAPTCHA_TTL_SECONDS,
  });
}

export type CaptchaCheck = { ok: true; id: string; expiresAt: number } | { ok: false; message: string };

interface ClientPayload {
  challenge: Challenge;
  solution: Solution;
}

function decodePayload(payload: string): ClientPayload | null {
  if (payload.length > 4_000 || !/^[A-Za-z0-9+/=]+$/.test(payload)) return null;
  try {
    const decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Partial<ClientPayload> | null;
    const parameters = decoded?.challenge?.parameters;
    const solution = decoded?.solution;
    if (
      !parameters ||
      typeof parameters !== 'object' ||
      typeof parameters.algorithm !== 'string' ||
      typeof decoded?.challenge?.signature !== 'string' ||
      !solution ||
      typeof solution !== 'object'
    ) {
      return null;
    }
    return decoded as ClientPayload;
  } catch {
    return null;
  }
}

/** Verifies the widget's payload (signature, expiry, solution); touches no storage. */
export async function checkCaptcha(payload: unknown, secrets: CaptchaSecrets): Promise<CaptchaCheck> {
  if (typeof payload !== 'string' || payload === '') return { ok: false, message: CAPTCHA_MESSAGES.missing };
  const decoded = decodePayload(payload);
  // Only challenges this server issues: its algorithm, cost and an expiry (all covered by the signature).
  if (!decoded || decoded.challenge.parameters.algorithm !== ALGORITHM || typeof decoded.challenge.parameters.expiresAt !== 'number') {
    return { ok: false, message: CAPTCHA_MESSAGES.invalid };
  }
  let result;
  try {
    result = await verifySolution({
      challenge: decoded.challenge,
      solution: decoded.solution,
      deriveKey,
      hmacSignatureSecret: secrets.signature,
      hmacKeySignatureSecret: secrets.keySignature,
    });
  } catch {
    return { ok: false, message: CAPTCHA_MESSAGES.invalid };
  }
  if (result.expired) return { ok: false, message: CAPTCHA_MESSAGES.expired };
  if (!result.verified) return { ok: false, message: CAPTCHA_MESSAGES.invalid };
  const id = createHash('sha256')
    .update(decoded.challenge.signature as string)
    .digest('hex');
  return { ok: true, id, expiresAt: decoded.challenge.parameters.expiresAt * 1000 };
}

export function logKeySource(log: FastifyBaseLogger, secrets: CaptchaSecrets): void {
  if (secrets.generated) {
    log.warn(
      'captcha: ALTCHA_HMAC_KEY is not set, so a random key was generated at start; challenges issued before a restart will not verify after it, and several instances need one shared key',
    );
  }
}
