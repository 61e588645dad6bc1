/**
 * The deploy tokens at start (docs/deploy.md "What a team needs"): every
 * DEPLOY_TOKENS entry and every token of the local tokens file is inserted into the database if
 * its hash is not there yet. Seeding never revives a revoked token, and never revokes one: an entry
 * removed from DEPLOY_TOKENS stays in force until it is revoked through the API (the start log
 * says which). The local tokens file is made at the first start when DEPLOY_TOKENS is unset; once
 * made, its tokens stay in force when DEPLOY_TOKENS is set later.
 *
 * The start log says which tokens are in force: counts per scope and source, and their labels,
 * never a hash.
 */
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { StartupError, type Config } from '../../config';
import type { Db } from '../../db/database';
import { TOKEN_SCOPES, TokenSettingError, type DeployToken } from '../../deployTokens';
import type { NewTokenRow, TokenSource, TokenView } from './credentialRows';
import { ReleaseCredentials } from './credentials';
import { ensureLocalTokens, existingLocalTokens, LOCAL_TOKENS_FILE } from './tokens';

const rowsOf = (tokens: DeployToken[], source: TokenSource): NewTokenRow[] =>
  tokens.map((token) => ({ scope: token.scope, label: token.label, hash: token.hash.toString('hex'), source, createdBy: source }));

/** The local tokens file's tokens: made (or completed) when DEPLOY_TOKENS is unset, only read when it is set. */
function localTokensOf(config: Config, log: FastifyBaseLogger): DeployToken[] {
  try {
    return config.releases.deployTokens ? existingLocalTokens(config.varDir) : ensureLocalTokens(config.varDir);
  } catch (error) {
    if (!(error instanceof TokenSettingError)) throw error;
    if (!config.releases.deployTokens) throw new StartupError(error.message);
    log.warn({ file: LOCAL_TOKENS_FILE }, 'the local deploy tokens file cannot be read: its tokens are not seeded (DEPLOY_TOKENS is set)');
    return [];
  }
}

/** What the start log says of the tokens in force: per scope, how many from each source, and their labels. */
export function tokensInForce(views: TokenView[]) {
  const active = views.filter((view) => !view.revokedAt);
  const inForce = Object.fromEntries(
    TOKEN_SCOPES.map((scope) => {
      const mine = active.filter((view) => view.scope === scope);
      const counts: Partial<Record<TokenSource, number>> = {};
      for (const view of mine) counts[view.source] = (counts[view.source] ?? 0) + 1;
      return [scope, { ...counts, labels: [...new Set(mine.map((view) => view.label))].sort() }];
    }),
  );
  return { inForce, revoked: views.length - active.length };
}

/** Seeds the tokens, reads them into memory and says which are in force. */
export async function startCredentials(db: Db, config: Config, log: FastifyBaseLogger, clock: () => number): Promise<ReleaseCredentials> {
  const credentials = new ReleaseCredentials({ db, log, clock });
  const setting = config.releases.deployTokens ?? [];
  const local = localTokensOf(config, log);
  const seeded = await credentials.seed([...rowsOf(setting, 'DEPLOY_TOKENS'), ...rowsOf(local, 'local')], new Date(clock()).toISOString());
  const views = await credentials.list();
  log.info(
    {
      ...tokensInForce(views),
      seeded: seeded.length,
      ...(local.length > 0 ? { localFile: path.join('$VAR_DIR', LOCAL_TOKENS_FILE) } : {}),
    },
    'deploy tokens in force (DEPLOY_TOKENS and the local file seed them; the release API makes and revokes them)',
  );
  await warnOfStaleEntries(db, setting, log);
  if (!credentials.inForce().some((token) => token.scope === 'platform'))
    log.warn('no platform token is in force: deploy tokens cannot be made or revoked through the API until DEPLOY_TOKENS seeds one');
  return credentials;
}

/** Tokens DEPLOY_TOKENS once seeded and no longer lists stay in force: said at warn, with their ids, so they can be revoked. */
async function warnOfStaleEntries(db: Db, setting: DeployToken[], log: FastifyBaseLogger): Promise<void> {
  const listed = new Set(setting.map((token) => token.hash.toString('hex')));
  const rows = await db
    .selectFrom('deploy_tokens')
    .select(['id', 'scope', 'label', 'token_hash'])
    .where('source', '=', 'DEPLOY_TOKENS')
    .where('revoked_at', 'is', null)
    .execute();
  const stale = rows.filter((row) => !listed.has(row.token_hash)).map(({ id, scope, label }) => ({ id, scope, label }));
  if (stale.length > 0)
    log.warn(
      { tokens: stale },
      'deploy tokens seeded from DEPLOY_TOKENS that it no longer lists are still in force: removing an entry does not revoke it; revoke them with `npm run release -- revoke-token <id>`',
    );
}
