/**
 * The release API's credentials (docs/api.md "Releases"; docs/deploy.md "Releasing a remote"):
 *
 * - POST /api/releases/tokens `{scope, label}`: a new deploy token, 201 with its text shown this
 *   once (the server keeps its SHA-256 only);
 * - GET /api/releases/tokens: every token, revoked ones too: id, scope, label, source, made when
 *   and by whom, last used, revoked when and by whom; never a hash;
 * - POST /api/releases/tokens/:id/revoke: the token is refused from then on, by every instance
 *   within the release poll (RELEASE_POLL_MS); `changed` false when it was revoked already;
 * - POST /api/releases/:remote/preview/revoke `{release?}`: every preview link of that release
 *   (or of every release of the remote) made until now is refused from then on, by every instance
 *   within the poll.
 *
 * The token routes take a platform token only; the preview revocation the remote's token or a
 * platform token (releaseGuard.ts). Every change is a log line naming who, never a token.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { REMOTE_NAMES, type RemoteName } from '@copytech/shared/domain';
import { TOKEN_LABEL, TOKEN_SCOPES, type TokenScope } from '../../deployTokens';
import { sendError } from '../../http/errors';
import { RELEASE_ID } from '../../pages/releases/model';
import type { ReleaseGuard } from './releaseGuard';
import type { Releases } from './releasesPlugin';

const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const tokenBody = {
  type: 'object',
  required: ['scope', 'label'],
  additionalProperties: false,
  properties: { scope: { type: 'string', enum: [...TOKEN_SCOPES] }, label: { type: 'string', pattern: TOKEN_LABEL.source } },
} as const;
const tokenParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[0-9a-f]{16}$' } },
} as const;
const emptyBody = { type: 'object', additionalProperties: false, properties: {} } as const;
const remoteParams = {
  type: 'object',
  required: ['remote'],
  properties: { remote: { type: 'string', enum: [...REMOTE_NAMES] } },
} as const;
const unpreviewBody = {
  type: 'object',
  additionalProperties: false,
  properties: { release: { type: 'string', pattern: RELEASE_ID.source } },
} as const;

const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');
/** Counted as a limit's decisions (copytech_rate_limit_decisions_total): the guard's budgets limit every route here. */
const limited = { limitedByHook: true };

export function credentialRoutes(app: FastifyInstance, releases: Releases, guard: ReleaseGuard): void {
  const { credentials } = releases;

  app.post<{ Body: { scope: TokenScope; label: string } }>(
    '/api/releases/tokens',
    { onRequest: guard.platform('write'), config: limited, schema: { body: json(tokenBody) } },
    async (request, reply) => {
      const { token, view } = await credentials.make(request.body.scope, request.body.label, guard.actorOf(request));
      return noStore(reply)
        .code(201)
        .send({ ...view, token });
    },
  );

  app.get('/api/releases/tokens', { onRequest: guard.platform('read'), config: limited }, async (_request, reply) => {
    noStore(reply);
    return { tokens: await credentials.list() };
  });

  app.post<{ Params: { id: string } }>(
    '/api/releases/tokens/:id/revoke',
    { onRequest: guard.platform('write'), config: limited, schema: { params: tokenParams, body: json(emptyBody) } },
    async (request, reply) => {
      const result = await credentials.revoke(request.params.id, guard.actorOf(request));
      noStore(reply);
      if (!result) return sendError(reply, 404, `There is no deploy token ${request.params.id}.`);
      return { ...result.view, changed: result.changed };
    },
  );

  app.post<{ Params: { remote: RemoteName }; Body: { release?: string } | undefined }>(
    '/api/releases/:remote/preview/revoke',
    { onRequest: guard.remote('write'), config: limited, schema: { params: remoteParams, body: json(unpreviewBody) } },
    async (request, reply) => {
      const { remote } = request.params;
      const release = request.body?.release ?? null;
      noStore(reply);
      if (release !== null && !releases.find(remote, release)) return sendError(reply, 404, `${remote} has no release ${release}.`);
      const { madeBefore } = await credentials.revokePreviews(remote, release, guard.actorOf(request));
      return { remote, release, revokedBefore: new Date(madeBefore).toISOString() };
    },
  );
}
