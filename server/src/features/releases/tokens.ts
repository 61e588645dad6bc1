/**
 * Deploy tokens' text (docs/deploy.md "What a team needs").
 *
 * A token is `ctd_<scope>_<43 base64url characters>` (32 random bytes): the scope is one remote
 * (a catalogue token can never touch the basket) or `platform` (the platform team's token: it
 * manages tokens and may act on every remote). The server never keeps a token in clear: it keeps
 * the token's SHA-256 in the database (credentials.ts), seeded from DEPLOY_TOKENS
 * (`scope:label:sha256hex`) and from the local tokens file, and made and revoked through the API.
 *
 * The local tokens file: with DEPLOY_TOKENS unset (the embedded default: one machine), the server
 * makes one token per remote and a platform token at its first start and keeps them in
 * $VAR_DIR/deploy-tokens.json, readable by the owner only (mode 0600), where the release command
 * finds them when it talks to the local server. They are seeded into the database with the label
 * `local`, so they keep working once DEPLOY_TOKENS is set, until revoked through the API.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { TOKEN_SCOPES, TokenSettingError, type DeployToken, type TokenScope } from '../../deployTokens';

export const LOCAL_TOKENS_FILE = 'deploy-tokens.json';
export const TOKEN_PATTERN = /^ctd_([a-z]+)_[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest();

/** A new token for a scope (32 random bytes: 43 base64url characters). */
export function newToken(scope: TokenScope): string {
  return `ctd_${scope}_${randomBytes(32).toString('base64url')}`;
}

/** The DEPLOY_TOKENS entry of a token: `scope:label:sha256hex`. */
export function tokenEntry(scope: TokenScope, label: string, token: string): string {
  return `${scope}:${label}:${hashToken(token).toString('hex')}`;
}

/**
 * What the failed-token limit counts a presented token under (releaseGuard.ts): its scope part
 * and the first 4 random characters (`ctd_checker_` + 4), or the first 16 characters of anything
 * else. Random guesses fall into buckets of their own, never into a real token's.
 */
export function tokenPrefix(presented: string): string {
  const scoped = /^ctd_[a-z]{1,20}_/.exec(presented)?.[0];
  return scoped ? presented.slice(0, scoped.length + 4) : presented.slice(0, 16);
}

function readLocalTokens(file: string): Partial<Record<TokenScope, string>> {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    return Object.fromEntries(
      TOKEN_SCOPES.flatMap((scope) => {
        const token = (parsed as Record<string, unknown>)[scope];
        return typeof token === 'string' && TOKEN_PATTERN.test(token) && token.startsWith(`ctd_${scope}_`) ? [[scope, token]] : [];
      }),
    );
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return {};
    throw new TokenSettingError(
      `VAR_DIR: ${file} cannot be read as the local deploy tokens (${(error as Error).message}); remove it to make new ones`,
    );
  }
}

const asDeployTokens = (tokens: Partial<Record<TokenScope, string>>): DeployToken[] =>
  TOKEN_SCOPES.flatMap((scope) => (tokens[scope] ? [{ scope, label: 'local', hash: hashToken(tokens[scope]) }] : []));

/**
 * The local tokens: $VAR_DIR/deploy-tokens.json, made at the first start (and completed when a
 * scope has none: a file from before the platform token gets one), owner-only. Written to a
 * temporary file first and renamed, so a reader never sees half a file; the folder's other files
 * are not touched.
 */
export function ensureLocalTokens(varDir: string): DeployToken[] {
  const file = path.join(varDir, LOCAL_TOKENS_FILE);
  let tokens = readLocalTokens(file);
  const missing = TOKEN_SCOPES.filter((scope) => !tokens[scope]);
  if (missing.length > 0) {
    const complete = { ...tokens, ...Object.fromEntries(missing.map((scope) => [scope, newToken(scope)])) };
    fs.mkdirSync(varDir, { recursive: true });
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    fs.writeFileSync(temporary, `${JSON.stringify(complete, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    try {
      // The first file is linked into place (two servers starting on one VAR_DIR keep the first's
      // tokens, never one each); a file lacking a scope is replaced whole.
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
  return asDeployTokens(tokens);
}

/** The local tokens file's tokens if there is one, without making or changing it (DEPLOY_TOKENS is set). */
export function existingLocalTokens(varDir: string): DeployToken[] {
  return asDeployTokens(readLocalTokens(path.join(varDir, LOCAL_TOKENS_FILE)));
}
