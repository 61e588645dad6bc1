/**
 * POST /api/enquiries/send: a contact-us enquiry ({ kind: 'enquiry', … }) or a customer-support
 * service request ({ kind: 'service-request', … }), validated with the shared schemas the
 * content remote's forms use. Stored with a reference, then mailed to sales with an
 * acknowledgement to the visitor, and forwarded to the hosted enquiry endpoint when configured
 * (all through the outbox). 201 { reference }. Idempotency-Key as for quotes.
 *
 * The same two forms posted without JavaScript to their page (enquiryFormPosts, served by
 * pages/formPosts.ts) are stored and mailed by the same code.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ENQUIRY_KINDS, ENQUIRY_MESSAGES, type EnquiryKind, type EnquiryRequest, type ServiceRequest } from '@copytech/shared/domain';
import { enquirySchemaFor } from '@copytech/shared/forms';
import { HttpError, badRequest, requireObject, validateBody } from '../../http/errors';
import type { MailContext } from '../../mail/layout';
import type { FormPost } from '../../pages/formPosts';
import { enquirySalesMail, enquiryVisitorMail } from './enquiryMail';
import { insertEnquiry } from './enquiryStore';
import { queueJobs, type OutboxJob } from '../../outbox/outbox';
import { idempotencyKeyOf, requestHash, writeOnce, type StoredResponse } from '../../writes/idempotency';
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

/** What storing an enquiry needs: the write's dependencies and the e-mails' context. */
interface EnquiryWrite {
  deps: WriteDeps;
  mailContext: MailContext;
}

/**
 * Validates an enquiry or a service request with the shared schema and stores it with its e-mails
 * (and its forward) in one transaction, once per key. Throws the 400 of a body that fails its rules.
 */
async function storeEnquiry({ deps, mailContext }: EnquiryWrite, body: unknown, key: string | null): Promise<StoredResponse> {
  const { db, config } = deps;
  const now = deps.clock();
  return writeOnce({
    db,
    scope: 'enquiry',
    key,
    body,
    now,
    work: async (trx) => {
      const schema = enquirySchemaFor(body);
      if (!schema) {
        requireObject(body);
        throw badRequest({ kind: ENQUIRY_MESSAGES.kind }, ENQUIRY_MESSAGES.kind);
      }
      const enquiry = (await validateBody(schema, body)) as EnquiryRequest | ServiceRequest;
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
}

function mailContextOf({ config, terms }: WriteDeps): MailContext {
  return { from: config.mailFrom, salesEmail: config.salesEmail, publicUrl: config.publicUrl, terms };
}

export const enquiriesPlugin: FastifyPluginAsync<WriteDeps> = async (app, deps) => {
  const write = { deps, mailContext: mailContextOf(deps) };

  app.post(
    '/api/enquiries/send',
    { config: perMinute(deps.config.rateLimits.formsPerMinute), schema: { body: enquiryBodySchema } },
    async (request, reply) => {
      const result = await storeEnquiry(write, request.body, idempotencyKeyOf(request));
      const { reference } = result.body as { reference: string };
      if (result.replayed) reply.header('Idempotent-Replayed', 'true');
      else {
        request.log.info({ reference }, 'enquiry stored');
        deps.outbox.wake();
      }
      return reply.code(result.statusCode).send(result.body);
    },
  );
};

/** The fields each form posts without JavaScript, as its form names them (the request's own names). */
export const ENQUIRY_FORM_FIELDS: Record<EnquiryKind, readonly string[]> = {
  enquiry: ['name', 'email', 'phone', 'company', 'message'],
  'service-request': ['name', 'email', 'phone', 'company', 'machine', 'serialNumber', 'fault', 'urgency'],
};
/** Fields the visitor may leave empty: an empty one is left out of the request, as the script's form does. */
const OPTIONAL: Record<EnquiryKind, ReadonlySet<string>> = {
  enquiry: new Set(['phone', 'company']),
  'service-request': new Set(),
};

/** The request a form's posted fields make: trimmed, empty optional fields left out (as the content room's forms send it). */
export function enquiryFormRequest(kind: EnquiryKind, fields: Record<string, string>): Record<string, string> {
  const request: Record<string, string> = { kind };
  for (const name of ENQUIRY_FORM_FIELDS[kind]) {
    const value = (fields[name] ?? '').trim();
    if (value || !OPTIONAL[kind].has(name)) request[name] = value;
  }
  return request;
}

/**
 * The enquiry and the service request posted without JavaScript (pages/formPosts.ts): the same
 * rules, store and e-mails as POST /api/enquiries/send. A post sent again (a reload of the answer)
 * within a day is the same write: its key is the request's own hash, so it gets the first
 * reference and stores nothing new.
 */
export function enquiryFormPosts(deps: WriteDeps): FormPost[] {
  const write = { deps, mailContext: mailContextOf(deps) };
  return ENQUIRY_KINDS.map((kind) => ({
    form: kind,
    fields: ENQUIRY_FORM_FIELDS[kind],
    async handle(fields, _page, request) {
      const body = enquiryFormRequest(kind, fields);
      try {
        const result = await storeEnquiry(write, body, `form-${requestHash(body).slice(0, 40)}`);
        const { reference } = result.body as { reference: string };
        if (!result.replayed) {
          request.log.info({ reference }, 'enquiry stored (posted without JavaScript)');
          deps.outbox.wake();
        }
        return { status: 200, posted: { status: 'sent', reference } };
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 400 && error.fieldErrors) {
          return { status: 400, posted: { status: 'invalid', values: fields, fieldErrors: error.fieldErrors } };
        }
        throw error;
      }
    },
  }));
}
