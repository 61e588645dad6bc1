/**
 * POST /api/report (docs/product-rules.md "Report and quote"): the savings checker's report.
 *
 * Body: { answers: SavingsAnswers, contactDetails: ContactDetails, captcha: string, machine?: string }
 * where captcha is the ALTCHA widget's payload and machine the modelId the checker was opened
 * for (`?machine=`): the server reads that product itself and prices Copytech's side with its
 * rental and its own prices per page; an unknown, inactive or non-printing one (or none) gives the
 * terms' "from" prices, and the report says which. The answers are validated with the shared schema
 * (parseSavingsAnswers: Copytech's own prices per page, whatever was sent) and the contact
 * details with the quote form's schema; every problem is a 400 with field errors keyed
 * 'answers.…', 'contactDetails.…' or 'captcha'. Only then is the human check verified, and used
 * up in the same transaction that stores the report, so a bad request never spends it.
 *
 * The figures are recomputed here with the shared calculation, never taken from the browser.
 * The report is stored with a reference, and the visitor's report and the sales copy go through
 * the outbox before the answer: 201 { reference }. Rate limited like the other forms.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ValidationError } from 'yup';
import {
  calculateSavings,
  checkerMachineOf,
  fieldErrorsOf,
  fittingListPath,
  machineFit,
  machineNeedsOf,
  pagesPerMonth,
  type MachineFit,
  type Product,
  readCheckerMachineId,
  type CheckerMachineLookup,
  type CommercialTerms,
  type ContactDetails,
  type SavingsAnswers,
} from '@copytech/shared/domain';
import { productsByModelIds } from '../catalogue';
import type { Db } from '../../db/database';
import { contactDetailsSchema, parseSavingsAnswers } from '@copytech/shared/forms';
import { CHECK_FIELDS_MESSAGE, badRequest, requireObject } from '../../http/errors';
import type { MailContext } from '../../mail/layout';
import type { OutboxJob } from '../../outbox/outbox';
import { newReference } from '../../writes/reference';
import { reportSalesMail, reportVisitorMail } from './reportMail';
import { CAPTCHA_MESSAGES, captchaSecrets, checkCaptcha } from '../../captcha/captcha';
import { storeReport } from './reportStore';
import { contactDetailsShape, perMinute, stringUpTo, type WriteDeps } from '../../writes/writeDeps';

/** The shape only (Fastify checks it first, so the yup schemas see the types they expect). */
export const reportBodySchema = {
  type: 'object',
  properties: {
    answers: {
      type: 'object',
      properties: {
        otherChargesPricePerPeriod: { type: 'array', maxItems: 20, items: { type: 'object', properties: { name: stringUpTo(500) } } },
      },
    },
    contactDetails: contactDetailsShape,
    captcha: stringUpTo(4_000),
    machine: { type: ['string', 'null'], maxLength: 200 },
  },
} as const;

interface ReportBody {
  answers?: unknown;
  contactDetails?: unknown;
  captcha?: unknown;
  machine?: unknown;
}

/** The machine the checker was opened for, read from the catalogue here (never priced from the body); null when none was asked for. */
async function machineFor(db: Db, value: unknown, terms: CommercialTerms): Promise<CheckerMachineLookup | null> {
  if (value === undefined || value === null || value === '') return null;
  const modelId = readCheckerMachineId(value);
  if (!modelId) return { machine: null, problem: 'unknown' };
  const product = (await productsByModelIds(db, [modelId])).get(modelId) ?? null;
  return checkerMachineOf(product, terms);
}

/**
 * Without a machine chosen, the machine that fits the visitor's pages (docs/product-rules.md "The
 * machine the checker compares with"), from the same list the checker page reads (answered by
 * this server, in process); null when none fits or the list cannot be read.
 */
async function fitFor(
  inject: (url: string) => Promise<{ statusCode: number; json: () => unknown }>,
  answers: SavingsAnswers,
  terms: CommercialTerms,
): Promise<MachineFit | null> {
  const needs = machineNeedsOf(answers, pagesPerMonth);
  if (!needs) return null;
  const answer = await inject(fittingListPath(needs));
  if (answer.statusCode !== 200) return null;
  const results = (answer.json() as { results?: unknown }).results;
  return Array.isArray(results) ? machineFit(results as Product[], answers, terms, pagesPerMonth) : null;
}

function prefixed(prefix: string, errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([path, message]) => [path === '_' || path === '' ? prefix : `${prefix}.${path}`, message]),
  );
}

/** Every problem with the answers and the contact details, or the validated values. */
async function validateReport(body: ReportBody): Promise<{ answers: SavingsAnswers; contact: ContactDetails }> {
  const fieldErrors: Record<string, string> = {};
  let answers: SavingsAnswers | null = null;
  let contact: ContactDetails | null = null;
  try {
    answers = parseSavingsAnswers(body.answers);
  } catch (error) {
    if (error instanceof ValidationError) Object.assign(fieldErrors, prefixed('answers', fieldErrorsOf(error)));
    else if (error instanceof TypeError) fieldErrors.answers = 'The answers are not valid.';
    else throw error;
  }
  try {
    if (typeof body.contactDetails !== 'object' || body.contactDetails === null || Array.isArray(body.contactDetails)) {
      fieldErrors.contactDetails = 'Please send your contact details.';
    } else {
      contact = (await contactDetailsSchema.validate(body.contactDetails, { abortEarly: false })) as ContactDetails;
    }
  } catch (error) {
    if (error instanceof ValidationError) Object.assign(fieldErrors, prefixed('contactDetails', fieldErrorsOf(error)));
    else if (error instanceof TypeError) fieldErrors.contactDetails = 'The contact details are not valid.';
    else throw error;
  }
  if (typeof body.captcha !== 'string' || body.captcha === '') fieldErrors.captcha = CAPTCHA_MESSAGES.missing;
  if (!answers || !contact || Object.keys(fieldErrors).length) throw badRequest(fieldErrors, CHECK_FIELDS_MESSAGE);
  return { answers, contact };
}

export const reportPlugin: FastifyPluginAsync<WriteDeps> = async (app, { db, outbox, config, clock, terms }) => {
  const mailContext: MailContext = { from: config.mailFrom, salesEmail: config.salesEmail, publicUrl: config.publicUrl, terms };
  const secrets = captchaSecrets();

  app.post(
    '/api/report',
    { config: perMinute(config.rateLimits.formsPerMinute), schema: { body: reportBodySchema } },
    async (request, reply) => {
      requireObject(request.body);
      const body = request.body as ReportBody;
      const { answers, contact } = await validateReport(body);

      const check = await checkCaptcha(body.captcha, secrets);
      if (!check.ok) throw badRequest({ captcha: check.message }, check.message);

      // The browser's figures, if it sent any, are not even read: these are the report's, with
      // the machine's prices as the catalogue holds them.
      const lookup = await machineFor(db, body.machine, terms);
      const fit = lookup?.machine ? null : await fitFor((url) => app.inject({ method: 'GET', url }), answers, terms);
      const result = calculateSavings(answers, terms, lookup?.machine ?? null, fit);
      const reference = newReference();
      const now = clock();
      const createdAt = new Date(now).toISOString();
      const jobs: OutboxJob[] = [
        {
          channel: 'mail',
          kind: 'report-visitor',
          reference,
          payload: reportVisitorMail(mailContext, reference, contact, answers, result, lookup?.problem ?? null),
        },
        {
          channel: 'mail',
          kind: 'report-sales',
          reference,
          payload: reportSalesMail(mailContext, reference, contact, answers, result, createdAt, lookup?.problem ?? null),
        },
      ];
      if (!(await storeReport(db, check, { reference, createdAt, answers, contact, result }, jobs, now)))
        throw badRequest({ captcha: CAPTCHA_MESSAGES.used }, CAPTCHA_MESSAGES.used);
      request.log.info({ reference, status: result.status }, 'savings report stored');
      outbox.wake();
      return reply.code(201).send({ reference });
    },
  );
};
