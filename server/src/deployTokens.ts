/**
 * The DEPLOY_TOKENS setting, read with the rest of the configuration (config.ts): who may change a
 * remote's releases (features/releases/tokens.ts checks a presented token against these). Each
 * entry is `remote:label:sha256hex`, the SHA-256 of a token's text: the server never keeps a token
 * in clear.
 */
import { REMOTE_NAMES, type RemoteName } from '@copytech/shared/domain';

export interface DeployToken {
  remote: RemoteName;
  label: string;
  /** SHA-256 of the token's text, 32 bytes */
  hash: Buffer;
}

const LABEL = /^[A-Za-z0-9._-]{1,60}$/;
const HEX_HASH = /^[0-9a-f]{64}$/;

/** A setting that cannot be used; config.ts turns it into a StartupError (one line, no stack). */
export class TokenSettingError extends Error {}

/**
 * DEPLOY_TOKENS: comma-separated `remote:label:sha256hex`. A malformed entry is an error naming
 * its position and what is wrong with it, never its hash. Unset or blank: null (the local
 * tokens file is used instead).
 */
export function parseDeployTokens(value: string | undefined): DeployToken[] | null {
  if (value === undefined || value.trim() === '') return null;
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.map((entry, index) => {
    const where = `DEPLOY_TOKENS entry ${index + 1} of ${entries.length}`;
    const [remote, label, hash, ...rest] = entry.split(':');
    if (rest.length > 0 || hash === undefined)
      throw new TokenSettingError(`${where} must be remote:label:sha256hex (three parts separated by colons)`);
    if (!(REMOTE_NAMES as readonly string[]).includes(remote!))
      throw new TokenSettingError(`${where} must start with a remote's name (${REMOTE_NAMES.join(', ')})`);
    if (!LABEL.test(label!))
      throw new TokenSettingError(`${where}: the label must be 1 to 60 letters, digits, dots, dashes or underscores`);
    if (!HEX_HASH.test(hash.toLowerCase()))
      throw new TokenSettingError(`${where}: the hash must be the token's SHA-256 in 64 hexadecimal digits`);
    return { remote: remote as RemoteName, label: label!, hash: Buffer.from(hash.toLowerCase(), 'hex') };
  });
}
