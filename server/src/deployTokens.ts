/**
 * The DEPLOY_TOKENS setting, read with the rest of the configuration (config.ts): deploy tokens
 * the server seeds into its database at start (features/releases/credentials.ts keeps them there,
 * where the release API makes and revokes more). Each entry is `scope:label:sha256hex`, the
 * SHA-256 of a token's text (the server never keeps a token in clear); the scope is a remote's
 * name, or `platform` for a token that manages tokens and may act on every remote.
 */
import { REMOTE_NAMES, type RemoteName } from '@copytech/shared/domain';

/** Who a token speaks for: one remote, or the platform team. */
export type TokenScope = RemoteName | 'platform';
export const TOKEN_SCOPES: readonly TokenScope[] = [...REMOTE_NAMES, 'platform'];

export interface DeployToken {
  scope: TokenScope;
  label: string;
  /** SHA-256 of the token's text, 32 bytes */
  hash: Buffer;
}

/** A token's label: letters, digits, dots, dashes and underscores; it is the actor in the history. */
export const TOKEN_LABEL = /^[A-Za-z0-9._-]{1,60}$/;
const HEX_HASH = /^[0-9a-f]{64}$/;

/** A setting that cannot be used; config.ts turns it into a StartupError (one line, no stack). */
export class TokenSettingError extends Error {}

/**
 * DEPLOY_TOKENS: comma-separated `scope:label:sha256hex`. A malformed entry is an error naming
 * its position and what is wrong with it, never its hash. Unset or blank: null.
 */
export function parseDeployTokens(value: string | undefined): DeployToken[] | null {
  if (value === undefined || value.trim() === '') return null;
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.map((entry, index) => {
    const where = `DEPLOY_TOKENS entry ${index + 1} of ${entries.length}`;
    const [scope, label, hash, ...rest] = entry.split(':');
    if (rest.length > 0 || hash === undefined)
      throw new TokenSettingError(`${where} must be scope:label:sha256hex (three parts separated by colons)`);
    if (!(TOKEN_SCOPES as readonly string[]).includes(scope!))
      throw new TokenSettingError(`${where} must start with a remote's name or platform (${TOKEN_SCOPES.join(', ')})`);
    if (!TOKEN_LABEL.test(label!))
      throw new TokenSettingError(`${where}: the label must be 1 to 60 letters, digits, dots, dashes or underscores`);
    if (!HEX_HASH.test(hash.toLowerCase()))
      throw new TokenSettingError(`${where}: the hash must be the token's SHA-256 in 64 hexadecimal digits`);
    return { scope: scope as TokenScope, label: label!, hash: Buffer.from(hash.toLowerCase(), 'hex') };
  });
}
