/**
 * The savings checker's steps posted without JavaScript (docs/product-rules.md "The checker
 * without JavaScript"): POST /discover-print-savings, url-encoded, answered with the checker's
 * page rendered from what was posted (postedPage.ts). The checker owns its fields: this route
 * reads none of them but the human check's, and hands the rest on bounded (names of letters,
 * digits and hyphens, at most MAX_FIELDS of them, each text at most MAX_VALUE characters).
 *
 * What the server adds is the human check without JavaScript: every answer carries a fresh
 * token, signed with the checker's key and time-stamped; the last step posts it back with a box
 * the visitor ticks and a field only a robot fills in. It passes when the signature holds, it was
 * given at least HUMAN_MIN_SECONDS and at most CAPTCHA_TTL_SECONDS before, the box is ticked, the
 * trap is empty, and the token was not used before (recorded as the widget's solutions are, so
 * once across instances). Cross-site posts are refused, and the route has a rate limit of its
 * own, above the forms' (a visitor posts every step: CHECKER_STEPS_PER_MINUTE per address).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { CHECKER_MACHINE_PARAM, CHECKER_META } from '@copytech/shared/domain';
import { HUMAN_CHECK_FIELDS, type PostedForm } from '@copytech/shared/ssr';
import { CAPTCHA_MESSAGES, CAPTCHA_TTL_SECONDS, captchaSecrets } from '../captcha/captcha';
import { spendCaptcha } from '../captcha/captchaStore';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { CheckerDb } from '../db/savingsCheckerMigration';
import { sendError } from '../http/errors';
import { perMinute } from '../writes/writeDeps';
import { CROSS_SITE_MESSAGE, FORM_BODY_LIMIT, FORM_ENCODING_MESSAGE, FORM_FIELD, type SendPosted } from './formPosts';
import { crossSitePost } from './origin';

export const CHECKER_FORM = 'checker';
export const MAX_FIELDS = 120;
export const MAX_VALUE = 200;
/** A person reads the last step before ticking the box: a token sent back sooner is a program's. */
export const HUMAN_MIN_SECONDS = 2;
/** A visitor without JavaScript posts each step: the checker has up to nine, and Back. */
export const CHECKER_STEPS_PER_MINUTE = 30;
export const NOT_TICKED_MESSAGE = 'Please tick the box to confirm you are a person.';
export const NOT_THE_CHECKER_MESSAGE = 'This is not the savings checker’s form.';

const NAME = /^[A-Za-z][A-Za-z0-9-]{0,40}$/;

/** The checker's posted fields, bounded: the first of each name, names of the checker's shape only. */
export function checkerFields(pairs: URLSearchParams): Record<string, string> {
  const fields: Record<string, string> = {};
  let count = 0;
  for (const [name, value] of pairs) {
    if (name === FORM_FIELD || !NAME.test(name) || name in fields) continue;
    if (count >= MAX_FIELDS) break;
    fields[name] = value.slice(0, MAX_VALUE);
    count += 1;
  }
  return fields;
}

/** Signs and reads the human check's tokens: `<issued at, ms, base 36>.<nonce>.<signature>`. */
export class HumanTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    // A key of its own, derived from the checker's: a token is never an ALTCHA signature.
    this.key = createHmac('sha256', secret).update('copytech checker human check without JavaScript').digest();
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }

  issue(now: number): string {
    const body = `${now.toString(36)}.${randomBytes(16).toString('base64url')}`;
    return `${body}.${this.sign(body)}`;
  }

  /** The time it was given, when its signature holds; else null. */
  issuedAt(token: string): number | null {
    const parts = token.split('.');
    if (parts.length !== 3 || token.length > 100) return null;
    const [issued, nonce, signature] = parts as [string, string, string];
    if (!/^[0-9a-z]{1,12}$/.test(issued) || !/^[A-Za-z0-9_-]{22}$/.test(nonce)) return null;
    const expected = Buffer.from(this.sign(`${issued}.${nonce}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return parseInt(issued, 36);
  }
}

export type HumanCheckOutcome = { passed: true } | { passed: false; message: string };

/** Checks a posted human check (see the header) and, when it passes, spends its token. */
export async function checkHuman(
  db: CheckerDb,
  tokens: HumanTokens,
  fields: Record<string, string>,
  now: number,
): Promise<HumanCheckOutcome> {
  const token = fields[HUMAN_CHECK_FIELDS.token] ?? '';
  const issuedAt = tokens.issuedAt(token);
  if (issuedAt === null || (fields[HUMAN_CHECK_FIELDS.trap] ?? '') !== '') return { passed: false, message: CAPTCHA_MESSAGES.invalid };
  const expiresAt = issuedAt + CAPTCHA_TTL_SECONDS * 1000;
  if (now > expiresAt) return { passed: false, message: CAPTCHA_MESSAGES.expired };
  if (fields[HUMAN_CHECK_FIELDS.confirm] !== 'yes') return { passed: false, message: NOT_TICKED_MESSAGE };
  if (now < issuedAt + HUMAN_MIN_SECONDS * 1000) return { passed: false, message: CAPTCHA_MESSAGES.invalid };
  const id = `no-script:${createHash('sha256').update(token).digest('hex')}`;
  if (!(await spendCaptcha(db, { id, expiresAt }))) return { passed: false, message: CAPTCHA_MESSAGES.used };
  return { passed: true };
}

/** The query a step's answer keeps: the machine the checker was opened for, nothing else. */
function keptSearch(request: FastifyRequest): string {
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  const machine = new URLSearchParams(query).get(CHECKER_MACHINE_PARAM);
  return machine ? `?${new URLSearchParams({ [CHECKER_MACHINE_PARAM]: machine.slice(0, MAX_VALUE) }).toString()}` : '';
}

export const checkerPostsPlugin: FastifyPluginAsync<{ config: Config; db: Db; sendPosted: SendPosted; clock?: () => number }> = async (
  app,
  { config, db, sendPosted, clock = Date.now },
) => {
  const tokens = new HumanTokens(captchaSecrets().signature);
  // Only in this plugin's routes: the site's other writes take JSON alone.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, new URLSearchParams(body as string));
    },
  );

  app.post(
    CHECKER_META.canonicalPath,
    { config: perMinute(CHECKER_STEPS_PER_MINUTE) },
    async (request: FastifyRequest, reply: FastifyReply) => {
      if (crossSitePost(request, config)) return sendError(reply, 403, CROSS_SITE_MESSAGE);
      const pairs = request.body;
      if (!(pairs instanceof URLSearchParams)) return sendError(reply, 415, FORM_ENCODING_MESSAGE);
      if (pairs.get(FORM_FIELD) !== CHECKER_FORM) return sendError(reply, 404, NOT_THE_CHECKER_MESSAGE);
      const fields = checkerFields(pairs);
      const now = clock();
      const human = HUMAN_CHECK_FIELDS.token in fields ? await checkHuman(db as unknown as CheckerDb, tokens, fields, now) : null;
      const values = Object.fromEntries(
        Object.entries(fields).filter(([name]) => !Object.values<string>(HUMAN_CHECK_FIELDS).includes(name)),
      );
      const posted: PostedForm = {
        status: 'step',
        values,
        human: human && (human.passed ? { passed: true, message: null } : { passed: false, message: human.message }),
        humanToken: tokens.issue(now),
      };
      return sendPosted(request, reply, CHECKER_FORM, posted, 200, keptSearch(request));
    },
  );
};
