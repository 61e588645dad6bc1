/**
 * All SQL of the quote's table, `quotes`, written in the caller's transaction (the write's, so
 * the quote, its outbox rows and its idempotency record are stored together or not at all).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ContactDetails } from '@copytech/shared/domain';
import type { QuotedProduct } from './quoteMail';

/** A quote as it is stored: what the visitor was quoted, how to reach them, and the campaign they came from. */
export interface StoredQuote {
  reference: string;
  createdAt: string;
  products: QuotedProduct[];
  contactDetails: ContactDetails;
  utm: Record<string, string>;
}

export async function insertQuote(trx: Kysely<Database>, quote: StoredQuote): Promise<void> {
  await trx
    .insertInto('quotes')
    .values({
      reference: quote.reference,
      created_at: quote.createdAt,
      products: JSON.stringify(quote.products),
      contact: JSON.stringify(quote.contactDetails),
      utm: JSON.stringify(quote.utm),
    })
    .execute();
}
