/**
 * All SQL of the savings checker's reports: `savings_reports`, written in the caller's transaction
 * (the one that also spends the human check and queues the e-mails).
 */
import type { ContactDetails, SavingsAnswers, SavingsResult } from '@copytech/shared/domain';
import type { CheckerDb } from '../../db/savingsCheckerMigration';

export interface StoredReport {
  reference: string;
  createdAt: string;
  answers: SavingsAnswers;
  contact: ContactDetails;
  /** the figures as the server worked them out */
  result: SavingsResult;
}

export async function insertReport(trx: CheckerDb, report: StoredReport): Promise<void> {
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
