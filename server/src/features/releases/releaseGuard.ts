/**
 * Who may call the release API, and how often (docs/deploy.md "What a team needs" and "Rate limits of the release API"). The guard is each token route's onRequest hook:
 * it runs before the body is read or validated (a refusal says nothing about what a body lacks).
 *
 * 1. The presented token is checked first, in memory (credentials.ts). A token in force is never
 *    refused for others' failures.
 * 2. An unknown or missing token is a failure: counted per client address and the presented
 *    token's first characters (`ctd_checker_` + 4: random guesses fall into buckets of their own,
 *    never into a real token's), FAILED_TOKENS.perPrefix a minute, and per address overall,
 *    FAILED_TOKENS.perAddress a minute. Under both bounds it is answered 401; past either, 429
 *    with Retry-After. A token is 256 random bits, so the bounds are not what keeps it from being
 *    guessed: they keep a flood of wrong tokens cheap and visible, and spend no one's budget.
 * 3. A known token spends its address's budget: writes (publish, promote, rollback, preview,
 *    unpreview, making and revoking tokens) share ONE budget per address across every release
 *    route, RATE_LIMIT_RELEASES_PER_MINUTE; reads (a remote's list, the token list) have a budget
 *    of their own, READS_PER_WRITE times as large. Past it: 429 with Retry-After.
 * 4. Then the scope: a remote's route takes that remote's token or a platform token; the token
 *    routes take a platform token only. Another's: 403.
 *
 * Every count is @fastify/rate-limit's (app.createRateLimit), in the app's store: in Redis, shared
 * by every instance, when REDIS_URL is set (http/rateLimitStore.ts).
 */
import { createHash } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REMOTE_NAMES } from '@copytech/shared/domain';
import type { Config } from '../../config';
import type { TokenScope } from '../../deployTokens';
import { sendError } from '../../http/errors';
import type { NamedLimit } from '../../http/rateLimitStore';
import { actorOf, type ReleaseCredentials } from './credentials';
import { tokenPrefix } from './tokens';

/** Failed tokens a minute: per address and token prefix, and per address overall. */
export const FAILED_TOKENS = { perPrefix: 10, perAddress: 30 } as const;
/** The reads' budget is this many times the writes'. */
export const READS_PER_WRITE = 10;
const MINUTE = 60_000;

export type Access = 'write' | 'read';
type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;

export interface ReleaseGuard {
  /** the hook of a route on `:remote`: that remote's token, or a platform token */
  remote(access: Access): Hook;
  /** the hook of the token routes: a platform token only */
  platform(access: Access): Hook;
  /** who presented the token of a request that passed the guard */
  actorOf(request: FastifyRequest): string;
}

type Count = Awaited<ReturnType<ReturnType<FastifyInstance['createRateLimit']>>>;
/** Seconds until the count's window ends when it is past its bound, else null. */
const exceeded = (count: Count): number | null => (!count.isAllowed && count.isExceeded ? count.ttlInSeconds : null);

const presentedOf = (request: FastifyRequest) => /^Bearer\s+(\S+)/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
/** The bucket of a presented token's prefix, hashed: no token's characters are kept in a count's key. */
const prefixKey = (request: FastifyRequest) =>
  createHash('sha256')
    .update(tokenPrefix(presentedOf(request)))
    .digest('base64url')
    .slice(0, 16);

function tooMany(reply: FastifyReply, seconds: number, what: string): FastifyReply {
  const wait = Math.max(1, seconds);
  reply.header('Retry-After', String(wait));
  return sendError(reply, 429, `${what}: please try again in ${wait} seconds.`);
}

export function releaseGuard(app: FastifyInstance, credentials: ReleaseCredentials, config: Config): ReleaseGuard {
  const address = (request: FastifyRequest) => normalizeIP(request.ip);
  const limiter = (groupId: string, max: number, keyGenerator: (request: FastifyRequest) => string) => {
    const options: NamedLimit = { groupId, max, timeWindow: MINUTE, keyGenerator };
    return app.createRateLimit(options);
  };
  const budgets = {
    write: limiter('releases-writes', config.releases.perMinute, address),
    read: limiter('releases-reads', config.releases.perMinute * READS_PER_WRITE, address),
  };
  const failedByPrefix = limiter('releases-failed-tokens', FAILED_TOKENS.perPrefix, (r) => `${address(r)}:${prefixKey(r)}`);
  const failedByAddress = limiter('releases-failed-tokens-address', FAILED_TOKENS.perAddress, address);
  const actors = new WeakMap<FastifyRequest, string>();

  async function refuseUnknown(request: FastifyRequest, reply: FastifyReply, presented: string | null) {
    const counts = await Promise.all([failedByPrefix(request), failedByAddress(request)]);
    const over = counts.map(exceeded).filter((seconds): seconds is number => seconds !== null);
    request.log.info({ status: over.length > 0 ? 429 : 401, route: request.routeOptions.url }, 'release API refused: deploy token');
    if (over.length > 0) return tooMany(reply, Math.max(...over), 'Too many unknown deploy tokens from this address');
    reply.header('WWW-Authenticate', 'Bearer realm="releases"');
    return sendError(
      reply,
      401,
      presented
        ? 'The deploy token is not known to this server, or it was revoked.'
        : 'A deploy token is required: Authorization: Bearer <token>.',
    );
  }

  const guard =
    (access: Access, allowed: (scope: TokenScope, request: FastifyRequest) => string | null): Hook =>
    async (request, reply) => {
      const who = credentials.authenticate(request.headers.authorization);
      if (!who.ok) return refuseUnknown(request, reply, who.presented);
      const wait = exceeded(await budgets[access](request));
      if (wait !== null) return tooMany(reply, wait, `Too many release API ${access === 'write' ? 'writes' : 'reads'} from this address`);
      const refusal = allowed(who.token.scope, request);
      if (refusal !== null) {
        request.log.info({ status: 403, route: request.routeOptions.url, actor: actorOf(who.token) }, 'release API refused: deploy token');
        return sendError(reply, 403, refusal);
      }
      actors.set(request, actorOf(who.token));
      return undefined;
    };

  return {
    remote: (access) => {
      const inner = guard(access, (scope, request) => {
        const { remote } = request.params as { remote: string };
        return scope === remote || scope === 'platform' ? null : `This deploy token is for ${scope}; it cannot change ${remote}.`;
      });
      return async (request, reply) => {
        // a remote that is not one is left to the params schema: 400, whatever the token
        if (!(REMOTE_NAMES as readonly string[]).includes((request.params as { remote?: string }).remote ?? '')) return undefined;
        return inner(request, reply);
      };
    },
    platform: (access) =>
      guard(access, (scope) => (scope === 'platform' ? null : `Only a platform token may manage deploy tokens; this one is for ${scope}.`)),
    actorOf(request) {
      const actor = actors.get(request);
      if (actor === undefined) throw new Error('a release route ran without its token guard');
      return actor;
    },
  };
}
