/**
 * The retention job (docs/product-rules.md "Retention of personal data"): deletes the personal data
 * the site's forms stored once it is older than the periods the privacy policy states (RETENTION
 * in @copytech/shared/domain, the one source of both):
 *
 * - quotes, savings reports, contact enquiries, service requests and newsletter sign-ups older
 *   than their period, with every outbox row of theirs (the e-mails and forwards, whatever their
 *   status) and every mail file named after them;
 * - outbox rows older than the delivery period (the newsletter forwards, which have no record of
 *   their own, and anything a record somehow left), and mail files (.eml, written when SMTP_URL is
 *   not set) last written before it;
 * - idempotency keys and used human-check solutions past their expiry (hashes of requests).
 *
 * Rows are deleted, not blanked: nothing of them is left to re-identify. The deletes run in one
 * transaction; on PostgreSQL it first takes a transaction-level advisory lock with try (not wait),
 * so when several instances run the job at once one does the work and the others skip that turn
 * (running it twice would be harmless too: a delete by age is idempotent). SQLite has one instance.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { RETENTION, retentionCutoff, type RetentionRecord } from '@copytech/shared/domain';
import { isPostgres, type Db } from '../db/database';
import type { SavingsCheckerTables } from '../db/savingsCheckerMigration';
import type { Database } from '../db/schema';

/** Any fixed number, distinct from the seed's: the key of the job's advisory lock. */
const RETENTION_LOCK_ID = 7_260_114_052;

export type RetentionCounts = Record<RetentionRecord | 'expiredKeys', number>;

type Trx = Kysely<Database & SavingsCheckerTables>;
type RecordTable = 'quotes' | 'savings_reports' | 'enquiries';

const iso = (ms: number) => new Date(ms).toISOString();

/** Deletes one kind of record older than its period, and its outbox rows first; the references deleted. */
async function purgeRecords(trx: Trx, table: RecordTable, before: number, kind?: string): Promise<string[]> {
  let expired = trx.selectFrom(table).select('reference').where('created_at', '<', iso(before));
  if (kind) expired = expired.where(sql.ref('kind'), '=', kind);
  const references = (await expired.execute()).map((row) => row.reference);
  if (references.length === 0) return [];
  for (let i = 0; i < references.length; i += 500) {
    const batch = references.slice(i, i + 500);
    await trx.deleteFrom('outbox').where('reference', 'in', batch).execute();
    await trx.deleteFrom(table).where('reference', 'in', batch).execute();
  }
  return references;
}

async function purgeTables(trx: Trx, now: number): Promise<{ counts: RetentionCounts; references: string[] }> {
  const cutoff = (record: RetentionRecord) => retentionCutoff(now, RETENTION[record]);
  const quotes = await purgeRecords(trx, 'quotes', cutoff('quotes'));
  const reports = await purgeRecords(trx, 'savings_reports', cutoff('savingsReports'));
  const enquiries = await purgeRecords(trx, 'enquiries', cutoff('enquiries'), 'enquiry');
  const serviceRequests = await purgeRecords(trx, 'enquiries', cutoff('serviceRequests'), 'service-request');
  const signups = await trx
    .deleteFrom('newsletter_signups')
    .where('created_at', '<', iso(cutoff('newsletterSignups')))
    .executeTakeFirst();
  const copies = await trx
    .deleteFrom('outbox')
    .where('created_at', '<', iso(cutoff('deliveryCopies')))
    .executeTakeFirst();
  const keys = await trx.deleteFrom('idempotency_keys').where('expires_at', '<=', now).executeTakeFirst();
  const solutions = await trx.deleteFrom('captcha_solutions').where('expires_at', '<', now).executeTakeFirst();
  return {
    counts: {
      quotes: quotes.length,
      savingsReports: reports.length,
      enquiries: enquiries.length,
      serviceRequests: serviceRequests.length,
      newsletterSignups: Number(signups.numDeletedRows),
      deliveryCopies: Number(copies.numDeletedRows),
      expiredKeys: Number(keys.numDeletedRows) + Number(solutions.numDeletedRows),
    },
    references: [...quotes, ...reports, ...enquiries, ...serviceRequests],
  };
}

/**
 * Mail files in `dir` (the .eml outbox of the file sender) that name a deleted record, or were
 * last written before the delivery period: the number removed. A file another instance removed
 * first is not an error.
 */
async function purgeMailFiles(dir: string, references: readonly string[], before: number): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  const deleted = new Set(references);
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith('.eml') && !name.endsWith('.eml.tmp')) continue;
    const file = path.join(dir, name);
    try {
      // names are {stamp}-{reference}-{kind}-{id}.eml (mail/transport.ts)
      const reference = /CT-[0-9A-Z]{8}/.exec(name)?.[0];
      const named = reference !== undefined && deleted.has(reference);
      if (!named && (await fs.stat(file)).mtimeMs >= before) continue;
      await fs.unlink(file);
      removed++;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return removed;
}

export interface RetentionRun {
  /** false: another instance held the job's lock, so this one did nothing this turn */
  ran: boolean;
  counts: RetentionCounts;
  mailFiles: number;
}

/** One run of the job at `now` (epoch ms); `mailDir` is where the file sender writes, if it is used. */
export async function purgeExpiredPersonalData(db: Db, now: number, mailDir: string | null): Promise<RetentionRun> {
  const checkerDb = db.withTables<SavingsCheckerTables>();
  const result = await checkerDb.transaction().execute(async (trx) => {
    if (isPostgres(db)) {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${sql.lit(RETENTION_LOCK_ID)}) as locked`.execute(
        trx,
      );
      if (!rows[0]?.locked) return null;
    }
    return purgeTables(trx, now);
  });
  if (!result) return { ran: false, counts: emptyCounts(), mailFiles: 0 };
  const mailFiles = mailDir ? await purgeMailFiles(mailDir, result.references, retentionCutoff(now, RETENTION.deliveryCopies)) : 0;
  return { ran: true, counts: result.counts, mailFiles };
}

function emptyCounts(): RetentionCounts {
  return { quotes: 0, savingsReports: 0, enquiries: 0, serviceRequests: 0, newsletterSignups: 0, deliveryCopies: 0, expiredKeys: 0 };
}
