/**
 * The releases API (docs/deploy.md "Releasing a remote"), for the release command and teams' CI:
 *
 * - POST /api/releases/:remote: registers a release, from an upload (multipart, one part per file
 *   of the dist folder, the part's filename its relative path) or from another origin (JSON
 *   `{ "origin": "<url of the release folder>" }`). The gate runs first: 201 `{remote, release,
 *   gate: "passed", created: true}`, 200 with created false when it was kept already, 422 with
 *   every reason when refused (nothing kept).
 * - POST /api/releases/:remote/promote `{release, percent?, hours?}` (hours: a canary's window),
 *   /rollback `{reason?}`: move the live pointer (or the canary); /preview `{release, hours?}`: a
 *   signed preview link.
 * - GET /api/releases/:remote: the releases, the pointer (a running canary with its health and
 *   time left) and the history (who shipped what).
 * - GET /api/releases/live: public, the live release (and canary) of every remote, nothing else.
 * - GET /releases/<remote>/<id>/<file>: the store's files, immutable, of registered releases only,
 *   and only of the types a release may hold (pages/releases/fileTypes.ts).
 *
 * - /api/releases/tokens and /api/releases/:remote/preview/revoke: the credentials (credentialRoutes.ts).
 *
 * Everything but /live and the files needs a deploy token of that remote or a platform token
 * (releaseGuard.ts): none or unknown 401 (429 past the failed tokens' bounds), another remote's
 * 403, and nothing changes. Writes share one budget per client address across every release
 * route (RATE_LIMIT_RELEASES_PER_MINUTE), reads one of their own; every change is a history row
 * and a log line (never a token: the Authorization header is redacted from the logs).
 */
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { REMOTE_NAMES, type RemoteName } from '@copytech/shared/domain';
import type { Config } from '../../config';
import { sendError } from '../../http/errors';
import { PREVIEW_DEFAULT_HOURS, PREVIEW_MAX_HOURS } from './previewLinks';
import { CANARY_MAX_HOURS } from './pointerChanges';
import { promoteChecked, publishOrigin, publishUpload, requireSharedStore, type PublishDeps } from './publish';
import { NOT_SERVED, UPLOAD_LIMITS, type UploadPart } from './store';
import { releaseFileType } from '../../pages/releases/fileTypes';
import { credentialRoutes } from './credentialRoutes';
import { releaseGuard, type ReleaseGuard } from './releaseGuard';
import { withoutServerPaths } from './registry';
import { siteOrigin } from '../../pages/origin';
import type { Releases } from './releasesPlugin';

const RELEASE_PATTERN = '^(local|[0-9a-f]{12})$';
const params = {
  type: 'object',
  required: ['remote'],
  properties: { remote: { type: 'string', enum: [...REMOTE_NAMES] } },
} as const;
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const registerBody = {
  type: 'object',
  required: ['origin'],
  additionalProperties: false,
  properties: { origin: { type: 'string', minLength: 8, maxLength: 1000, pattern: '^https?://' } },
} as const;
const promoteBody = {
  type: 'object',
  required: ['release'],
  additionalProperties: false,
  properties: {
    release: { type: 'string', pattern: RELEASE_PATTERN },
    percent: { type: 'integer', minimum: 1, maximum: 100 },
    hours: { type: 'integer', minimum: 1, maximum: CANARY_MAX_HOURS },
  },
} as const;
const rollbackBody = {
  type: 'object',
  additionalProperties: false,
  properties: { reason: { type: 'string', maxLength: 300 } },
} as const;
const previewBody = {
  type: 'object',
  required: ['release'],
  additionalProperties: false,
  properties: { release: { type: 'string', pattern: RELEASE_PATTERN }, hours: { type: 'integer', minimum: 1, maximum: PREVIEW_MAX_HOURS } },
} as const;

type RemoteParams = { Params: { remote: RemoteName } };

/** How soon a request for an unknown release may make the registry look again (at most 4 a second, whoever asks). */
const UNKNOWN_RELEASE_RECHECK_MS = 250;

/**
 * The store's files: /releases/<remote>/<id>/<path>, immutable, for any origin, and only those of
 * a registered release (an upload's files are not served while its gate runs, nor after it refused
 * them) of a type a release may hold (pages/releases/fileTypes.ts), answered with that type's
 * Content-Type (helmet adds nosniff). A release registered through another instance sharing the
 * store is known here by the registry's poll; a request for a release not known yet makes the
 * registry look at once (shared, at most every UNKNOWN_RELEASE_RECHECK_MS), so a page that instance
 * rendered never meets a 404 here for its files.
 */
async function serveStore(app: FastifyInstance, releases: Releases): Promise<void> {
  const served = new RegExp(`^/?(${REMOTE_NAMES.join('|')})/([0-9a-f]{12})/[A-Za-z0-9_./-]+$`);
  const releaseOf = (pathName: string) => {
    const match = served.exec(pathName);
    return match ? { remote: match[1] as RemoteName, id: match[2]! } : null;
  };
  const registered = (pathName: string) => {
    const release = releaseOf(pathName);
    return release !== null && releases.find(release.remote, release.id) !== null;
  };
  let looking: Promise<unknown> | null = null;
  let lookedAt = 0;
  const lookAgain = (): Promise<unknown> => {
    if (looking) return looking;
    if (Date.now() - lookedAt < UNKNOWN_RELEASE_RECHECK_MS) return Promise.resolve();
    lookedAt = Date.now();
    looking = releases.registry
      .refresh()
      .catch(() => undefined)
      .finally(() => {
        looking = null;
      });
    return looking;
  };
  const filePath = (url: string) => url.split('?')[0]!.slice('/releases'.length);

  await app.register(async (scope) => {
    scope.addHook('onRequest', (request, _reply, done) => {
      const pathName = filePath(request.url);
      if (!releaseOf(pathName) || registered(pathName)) return done();
      lookAgain().then(() => done(), done);
    });
    scope.addHook('onSend', (request, reply, payload, done) => {
      const type = releaseFileType(filePath(request.url));
      if (type && reply.statusCode < 400) reply.header('Content-Type', type);
      done(null, payload);
    });
    await scope.register(fastifyStatic, {
      root: releases.store.root,
      prefix: '/releases/',
      decorateReply: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      dotfiles: 'deny',
      allowedPath: (pathName: string) =>
        !pathName.includes('..') && !NOT_SERVED.test(pathName) && releaseFileType(pathName) !== null && registered(pathName),
      setHeaders: (reply: FastifyReply) => {
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        reply.header('Access-Control-Allow-Origin', '*');
        reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
      },
    });
  });
}

/** Promote, rollback and preview: the pointer's changes and preview links. */
function pointerRoutes(app: FastifyInstance, deps: PublishDeps & { releases: Releases }, config: Config, guard: ReleaseGuard): void {
  const { releases } = deps;
  const writes = { onRequest: guard.remote('write'), config: { limitedByHook: true } };
  const actorOf = guard.actorOf;
  app.post<RemoteParams & { Body: { release: string; percent?: number; hours?: number } }>(
    '/api/releases/:remote/promote',
    { ...writes, schema: { params, body: json(promoteBody) } },
    async (request, reply) => {
      const actor = actorOf(request);
      const { release, percent, hours } = request.body;
      if (hours !== undefined && (percent === undefined || percent >= 100))
        return sendError(reply, 400, 'hours is the window of a canary: give it with a percent from 1 to 99.');
      const answer = await promoteChecked(deps, request.params.remote, release, percent ?? null, { actor }, hours ?? null);
      return reply.code(answer.status).send(answer.body);
    },
  );

  app.post<RemoteParams & { Body: { reason?: string } | undefined }>(
    '/api/releases/:remote/rollback',
    { ...writes, schema: { params, body: json(rollbackBody) } },
    async (request) => {
      const actor = actorOf(request);
      const { remote } = request.params;
      const entry = await releases.registry.rollback(remote, { actor, reason: request.body?.reason ?? null });
      const { live, canary } = releases.snapshot().remotes[remote];
      return {
        remote,
        live: live.id,
        canary: canary ? { release: canary.release.id, percent: canary.percent } : null,
        from: entry.from,
        to: entry.to,
      };
    },
  );

  app.post<RemoteParams & { Body: { release: string; hours?: number } }>(
    '/api/releases/:remote/preview',
    { ...writes, schema: { params, body: json(previewBody) } },
    async (request, reply) => {
      const actor = actorOf(request);
      const { remote } = request.params;
      const { release, hours = PREVIEW_DEFAULT_HOURS } = request.body;
      if (!releases.find(remote, release)) return sendError(reply, 404, `${remote} has no release ${release}.`);
      const expiresAt = deps.clock() + hours * 3_600_000;
      const token = releases.signPreview({ remote, release, expiresAt });
      request.log.info({ remote, release, actor, expiresAt: new Date(expiresAt).toISOString() }, 'preview link signed');
      // a bearer link: whoever holds it sees the release until it expires or is revoked (unpreview)
      return { url: `${siteOrigin(config, request)}/preview?t=${token}`, expiresAt: new Date(expiresAt).toISOString() };
    },
  );
}

export const releasesRoutes: FastifyPluginAsync<{ config: Config; clock?: () => number }> = async (app, { config, clock = Date.now }) => {
  const releases = app.releases;
  const deps = { ...releases, releases, log: app.log, siteRoot: config.siteRoot, clock };
  // one guard for every route: its limits are one budget per address across them (releaseGuard.ts)
  const guard = releaseGuard(app, releases.credentials, config);
  const writes = { onRequest: guard.remote('write'), config: { limitedByHook: true } };
  const actorOf = guard.actorOf;
  await app.register(multipart, {
    preservePath: true,
    limits: { files: UPLOAD_LIMITS.files, fileSize: UPLOAD_LIMITS.fileBytes, fields: 1, parts: UPLOAD_LIMITS.files + 1, headerPairs: 100 },
  });
  await serveStore(app, releases);

  app.get('/api/releases/live', async (_request, reply) => {
    const { remotes } = releases.snapshot();
    reply.header('Cache-Control', 'no-store');
    return Object.fromEntries(
      REMOTE_NAMES.map((remote) => {
        const { live, canary } = remotes[remote];
        return [remote, { release: live.id, ...(canary ? { canary: { release: canary.release.id, percent: canary.percent } } : {}) }];
      }),
    );
  });

  app.post<RemoteParams & { Body: { origin: string } }>(
    '/api/releases/:remote',
    { ...writes, schema: { params, body: json(registerBody) } },
    async (request, reply) => {
      const actor = actorOf(request);
      const { remote } = request.params;
      let answer;
      if (request.isMultipart()) {
        await requireSharedStore(deps);
        answer = await publishUpload(deps, remote, uploadParts(request), actor);
      } else if (request.body && typeof request.body === 'object') {
        answer = await publishOrigin(deps, remote, request.body.origin, actor);
      } else return sendError(reply, 415, 'Send the build as multipart/form-data, or JSON {"origin": "<url of the release folder>"}.');
      return reply.code(answer.status).send(answer.body);
    },
  );

  pointerRoutes(app, deps, config, guard);
  credentialRoutes(app, releases, guard);
  const reads = { onRequest: guard.remote('read'), config: { limitedByHook: true } };
  app.get<RemoteParams>('/api/releases/:remote', { ...reads, schema: { params } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const listing = withoutServerPaths(await releases.registry.list(request.params.remote));
    if (!listing.canary) return listing;
    // the running canary's health: every instance's reports together, read now
    const endsAt = listing.canary.endsAt === null ? null : Date.parse(listing.canary.endsAt);
    const { views, serverFailures, browserFailures, failureRate, maxFailureRate, minViews, secondsLeft } =
      await releases.health.canaryHealth(request.params.remote, listing.canary.release, endsAt);
    const health = { views, serverFailures, browserFailures, failureRate, maxFailureRate, minViews, secondsLeft };
    return { ...listing, canary: { ...listing.canary, health } };
  });
};

/** The upload's files as the store reads them; a field (not a file) is refused. */
async function* uploadParts(request: FastifyRequest): AsyncIterable<UploadPart> {
  for await (const part of request.parts()) {
    if (part.type !== 'file') {
      const error = new Error('The upload takes files only (one part per file, its filename the path in the build).');
      throw Object.assign(error, { statusCode: 400 });
    }
    yield { filename: part.filename, file: part.file };
  }
}
