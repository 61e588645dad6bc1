/**
 * POST /api/newsletter: the footer's sign-up form (docs/product-rules.md "Newsletter sign-up"), posted as
 * multipart/form-data or application/x-www-form-urlencoded with the fields
 * mauticform[first_name], mauticform[email], mauticform[formId], mauticform[formName] and
 * mauticform[return]. Without MAUTIC_URL the sign-up is stored here (one row per e-mail; signing
 * up again changes nothing); with it, the form is forwarded there through the outbox.
 * 201 { ok: true }, or 400 with field errors ('The email is a required field.').
 *
 * The same sign-up posted without JavaScript to the newsletter's page (newsletterFormPost, served by
 * pages/formPosts.ts) is checked and stored by the same code.
 */
import multipart from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { NEWSLETTER_FIELDS, NEWSLETTER_FORM, newsletterFieldName, type NewsletterField } from '@copytech/shared/domain';
import { newsletterSchema } from '@copytech/shared/forms';
import { HttpError, requireObject, validateBody } from '../../http/errors';
import { queueJobs, type OutboxJob } from '../../outbox/outbox';
import type { FormPost } from '../../pages/formPosts';
import { siteOrigin } from '../../pages/origin';
import { perMinute, type WriteDeps } from '../../writes/writeDeps';
import { insertSignup } from './newsletterStore';

const FIELD_BY_NAME = new Map<string, NewsletterField>(NEWSLETTER_FIELDS.map((field) => [newsletterFieldName(field), field]));

/** The newsletter fields from a form's name/value pairs ('mauticform[email]' → email); others ignored. */
export function newsletterFieldsOf(pairs: Iterable<[string, unknown]>): Partial<Record<NewsletterField, string>> {
  const fields: Partial<Record<NewsletterField, string>> = {};
  for (const [name, value] of pairs) {
    const field = FIELD_BY_NAME.get(name) ?? (NEWSLETTER_FIELDS as readonly string[]).find((f) => f === name);
    if (field && typeof value === 'string') fields[field as NewsletterField] = value;
  }
  return fields;
}

async function formPairs(request: FastifyRequest): Promise<Array<[string, unknown]>> {
  if (request.isMultipart()) {
    const pairs: Array<[string, unknown]> = [];
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          part.file.resume();
          throw new HttpError(400, 'This form takes no files.', { _: 'This form takes no files.' });
        }
        pairs.push([part.fieldname, part.value]);
      }
    } catch (error) {
      const status = (error as { statusCode?: unknown }).statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500) throw error;
      // A malformed body (no boundary, cut short…) is the sender's fault, not ours.
      throw new HttpError(400, 'The form could not be read.', { _: 'The form could not be read.' });
    }
    return pairs;
  }
  requireObject(request.body);
  return Object.entries(request.body);
}

/** Validates a sign-up with the shared schema, then stores it or queues it for the marketing form. Throws the 400 of one that fails. */
async function signUp({ db, outbox, config, clock }: WriteDeps, fields: Partial<Record<NewsletterField, string>>, log: FastifyBaseLogger) {
  const signup = await validateBody(newsletterSchema, fields);
  const now = clock();
  const email = signup.email.toLowerCase();
  if (config.mauticUrl) {
    const form: Record<string, string> = {};
    for (const field of NEWSLETTER_FIELDS) {
      const value = signup[field];
      if (value) form[newsletterFieldName(field)] = value;
    }
    const job: OutboxJob = {
      channel: 'mautic',
      kind: 'newsletter-forward',
      reference: null,
      payload: { formId: signup.formId ?? null, fields: form },
    };
    await queueJobs(db, [job], now);
    outbox.wake();
    log.info('newsletter sign-up queued for the marketing form');
  } else {
    const newSignup = await insertSignup(db, {
      email,
      firstName: signup.first_name || null,
      formId: signup.formId || null,
      formName: signup.formName || null,
      createdAt: new Date(now).toISOString(),
    });
    log.info({ newSignup }, 'newsletter sign-up stored');
  }
}

export const newsletterPlugin: FastifyPluginAsync<WriteDeps> = async (app, deps) => {
  // Parsers for this plugin's routes only; tight limits: a handful of short text fields, no files.
  await app.register(multipart, {
    limits: { fieldNameSize: 100, fieldSize: 1000, fields: 12, fileSize: 1, files: 0, parts: 12, headerPairs: 50 },
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.post('/api/newsletter', { config: perMinute(deps.config.rateLimits.formsPerMinute) }, async (request, reply) => {
    await signUp(deps, newsletterFieldsOf(await formPairs(request)), request.log);
    return reply.code(201).send({ ok: true });
  });
};

/** The fields the sign-up posts without JavaScript (the footer's form and a CMS block's). */
export const NEWSLETTER_FORM_FIELDS = ['first_name', 'email'] as const;

/**
 * The sign-up posted without JavaScript (pages/formPosts.ts) to the newsletter's page: the same
 * rules and store as POST /api/newsletter, with the marketing form's id and name the script's form
 * sends, and the page's address as its return address.
 */
export function newsletterFormPost(deps: WriteDeps): FormPost {
  return {
    form: 'newsletter',
    fields: NEWSLETTER_FORM_FIELDS,
    async handle(fields, page, request) {
      const signup = {
        first_name: (fields.first_name ?? '').trim(),
        email: (fields.email ?? '').trim(),
        formId: NEWSLETTER_FORM.id,
        formName: NEWSLETTER_FORM.name,
        return: new URL(page, siteOrigin(deps.config, request)).href,
      };
      try {
        await signUp(deps, signup, request.log);
        return { status: 200, posted: { status: 'sent', reference: null } };
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 400 && error.fieldErrors) {
          return { status: 400, posted: { status: 'invalid', values: fields, fieldErrors: error.fieldErrors } };
        }
        throw error;
      }
    },
  };
}
