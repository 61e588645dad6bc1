/**
 * Deploy tokens: who may change a remote's releases (docs/architecture.md "Releases of a remote").
 *
 * A token is `ctd_<remote>_<43 base64url characters>` and is scoped to one remote: a catalogue
 * token can never touch the basket. The server never keeps a token in clear: DEPLOY_TOKENS lists
 * `remote:label:sha256hex` entries (the SHA-256 of the token's text), and a presented token is
 * hashed and compared with every entry in constant time. The label names who holds the token
 * ('checker-ci'); it is what the history records as the actor.
 *
 * With DEPLOY_TOKENS unset (the embedded default: one machine), the server makes one token per
 * remote at its first start and keeps them in $VAR_DIR/deploy-tokens.json, readable by the
 * owner only (mode 0600), where the release command finds them when it talks to the local server.
 * Those tokens are accepted with the label `local`. The DEPLOY_TOKENS setting itself is read with
 * the rest of the configuration (deployTokens.ts).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '@copytech/shared/domain';
import { TokenSettingError, type DeployToken } from '../../deployTokens';

export const LOCAL_TOKENS_FILE = 'deploy-tokens.json';
export const TOKEN_PATTERN = /^ctd_([a-z]+)_[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest();

/** A new token for a remote (32 random bytes: 43 base64url characters). */
export function newToken(remote: RemoteName): string {
  return `ctd_${remote}_${randomBytes(32).toString('base64url')}`;
}

/** The DEPLOY_TOKENS entry of a token: `remote:label:sha256hex`. */
export function tokenEntry(remote: RemoteName, label: string, token: string): string {
  return `${remote}:${label}:${hashToken(token).toString('hex')}`;
}

function readLocalTokens(file: string): Partial<Record<RemoteName, string>> {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    return Object.fromEntries(
      REMOTE_NAMES.flatMap((remote) => {
        const token = (parsed as Record<string, unknown>)[remote];
        return typeof token === 'string' && TOKEN_PATTERN.test(token) ? [[remote, token]] : [];
      }),
    );
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return {};
    throw new TokenSettingError(
      `VAR_DIR: ${file} cannot be read as the local deploy tokens (${(error as Error).message}); remove it to make new ones`,
    );
  }
}

/**
 * The local tokens: $VAR_DIR/deploy-tokens.json, made at the first start (and completed when a
 * remote has none), owner-only. Written to a temporary file first and renamed, so a reader never
 * sees half a file; the folder's other files are not touched.
 */
export function ensureLocalTokens(varDir: string): DeployToken[] {
  const file = path.join(varDir, LOCAL_TOKENS_FILE);
  let tokens = readLocalTokens(file);
  const missing = REMOTE_NAMES.filter((remote) => !tokens[remote]);
  if (missing.length > 0) {
    const complete = { ...tokens, ...Object.fromEntries(missing.map((remote) => [remote, newToken(remote)])) };
    fs.mkdirSync(varDir, { recursive: true });
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    fs.writeFileSync(temporary, `${JSON.stringify(complete, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    try {
      // The first file is linked into place (two servers starting on one VAR_DIR keep the first's
      // tokens, never one each); a file lacking a remote is replaced whole.
      if (Object.keys(tokens).length === 0) fs.linkSync(temporary, file);
      else fs.renameSync(temporary, file);
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(temporary, { force: true });
    }
    tokens = readLocalTokens(file);
  }
  fs.chmodSync(file, 0o600);
  return REMOTE_NAMES.flatMap((remote) => (tokens[remote] ? [{ remote, label: 'local', hash: hashToken(tokens[remote]) }] : []));
}

export type Authorization = { ok: true; remote: RemoteName; label: string } | { ok: false; status: 401 | 403; message: string };

/**
 * Who presents this `Authorization` header, for a write to `remote`: 401 without a known token,
 * 403 with a token of another remote. Every entry is compared (in constant time), so the time
 * taken says nothing about which entry matched.
 */
export function authorize(tokens: readonly DeployToken[], header: string | undefined, remote: RemoteName): Authorization {
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  if (!presented) return { ok: false, status: 401, message: 'A deploy token is required: Authorization: Bearer <token>.' };
  const hash = hashToken(presented);
  let found: DeployToken | null = null;
  for (const token of tokens) if (timingSafeEqual(token.hash, hash) && !found) found = token;
  if (!found) return { ok: false, status: 401, message: 'The deploy token is not known to this server.' };
  if (found.remote !== remote)
    return { ok: false, status: 403, message: `This deploy token is for ${found.remote}; it cannot change ${remote}.` };
  return { ok: true, remote, label: found.label };
}
