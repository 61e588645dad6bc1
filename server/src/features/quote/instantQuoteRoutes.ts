/**
 * A single machine's instant quote without JavaScript (docs/api.md "Pages the server writes
 * itself"; docs/product-rules.md "Quote flow"):
 *
 * - GET /instant-quote/:modelId[?mono=&colour=]: the form (instantQuotePage.ts), its figures at
 *   the query's volumes (the product page's "Work it out" form) or the machine's class's.
 * - POST /instant-quote/:modelId (application/x-www-form-urlencoded): the contact fields, the
 *   volumes and the form's key, checked by the rules of POST /api/quote (`checkQuote`: the shared
 *   schema, the product active), stored with the same e-mails (`storeQuote`) under the form's key
 *   as an Idempotency-Key, so pressing Send twice, or reloading the answer, stores one quote. The
 *   answer is a page: the confirmation (200), or the form with every problem and everything typed
 *   kept (400). Personal data is only ever in the body, never in a URL or a log.
 * - POST /instant-quote/:modelId/figures: "Work out the figures again": the form again at the
 *   volumes typed, nothing checked or stored.
 *
 * The posts are the site's own forms only: `Sec-Fetch-Site: same-origin` (or, without it, the
 * site's `Origin`), else 403, so another site cannot make its visitors' browsers send quotes; and
 * they are rate limited as POST /api/quote is. Answers are never cached. The urlencoded parser is
 * this plugin's alone: POST /api/quote still takes JSON only.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  CONTACT_FIELDS,
  IDEMPOTENCY_KEY_PATTERN,
  MODEL_ID_PATTERN,
  QUOTE_VOLUME_MESSAGE,
  boundedPages,
  defaultMonthlyPages,
  type Product,
} from '@copytech/shared/domain';
import { productsByModelIds } from '../catalogue';
import { HttpError } from '../../http/errors';
import type { MailContext } from '../../mail/layout';
import { crossSitePost } from '../../pages/origin';
import { writeOnce } from '../../writes/idempotency';
import { perMinute, type WriteDeps } from '../../writes/writeDeps';
import {
  INSTANT_QUOTE_CSS,
  INSTANT_QUOTE_CSS_PATH,
  instantQuoteFormPage,
  instantQuoteProblemPage,
  instantQuoteSentPage,
  pagesOf,
  volumeKinds,
  type InstantQuoteValues,
} from './instantQuotePage';
import { checkQuote, storeQuote } from './quoteRoutes';

type Params = { modelId: string };

/** The form's fields from a post: strings only, each cut to a sane length (the rules bound them further). */
function valuesOf(body: unknown): InstantQuoteValues & { key: string } {
  const raw = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const read = (field: string, max: number) => (typeof raw[field] === 'string' ? (raw[field] as string).slice(0, max) : '');
  return {
    firstName: read('firstName', 200),
    lastName: read('lastName', 200),
    email: read('email', 300),
    phoneNumber: read('phoneNumber', 100),
    postcode: read('postcode', 50),
    mono: read('mono', 20),
    colour: read('colour', 20),
    key: read('key', 100),
  };
}

/** Field errors of the API's paths ('contactDetails.email', 'volumes.mono') as the form's fields. */
function formErrors(fieldErrors: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(fieldErrors)) {
    const field = path.replace(/^contactDetails\./, '').replace(/^volumes\./, '');
    const key = (CONTACT_FIELDS as readonly string[]).includes(field) || field === 'mono' || field === 'colour' ? field : '_';
    errors[key] ??= message;
  }
  // In the form's order, so the summary reads as the form does.
  const order = ['mono', 'colour', ...CONTACT_FIELDS, '_'];
  return Object.fromEntries(order.filter((field) => errors[field]).map((field) => [field, errors[field]!]));
}

const page = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);

interface Context extends WriteDeps {
  mailContext: MailContext;
}

/** The machine of the path, if it can be quoted (known and active). */
async function machineOf(db: WriteDeps['db'], modelId: string): Promise<Product | null> {
  if (!MODEL_ID_PATTERN.test(modelId)) return null;
  const product = (await productsByModelIds(db, [modelId])).get(modelId);
  return product && product.isActive === 1 ? product : null;
}

const noMachine = (reply: FastifyReply) =>
  page(
    reply,
    404,
    instantQuoteProblemPage(
      'We cannot quote for that machine',
      'It is not in our range, or no longer available. Browse the range for another, or call us and we will help.',
    ),
  );
const crossSite = (reply: FastifyReply) =>
  page(
    reply,
    403,
    instantQuoteProblemPage('This form was not sent from our site', 'Nothing has been sent. Please ask for your quote on our own site.'),
  );

const formOf = (terms: WriteDeps['terms'], product: Product, values: InstantQuoteValues, errors: Record<string, string>, key: string) =>
  instantQuoteFormPage({ product, terms, values, errors, key, ...volumeKinds(product) });

/** GET: the form, at the query's volumes or the class's. */
async function showForm(
  ctx: Context,
  request: FastifyRequest<{ Params: Params; Querystring: { mono?: unknown; colour?: unknown } }>,
  reply: FastifyReply,
) {
  const product = await machineOf(ctx.db, request.params.modelId);
  if (!product) return noMachine(reply);
  const defaults = defaultMonthlyPages(product) ?? { mono: 0, colour: 0 };
  const start = (name: 'mono' | 'colour') => {
    const value = request.query[name];
    return String(typeof value === 'string' ? boundedPages(value) : defaults[name]);
  };
  const values = { firstName: '', lastName: '', email: '', phoneNumber: '', postcode: '', mono: start('mono'), colour: start('colour') };
  return page(reply, 200, formOf(ctx.terms, product, values, {}, randomUUID()));
}

/** POST …/figures: the form again at the volumes typed; nothing checked but the volumes, nothing stored. */
async function refigure(ctx: Context, request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
  if (crossSitePost(request, ctx.config)) return crossSite(reply);
  const product = await machineOf(ctx.db, request.params.modelId);
  if (!product) return noMachine(reply);
  const { key, ...values } = valuesOf(request.body);
  const errors: Record<string, string> = {};
  for (const field of ['mono', 'colour'] as const) {
    if (Number.isNaN(pagesOf(values[field]))) errors[field] = QUOTE_VOLUME_MESSAGE;
  }
  const formKey = IDEMPOTENCY_KEY_PATTERN.test(key) ? key : randomUUID();
  return page(reply, Object.keys(errors).length ? 400 : 200, formOf(ctx.terms, product, values, errors, formKey));
}

/** POST: checked and stored as POST /api/quote is, under the form's key; the confirmation, or the form with its problems. */
async function send(ctx: Context, request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
  if (crossSitePost(request, ctx.config)) return crossSite(reply);
  const product = await machineOf(ctx.db, request.params.modelId);
  if (!product) return noMachine(reply);
  const { key: typedKey, ...values } = valuesOf(request.body);
  const key = IDEMPOTENCY_KEY_PATTERN.test(typedKey) ? typedKey : randomUUID();
  const { prints, colour } = volumeKinds(product);
  const body = {
    productIds: [product.modelId],
    contactDetails: Object.fromEntries(CONTACT_FIELDS.map((field) => [field, values[field]])),
    eventType: 'QUOTE',
    utm: {},
    ...(prints ? { volumes: { mono: pagesOf(values.mono), colour: colour ? pagesOf(values.colour) : 0 } } : {}),
  };
  const now = ctx.clock();
  try {
    const result = await writeOnce({
      db: ctx.db,
      scope: 'quote',
      key,
      body,
      now,
      work: async (trx) => {
        const checked = await checkQuote(trx, body, ctx.terms);
        const reference = await storeQuote(trx, { config: ctx.config, mailContext: ctx.mailContext }, checked, now);
        return { statusCode: 201, body: { reference } };
      },
    });
    const { reference } = result.body as { reference: string };
    if (result.replayed) request.log.info({ reference }, 'instant quote: the same form sent again, answered from its key');
    else {
      request.log.info({ reference }, 'instant quote stored (form without JavaScript)');
      ctx.outbox.wake();
    }
    return page(reply, 200, instantQuoteSentPage(product, reference, values.email.trim()));
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 400 && error.fieldErrors) {
      return page(reply, 400, formOf(ctx.terms, product, values, formErrors(error.fieldErrors), key));
    }
    // This form's key was spent on a quote with other details (sent, then changed): a new key, and say so.
    if (error instanceof HttpError && error.statusCode === 422) {
      const errors = { _: 'This form was already sent with other details. Check your details and send again for a new quote.' };
      return page(reply, 400, formOf(ctx.terms, product, values, errors, randomUUID()));
    }
    throw error;
  }
}

export const instantQuotePlugin: FastifyPluginAsync<WriteDeps> = async (app, deps) => {
  const { config, terms } = deps;
  const ctx: Context = {
    ...deps,
    mailContext: { from: config.mailFrom, salesEmail: config.salesEmail, publicUrl: config.publicUrl, terms },
  };
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.get(INSTANT_QUOTE_CSS_PATH, async (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=3600').type('text/css; charset=utf-8').send(INSTANT_QUOTE_CSS),
  );
  app.get<{ Params: Params; Querystring: { mono?: unknown; colour?: unknown } }>('/instant-quote/:modelId', (request, reply) =>
    showForm(ctx, request, reply),
  );
  app.post<{ Params: Params }>(
    '/instant-quote/:modelId/figures',
    { config: perMinute(config.rateLimits.quotePerMinute * 3) },
    (request, reply) => refigure(ctx, request, reply),
  );
  app.post<{ Params: Params }>('/instant-quote/:modelId', { config: perMinute(config.rateLimits.quotePerMinute) }, (request, reply) =>
    send(ctx, request, reply),
  );
};
