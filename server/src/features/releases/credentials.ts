/**
 * The release API's credentials as every instance holds them (docs/deploy.md "What a team needs"): the deploy tokens in force and the preview links' revocations, in
 * memory. A request never reads the database to authenticate: a presented token is hashed and
 * compared with every token in force, in constant time, so the time taken says nothing about
 * which one matched.
 *
 * The rows are in the database (credentialRows.ts). A change made through this instance is read
 * back at once; one made through another is seen by the release poll (registry.ts), which reads
 * the credentials' version with its mark and calls follow(): within RELEASE_POLL_MS (500 ms).
 *
 * When a token was last used is written at most once a minute per token, after the answer's work
 * (never awaited by a request), and once more on close for uses not yet written.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { RemoteName } from '@copytech/shared/domain';
import type { Db } from '../../db/database';
import type { TokenScope } from '../../deployTokens';
import type { PreviewClaim } from '../../pages/releases/model';
import {
  EVERY_RELEASE,
  insertTokens,
  readCredentials,
  revokePreviewRows,
  revokeTokenRow,
  viewOf,
  writeLastUsed,
  type NewTokenRow,
  type TokenView,
} from './credentialRows';
import { hashToken, newToken } from './tokens';

export const LAST_USED_EVERY_MS = 60_000;

/** A token in force, as held in memory. */
export interface KnownToken {
  id: string;
  scope: TokenScope;
  label: string;
  hash: Buffer;
}

export type Presented = { ok: true; token: KnownToken } | { ok: false; presented: string | null };

/** Who a token's holder is in the history and the logs: its label, and `platform:` before a platform token's. */
export const actorOf = (token: Pick<KnownToken, 'scope' | 'label'>) =>
  token.scope === 'platform' ? `platform:${token.label}` : token.label;

export interface CredentialsOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** epoch ms */
  clock: () => number;
}

export class ReleaseCredentials {
  private tokens: KnownToken[] = [];
  /** `${remote}/${release or *}` → links made at or before this (epoch ms) are revoked */
  private revocations = new Map<string, number>();
  private version = -1;
  /** uses not yet written, and when each token's last use was written (epoch ms) */
  private readonly unwritten = new Map<string, number>();
  private readonly writtenAt = new Map<string, number>();
  private writes: Promise<void> = Promise.resolve();

  constructor(private readonly options: CredentialsOptions) {}

  /** Reads the tokens in force and the revocations afresh. */
  async load(): Promise<void> {
    const { version, tokens, revocations } = await readCredentials(this.options.db);
    this.tokens = tokens.map((row) => ({
      id: row.id,
      scope: row.scope as TokenScope,
      label: row.label,
      hash: Buffer.from(row.token_hash, 'hex'),
    }));
    this.revocations = new Map(revocations.map((row) => [`${row.remote}/${row.release}`, Number(row.made_before)]));
    this.version = version;
  }

  /** The poll read this version: reads afresh when it is not the one held. */
  async follow(version: number): Promise<void> {
    if (version !== this.version) await this.load();
  }

  /** The token in force that this `Authorization: Bearer <token>` header presents, or what was presented. */
  authenticate(header: string | undefined): Presented {
    const presented = /^Bearer\s+(\S{1,200})\s*$/i.exec(header ?? '')?.[1];
    if (!presented) return { ok: false, presented: null };
    const hash = hashToken(presented);
    let found: KnownToken | null = null;
    for (const token of this.tokens) if (timingSafeEqual(token.hash, hash) && !found) found = token;
    if (!found) return { ok: false, presented };
    this.used(found.id);
    return { ok: true, token: found };
  }

  /** The tokens in force: for the start log and the tests (never their hashes outside this module). */
  inForce(): ReadonlyArray<Omit<KnownToken, 'hash'>> {
    return this.tokens.map(({ id, scope, label }) => ({ id, scope, label }));
  }

  /** Inserts the tokens not there yet (seeding); reads afresh. */
  async seed(tokens: NewTokenRow[], at: string): Promise<TokenView[]> {
    const inserted = await insertTokens(this.options.db, tokens, at);
    await this.load();
    return inserted.map(viewOf);
  }

  /** A new token, made through the API: its text, shown this once, and its row. */
  async make(scope: TokenScope, label: string, actor: string): Promise<{ token: string; view: TokenView }> {
    const token = newToken(scope);
    const at = new Date(this.options.clock()).toISOString();
    const [row] = await insertTokens(
      this.options.db,
      [{ scope, label, hash: hashToken(token).toString('hex'), source: 'api', createdBy: actor }],
      at,
    );
    await this.load();
    this.options.log.info({ id: row!.id, scope, label, actor }, 'deploy token made');
    return { token, view: viewOf(row!) };
  }

  /** Every token, revoked ones too, newest first, with this instance's uses not yet written. */
  async list(): Promise<TokenView[]> {
    const rows = await this.options.db.selectFrom('deploy_tokens').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
    return rows.map((row) => {
      const view = viewOf(row);
      const pending = this.unwritten.get(row.id);
      const local = pending === undefined ? null : new Date(pending).toISOString();
      return local && (!view.lastUsedAt || local > view.lastUsedAt) ? { ...view, lastUsedAt: local } : view;
    });
  }

  async revoke(id: string, actor: string): Promise<{ view: TokenView; changed: boolean } | null> {
    const result = await revokeTokenRow(this.options.db, id, actor, new Date(this.options.clock()).toISOString());
    if (result?.changed) {
      await this.load();
      const { scope, label } = result.view;
      this.options.log.info({ id, scope, label, actor }, 'deploy token revoked');
    }
    return result;
  }

  /** Revokes every preview link of `release` (null: of every release) of `remote` made until now. */
  async revokePreviews(remote: RemoteName, release: string | null, actor: string): Promise<{ madeBefore: number }> {
    const madeBefore = this.options.clock();
    await revokePreviewRows(this.options.db, remote, release ?? EVERY_RELEASE, madeBefore, actor, new Date(madeBefore).toISOString());
    await this.load();
    this.options.log.info({ remote, release, actor, madeBefore: new Date(madeBefore).toISOString() }, 'preview links revoked');
    return { madeBefore };
  }

  /** Whether a link of this claim was made at or before a revocation of its release or remote. */
  previewRevoked(claim: Pick<PreviewClaim, 'remote' | 'release' | 'issuedAt'>): boolean {
    return claim.issuedAt <= this.revokedBefore(claim.remote, claim.release);
  }

  /** When a link made now says it was made: after every revocation this instance knows of. */
  issuedAtFor(remote: RemoteName, release: string): number {
    return Math.max(this.options.clock(), this.revokedBefore(remote, release) + 1);
  }

  /** Writes the uses not written yet; nothing is written after. */
  async close(): Promise<void> {
    await this.writes;
    const left = [...this.unwritten];
    this.unwritten.clear();
    await Promise.allSettled(left.map(([id, at]) => writeLastUsed(this.options.db, id, new Date(at).toISOString())));
  }

  private revokedBefore(remote: string, release: string): number {
    return Math.max(this.revocations.get(`${remote}/${EVERY_RELEASE}`) ?? -1, this.revocations.get(`${remote}/${release}`) ?? -1);
  }

  /** A use of a token: written now if its last write is a minute old, else kept for the next one. */
  private used(id: string): void {
    const now = this.options.clock();
    this.unwritten.set(id, now);
    if (now - (this.writtenAt.get(id) ?? -Infinity) < LAST_USED_EVERY_MS) return;
    this.writtenAt.set(id, now);
    this.writes = this.writes
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(async () => {
        const at = this.unwritten.get(id);
        if (at === undefined) return;
        this.unwritten.delete(id);
        await writeLastUsed(this.options.db, id, new Date(at).toISOString());
      })
      .catch((error: unknown) => this.options.log.warn({ err: error, id }, 'when a deploy token was last used could not be written'));
  }
}
