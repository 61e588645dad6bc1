/**
 * The outbox: every e-mail and every call to an outside service (the hosted enquiry endpoint,
 * the marketing-automation form) is first written as a row in the same transaction as the quote
 * or enquiry it belongs to, then delivered by the worker. A failed delivery is retried with
 * exponential backoff (5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h: 15 h 42 min 35 s
 * from the first attempt to the last); after 10 attempts the row is marked dead and logged at
 * error level with `alert: 'outbox-dead'` for a person to look at. An SMTP outage therefore
 * loses nothing: the rows wait.
 *
 * The worker keeps up to `concurrency` deliveries in flight and claims the next due rows as soon
 * as a slot frees, by priority (the visitor's own mail, then staff notifications, then outside
 * services) and then due time, with one slot kept for the newest visitor mail, so a new
 * visitor's mail overtakes a backlog. It pauses only when nothing is due.
 *
 * A worker claims a row by moving its next_attempt_at forward by a short lease with a
 * conditional update (only if next_attempt_at is still the value it read), so several server
 * instances can share one outbox and no row is held by two workers at once. On PostgreSQL the
 * second of two concurrent updates of a row waits for the first to commit, then tests its
 * condition again on the row as the first left it, and updates nothing (the test of two
 * workers sharing one database, severalInstances.test.ts, counts each row's deliveries). The
 * lease is renewed while the delivery is in progress: a slow but live send keeps its row, and a
 * crashed worker's rows are taken over soon after their lease ends.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Db } from '../db/database';
import type { Database, OutboxRow } from '../db/schema';
import type { MailMessage } from '../mail/message';
import {
  backoffAfter,
  describeError,
  DEFAULT_CONCURRENCY,
  LEASE_MS,
  MAX_ATTEMPTS,
  outboxRowsOf,
  PRIORITY,
  PRIORITY_LEVELS,
  type Channel,
  type Deliverers,
  type EnquiryApiPayload,
  type MauticPayload,
  type OutboxJob,
} from './jobs';

export * from './jobs';

/**
 * Queues jobs for delivery in the caller's transaction, so they are stored with the write they
 * belong to or not at all; the worker picks them up when woken or at its next poll.
 */
export async function queueJobs(executor: Kysely<Database>, jobs: OutboxJob[], now: number): Promise<void> {
  await executor.insertInto('outbox').values(outboxRowsOf(jobs, now)).execute();
}

export interface OutboxWorkerOptions {
  /** epoch ms; injectable so tests move time instead of waiting */
  clock?: () => number;
  /** how often due rows are looked for when nothing is due and nothing wakes the worker */
  pollMs?: number;
  /** deliveries in flight at once (SMTP mail, files and outside calls alike) */
  concurrency?: number;
  /** how long a claim keeps other workers away (clock ms) */
  leaseMs?: number;
  /** how often (real ms) the leases of rows still being delivered are renewed; a third of the lease */
  renewEveryMs?: number;
  /** hears each delivery attempt: its row's kind, whether it was sent, and how long the send took (the metrics) */
  onAttempt?: (kind: string, sent: boolean, seconds: number) => void;
}

export interface RunResult {
  attempted: number;
  sent: number;
  failed: number;
}

export class OutboxWorker {
  /** marks this worker's claims (claimed_by), so only it renews or releases them */
  readonly id = randomUUID();
  private readonly clock: () => number;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly renewEveryMs: number;
  private readonly onAttempt: NonNullable<OutboxWorkerOptions['onAttempt']>;
  private timer: NodeJS.Timeout | null = null;
  private started = false;
  private stopping = false;
  private current: Promise<RunResult> | null = null;
  private again = false;
  /** ids of the rows being delivered now (never claimed again by this worker meanwhile) */
  private readonly inFlight = new Set<string>();
  /** the row in the newest-first slot, if one is being delivered (see claim()) */
  private newestId: string | null = null;

  constructor(
    private readonly db: Db,
    private readonly deliverers: Deliverers,
    private readonly log: FastifyBaseLogger,
    options: OutboxWorkerOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
    this.pollMs = options.pollMs ?? 1000;
    this.concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
    this.leaseMs = options.leaseMs ?? LEASE_MS;
    this.renewEveryMs = options.renewEveryMs ?? Math.floor(this.leaseMs / 3);
    this.onAttempt = options.onAttempt ?? (() => undefined);
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.stopping = false;
    this.schedule(0);
  }

  /** Claims nothing more, and waits for the deliveries in flight; then releaseClaims() if asked. */
  async stop(options: { releaseClaims?: boolean } = {}): Promise<void> {
    this.started = false;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.current?.catch(() => undefined);
    // stopped: runDue() by hand works again (nothing is scheduled any more)
    this.stopping = false;
    if (options.releaseClaims) await this.releaseClaims();
  }

  get deliveriesInFlight(): number {
    return this.inFlight.size;
  }

  /**
   * Makes this worker's claimed pending rows due at once for any worker rather than when the lease
   * ends: on shutdown, for deliveries the drain could not wait for (as after a crash, one may then
   * be sent twice). Rows are claimed only to be delivered, so after stop() this is normally none.
   */
  async releaseClaims(): Promise<number> {
    const released = await this.db
      .updateTable('outbox')
      .set({ next_attempt_at: this.clock(), claimed_by: null })
      .where('status', '=', 'pending')
      .where('claimed_by', '=', this.id)
      .executeTakeFirst();
    return Number(released.numUpdatedRows);
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

  /**
   * Delivers rows until none is due (each at most once: a failed one is due again only after its
   * backoff). Concurrent calls share one run (and one more after it).
   */
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
    const running = new Set<Promise<void>>();
    const renewal = setInterval(() => {
      this.renewLeases().catch((error: unknown) => this.log.error({ err: describeError(error) }, 'outbox: lease renewal failed'));
    }, this.renewEveryMs);
    renewal.unref();
    try {
      for (;;) {
        const free = this.stopping ? 0 : this.concurrency - running.size;
        if (free > 0) {
          const { rows, contended } = await this.claim(free);
          for (const row of rows) {
            result.attempted++;
            const delivery: Promise<void> = this.deliver(row)
              .catch((error: unknown) => {
                this.log.error({ outboxId: row.id, err: describeError(error) }, 'outbox: could not record a delivery');
                return false;
              })
              .then((sent) => {
                if (sent) result.sent++;
                else result.failed++;
              })
              .finally(() => {
                this.inFlight.delete(row.id);
                if (this.newestId === row.id) this.newestId = null;
                running.delete(delivery);
              });
            running.add(delivery);
          }
          // Another worker took the rows we saw: look again at once rather than wait.
          if (contended && rows.length === 0) continue;
        }
        if (running.size === 0) break;
        await Promise.race(running);
      }
    } finally {
      clearInterval(renewal);
    }
    return result;
  }

  /**
   * Claims up to `limit` due rows, by priority then due time. One query per priority level, each
   * an ordered walk of the (status, priority, next_attempt_at) index: a single ORDER BY over the
   * levels would sort every pending row, and a backlog of thousands made each claim slow.
   *
   * One delivery slot (when there are two or more) takes the newest due visitor mail instead of
   * the oldest: after a burst of thousands of quotes, the visitor who has just pressed Send, and
   * is watching their inbox, is not put behind all the others, while the other slots still drain
   * the backlog oldest first (so no row waits for ever).
   */
  private async claim(limit: number): Promise<{ rows: OutboxRow[]; contended: boolean }> {
    const now = this.clock();
    const ids: string[] = [];
    let contended = false;
    const take = async (row: { id: string; next_attempt_at: number }): Promise<boolean> => {
      // A row of ours whose lease ran out (a stalled event loop) is still ours to finish.
      if (this.inFlight.has(row.id)) return false;
      const claimed = await this.db
        .updateTable('outbox')
        .set({ next_attempt_at: now + this.leaseMs, claimed_by: this.id })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '=', row.next_attempt_at)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) {
        contended = true;
        return false;
      }
      this.inFlight.add(row.id);
      ids.push(row.id);
      return true;
    };
    const due = (priority: number, newest: boolean, count: number) =>
      this.db
        .selectFrom('outbox')
        .select(['id', 'next_attempt_at'])
        .where('status', '=', 'pending')
        .where('priority', '=', priority)
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at', newest ? 'desc' : 'asc')
        .limit(count + this.inFlight.size)
        .execute();

    if (this.concurrency > 1 && this.newestId === null) {
      for (const row of await due(PRIORITY.visitor, true, 1)) {
        if (await take(row)) {
          this.newestId = row.id;
          break;
        }
      }
    }
    for (const priority of PRIORITY_LEVELS) {
      if (ids.length >= limit) break;
      for (const row of await due(priority, false, limit - ids.length)) {
        if (ids.length >= limit) break;
        await take(row);
      }
    }
    if (ids.length === 0) return { rows: [], contended };
    const rows = await this.db.selectFrom('outbox').selectAll().where('id', 'in', ids).execute();
    const order = new Map(ids.map((id, i) => [id, i]));
    rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    return { rows, contended };
  }

  /** Pushes the leases of the rows still being delivered forward, so no other worker takes them. */
  private async renewLeases(): Promise<void> {
    if (this.inFlight.size === 0) return;
    await this.db
      .updateTable('outbox')
      .set({ next_attempt_at: this.clock() + this.leaseMs })
      .where('id', 'in', [...this.inFlight])
      .where('status', '=', 'pending')
      .where('claimed_by', '=', this.id)
      .execute();
  }

  private async deliver(row: OutboxRow): Promise<boolean> {
    const attempts = row.attempts + 1;
    const meta = { outboxId: row.id, channel: row.channel, kind: row.kind, reference: row.reference, attempt: attempts };
    const started = performance.now();
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
    } catch (error) {
      this.onAttempt(row.kind, false, (performance.now() - started) / 1000);
      await this.failed(row, attempts, describeError(error), meta);
      return false;
    }
    this.onAttempt(row.kind, true, (performance.now() - started) / 1000);
    // Sent whoever holds the claim now; clearing claimed_by stops a worker that took the row
    // over (after a lapsed lease) from scheduling a retry of a delivered message.
    await this.db
      .updateTable('outbox')
      .set({ status: 'sent', attempts, sent_at: new Date(this.clock()).toISOString(), last_error: null, claimed_by: null })
      .where('id', '=', row.id)
      .execute();
    this.log.info(meta, 'outbox: delivered');
    return true;
  }

  /** Records a failed attempt: a retry after the backoff, or dead after the last attempt. */
  private async failed(row: OutboxRow, attempts: number, lastError: string, meta: Record<string, unknown>): Promise<void> {
    // Only while the claim is still ours: another worker may have taken the row over, or sent it.
    const ours = this.db.updateTable('outbox').where('id', '=', row.id).where('status', '=', 'pending').where('claimed_by', '=', this.id);
    if (attempts >= MAX_ATTEMPTS) {
      const dead = await ours.set({ status: 'dead', attempts, last_error: lastError, claimed_by: null }).executeTakeFirst();
      if (Number(dead.numUpdatedRows) !== 1) return;
      // For alerting: a stable field to match on, and nothing personal (no addresses, no names).
      this.log.error({ alert: 'outbox-dead', ...meta, error: lastError }, 'outbox: giving up after the last attempt; the row is dead');
    } else {
      const next = this.clock() + backoffAfter(attempts);
      await ours.set({ attempts, next_attempt_at: next, last_error: lastError, claimed_by: null }).execute();
      this.log.warn({ ...meta, error: lastError, retryAt: new Date(next).toISOString() }, 'outbox: delivery failed, will retry');
    }
  }
}
