/**
 * `npm run release` (scripts/release.mjs) as a team's CI runs it: a child process talking HTTP.
 *
 * A CONTRACT TEST OF THE COMMAND. The server it talks to here is a small Fastify app started by
 * the test that answers the release API's routes as docs/deploy.md "Releasing a remote" and the
 * API (server/src/features/releases/releasesRoutes.ts) define them: the same paths and methods, the bearer token
 * checked against sha256 hashes (401 with WWW-Authenticate when missing or unknown, 403 for another
 * remote's token), uploads parsed by @fastify/multipart with the file name kept as the path inside
 * the build (preservePath), an upload's release id the hash of its files (the same files twice:
 * 200 and created:false), a gate refusal as 422 with its reasons, 404 for an unknown release, 409
 * when there is nothing to roll back to. What the test checks is the command's side: the files,
 * names and token it sends, the JSON it sends, the last line it prints and its exit code. The real
 * API's own tests (releases*.test.ts) check the server's side of the same contract.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { REMOTE_NAMES } from '@copytech/shared/domain';
import { REPO_ROOT } from '../../config';
import { tempDir } from '../../../test/helpers';

const SCRIPT = path.join(REPO_ROOT, 'scripts', 'release.mjs');
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

const CHECKER_TOKEN = `ctd_checker_${'c'.repeat(43)}`;
const BASKET_TOKEN = `ctd_basket_${'b'.repeat(43)}`;
const PLATFORM_TOKEN = `ctd_platform_${'p'.repeat(43)}`;

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  json?: unknown;
  files?: Array<{ field: string; name: string; sha256: string }>;
}

/** The release id of an upload, as the registry computes it: a hash over the sorted `path\0sha256(file)\n` lines. */
function uploadId(files: Array<{ name: string; sha256: string }>): string {
  const lines = files
    .map((f) => `${f.name}\u0000${f.sha256}\n`)
    .sort()
    .join('');
  return sha256(lines).slice(0, 12);
}

/** The release API's answers, kept in memory (see the file's comment). */
async function fakeReleaseApi() {
  const received: Received[] = [];
  const tokens = new Map([
    [sha256(CHECKER_TOKEN), 'checker'],
    [sha256(BASKET_TOKEN), 'basket'],
    [sha256(PLATFORM_TOKEN), 'platform'],
  ]);
  const made = new Map<string, Record<string, unknown>>();
  const releases = new Map<string, Set<string>>(REMOTE_NAMES.map((name) => [name, new Set(['local'])]));
  const history: Record<string, Array<{ from: string; to: string }>> = {};
  const live: Record<string, string> = Object.fromEntries(REMOTE_NAMES.map((name) => [name, 'local']));
  const canaries: Record<string, { release: string; percent: number; endsAt: string }> = {};

  const app: FastifyInstance = Fastify();
  await app.register(multipart, {
    preservePath: true,
    limits: { fileSize: 10 * 1024 * 1024, files: 3000, parts: 3000, fieldNameSize: 1000 },
  });

  /** The remote of the path, once the token is checked; otherwise the reply is sent. */
  const authorised = (request: FastifyRequest<{ Params: { remote: string } }>, reply: FastifyReply): string | null => {
    const { remote } = request.params;
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    const scope = token ? tokens.get(sha256(token)) : undefined;
    if (!scope) {
      void reply
        .code(401)
        .header('WWW-Authenticate', 'Bearer')
        .send({ error: 'Unauthorized', statusCode: 401, message: 'a deploy token is needed' });
      return null;
    }
    if (!releases.has(remote)) {
      void reply.code(404).send({ error: 'Not Found', statusCode: 404, message: `no remote "${remote}"` });
      return null;
    }
    if (scope !== remote && scope !== 'platform') {
      void reply.code(403).send({ error: 'Forbidden', statusCode: 403, message: `this token is for ${scope}` });
      return null;
    }
    return remote;
  };
  /** Whether the platform token was presented; otherwise the reply is sent (401 unknown, 403 a remote's). */
  const platform = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    const scope = token ? tokens.get(sha256(token)) : undefined;
    if (scope === 'platform') return true;
    void reply
      .code(scope ? 403 : 401)
      .send({ error: scope ? 'Forbidden' : 'Unauthorized', statusCode: scope ? 403 : 401, message: 'a platform token is needed' });
    return false;
  };
  // every request is recorded, also those refused (what the command sent is what the test checks)
  const records = new WeakMap<FastifyRequest, Received>();
  app.addHook('preHandler', async (request) => {
    const entry: Received = {
      method: request.method,
      url: request.url,
      authorization: request.headers.authorization,
      contentType: request.headers['content-type']?.split(';')[0],
      ...(request.body !== undefined ? { json: request.body } : {}),
    };
    received.push(entry);
    records.set(request, entry);
  });

  type Remote = { Params: { remote: string } };

  app.post<Remote>('/api/releases/:remote', async (request, reply) => {
    const remote = authorised(request, reply);
    if (!remote) return reply;
    if (request.isMultipart()) {
      const files: Received['files'] = [];
      for await (const part of request.files())
        files.push({ field: part.fieldname, name: part.filename, sha256: sha256(await part.toBuffer()) });
      records.get(request)!.files = files;
      const names = new Set(files.map((f) => f.name));
      const reasons = ['mf-manifest.json', 'server/mf-manifest.json']
        .filter((name) => !names.has(name))
        .map((name) => `${name.startsWith('server') ? 'server' : 'browser'} manifest: not readable (no ${name} in the upload)`);
      const release = uploadId(files);
      if (reasons.length) return reply.code(422).send({ remote, release, gate: 'refused', reasons });
      const known = releases.get(remote)!.has(release);
      releases.get(remote)!.add(release);
      return reply.code(known ? 200 : 201).send({ remote, release, gate: 'passed', created: !known });
    }
    const body = request.body as { origin?: unknown };
    if (typeof body?.origin !== 'string') return reply.code(400).send({ error: 'Bad Request', statusCode: 400, message: 'origin missing' });
    const release = sha256(`${body.origin}\u0000browser\u0000server`).slice(0, 12);
    releases.get(remote)!.add(release);
    return reply.code(201).send({ remote, release, gate: 'passed', created: true });
  });

  app.post<Remote>('/api/releases/:remote/promote', async (request, reply) => {
    const remote = authorised(request, reply);
    if (!remote) return reply;
    const body = request.body as { release: string; percent?: number; hours?: number };
    if (!releases.get(remote)!.has(body.release))
      return reply.code(404).send({ error: 'Not Found', statusCode: 404, message: `no release ${body.release} of ${remote}` });
    if (body.percent !== undefined && body.percent < 100) {
      const endsAt = new Date(Date.parse('2026-11-25T09:00:00.000Z') + (body.hours ?? 24) * 3_600_000).toISOString();
      canaries[remote] = { release: body.release, percent: body.percent, endsAt };
      return { remote, live: live[remote], canary: canaries[remote] };
    }
    (history[remote] ??= []).push({ from: live[remote]!, to: body.release });
    live[remote] = body.release;
    delete canaries[remote];
    return { remote, live: body.release, canary: null };
  });

  app.post<Remote>('/api/releases/:remote/rollback', async (request, reply) => {
    const remote = authorised(request, reply);
    if (!remote) return reply;
    const last = history[remote]?.pop();
    if (!last) return reply.code(409).send({ error: 'Conflict', statusCode: 409, message: 'nothing to roll back to' });
    live[remote] = last.from;
    return { remote, live: last.from, canary: null };
  });

  app.post<Remote>('/api/releases/:remote/preview', async (request, reply) => {
    const remote = authorised(request, reply);
    if (!remote) return reply;
    const body = request.body as { release: string; hours?: number };
    return {
      url: `http://127.0.0.1/preview?t=${Buffer.from(JSON.stringify({ r: remote, i: body.release })).toString('base64url')}.sig`,
      expiresAt: '2026-12-03T09:00:00.000Z',
    };
  });

  app.post<Remote>('/api/releases/:remote/preview/revoke', async (request, reply) => {
    const remote = authorised(request, reply);
    if (!remote) return reply;
    const body = request.body as { release?: string };
    return { remote, release: body.release ?? null, revokedBefore: '2026-12-01T09:00:00.000Z' };
  });

  app.post('/api/releases/tokens', async (request, reply) => {
    if (!platform(request, reply)) return reply;
    const { scope, label } = request.body as { scope: string; label: string };
    if (![...REMOTE_NAMES, 'platform'].includes(scope) || !/^[A-Za-z0-9._-]{1,60}$/.test(label))
      return reply.code(400).send({ error: 'Bad Request', statusCode: 400, message: 'scope or label' });
    const id = sha256(`${scope}:${label}:${made.size}`).slice(0, 16);
    const view = { id, scope, label, source: 'api', createdAt: '2026-12-01T09:00:00.000Z', createdBy: 'platform:ops' };
    made.set(id, { ...view, lastUsedAt: null, revokedAt: null, revokedBy: null });
    return reply.code(201).send({ ...made.get(id), token: `ctd_${scope}_${'n'.repeat(43)}` });
  });

  app.get('/api/releases/tokens', async (request, reply) => {
    if (!platform(request, reply)) return reply;
    return { tokens: [...made.values()] };
  });

  app.post<{ Params: { id: string } }>('/api/releases/tokens/:id/revoke', async (request, reply) => {
    if (!platform(request, reply)) return reply;
    const row = made.get(request.params.id);
    if (!row)
      return reply.code(404).send({ error: 'Not Found', statusCode: 404, message: `There is no deploy token ${request.params.id}.` });
    const changed = row.revokedAt === null;
    if (changed) Object.assign(row, { revokedAt: '2026-12-01T09:05:00.000Z', revokedBy: 'platform:ops' });
    return { ...row, changed };
  });

  app.get<Remote>('/api/releases/:remote', async (request, reply) => {
    const remote = authorised(request, reply);
    if (!remote) return reply;
    const canary = canaries[remote];
    return {
      remote,
      live: live[remote],
      canary: canary
        ? {
            ...canary,
            health: {
              views: 57,
              serverFailures: 1,
              browserFailures: 6,
              failureRate: 7 / 57,
              maxFailureRate: 0.2,
              minViews: 50,
              secondsLeft: 5400,
            },
          }
        : null,
      releases: [...releases.get(remote)!].map((id) => ({ id, source: id === 'local' ? 'local' : 'store', gate: null })),
      history: [
        {
          id: 1,
          remote,
          action: 'seed',
          from: null,
          to: 'local',
          percent: null,
          actor: 'local',
          reason: 'the local build',
          at: '2026-11-25T09:00:00.000Z',
        },
      ],
    };
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { app, url, received };
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** the last line of stdout, parsed */
  result: Record<string, unknown>;
}

/** Runs the command as a team would, with only the environment given (no RELEASE_TOKEN, no PORT from this process). */
function release(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [SCRIPT, ...args],
      { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 30_000 },
      (error, stdout, stderr) => {
        const lines = stdout.trimEnd().split('\n');
        let result: Record<string, unknown>;
        try {
          result = JSON.parse(lines.at(-1) ?? '') as Record<string, unknown>;
        } catch {
          result = { unparsed: stdout };
        }
        resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr, result });
      },
    );
  });
}

/** A build folder as webpack leaves it: browser files, server/, precompressed copies, maps and stats. */
function buildFolder(options: { withManifests?: boolean } = {}): { dir: string; uploaded: string[] } {
  const dir = tempDir('ct-dist-');
  const files: Record<string, string> = {
    'remoteEntry.js': 'var checker;',
    'remoteEntry.js.br': 'br',
    'remoteEntry.js.gz': 'gz',
    '353.959584d788.css': '.a{}',
    'remoteEntry.js.map': '{}',
    'remoteEntry.js.map.gz': 'gz',
    'mf-manifest-stats.json': '{}',
    'server/remoteEntry.js': 'module.exports = {};',
    'server/__federation_expose_SavingsChecker.e7b47c810d.js': 'exports.x = 1;',
    'server/mf-stats.json': '{}',
  };
  if (options.withManifests !== false) {
    files['mf-manifest.json'] = '{"name":"checker"}';
    files['server/mf-manifest.json'] = '{"name":"checker"}';
  }
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  const uploaded = Object.keys(files)
    .filter((name) => !/(?:-stats\.json|\.map)(?:\.gz|\.br)?$/.test(name))
    .sort();
  return { dir, uploaded };
}

describe('npm run release (a contract test against the release API’s answers)', () => {
  let api: Awaited<ReturnType<typeof fakeReleaseApi>>;
  let varDir: string;

  beforeAll(async () => {
    api = await fakeReleaseApi();
  });
  afterAll(async () => {
    await api.app.close();
  });
  beforeEach(() => {
    api.received.length = 0;
    varDir = tempDir('ct-cli-var-');
  });

  const server = () => ['--server', api.url];

  it('publishes a build folder: every file but maps and stats, by its path, with the token; prints the answer last', async () => {
    const { dir, uploaded } = buildFolder();
    const run = await release(['publish', 'checker', '--from', dir, ...server(), '--token', CHECKER_TOKEN]);

    expect(run.code).toBe(0);
    expect(api.received).toHaveLength(1);
    const request = api.received[0]!;
    expect(request).toMatchObject({
      method: 'POST',
      url: '/api/releases/checker',
      authorization: `Bearer ${CHECKER_TOKEN}`,
      contentType: 'multipart/form-data',
    });
    expect(request.files!.map((f) => f.name).sort()).toEqual(uploaded);
    for (const file of request.files!) {
      expect(file.field).toBe(file.name);
      expect(file.sha256).toBe(sha256(fs.readFileSync(path.join(dir, file.name))));
    }
    const id = uploadId(request.files!);
    expect(run.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(run.result).toEqual({ remote: 'checker', release: id, gate: 'passed', created: true });
    expect(run.stderr).toMatch(/Uploading 8 files/);

    // the same files again: the same release, not a second one
    const again = await release(['publish', 'checker', '--from', dir, ...server(), '--token', CHECKER_TOKEN]);
    expect(again.code).toBe(0);
    expect(again.result).toEqual({ remote: 'checker', release: id, gate: 'passed', created: false });
  });

  it('exits 1 with the gate’s reasons when the release is refused', async () => {
    const { dir } = buildFolder({ withManifests: false });
    const run = await release(['publish', 'checker', '--from', dir, ...server(), '--token', CHECKER_TOKEN]);
    expect(run.code).toBe(1);
    expect(run.result).toMatchObject({
      remote: 'checker',
      gate: 'refused',
      status: 422,
      error: 'refused by the gate',
      reasons: [
        'browser manifest: not readable (no mf-manifest.json in the upload)',
        'server manifest: not readable (no server/mf-manifest.json in the upload)',
      ],
    });
    expect(run.stderr).toContain('  - browser manifest: not readable');
  });

  it('registers a release folder on another origin by its URL, as JSON', async () => {
    const origin = 'https://cdn.example.com/checker/release-7/';
    const run = await release(['publish', 'checker', '--origin', origin, ...server(), '--token', CHECKER_TOKEN]);
    expect(run.code).toBe(0);
    expect(api.received).toEqual([
      expect.objectContaining({ url: '/api/releases/checker', contentType: 'application/json', json: { origin } }),
    ]);
    expect(run.result).toMatchObject({ remote: 'checker', gate: 'passed', created: true });
  });

  it('refuses a build folder it cannot upload, listing every reason, before sending anything', async () => {
    const { dir } = buildFolder();
    fs.writeFileSync(path.join(dir, 'bad name.js'), 'x');
    fs.symlinkSync(path.join(dir, 'remoteEntry.js'), path.join(dir, 'link.js'));
    const run = await release(['publish', 'checker', '--from', dir, ...server(), '--token', CHECKER_TOKEN]);
    expect(run.code).toBe(1);
    expect(run.result.reasons).toEqual([
      'bad name.js: a file name may hold only letters, digits, "_", "-", "." and "/"',
      'link.js: not a regular file (a link or a device), not uploaded',
    ]);
    const missing = await release(['publish', 'checker', '--from', path.join(dir, 'nothing'), ...server(), '--token', CHECKER_TOKEN]);
    expect(missing.code).toBe(1);
    expect(missing.result.error).toBe(`no build folder at ${path.join(dir, 'nothing')}`);
    expect(api.received).toEqual([]);
  });

  it('promotes, as a canary with --percent, and rolls back with a reason', async () => {
    const { dir } = buildFolder();
    const id = (await release(['publish', 'checker', '--from', dir, ...server(), '--token', CHECKER_TOKEN])).result.release;
    api.received.length = 0;

    const canary = await release(['promote', 'checker', String(id), '--percent', '20', ...server(), '--token', CHECKER_TOKEN]);
    expect(canary.code).toBe(0);
    expect(canary.result).toEqual({
      remote: 'checker',
      live: 'local',
      canary: { release: id, percent: 20, endsAt: '2026-11-26T09:00:00.000Z' },
    });
    const windowed = await release([
      'promote',
      'checker',
      String(id),
      '--percent',
      '20',
      '--hours',
      '2',
      ...server(),
      '--token',
      CHECKER_TOKEN,
    ]);
    expect(windowed.result).toMatchObject({ canary: { endsAt: '2026-11-25T11:00:00.000Z' } });
    expect(windowed.stderr).toContain('to 20% of visitors for 2 hours');
    const listed = await release(['list', 'checker', ...server(), '--token', CHECKER_TOKEN]);
    expect(listed.stderr).toContain(`checker: live local, canary ${id} for 20% of visitors`);
    expect(listed.stderr).toContain(
      'health: 57 views, failures 1 server and 6 browser (12.3%); rolled back above 20% once it has 50 views; 1 h 30 min left',
    );
    const full = await release(['promote', 'checker', String(id), ...server(), '--token', CHECKER_TOKEN]);
    expect(full.result).toEqual({ remote: 'checker', live: id, canary: null });
    const back = await release([
      'rollback',
      'checker',
      '--reason',
      'prices wrong on /discover-print-savings',
      ...server(),
      '--token',
      CHECKER_TOKEN,
    ]);
    expect(back.code).toBe(0);
    expect(back.result).toEqual({ remote: 'checker', live: 'local', canary: null });

    expect(api.received.map((r) => [r.url, r.json])).toEqual([
      ['/api/releases/checker/promote', { release: id, percent: 20 }],
      ['/api/releases/checker/promote', { release: id, percent: 20, hours: 2 }],
      ['/api/releases/checker', undefined],
      ['/api/releases/checker/promote', { release: id }],
      ['/api/releases/checker/rollback', { reason: 'prices wrong on /discover-print-savings' }],
    ]);
    expect(api.received.every((r) => r.authorization === `Bearer ${CHECKER_TOKEN}`)).toBe(true);

    const nothing = await release(['rollback', 'checker', ...server(), '--token', CHECKER_TOKEN]);
    expect(nothing.code).toBe(1);
    expect(nothing.result).toMatchObject({ error: 'Conflict', message: 'nothing to roll back to', status: 409 });
    const unknown = await release(['promote', 'checker', '0123456789ab', ...server(), '--token', CHECKER_TOKEN]);
    expect(unknown.code).toBe(1);
    expect(unknown.result).toMatchObject({ status: 404 });
  });

  it('asks for a preview link and lists the releases', async () => {
    const run = await release(['preview', 'checker', 'local', '--hours', '48', ...server(), '--token', CHECKER_TOKEN]);
    expect(run.code).toBe(0);
    expect(run.result).toEqual({
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1\/preview\?t=/),
      expiresAt: '2026-12-03T09:00:00.000Z',
    });
    expect(run.stderr).toContain(
      'Preview link (anyone who has it can open the preview until 2026-12-03T09:00:00.000Z; revoke it with unpreview)',
    );
    const list = await release(['list', 'checker', ...server(), '--token', CHECKER_TOKEN]);
    expect(list.code).toBe(0);
    expect(list.result).toMatchObject({ remote: 'checker', live: 'local', canary: null });
    expect(list.stderr).toContain('checker: live local, no canary');
    expect(list.stderr).toContain('2026-11-25T09:00:00.000Z  seed  - → local  by local: the local build');
    expect(api.received.map((r) => [r.method, r.url, r.json])).toEqual([
      ['POST', '/api/releases/checker/preview', { release: 'local', hours: 48 }],
      ['GET', '/api/releases/checker', undefined],
    ]);
  });

  it('finds the token: --token, else RELEASE_TOKEN, else the local server’s file in VAR_DIR', async () => {
    fs.writeFileSync(path.join(varDir, 'deploy-tokens.json'), JSON.stringify({ checker: CHECKER_TOKEN, basket: BASKET_TOKEN }), {
      mode: 0o600,
    });
    const fromFile = await release(['list', 'checker', ...server()], { VAR_DIR: varDir });
    expect(fromFile.code).toBe(0);
    const fromEnv = await release(['list', 'checker', ...server()], { VAR_DIR: varDir, RELEASE_TOKEN: BASKET_TOKEN });
    expect(fromEnv.code).toBe(1);
    const fromOption = await release(['list', 'checker', ...server(), '--token', CHECKER_TOKEN], {
      VAR_DIR: varDir,
      RELEASE_TOKEN: BASKET_TOKEN,
    });
    expect(fromOption.code).toBe(0);
    expect(api.received.map((r) => r.authorization)).toEqual([
      `Bearer ${CHECKER_TOKEN}`,
      `Bearer ${BASKET_TOKEN}`,
      `Bearer ${CHECKER_TOKEN}`,
    ]);
  });

  it('exits 1 on 401 and 403, and refuses to run without a token or to send one in clear across the network', async () => {
    const wrong = await release(['list', 'checker', ...server(), '--token', `ctd_checker_${'x'.repeat(43)}`]);
    expect(wrong.code).toBe(1);
    expect(wrong.result).toMatchObject({ error: 'Unauthorized', status: 401 });
    const other = await release(['promote', 'checker', 'local', ...server(), '--token', BASKET_TOKEN]);
    expect(other.code).toBe(1);
    expect(other.result).toMatchObject({ error: 'Forbidden', status: 403 });
    api.received.length = 0;

    const none = await release(['list', 'checker', ...server()], { VAR_DIR: varDir });
    expect(none.code).toBe(1);
    expect(none.result.error).toMatch(/^no deploy token for checker: pass --token or set RELEASE_TOKEN/);
    const clear = await release(['list', 'checker', '--server', 'http://releases.example.com', '--token', CHECKER_TOKEN]);
    expect(clear.code).toBe(1);
    expect(clear.result.error).toMatch(/in clear; use https/);
    expect(api.received).toEqual([]);
  });

  it('exits 1 when the server cannot be reached, and on a bad value', async () => {
    const gone = Fastify();
    const port = new URL(await gone.listen({ port: 0, host: '127.0.0.1' })).port;
    await gone.close(); // nothing listens there now
    const unreachable = await release(['list', 'checker', '--server', `http://127.0.0.1:${port}`, '--token', CHECKER_TOKEN]);
    expect(unreachable.code).toBe(1);
    expect(unreachable.result.error).toMatch(/^cannot reach the server at http:\/\/127\.0\.0\.1:\d+: /);
    for (const args of [
      ['promote', 'checker', 'local', '--percent', '0'],
      ['promote', 'checker', 'local', '--percent', '101'],
      ['promote', 'checker', 'local', '--percent', '10', '--hours', '169'],
      ['promote', 'checker', 'local', '--percent', '10', '--hours', '0'],
      ['preview', 'checker', 'local', '--hours', '169'],
      ['promote', 'checker', 'v2'],
      ['rollback', 'checker', '--reason', 'x'.repeat(301)],
      ['list', 'printers'],
    ]) {
      const run = await release([...args, ...server(), '--token', CHECKER_TOKEN]);
      expect([args, run.code]).toEqual([args, 1]);
      expect(typeof run.result.error).toBe('string');
    }
    expect(api.received).toEqual([]);
  });

  it('exits 2 on a usage error, with the usage on stderr', async () => {
    for (const args of [
      [],
      ['deploy', 'checker'],
      ['promote', 'checker'],
      ['list', 'checker', '--percent', '5'],
      ['promote', 'checker', 'local', '--hours', '5'],
      ['promote', 'checker', 'local', '--percent', '100', '--hours', '5'],
      ['publish', 'checker', '--from', 'dist', '--origin', 'https://cdn.example.com/x/'],
      ['list', 'checker', '--colour', 'blue'],
      ['token', 'checker', '--offline', '--server', 'http://127.0.0.1'],
      ['unpreview'],
      ['unpreview', 'checker', 'local', 'more'],
      ['tokens', 'checker'],
      ['revoke-token'],
      ['list', 'checker', '--offline'],
    ]) {
      const run = await release(args);
      expect([args, run.code]).toEqual([args, 2]);
      expect(run.result.error).toMatch(/^usage: /);
      expect(run.stderr).toContain('Usage: npm run release -- <verb>');
    }
  });

  it('makes a deploy token and its DEPLOY_TOKENS entry offline, without a server, for the remotes there are and the platform', async () => {
    const run = await release(['token', 'checker', '--offline', '--label', 'checker-ci']);
    expect(run.code).toBe(0);
    const { token, entry } = run.result as { token: string; entry: string };
    expect(token).toMatch(/^ctd_checker_[A-Za-z0-9_-]{43}$/);
    expect(entry).toBe(`checker:checker-ci:${sha256(token)}`);
    expect(run.result).toEqual({ scope: 'checker', label: 'checker-ci', token, entry });
    expect(run.stderr).not.toContain(token); // shown once: in the result only
    expect(run.stderr).toContain('seeds it into its database at its next start');
    expect((await release(['token', 'checker', '--offline'])).result.label).toBe('ci');
    expect((await release(['token', 'checker', '--offline'])).result.token).not.toBe(token);
    expect((await release(['token', 'checker', '--offline', '--label', 'a:b'])).code).toBe(1);
    const platform = await release(['token', 'platform', '--offline', '--label', 'ops']);
    expect(platform.result).toMatchObject({
      scope: 'platform',
      label: 'ops',
      token: expect.stringMatching(/^ctd_platform_[A-Za-z0-9_-]{43}$/),
    });

    const unknown = await release(['token', 'printers', '--offline']);
    expect(unknown.code).toBe(1);
    expect(unknown.result.error).toBe(`unknown scope "printers": one of ${[...REMOTE_NAMES, 'platform'].join(', ')}`);
    expect(api.received).toEqual([]);
  });

  it('makes, lists and revokes deploy tokens through the server with the platform token, the new token shown once', async () => {
    const made = await release(['token', 'checker', '--label', 'checker-ci', ...server(), '--token', PLATFORM_TOKEN]);
    expect(made.code).toBe(0);
    const { token, id } = made.result as { token: string; id: string };
    expect(made.result).toMatchObject({
      scope: 'checker',
      label: 'checker-ci',
      source: 'api',
      token: expect.stringMatching(/^ctd_checker_/),
    });
    expect(made.stderr).toContain(`A deploy token for checker (id ${id}), shown this once`);
    expect(made.stderr).not.toContain(token);
    expect(made.stdout.trimEnd().split('\n')).toHaveLength(1);

    const listed = await release(['tokens', ...server(), '--token', PLATFORM_TOKEN]);
    expect(listed.code).toBe(0);
    expect(listed.result).toEqual({ tokens: [expect.objectContaining({ id, scope: 'checker', label: 'checker-ci' })] });
    expect(listed.stderr).toContain(`  ${id}  checker  checker-ci  api  made 2026-12-01T09:00:00.000Z by platform:ops  last used never`);

    const revoked = await release(['revoke-token', id, ...server(), '--token', PLATFORM_TOKEN]);
    expect(revoked.code).toBe(0);
    expect(revoked.result).toMatchObject({ id, changed: true, revokedAt: '2026-12-01T09:05:00.000Z' });
    expect(revoked.stderr).toContain(`Deploy token ${id} (checker, checker-ci) is revoked.`);
    expect((await release(['revoke-token', id, ...server(), '--token', PLATFORM_TOKEN])).stderr).toContain('was revoked already');
    expect((await release(['tokens', ...server(), '--token', PLATFORM_TOKEN])).stderr).toContain(
      'REVOKED 2026-12-01T09:05:00.000Z by platform:ops',
    );

    expect(api.received.map((r) => [r.method, r.url, r.json, r.authorization])).toEqual([
      ['POST', '/api/releases/tokens', { scope: 'checker', label: 'checker-ci' }, `Bearer ${PLATFORM_TOKEN}`],
      ['GET', '/api/releases/tokens', undefined, `Bearer ${PLATFORM_TOKEN}`],
      ['POST', `/api/releases/tokens/${id}/revoke`, {}, `Bearer ${PLATFORM_TOKEN}`],
      ['POST', `/api/releases/tokens/${id}/revoke`, {}, `Bearer ${PLATFORM_TOKEN}`],
      ['GET', '/api/releases/tokens', undefined, `Bearer ${PLATFORM_TOKEN}`],
    ]);
  });

  it('finds the platform token for the token verbs in the local file; a remote token is refused (exit 1); a bad id is not sent', async () => {
    fs.writeFileSync(path.join(varDir, 'deploy-tokens.json'), JSON.stringify({ checker: CHECKER_TOKEN, platform: PLATFORM_TOKEN }), {
      mode: 0o600,
    });
    const fromFile = await release(['token', 'basket', ...server()], { VAR_DIR: varDir });
    expect(fromFile.code).toBe(0);
    expect(api.received.at(-1)).toMatchObject({ url: '/api/releases/tokens', authorization: `Bearer ${PLATFORM_TOKEN}` });
    const remote = await release(['tokens', ...server(), '--token', CHECKER_TOKEN]);
    expect(remote.code).toBe(1);
    expect(remote.result).toMatchObject({ status: 403, error: 'Forbidden' });
    api.received.length = 0;
    const none = await release(['tokens', ...server()], { VAR_DIR: tempDir('ct-cli-empty-') });
    expect(none.code).toBe(1);
    expect(none.result.error).toMatch(/^no platform token: pass --token or set RELEASE_TOKEN/);
    const badId = await release(['revoke-token', 'everything', ...server(), '--token', PLATFORM_TOKEN]);
    expect(badId.code).toBe(1);
    expect(badId.result.error).toMatch(/is not a deploy token's id/);
    expect(api.received).toEqual([]);
  });

  it('revokes the preview links of a release, or of every release of a remote, with the remote’s token', async () => {
    const one = await release(['unpreview', 'checker', 'local', ...server(), '--token', CHECKER_TOKEN]);
    expect(one.code).toBe(0);
    expect(one.result).toEqual({ remote: 'checker', release: 'local', revokedBefore: '2026-12-01T09:00:00.000Z' });
    expect(one.stderr).toContain('Preview links of checker local made until 2026-12-01T09:00:00.000Z are revoked.');
    const every = await release(['unpreview', 'checker', ...server(), '--token', CHECKER_TOKEN]);
    expect(every.result).toMatchObject({ remote: 'checker', release: null });
    expect(every.stderr).toContain('Preview links of checker (every release) made until');
    const other = await release(['unpreview', 'checker', ...server(), '--token', BASKET_TOKEN]);
    expect(other.code).toBe(1);
    expect(other.result).toMatchObject({ status: 403 });
    expect(api.received.map((r) => [r.url, r.json])).toEqual([
      ['/api/releases/checker/preview/revoke', { release: 'local' }],
      ['/api/releases/checker/preview/revoke', {}],
      ['/api/releases/checker/preview/revoke', {}],
    ]);
    expect((await release(['unpreview', 'checker', 'v2', ...server(), '--token', CHECKER_TOKEN])).code).toBe(1);
  });
});
