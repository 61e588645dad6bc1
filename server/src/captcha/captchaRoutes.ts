/** GET /api/captcha/challenge: a fresh ALTCHA challenge for the human check (captcha.ts), no-store and rate limited. */
import type { FastifyPluginAsync } from 'fastify';
import type { WriteDeps } from '../writes/writeDeps';
import { CAPTCHA_CHALLENGE_PATH, captchaSecrets, issueChallenge, logKeySource } from './captcha';

export const captchaPlugin: FastifyPluginAsync<WriteDeps> = async (app, { config }) => {
  const secrets = captchaSecrets();
  logKeySource(app.log, secrets);

  app.get(
    CAPTCHA_CHALLENGE_PATH,
    // Cheap to issue, but bounded all the same (a page asks for one, or a few on retries).
    { config: { rateLimit: { max: Math.max(30, config.rateLimits.formsPerMinute * 6), timeWindow: 60_000 } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return issueChallenge(secrets);
    },
  );
};
