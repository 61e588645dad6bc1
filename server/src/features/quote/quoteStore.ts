/**
 * All SQL of the quote's table, `quotes`, written in the caller's transaction (the write's, so
 * the quote, its outbox rows and its idempotency record are stored together or not at all).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ContactDetails, MonthlyPages } from '@copytech/shared/domain';
import type { QuotedProduct } from './quoteMail';

/**
 * A quote as it is stored: what the visitor was quoted (the products' prices, and the volumes and
 * lease term the figures were worked out at), how to reach them, and the campaign they came from.
 * The volumes and term are kept with the products (the `products` column holds
 * `{ products, volumes, leaseTermMonths }`), so the e-mail's figures can be worked out again from
 * the row alone.
 */
export interface StoredQuote {
  reference: string;
  createdAt: string;
  products: QuotedProduct[];
  contactDetails: ContactDetails;
  utm: Record<string, string>;
  volumes: MonthlyPages | null;
  leaseTermMonths: number | null;
}

export async function insertQuote(trx: Kysely<Database>, quote: StoredQuote): Promise<void> {
  await trx
    .insertInto('quotes')
    .values({
      reference: quote.reference,
      created_at: quote.createdAt,
      products: JSON.stringify({ products: quote.products, volumes: quote.volumes, leaseTermMonths: quote.leaseTermMonths }),
      contact: JSON.stringify(quote.contactDetails),
      utm: JSON.stringify(quote.utm),
    })
    .execute();
}
