/**
 * The release credentials' rows (credentials.ts holds them in memory): deploy tokens by their
 * SHA-256, the preview links' revocations, and the `credentials` version in release_marks that
 * every change adds one to, in the change's own transaction, so an instance that reads the new
 * version (the release poll, registryRows.ts pollMark) reads the change with it.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, DeployTokensTable } from '../../db/schema';
import type { TokenScope } from '../../deployTokens';

export type TokenSource = 'DEPLOY_TOKENS' | 'local' | 'api';

/** A token as the API lists it: never its hash. */
export interface TokenView {
  id: string;
  scope: TokenScope;
  label: string;
  source: TokenSource;
  createdAt: string;
  createdBy: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  revokedBy: string | null;
}

/** `release` of a revocation of every release of a remote. */
export const EVERY_RELEASE = '*';
const MARK = 'credentials';

export const newTokenId = () => randomBytes(8).toString('hex');

/** The credentials' version: 0 before the first change. */
export async function credentialsVersion(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('release_marks').select('version').where('name', '=', MARK).executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** Adds one to the credentials' version, in the caller's transaction. */
export async function bumpCredentials(trx: Kysely<Database>): Promise<void> {
  await trx
    .insertInto('release_marks')
    .values({ name: MARK, version: 1 })
    .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ version: eb('release_marks.version', '+', 1) })))
    .execute();
}

export function viewOf(row: Selectable<DeployTokensTable>): TokenView {
  return {
    id: row.id,
    scope: row.scope as TokenScope,
    label: row.label,
    source: row.source as TokenSource,
    createdAt: row.created_at,
    createdBy: row.created_by,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
    revokedBy: row.revoked_by,
  };
}

export interface NewTokenRow {
  scope: TokenScope;
  label: string;
  /** SHA-256, hexadecimal */
  hash: string;
  source: TokenSource;
  createdBy: string;
}

/**
 * Inserts the tokens whose hash is not there yet (a revoked one stays as it is: revoked), and
 * moves the version when any was new; the rows inserted.
 */
export async function insertTokens(db: Db, tokens: NewTokenRow[], at: string): Promise<Array<Selectable<DeployTokensTable>>> {
  if (tokens.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const inserted: Array<Selectable<DeployTokensTable>> = [];
    for (const token of tokens) {
      const row = {
        id: newTokenId(),
        scope: token.scope,
        label: token.label,
        token_hash: token.hash,
        source: token.source,
        created_at: at,
        created_by: token.createdBy,
        last_used_at: null,
        revoked_at: null,
        revoked_by: null,
      };
      const result = await trx
        .insertInto('deploy_tokens')
        .values(row)
        .onConflict((oc) => oc.column('token_hash').doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) inserted.push(row);
    }
    if (inserted.length > 0) await bumpCredentials(trx);
    return inserted;
  });
}

/** Revokes a token: null when there is no such token; `changed` false when it was revoked already. */
export async function revokeTokenRow(db: Db, id: string, actor: string, at: string): Promise<{ view: TokenView; changed: boolean } | null> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('deploy_tokens')
      .set({ revoked_at: at, revoked_by: actor })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    const changed = Number(result.numUpdatedRows) > 0;
    if (changed) await bumpCredentials(trx);
    const row = await trx.selectFrom('deploy_tokens').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? { view: viewOf(row), changed } : null;
  });
}

/**
 * Revokes the preview links of `release` (or of every release: EVERY_RELEASE) of a remote made at
 * or before `madeBefore`. A revocation already later stays (instances' clocks differ a little).
 */
export async function revokePreviewRows(db: Db, remote: string, release: string, madeBefore: number, actor: string, at: string) {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('preview_revocations')
      .values({ remote, release, made_before: madeBefore, revoked_at: at, revoked_by: actor })
      .onConflict((oc) =>
        oc.columns(['remote', 'release']).doUpdateSet((eb) => ({
          made_before: eb
            .case()
            .when('preview_revocations.made_before', '<', eb.ref('excluded.made_before'))
            .then(eb.ref('excluded.made_before'))
            .else(eb.ref('preview_revocations.made_before'))
            .end(),
          revoked_at: eb.ref('excluded.revoked_at'),
          revoked_by: eb.ref('excluded.revoked_by'),
        })),
      )
      .execute();
    await bumpCredentials(trx);
  });
}

/** Everything the instance holds in memory: the tokens in force, every revocation, and the version they were read at. */
export async function readCredentials(db: Db) {
  const version = await credentialsVersion(db);
  const [tokens, revocations] = await Promise.all([
    db.selectFrom('deploy_tokens').select(['id', 'scope', 'label', 'token_hash']).where('revoked_at', 'is', null).execute(),
    db.selectFrom('preview_revocations').select(['remote', 'release', 'made_before']).execute(),
  ]);
  return { version, tokens, revocations };
}

/** Writes when a token was last used, unless a later use is written already. */
export async function writeLastUsed(db: Db, id: string, at: string): Promise<void> {
  await db
    .updateTable('deploy_tokens')
    .set({ last_used_at: at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', at)]))
    .execute();
}
