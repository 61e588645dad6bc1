/**
 * POST /api/quote (docs/api.md "Writes"): validated with the basket form's own
 * schema from @copytech/shared, plus one to five distinct products that exist and are active, the
 * volumes the buyer's figures were worked out at (whole pages a month, bounded) and, when named, a
 * lease term the terms offer.
 * The quote, its e-mails (the visitor's quote and the sales notification) and, when configured,
 * the call to the hosted enquiry endpoint are stored in one transaction before the answer:
 * 201 { reference }. An Idempotency-Key makes retries safe.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  MODEL_ID_PATTERN,
  QUOTE_TERM_MESSAGE,
  basketItemOf,
  leaseOffer,
  productPath,
  servicePerPageOf,
  startingFromPence,
  type CommercialTerms,
  type LeaseTerms,
  type MonthlyPages,
  type Product,
} from '@copytech/shared/domain';
import { quoteRequestSchema } from '@copytech/shared/forms';
import { productsByModelIds } from '../catalogue';
import { HttpError, badRequest, validateBody } from '../../http/errors';
import type { MailContext } from '../../mail/layout';
import { quoteSalesMail, quoteVisitorMail, type QuotedProduct } from './quoteMail';
import { insertQuote } from './quoteStore';
import { queueJobs, type OutboxJob } from '../../outbox/outbox';
import { idempotencyKeyOf, writeOnce } from '../../writes/idempotency';
import { newReference } from '../../writes/reference';
import { contactDetailsShape, perMinute, stringUpTo, type WriteDeps } from '../../writes/writeDeps';

/**
 * The body's JSON schema: only its shape (objects, strings, lists, sizes), checked by Fastify before
 * the handler, so that the shared yup rules applied next only ever see strings where they expect
 * them (yup's trim() throws on an object or an array instead of reporting it).
 */
export const quoteBodySchema = {
  type: 'object',
  properties: {
    productIds: { type: 'array', maxItems: 20, items: stringUpTo(200) },
    contactDetails: contactDetailsShape,
    eventType: stringUpTo(50),
    utm: { type: 'object', maxProperties: 20, additionalProperties: stringUpTo(1000) },
    volumes: { type: 'object', maxProperties: 4, properties: { mono: { type: 'number' }, colour: { type: 'number' } } },
    leaseTermMonths: { type: 'number' },
  },
} as const;

/** A product as it is quoted: its prices, its lease only where one is offered (leaseOffer), its own prices per page. */
export function quotedProductOf(product: Product, lease: LeaseTerms): QuotedProduct {
  const offer = leaseOffer(product, lease);
  return {
    ...basketItemOf(product),
    path: productPath(product),
    startingFrom: startingFromPence(product),
    leaseQuarterly: offer?.paymentPence ?? null,
    rentalPerMonth: offer?.perMonthPence ?? null,
    paperSize: product.paperSize ?? null,
    servicePerPage: servicePerPageOf(product),
  };
}

type QuoteRequest = Awaited<ReturnType<typeof validateBody<typeof quoteRequestSchema>>>;
export type Trx = Parameters<Parameters<typeof writeOnce>[0]['work']>[0];
export type CheckedQuote = { quote: QuoteRequest; products: QuotedProduct[] };

/**
 * The request checked: the form and the products together, so that every problem is reported at
 * once (400 with field errors; "Some of the products…" when only products are wrong). The products
 * are read in the write's transaction.
 */
export async function checkQuote(trx: Trx, body: unknown, terms: CommercialTerms): Promise<CheckedQuote> {
  const { lease } = terms;
  let quote: QuoteRequest | null = null;
  let fieldErrors: Record<string, string> = {};
  try {
    quote = await validateBody(quoteRequestSchema, body);
  } catch (error) {
    if (!(error instanceof HttpError) || !error.fieldErrors || error.fieldErrors._) throw error;
    fieldErrors = { ...error.fieldErrors };
  }
  const raw = (body as { productIds?: unknown }).productIds;
  const ids =
    quote?.productIds ??
    (Array.isArray(raw) ? raw.filter((id): id is string => typeof id === 'string' && MODEL_ID_PATTERN.test(id)).slice(0, 10) : []);
  const byId = await productsByModelIds(trx, ids);
  (Array.isArray(raw) ? raw : []).forEach((id, i) => {
    if (typeof id !== 'string' || !ids.includes(id)) return;
    const product = byId.get(id);
    if (!product) fieldErrors[`productIds[${i}]`] ??= 'This product is not in our range.';
    else if (product.isActive !== 1) fieldErrors[`productIds[${i}]`] ??= 'This product is no longer available.';
  });
  const term = (body as { leaseTermMonths?: unknown }).leaseTermMonths;
  if (quote?.leaseTermMonths !== undefined && !lease.termsOfferedMonths.includes(quote.leaseTermMonths)) {
    fieldErrors.leaseTermMonths ??= QUOTE_TERM_MESSAGE;
  } else if (!quote && typeof term === 'number' && !fieldErrors.leaseTermMonths && !lease.termsOfferedMonths.includes(term)) {
    fieldErrors.leaseTermMonths = QUOTE_TERM_MESSAGE;
  }
  if (!quote || Object.keys(fieldErrors).length) {
    const onlyProducts = Object.keys(fieldErrors).every((key) => key.startsWith('productIds'));
    throw badRequest(fieldErrors, onlyProducts ? 'Some of the products in the basket are not available.' : undefined);
  }
  return { quote, products: ids.map((id) => quotedProductOf(byId.get(id)!, lease)) };
}

/** What the outbox sends for a stored quote: the visitor's quote, the sales notification and, when configured, the forward. */
function quoteJobs(
  { config, mailContext }: { config: WriteDeps['config']; mailContext: MailContext },
  quote: {
    reference: string;
    createdAt: string;
    contactDetails: QuoteRequest['contactDetails'];
    products: QuotedProduct[];
    utm: Record<string, string>;
    volumes: MonthlyPages | null;
    leaseTermMonths: number | null;
  },
): OutboxJob[] {
  const { reference, createdAt, contactDetails, products, utm, volumes, leaseTermMonths } = quote;
  const forMail = { reference, createdAt, contact: contactDetails, products, volumes, leaseTermMonths };
  const jobs: OutboxJob[] = [
    { channel: 'mail', kind: 'quote-visitor', reference, payload: quoteVisitorMail(mailContext, forMail) },
    { channel: 'mail', kind: 'quote-sales', reference, payload: quoteSalesMail(mailContext, forMail, utm) },
  ];
  if (config.enquiryApi) {
    jobs.push({
      channel: 'enquiry-api',
      kind: 'quote-forward',
      reference,
      payload: { type: 'quote', reference, createdAt, data: { contactDetails, products, utm, volumes, leaseTermMonths } },
    });
  }
  return jobs;
}

/** Stores a checked quote and its outbox rows in the write's transaction; its reference. */
export async function storeQuote(trx: Trx, deps: Parameters<typeof quoteJobs>[0], checked: CheckedQuote, now: number) {
  const { quote, products } = checked;
  const reference = newReference();
  const createdAt = new Date(now).toISOString();
  const utm = Object.fromEntries(Object.entries(quote.utm ?? {}).filter(([, v]) => typeof v === 'string' && v)) as Record<string, string>;
  const contactDetails = quote.contactDetails;
  const volumes = quote.volumes ? { mono: quote.volumes.mono, colour: quote.volumes.colour } : null;
  const leaseTermMonths = quote.leaseTermMonths ?? null;
  await insertQuote(trx, { reference, createdAt, products, contactDetails, utm, volumes, leaseTermMonths });
  await queueJobs(trx, quoteJobs(deps, { reference, createdAt, contactDetails, products, utm, volumes, leaseTermMonths }), now);
  return reference;
}

export const quotePlugin: FastifyPluginAsync<WriteDeps> = async (app, { db, outbox, config, clock, terms }) => {
  const mailContext: MailContext = { from: config.mailFrom, salesEmail: config.salesEmail, publicUrl: config.publicUrl, terms };

  app.post(
    '/api/quote',
    { config: perMinute(config.rateLimits.quotePerMinute), schema: { body: quoteBodySchema } },
    async (request, reply) => {
      const now = clock();
      const result = await writeOnce({
        db,
        scope: 'quote',
        key: idempotencyKeyOf(request),
        body: request.body,
        now,
        work: async (trx) => {
          const reference = await storeQuote(trx, { config, mailContext }, await checkQuote(trx, request.body, terms), now);
          return { statusCode: 201, body: { reference } };
        },
      });
      const { reference } = result.body as { reference: string };
      if (result.replayed) {
        request.log.info({ reference }, 'quote: repeated request answered from its Idempotency-Key');
        reply.header('Idempotent-Replayed', 'true');
      } else {
        request.log.info({ reference }, 'quote stored');
        outbox.wake();
      }
      return reply.code(result.statusCode).send(result.body);
    },
  );
};
