/**
 * One error shape for every 4xx and 5xx answer (ApiErrorBody in @copytech/shared/domain):
 * { error, statusCode, message, fieldErrors? }. Bad input is always a 4xx with field errors,
 * never a 500; a 500 says nothing about the internals and is logged without the request body.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ValidationError, type Schema } from 'yup';
import { fieldErrorsOf, type ApiErrorBody } from '@copytech/shared/domain';
import { tooManyPostsPage } from '../pages/plainPage';
import { DEPENDENCY_AWAY_MESSAGE, isDependencyDown, markDependencyAway } from './dependencies';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
  }
}

export function errorBody(statusCode: number, message: string, fieldErrors?: Record<string, string>): ApiErrorBody {
  return { error: STATUS_CODES[statusCode] ?? 'Error', statusCode, message, ...(fieldErrors ? { fieldErrors } : {}) };
}

export function sendError(reply: FastifyReply, statusCode: number, message: string, fieldErrors?: Record<string, string>): FastifyReply {
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send(errorBody(statusCode, message, fieldErrors));
}

export const CHECK_FIELDS_MESSAGE = 'Some of the details are missing or not valid. Please check the highlighted fields.';

export function badRequest(fieldErrors: Record<string, string>, message = CHECK_FIELDS_MESSAGE): HttpError {
  return new HttpError(400, message, fieldErrors);
}

/** 400 unless the body is a JSON object. */
export function requireObject(body: unknown): asserts body is Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest({ _: 'The request body must be a JSON object.' }, 'The request body must be a JSON object.');
  }
}

/** Validates (and casts: trims) a JSON body with a shared yup schema; 400 with field errors if it fails. */
export async function validateBody<S extends Schema>(schema: S, body: unknown): Promise<S['__outputType']> {
  requireObject(body);
  try {
    return await schema.validate(body, { abortEarly: false });
  } catch (error) {
    if (error instanceof ValidationError) throw badRequest(fieldErrorsOf(error));
    // A value of a type the schema cannot even cast (yup throws TypeError): still the sender's fault.
    if (error instanceof TypeError) throw badRequest({ _: 'The request is not valid.' }, 'The request is not valid.');
    throw error;
  }
}

interface AjvIssue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

function fieldOf(issue: AjvIssue): string {
  const base = issue.instancePath
    .replace(/^\//, '')
    .replace(/\/(\d+)(?=\/|$)/g, '[$1]')
    .replace(/\//g, '.');
  if (issue.keyword === 'required' && typeof issue.params.missingProperty === 'string')
    return base ? `${base}.${issue.params.missingProperty}` : issue.params.missingProperty;
  return base.replace(/\[\d+\]$/, '') || '_';
}

function messageOf(issue: AjvIssue): string {
  const p = issue.params;
  switch (issue.keyword) {
    case 'type':
      if (p.type === 'integer') return 'Must be a whole number.';
      return `Must be ${/^[aeiou]/.test(String(p.type)) ? 'an' : 'a'} ${String(p.type)}.`;
    case 'minimum':
      return `Must be at least ${String(p.limit)}.`;
    case 'maximum':
      return `Must be at most ${String(p.limit)}.`;
    case 'enum':
      return `Must be one of: ${(p.allowedValues as unknown[]).map(String).join(', ')}.`;
    case 'maxLength':
      return `Must be at most ${String(p.limit)} characters.`;
    case 'minLength':
      return `Must be at least ${String(p.limit)} characters.`;
    case 'maxItems':
      return `Give at most ${String(p.limit)} values.`;
    case 'pattern':
      return 'Contains characters that are not allowed.';
    case 'required':
      return 'This field is required.';
    default:
      return issue.message ? `${issue.message[0]?.toUpperCase()}${issue.message.slice(1)}.` : 'Not valid.';
  }
}

function fieldErrorsFromAjv(issues: AjvIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = fieldOf(issue);
    if (!Object.hasOwn(errors, field)) errors[field] = messageOf(issue);
  }
  return errors;
}

/** A post in a web form's encoding: what a browser sends for a form without JavaScript. */
function isFormPost(request: FastifyRequest): boolean {
  return request.method === 'POST' && /^application\/x-www-form-urlencoded\b/i.test(request.headers['content-type'] ?? '');
}

/** The page of the form a post came from: its own path (the instant quote's "work out again" posts to /figures under it). */
function formPathOf(url: string): string {
  const path = url.split('?')[0] ?? '/';
  return path.replace(/\/figures$/, '') || '/';
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { fieldErrors?: Record<string, string> }, request, reply) => {
    if (error.validation) {
      const fieldErrors = fieldErrorsFromAjv(error.validation as AjvIssue[]);
      const message = Object.entries(fieldErrors)
        .map(([field, text]) => `${field}: ${text}`)
        .join(' ');
      return sendError(reply, 400, message || CHECK_FIELDS_MESSAGE, fieldErrors);
    }
    const away = isDependencyDown(error);
    if (away) {
      // An outage, not a bug: 503 with Retry-After (http/dependencies.ts), counted unless the server asked itself.
      markDependencyAway(request, reply, away, error, !request.server.inProcess.is(request));
      return sendError(reply, 503, DEPENDENCY_AWAY_MESSAGE);
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      // The error, never the body: bodies carry visitors' personal data.
      request.log.error({ err: { message: error.message, code: error.code, stack: error.stack } }, 'request failed');
      return sendError(reply, status, 'Something went wrong on our side. Please try again in a moment.');
    }
    // A form sent without JavaScript (a web form's encoding) too often: a page, not JSON, that says
    // how long to wait (Retry-After is set by the limit) and leads back to the form.
    if (status === 429 && isFormPost(request)) {
      return reply
        .code(429)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(tooManyPostsPage(error.message, formPathOf(request.url)));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(reply, 413, 'The request is too large.');
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return sendError(reply, 415, 'Send the request as JSON (Content-Type: application/json).');
    if (
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      (status === 400 && error instanceof SyntaxError)
    ) {
      return sendError(reply, 400, 'The request body is not valid JSON.', { _: 'The request body is not valid JSON.' });
    }
    return sendError(reply, status, error.message || STATUS_CODES[status] || 'Error', error.fieldErrors);
  });
}

/**
 * Ajv coerces "Infinity" or "1e999" in a query string to Infinity and then skips minimum and
 * maximum (it checks limits on finite numbers only), so such a value would pass the schema and
 * reach the database (SQLite: datatype mismatch, a 500). After validation, every number in the
 * query must be finite, or the request is a 400 like any other bad parameter.
 */
export function installFiniteQueryNumbers(app: FastifyInstance): void {
  // Synchronous, as every hook on every request's path (http/security.ts).
  app.addHook('preHandler', (request, _reply, done) => {
    const query = request.query;
    if (typeof query === 'object' && query !== null) {
      for (const [field, value] of Object.entries(query)) {
        if ((Array.isArray(value) ? value : [value]).some((item) => typeof item === 'number' && !Number.isFinite(item))) {
          done(badRequest({ [field]: 'Must be a whole number.' }, `${field}: Must be a whole number.`));
          return;
        }
      }
    }
    done();
  });
}

export function installNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => sendError(reply, 404, `No such resource: ${request.url.split('?')[0]}`));
}
