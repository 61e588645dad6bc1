/**
 * What the outbox holds (docs/deploy.md "Outbox"): the jobs a write leaves for delivery, their
 * rows, their claim order, and the retry schedule. The worker that delivers them is outbox.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { OutboxTable } from '../db/schema';
import type { MailMessage } from '../mail/message';

export const BACKOFF_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000] as const;
export const MAX_ATTEMPTS = BACKOFF_MS.length + 1;
/** How long a claimed row is left alone by other workers; renewed while the delivery runs. */
export const LEASE_MS = 30_000;
/** Deliveries in flight at once, unless configured. */
export const DEFAULT_CONCURRENCY = 10;

/** Claim order: lower first. */
export const PRIORITY = { visitor: 0, staff: 1, service: 2 } as const;
export const PRIORITY_LEVELS = [PRIORITY.visitor, PRIORITY.staff, PRIORITY.service];

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

/**
 * A job's claim priority, from its channel and kind: the mail a visitor waits for
 * (`*-visitor`: their quote, enquiry acknowledgement, savings report) first, then mail to staff
 * (`*-sales` notifications and any other mail), then calls to outside services (`*-forward`,
 * the newsletter form), which nobody is watching for.
 */
export function priorityOf(job: Pick<OutboxJob, 'channel' | 'kind'>): number {
  if (job.channel !== 'mail') return PRIORITY.service;
  return job.kind.endsWith('-visitor') ? PRIORITY.visitor : PRIORITY.staff;
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
    priority: priorityOf(job),
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
