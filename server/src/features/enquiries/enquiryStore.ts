/**
 * All SQL of the enquiries' table, `enquiries` (contact-us enquiries and service requests alike),
 * written in the caller's transaction so the enquiry and its outbox rows are stored together.
 */
import type { Kysely } from 'kysely';
import type { EnquiryRequest, ServiceRequest } from '@copytech/shared/domain';
import type { Database } from '../../db/schema';

export async function insertEnquiry(
  trx: Kysely<Database>,
  enquiry: { reference: string; createdAt: string; request: EnquiryRequest | ServiceRequest },
): Promise<void> {
  const { reference, createdAt, request } = enquiry;
  await trx
    .insertInto('enquiries')
    .values({ reference, kind: request.kind, created_at: createdAt, data: JSON.stringify(request) })
    .execute();
}
