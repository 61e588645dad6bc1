/**
 * POST /api/enquiries/send: a contact-us enquiry ({ kind: 'enquiry', … }) or a customer-support
 * service request ({ kind: 'service-request', … }), validated with the shared schemas the
 * content remote's forms use. Stored with a reference, then mailed to sales with an
 * acknowledgement to the visitor, and forwarded to the hosted enquiry endpoint when configured
 * (all through the outbox). 201 { reference }. Idempotency-Key as for quotes.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ENQUIRY_MESSAGES, type EnquiryRequest, type ServiceRequest } from '@copytech/shared/domain';
import { enquirySchemaFor } from '@copytech/shared/forms';
import { badRequest, requireObject, validateBody } from '../../http/errors';
import { enquirySalesMail, enquiryVisitorMail } from './enquiryMail';
import { insertEnquiry } from './enquiryStore';
import { queueJobs, type OutboxJob } from '../../outbox/outbox';
import { idempotencyKeyOf, writeOnce } from '../../writes/idempotency';
import { newReference } from '../../writes/reference';
import { perMinute, stringUpTo, type WriteDeps } from '../../writes/writeDeps';

/**
 * The body's JSON schema: only its shape (objects, strings, lists, sizes), checked by Fastify before
 * the handler, so that the shared yup rules applied next only ever see strings where they expect
 * them (yup's trim() throws on an object or an array instead of reporting it).
 */
export const enquiryBodySchema = {
  type: 'object',
  properties: {
    kind: stringUpTo(50),
    name: stringUpTo(500),
    email: stringUpTo(500),
    phone: stringUpTo(500),
    company: stringUpTo(500),
    message: stringUpTo(10_000),
    consent: { type: 'boolean' },
    machine: stringUpTo(500),
    serialNumber: stringUpTo(500),
    fault: stringUpTo(10_000),
    urgency: stringUpTo(50),
  },
} as const;

export const enquiriesPlugin: FastifyPluginAsync<WriteDeps> = async (app, { db, outbox, config, clock, terms }) => {
  const mailContext = { from: config.mailFrom, salesEmail: config.salesEmail, publicUrl: config.publicUrl, terms };

  app.post(
    '/api/enquiries/send',
    { config: perMinute(config.rateLimits.formsPerMinute), schema: { body: enquiryBodySchema } },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const now = clock();
      const result = await writeOnce({
        db,
        scope: 'enquiry',
        key,
        body: request.body,
        now,
        work: async (trx) => {
          const schema = enquirySchemaFor(request.body);
          if (!schema) {
            requireObject(request.body);
            throw badRequest({ kind: ENQUIRY_MESSAGES.kind }, ENQUIRY_MESSAGES.kind);
          }
          const enquiry = (await validateBody(schema, request.body)) as EnquiryRequest | ServiceRequest;
          const reference = newReference();
          const createdAt = new Date(now).toISOString();
          await insertEnquiry(trx, { reference, createdAt, request: enquiry });
          const jobs: OutboxJob[] = [
            {
              channel: 'mail',
              kind: `${enquiry.kind}-sales`,
              reference,
              payload: enquirySalesMail(mailContext, reference, enquiry, createdAt),
            },
            { channel: 'mail', kind: `${enquiry.kind}-visitor`, reference, payload: enquiryVisitorMail(mailContext, reference, enquiry) },
          ];
          if (config.enquiryApi) {
            jobs.push({
              channel: 'enquiry-api',
              kind: `${enquiry.kind}-forward`,
              reference,
              payload: { type: enquiry.kind, reference, createdAt, data: enquiry },
            });
          }
          await queueJobs(trx, jobs, now);
          return { statusCode: 201, body: { reference } };
        },
      });
      const { reference } = result.body as { reference: string };
      if (result.replayed) reply.header('Idempotent-Replayed', 'true');
      else {
        request.log.info({ reference }, 'enquiry stored');
        outbox.wake();
      }
      return reply.code(result.statusCode).send(result.body);
    },
  );
};
