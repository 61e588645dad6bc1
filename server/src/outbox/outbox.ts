/**
 * The outbox: every e-mail and every call to an outside service (the hosted enquiry endpoint,
 * the marketing-automation form) is first written as a row in the same transaction as the quote
 * or enquiry it belongs to, then delivered by the worker. A failed delivery is retried with
 * exponential backoff (5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h); after 10 attempts
 * the row is marked dead and logged as an error for a person to look at. An SMTP outage
 * therefore loses nothing: the rows wait.
 *
 * A worker claims a row by moving its next_attempt_at forward with a conditional update, so
 * several server instances can share one outbox without sending a message twice.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import type { OutboxRow } from '../db/schema';
import type { Insertable } from 'kysely';
import type { OutboxTable } from '../db/schema';
import type { MailMessage } from '../mail/message';

export const BACKOFF_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000] as const;
export const MAX_ATTEMPTS = BACKOFF_MS.length + 1;
/** How long a claimed row is left alone by other workers while it is being delivered. */
const CLAIM_MS = 120_000;
const BATCH = 20;

/** Delay before the next attempt, after `attempts` failed ones (1-based). */
export function backoffAfter(attempts: number): number {
  return BACKOFF_MS[Math.min(Math.max(attempts, 1), BACKOFF_MS.length) - 1]!;
}

export interface EnquiryApiPayload {
  type: 'quote' | 'enquiry' | 'service-request';
  reference: string;
  createdAt: string;
  data: unknown;
}
export interface MauticPayload {
  formId: string | null;
  fields: Record<string, string>;
}

export type OutboxJob =
  | { channel: 'mail'; kind: string; reference: string | null; payload: MailMessage }
  | { channel: 'enquiry-api'; kind: string; reference: string | null; payload: EnquiryApiPayload }
  | { channel: 'mautic'; kind: string; reference: string | null; payload: MauticPayload };

export type Channel = OutboxJob['channel'];

export interface Deliverers {
  mail: (message: MailMessage, meta: { id: string; kind: string; reference: string | null }) => Promise<void>;
  'enquiry-api': (payload: EnquiryApiPayload) => Promise<void>;
  mautic: (payload: MauticPayload) => Promise<void>;
}

/** Rows for the jobs, to insert in the caller's transaction (due at once). */
export function outboxRowsOf(jobs: OutboxJob[], now: number): Insertable<OutboxTable>[] {
  const createdAt = new Date(now).toISOString();
  return jobs.map((job) => ({
    id: randomUUID(),
    channel: job.channel,
    kind: job.kind,
    reference: job.reference,
    payload: JSON.stringify(job.payload),
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    last_error: null,
    created_at: createdAt,
    sent_at: null,
  }));
}

/** Error text fit to store and log: no e-mail addresses, one line, bounded. */
export function describeError(error: unknown): string {
  const e = error as { code?: unknown; responseCode?: unknown; message?: unknown };
  const parts = [typeof e?.code === 'string' ? e.code : null, typeof e?.responseCode === 'number' ? String(e.responseCode) : null];
  const message = typeof e?.message === 'string' ? e.message : String(error);
  parts.push(message.replace(/[^\s<>"'@]+@[^\s<>"']+/g, '[address]').replace(/\s+/g, ' '));
  return parts.filter(Boolean).join(' ').slice(0, 300);
}

export interface OutboxWorkerOptions {
  /** epoch ms; injectable so tests move time instead of waiting */
  clock?: () => number;
  /** how often due rows are looked for when nothing wakes the worker */
  pollMs?: number;
}

export interface RunResult {
  attempted: number;
  sent: number;
  failed: number;
}

export class OutboxWorker {
  private readonly clock: () => number;
  private readonly pollMs: number;
  private timer: NodeJS.Timeout | null = null;
  private started = false;
  private current: Promise<RunResult> | null = null;
  private again = false;

  constructor(
    private readonly db: Db,
    private readonly deliverers: Deliverers,
    private readonly log: FastifyBaseLogger,
    options: OutboxWorkerOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
    this.pollMs = options.pollMs ?? 1000;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.current?.catch(() => undefined);
  }

  /** Something was enqueued: deliver it now rather than at the next poll. */
  wake(): void {
    if (this.started) this.schedule(0);
  }

  private schedule(delay: number): void {
    if (!this.started) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.runDue()
        .catch((error: unknown) => this.log.error({ err: describeError(error) }, 'outbox run failed'))
        .finally(() => this.schedule(this.pollMs));
    }, delay);
    this.timer.unref();
  }

  /** Delivers every due row once. Concurrent calls share one run (and one more after it). */
  async runDue(): Promise<RunResult> {
    if (this.current) {
      this.again = true;
      return this.current;
    }
    this.current = this.runOnce().finally(() => {
      this.current = null;
    });
    const result = await this.current;
    if (this.again) {
      this.again = false;
      const more = await this.runDue();
      return { attempted: result.attempted + more.attempted, sent: result.sent + more.sent, failed: result.failed + more.failed };
    }
    return result;
  }

  private async runOnce(): Promise<RunResult> {
    const result: RunResult = { attempted: 0, sent: 0, failed: 0 };
    const now = this.clock();
    const due = await this.db
      .selectFrom('outbox')
      .selectAll()
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .orderBy('created_at')
      .limit(BATCH)
      .execute();
    for (const row of due) {
      const claimed = await this.db
        .updateTable('outbox')
        .set({ next_attempt_at: now + CLAIM_MS })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '=', row.next_attempt_at)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      result.attempted++;
      if (await this.deliver(row)) result.sent++;
      else result.failed++;
    }
    return result;
  }

  private async deliver(row: OutboxRow): Promise<boolean> {
    const attempts = row.attempts + 1;
    const meta = { outboxId: row.id, channel: row.channel, kind: row.kind, reference: row.reference, attempt: attempts };
    try {
      const payload: unknown = JSON.parse(row.payload);
      switch (row.channel as Channel) {
        case 'mail':
          await this.deliverers.mail(payload as MailMessage, { id: row.id, kind: row.kind, reference: row.reference });
          break;
        case 'enquiry-api':
          await this.deliverers['enquiry-api'](payload as EnquiryApiPayload);
          break;
        case 'mautic':
          await this.deliverers.mautic(payload as MauticPayload);
          break;
        default:
          throw new Error(`unknown outbox channel ${row.channel}`);
      }
      await this.db
        .updateTable('outbox')
        .set({ status: 'sent', attempts, sent_at: new Date(this.clock()).toISOString(), last_error: null })
        .where('id', '=', row.id)
        .execute();
      this.log.info(meta, 'outbox: delivered');
      return true;
    } catch (error) {
      const lastError = describeError(error);
      if (attempts >= MAX_ATTEMPTS) {
        await this.db.updateTable('outbox').set({ status: 'dead', attempts, last_error: lastError }).where('id', '=', row.id).execute();
        this.log.error({ ...meta, error: lastError }, 'outbox: giving up after the last attempt');
      } else {
        const next = this.clock() + backoffAfter(attempts);
        await this.db.updateTable('outbox').set({ attempts, next_attempt_at: next, last_error: lastError }).where('id', '=', row.id).execute();
        this.log.warn({ ...meta, error: lastError, retryAt: new Date(next).toISOString() }, 'outbox: delivery failed, will retry');
      }
      return false;
    }
  }
}
