/** What the write routes share: the database, the outbox, configuration, the clock and the commercial terms. */
import type { CommercialTerms } from '@copytech/shared/domain';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { OutboxWorker } from '../outbox/outbox';

export interface WriteDeps {
  db: Db;
  outbox: OutboxWorker;
  config: Config;
  /** epoch ms */
  clock: () => number;
  /** the commercial terms (plugins/terms.ts), for what the e-mails say */
  terms: CommercialTerms;
}

/** Per-IP limit for a write route (the @fastify/rate-limit route option). */
export function perMinute(max: number) {
  return { rateLimit: { max, timeWindow: 60_000 } };
}

/** A string of at most `maxLength` characters, in a body's JSON schema (its shape, before the yup rules). */
export const stringUpTo = (maxLength: number) => ({ type: 'string', maxLength }) as const;

/** The shape of a form's `contactDetails` object (quote, checker report), before the shared yup rules. */
export const contactDetailsShape = {
  type: 'object',
  properties: {
    firstName: stringUpTo(500),
    lastName: stringUpTo(500),
    email: stringUpTo(500),
    phoneNumber: stringUpTo(500),
    postcode: stringUpTo(500),
  },
} as const;
