// `npm run release -- <verb> ...`: a team's command for its remote's releases (README "Releasing a
// remote", docs/deploy.md "Releasing a remote"). It talks to a server's release API
// (/api/releases, server/src/features/releases/releasesRoutes.ts) with a deploy token scoped to one
// remote (the platform team's token for the token verbs), so a team's CI needs a server URL and a
// token, never the database.
//
// The verbs and their options: USAGE below (and the README's table); the deploy token verbs are in
// releaseTokens.mjs.
//
// --server <url>: default http://127.0.0.1:$PORT (8080). --token <token>: default $RELEASE_TOKEN,
// else, for a server on this machine, the remote's token (or for the token verbs the platform
// token) in $VAR_DIR/deploy-tokens.json (written by the server at its first start when
// DEPLOY_TOKENS is not set; VAR_DIR defaults to <repo>/var).
// Progress goes to stderr; the last line of stdout is exactly one JSON object: the API's answer,
// or {"error": "...", "reasons": [...]}. Exit 0 on success, 1 on any refusal or error (an answer
// of HTTP 400 or more, a server that cannot be reached, a bad value), 2 on a usage error.
//
// Plain Node (20 or later), no dependencies: fetch, FormData and Blob are Node's own.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { tokenVerbs } from './releaseTokens.mjs';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The remotes of shared/apps.json (their names are REMOTE_NAMES of @copytech/shared), and their folders. */
const REMOTE_FOLDERS = new Map(
  createRequire(import.meta.url)('../shared/build/apps.cjs').REMOTES.map((remote) => [remote.name, remote.folder]),
);
const REMOTES = [...REMOTE_FOLDERS.keys()];
const SCOPES = [...REMOTES, 'platform'];
const RELEASE_ID = /^(?:local|[0-9a-f]{12})$/;
const TOKEN_ID = /^[0-9a-f]{16}$/;
/** What the API accepts in one upload (design: 3000 files, 10 MB a file, 60 MB in all). */
const UPLOAD_LIMITS = { files: 3000, fileBytes: 10 * 1024 * 1024, totalBytes: 60 * 1024 * 1024 };
const SAFE_PATH = /^[A-Za-z0-9_./-]+$/;
/** Files of a build that are not uploaded: bundle statistics and source maps. */
const NOT_UPLOADED = /(?:-stats\.json|\.map)(?:\.br|\.gz)?$/;
/** The remote's standalone page (dist/index.html, served at /remotes/<name>/): not part of a release. */
const STANDALONE_PAGE = /^index\.html(?:\.br|\.gz)?$/;
/**
 * What a release may hold, as the server keeps it (server/src/pages/releases/fileTypes.ts): scripts,
 * styles, JSON, fonts, images other than SVG, the build's licence texts, and their .br and .gz
 * copies. Never a page: the store serves its files from the site's own origin.
 */
const KEPT = /\.(?:js|mjs|cjs|css|json|woff2|woff|ttf|otf|png|jpe?g|gif|webp|avif|ico|LICENSE\.txt)(?:\.br|\.gz)?$/;
const KEPT_TYPES =
  'scripts (.js .mjs .cjs), styles (.css), JSON (.json), fonts (.woff2 .woff .ttf .otf), images other than SVG (.png .jpg .jpeg .gif .webp .avif .ico), licence texts (.LICENSE.txt) and their .br and .gz copies';

/** Each verb's arguments (`optional` may follow them), options, and whose token it sends (a remote's, or the platform's). */
const VERBS = {
  publish: { args: ['remote'], options: ['from', 'origin'] },
  preview: { args: ['remote', 'release'], options: ['hours'] },
  unpreview: { args: ['remote'], optional: ['release'], options: [] },
  promote: { args: ['remote', 'release'], options: ['percent', 'hours'] },
  rollback: { args: ['remote'], options: ['reason'] },
  list: { args: ['remote'], options: [] },
  token: { args: ['scope'], options: ['label', 'offline'], platform: true },
  tokens: { args: [], options: [], platform: true },
  'revoke-token': { args: ['id'], options: [], platform: true },
};
const SERVER_OPTIONS = ['server', 'token', 'allow-http'];

const USAGE = `Usage: npm run release -- <verb> <remote> ... [options]
  publish <remote> [--from <dist folder>] [--origin <url of a release folder>]
  preview <remote> <release> [--hours N]          a preview link: whoever has it sees the release (24 h by default, at most 168)
  unpreview <remote> [<release>]                  revoke the preview links of the release (or of every release) made until now
  promote <remote> <release> [--percent N]        live, or a canary for N% of visitors (1-99; 100 completes it)
          [--hours H]                             a canary's window: it ends by itself after H hours (24 by default, at most 168)
  rollback <remote> [--reason <text>]             end the canary, or back to the release live before
  list <remote>                                   releases, the live pointer and its history
  token <remote|platform> [--label <label>]       a new deploy token, made by the server (a platform token), shown once
  token <remote|platform> --offline [--label L]   a new token and its DEPLOY_TOKENS entry, no server (for seeding)
  tokens                                          every deploy token (a platform token): label, scope, last used, revoked
  revoke-token <id>                               revoke a deploy token (a platform token), on every instance within a second
Options: --server <url> (default http://127.0.0.1:$PORT, 8080)
         --token <token> (default $RELEASE_TOKEN; for a server on this machine, $VAR_DIR/deploy-tokens.json)
         --allow-http (send the token over plain http to another machine: a private network only)
Remotes: ${REMOTES.join(', ')}. The last line of stdout is one JSON object; exit 0 ok, 1 refused or failed, 2 usage.`;

/** A refusal or an error: printed as the last line's JSON, with this exit code. */
class Refusal extends Error {
  constructor(message, details = {}, exitCode = 1) {
    super(message);
    this.details = details;
    this.exitCode = exitCode;
  }
}
const usageError = (message) => new Refusal(`usage: ${message}`, {}, 2);
const say = (line) => process.stderr.write(`${line}\n`);
/** token, tokens, revoke-token and token --offline (releaseTokens.mjs), over this command's API call. */
const TOKEN_VERBS = tokenVerbs({ call, say, refusal: (message) => new Refusal(message) });

/** The verb, its arguments and options, or a usage error. */
function parseCommand(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        ...Object.fromEntries(
          ['server', 'token', 'from', 'origin', 'hours', 'percent', 'reason', 'label'].map((name) => [name, { type: 'string' }]),
        ),
        'allow-http': { type: 'boolean' },
        offline: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw usageError(error.message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { verb: 'help' };
  const [verb, ...rest] = positionals;
  const spec = VERBS[verb];
  if (!spec) throw usageError(verb ? `unknown verb "${verb}" (${Object.keys(VERBS).join(', ')})` : 'no verb given');
  const optional = spec.optional ?? [];
  if (rest.length < spec.args.length || rest.length > spec.args.length + optional.length)
    throw usageError(`${verb} takes ${[...spec.args.map((a) => `<${a}>`), ...optional.map((a) => `[<${a}>]`)].join(' ') || 'no argument'}`);
  const offline = verb === 'token' && values.offline === true;
  const allowed = new Set([...spec.options, ...(offline ? [] : SERVER_OPTIONS)]);
  const misplaced = Object.keys(values).filter((name) => !allowed.has(name));
  if (misplaced.length)
    throw usageError(`${verb}${offline ? ' --offline' : ''} does not take ${misplaced.map((name) => `--${name}`).join(', ')}`);
  if (values.from !== undefined && values.origin !== undefined) throw usageError('publish takes --from or --origin, not both');
  if (verb === 'promote' && values.hours !== undefined && !(Number(values.percent) < 100))
    throw usageError('--hours is the window of a canary: give it with --percent 1 to 99');
  const args = Object.fromEntries([...spec.args, ...optional].map((name, i) => [name, rest[i]]));
  checkArguments(args);
  return { verb, ...args, options: values, platform: spec.platform === true };
}

/** Each argument given is one the server could take (nothing is sent otherwise). */
function checkArguments(args) {
  if ('remote' in args && !REMOTES.includes(args.remote))
    throw new Refusal(`unknown remote "${args.remote}": one of ${REMOTES.join(', ')}`);
  if ('scope' in args && !SCOPES.includes(args.scope)) throw new Refusal(`unknown scope "${args.scope}": one of ${SCOPES.join(', ')}`);
  if (args.release !== undefined && !RELEASE_ID.test(args.release))
    throw new Refusal(`"${args.release}" is not a release id (12 hex digits, or local)`);
  if ('id' in args && !TOKEN_ID.test(args.id))
    throw new Refusal(`"${args.id}" is not a deploy token's id (16 hex digits, as \`tokens\` lists them)`);
}

/** A whole number within bounds, from an option's text. */
function wholeNumber(text, name, min, max) {
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max)
    throw new Refusal(`--${name} must be a whole number from ${min} to ${max}`);
  return Number(text);
}

const isLoopback = (url) => url.hostname === 'localhost' || /^127\.\d+\.\d+\.\d+$/.test(url.hostname) || url.hostname === '[::1]';

/** The token file the local server writes when DEPLOY_TOKENS is not set. */
const localTokenFile = () =>
  path.join(process.env.VAR_DIR ? path.resolve(process.env.VAR_DIR) : path.join(REPO_ROOT, 'var'), 'deploy-tokens.json');

function localToken(scope) {
  const file = localTokenFile();
  let tokens;
  try {
    tokens = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw new Refusal(`cannot read the local deploy tokens in ${file}: ${error.message}`);
  }
  return typeof tokens?.[scope] === 'string' ? tokens[scope] : null;
}

/** The server's URL and the token to send, or a refusal saying what is missing. */
function serverOf(command) {
  const text = command.options.server ?? `http://127.0.0.1:${process.env.PORT || '8080'}`;
  let url;
  try {
    url = new URL(text);
  } catch {
    throw new Refusal(`--server "${text}" is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Refusal(`--server must be an http(s) URL, not ${url.protocol}`);
  const loopback = isLoopback(url);
  if (url.protocol === 'http:' && !loopback && !command.options['allow-http'])
    throw new Refusal(
      `--server ${url.origin}: the token would cross the network in clear; use https (or --allow-http on a private network)`,
    );
  const scope = command.platform ? 'platform' : command.remote;
  const token = (command.options.token ?? (process.env.RELEASE_TOKEN || undefined) ?? (loopback ? localToken(scope) : null))?.trim();
  const whose = command.platform ? 'no platform token' : `no deploy token for ${command.remote}`;
  if (!token)
    throw new Refusal(
      loopback
        ? `${whose}: pass --token or set RELEASE_TOKEN (or start the local server once, without DEPLOY_TOKENS, and it writes ${localTokenFile()})`
        : `${whose}: pass --token or set RELEASE_TOKEN`,
    );
  return { url, token };
}

/** One API call: the status and the JSON object it answered (or a refusal when there was none). */
async function call(target, method, route, { json, form, timeoutMs = 30_000 } = {}) {
  const headers = { authorization: `Bearer ${target.token}`, accept: 'application/json' };
  if (json !== undefined) headers['content-type'] = 'application/json';
  const where = new URL(target.url.pathname.replace(/\/$/, '') + route, target.url);
  let response;
  try {
    response = await fetch(where, {
      method,
      headers,
      body: json !== undefined ? JSON.stringify(json) : form,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const why =
      error.name === 'TimeoutError'
        ? `no answer within ${timeoutMs / 1000} s`
        : (error.cause?.code ?? error.cause?.message ?? error.message);
    throw new Refusal(`cannot reach the server at ${target.url.origin}: ${why}`);
  }
  if (response.status >= 300 && response.status < 400)
    throw new Refusal(`${where.href} answered HTTP ${response.status} to ${response.headers.get('location')}: give that as --server`, {
      status: response.status,
    });
  const text = await response.text();
  let answer = null;
  try {
    answer = JSON.parse(text);
  } catch {
    // not JSON: said below
  }
  if (!answer || typeof answer !== 'object' || Array.isArray(answer))
    throw new Refusal(`${method} ${where.pathname} answered HTTP ${response.status} without a JSON object`, { status: response.status });
  return { status: response.status, answer };
}

/** Every file of a build folder to upload, as relative paths, or a refusal listing every problem. */
function collectBuild(dir) {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new Refusal(`no build folder at ${dir}`);
  const files = [];
  const reasons = [];
  const skipped = [];
  let oddTypes = 0;
  let total = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const absolute = path.join(entry.parentPath ?? entry.path, entry.name);
    const relative = path.relative(dir, absolute).split(path.sep).join('/');
    if (entry.isDirectory() || NOT_UPLOADED.test(entry.name)) continue;
    if (STANDALONE_PAGE.test(relative)) {
      skipped.push(relative);
      continue;
    }
    if (!entry.isFile()) {
      reasons.push(`${relative}: not a regular file (a link or a device), not uploaded`);
      continue;
    }
    if (!KEPT.test(entry.name)) {
      reasons.push(`${relative}: a release holds no file of this type`);
      oddTypes += 1;
    }
    if (!SAFE_PATH.test(relative) || relative.split('/').some((part) => part === '.' || part === '..'))
      reasons.push(`${relative}: a file name may hold only letters, digits, "_", "-", "." and "/"`);
    const size = fs.statSync(absolute).size;
    if (size > UPLOAD_LIMITS.fileBytes) reasons.push(`${relative}: ${megabytes(size)}, over ${megabytes(UPLOAD_LIMITS.fileBytes)} a file`);
    total += size;
    files.push({ absolute, relative, size });
  }
  if (oddTypes) reasons.push(`a release holds only ${KEPT_TYPES}: never a page, since the server serves it from the site's own origin`);
  if (!files.length) reasons.push(`${dir} holds no file to upload`);
  if (files.length > UPLOAD_LIMITS.files) reasons.push(`${files.length} files, over ${UPLOAD_LIMITS.files}`);
  if (total > UPLOAD_LIMITS.totalBytes) reasons.push(`${megabytes(total)} in all, over ${megabytes(UPLOAD_LIMITS.totalBytes)}`);
  if (reasons.length) throw new Refusal(`the build in ${dir} cannot be uploaded`, { reasons });
  if (skipped.length) say(`Not uploaded: ${skipped.join(', ')} (the remote's standalone page, served only from its own build).`);
  return { files: files.sort((a, b) => (a.relative < b.relative ? -1 : 1)), total };
}

const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** publish: an upload of the build folder (multipart, one part per file) or an origin (JSON). */
async function publish(command, target) {
  const route = `/api/releases/${command.remote}`;
  if (command.options.origin !== undefined) {
    const origin = command.options.origin;
    if (!/^https?:\/\/[^/]/.test(origin)) throw new Refusal(`--origin must be the http(s) URL of a release folder, not "${origin}"`);
    say(`Registering ${command.remote} from ${origin} on ${target.url.origin} (the server reads its manifests and runs the gate)…`);
    return call(target, 'POST', route, { json: { origin }, timeoutMs: 120_000 });
  }
  const dir = path.resolve(command.options.from ?? path.join(REPO_ROOT, REMOTE_FOLDERS.get(command.remote), 'dist'));
  const { files, total } = collectBuild(dir);
  const form = new FormData();
  // the part's name and its file name are both the path inside the build folder
  for (const file of files)
    form.append(file.relative, new Blob([fs.readFileSync(file.absolute)], { type: 'application/octet-stream' }), file.relative);
  say(`Uploading ${files.length} files (${megabytes(total)}) of ${dir} to ${target.url.origin}; the server runs the gate…`);
  return call(target, 'POST', route, { form, timeoutMs: 300_000 });
}

async function preview(command, target) {
  const hours = command.options.hours === undefined ? undefined : wholeNumber(command.options.hours, 'hours', 1, 168);
  return call(target, 'POST', `/api/releases/${command.remote}/preview`, {
    json: { release: command.release, ...(hours ? { hours } : {}) },
  });
}

async function promote(command, target) {
  const percent = command.options.percent === undefined ? undefined : wholeNumber(command.options.percent, 'percent', 1, 100);
  const hours = command.options.hours === undefined ? undefined : wholeNumber(command.options.hours, 'hours', 1, 168);
  const share = percent && percent < 100 ? ` to ${percent}% of visitors${hours ? ` for ${hours} hours` : ''}` : '';
  say(`Promoting ${command.remote} ${command.release}${share}; the server runs the gate again…`);
  return call(target, 'POST', `/api/releases/${command.remote}/promote`, {
    json: { release: command.release, ...(percent ? { percent } : {}), ...(hours ? { hours } : {}) },
    timeoutMs: 120_000,
  });
}

async function rollback(command, target) {
  const reason = command.options.reason?.trim();
  if (reason !== undefined && (reason.length === 0 || reason.length > 300)) throw new Refusal('--reason must be 1 to 300 characters');
  return call(target, 'POST', `/api/releases/${command.remote}/rollback`, { json: reason ? { reason } : {} });
}

const list = (command, target) => call(target, 'GET', `/api/releases/${command.remote}`);

const unpreview = (command, target) =>
  call(target, 'POST', `/api/releases/${command.remote}/preview/revoke`, { json: command.release ? { release: command.release } : {} });

/** A running canary's health, for a human: its figures, its limits and its time left. */
function describeHealth({ views, serverFailures, browserFailures, failureRate, maxFailureRate, minViews, secondsLeft: left }) {
  const percent = (share) => `${Math.round(share * 1000) / 10}%`;
  const time = left === null ? 'no window' : `${Math.floor(left / 3600)} h ${Math.floor((left % 3600) / 60)} min left`;
  return `  health: ${views} views, failures ${serverFailures} server and ${browserFailures} browser (${percent(failureRate)}); rolled back above ${percent(maxFailureRate)} once it has ${minViews} views; ${time}`;
}

/** list, for a human: the pointer, the kept releases and the latest history. */
function describeListing(answer) {
  const canary = answer.canary ? `, canary ${answer.canary.release} for ${answer.canary.percent}% of visitors` : ', no canary';
  say(`${answer.remote}: live ${answer.live}${canary}`);
  if (answer.canary?.health) say(describeHealth(answer.canary.health));
  if (Array.isArray(answer.releases) && answer.releases.length) say('Releases, newest first:');
  for (const kept of answer.releases ?? [])
    say(
      `  ${kept.id}  ${kept.source ?? ''}  gate ${kept.gate ? (kept.gate.passed ? 'passed' : 'refused') : '-'}  ${kept.registeredAt ?? ''} by ${kept.registeredBy ?? '?'}`,
    );
  if (Array.isArray(answer.history) && answer.history.length) say('History, newest first:');
  for (const row of (answer.history ?? []).slice(0, 10)) {
    const share = row.percent ? ` (${row.percent}%)` : '';
    say(
      `  ${row.at ?? ''}  ${row.action ?? ''}${share}  ${row.from ?? '-'} → ${row.to ?? '-'}  by ${row.actor ?? '?'}${row.reason ? `: ${row.reason}` : ''}`,
    );
  }
}

/** What a human reads on stderr about an answer (stdout's last line holds all of it). */
function describeAnswer(verb, status, answer) {
  if (status >= 400 || answer.gate === 'refused') {
    say(`Refused (HTTP ${status}): ${answer.message ?? answer.error ?? (answer.gate === 'refused' ? 'the gate refused the release' : '')}`);
    for (const reason of Array.isArray(answer.reasons) ? answer.reasons : []) say(`  - ${reason}`);
    return;
  }
  if (verb === 'publish')
    say(`${answer.remote} release ${answer.release}: gate ${answer.gate}${answer.created === false ? ' (already registered)' : ''}`);
  if (verb === 'preview')
    say(`Preview link (anyone who has it can open the preview until ${answer.expiresAt}; revoke it with unpreview): ${answer.url}`);
  if (verb === 'unpreview')
    say(`Preview links of ${answer.remote} ${answer.release ?? '(every release)'} made until ${answer.revokedBefore} are revoked.`);
  if (verb === 'list' && answer.live) describeListing(answer);
  TOKEN_VERBS.describe(verb, answer);
}

const { token, tokens, 'revoke-token': revokeToken } = TOKEN_VERBS;
const RUN = { publish, preview, unpreview, promote, rollback, list, token, tokens, 'revoke-token': revokeToken };

async function main(argv) {
  const command = parseCommand(argv);
  if (command.verb === 'help') {
    say(USAGE);
    return { result: { verbs: Object.keys(VERBS) }, exitCode: 0 };
  }
  if (command.verb === 'token' && command.options.offline) return { result: TOKEN_VERBS.offline(command), exitCode: 0 };
  const target = serverOf(command);
  const { status, answer } = await RUN[command.verb](command, target);
  describeAnswer(command.verb, status, answer);
  // a gate refusal is a refusal whatever the status (a release kept with a refused gate answers 200)
  if (status < 400 && answer.gate !== 'refused') return { result: answer, exitCode: 0 };
  const error = answer.error ?? (answer.gate === 'refused' ? 'refused by the gate' : `HTTP ${status}`);
  return { result: { ...answer, error, status }, exitCode: 1 };
}

main(process.argv.slice(2))
  .catch((error) => {
    if (!(error instanceof Refusal)) return { result: { error: error.message }, exitCode: 1 };
    say(error.exitCode === 2 ? `${error.message}\n\n${USAGE}` : `Error: ${error.message}`);
    for (const reason of error.details.reasons ?? []) say(`  - ${reason}`);
    return { result: { error: error.message, ...error.details }, exitCode: error.exitCode };
  })
  .then(({ result, exitCode }) => {
    process.stdout.write(`${JSON.stringify(result)}\n`);
    process.exitCode = exitCode;
  });
