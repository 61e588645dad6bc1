/**
 * All SQL of the savings checker's reports: `savings_reports`, written in one transaction with the
 * human check it spends and the e-mails it queues.
 */
import type { ContactDetails, SavingsAnswers, SavingsResult } from '@copytech/shared/domain';
import { spendCaptcha } from '../../captcha/captchaStore';
import type { Db } from '../../db/database';
import type { CheckerDb, SavingsCheckerTables } from '../../db/savingsCheckerMigration';
import { queueJobs, type OutboxJob } from '../../outbox/outbox';

export interface StoredReport {
  reference: string;
  createdAt: string;
  answers: SavingsAnswers;
  contact: ContactDetails;
  /** the figures as the server worked them out */
  result: SavingsResult;
}

async function insertReport(trx: CheckerDb, report: StoredReport): Promise<void> {
  const { reference, createdAt, answers, contact, result } = report;
  await trx
    .insertInto('savings_reports')
    .values({
      reference,
      created_at: createdAt,
      status: result.status,
      saving_per_year: result.savings?.perYear ?? null,
      answers: JSON.stringify(answers),
      contact: JSON.stringify(contact),
      figures: JSON.stringify(result),
    })
    .execute();
}

/**
 * Spends the solved human check, stores the report and queues its e-mails, all or nothing: false
 * (and nothing written) when the check was spent already.
 */
export async function storeReport(
  db: Db,
  check: { id: string; expiresAt: number },
  report: StoredReport,
  jobs: OutboxJob[],
  now: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const checkerTrx = trx.withTables<SavingsCheckerTables>();
    if (!(await spendCaptcha(checkerTrx, check))) return false;
    await insertReport(checkerTrx, report);
    await queueJobs(trx, jobs, now);
    return true;
  });
}
