/**
 * The one client for the site's JSON writes (POST /api/quote, /api/enquiries/send, /api/report;
 * docs/api.md "Writes"). Every outcome is a value, never a throw, so a form can say what
 * went wrong and keep what the visitor typed. Forms send through a `formWriter` (below), which
 * keeps one Idempotency-Key per request, so a retry of a request that reached the server before
 * the connection dropped is not stored twice.
 */
import { IDEMPOTENCY_KEY_HEADER, isApiErrorBody } from '../domain/api';

export type WriteFailureKind = 'network' | 'server';

export type WriteResult =
  | { outcome: 'sent'; status: number; reference: string }
  | {
      outcome: 'invalid';
      status: number;
      /** The server's own message, for errors that belong to no field; null when it sent none. */
      message: string | null;
      /** Field path ('contactDetails.email', 'productIds[0]') → message, as the server sends them. */
      fieldErrors: Record<string, string>;
    }
  | { outcome: 'rate-limited'; status: 429; /** Seconds to wait (Retry-After), when the server said. */ retryAfterSeconds: number | null }
  | {
      outcome: 'failed';
      /** 'network': no answer came (offline, refused, timed out); 'server': an answer that is not a success. */
      kind: WriteFailureKind;
      /** HTTP status, or null when no answer came. */
      status: number | null;
      /** For the console, never for the visitor. */
      reason: string;
      /** The server's own message when its answer was an API error body, else null. */
      message: string | null;
    };

export interface PostJsonOptions {
  /** Sent as the Idempotency-Key header when given. */
  idempotencyKey?: string;
  /** Give up after this long and report a network failure (which can be retried). */
  timeoutMs?: number;
}

/**
 * A fresh key (a version 4 UUID) per request. crypto.randomUUID only exists in secure contexts,
 * so a site opened over plain http falls back to the same format from getRandomValues.
 */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** One key per distinct body: the same body sent again (a retry) reuses it; a different body gets a new one. */
export function idempotencyKeyFor(previous: { body: string; key: string } | null, body: string): { body: string; key: string } {
  return previous && previous.body === body ? previous : { body, key: newIdempotencyKey() };
}

async function jsonOf(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

function stringRecord(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

function retryAfterOf(response: Response): number | null {
  const value = Number(response.headers?.get?.('Retry-After') ?? NaN);
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : null;
}

/** POST body as JSON to url and turn the answer into a WriteResult. */
export async function postJson(url: string, body: unknown, options: PostJsonOptions = {}): Promise<WriteResult> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (options.idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey;
  const controller = options.timeoutMs !== undefined && typeof AbortController === 'function' ? new AbortController() : null;
  const timer = controller ? setTimeout(() => controller.abort(), options.timeoutMs) : null;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      credentials: 'same-origin',
      ...(controller ? { signal: controller.signal } : {}),
    });
  } catch (error) {
    const reason = controller?.signal.aborted
      ? `no answer within ${options.timeoutMs} ms`
      : `network error: ${(error as Error)?.message ?? String(error)}`;
    return { outcome: 'failed', kind: 'network', status: null, reason, message: null };
  } finally {
    if (timer) clearTimeout(timer);
  }

  const answer = await jsonOf(response);
  const apiError = isApiErrorBody(answer) ? answer : null;
  if (response.ok) {
    const reference = (answer as { reference?: unknown } | null)?.reference;
    return typeof reference === 'string' && reference
      ? { outcome: 'sent', status: response.status, reference }
      : { outcome: 'failed', kind: 'server', status: response.status, reason: 'the answer had no reference', message: null };
  }
  if (response.status === 429) return { outcome: 'rate-limited', status: 429, retryAfterSeconds: retryAfterOf(response) };
  if (response.status === 400) {
    return {
      outcome: 'invalid',
      status: 400,
      message: apiError?.message ? apiError.message : null,
      fieldErrors: stringRecord(apiError?.fieldErrors),
    };
  }
  // 5xx; and 422 (the key was already used for a different request: the caller starts afresh).
  return {
    outcome: 'failed',
    kind: 'server',
    status: response.status,
    reason: `HTTP ${response.status}`,
    message: apiError?.message ?? null,
  };
}

export interface FormWriterOptions {
  /** Send an Idempotency-Key (default true); false for a write made single-use otherwise (the report's captcha). */
  idempotent?: boolean;
  timeoutMs?: number;
}

export interface FormWriter {
  send(body: unknown): Promise<WriteResult>;
}

/**
 * One form's writes to one endpoint. The same body sent again (Retry) carries the same key; a new
 * body gets a new one. After a stored write, or a 422 (the server refused the key: it was used for
 * another request), the next send starts with a fresh key. This is the only place a key is chosen.
 */
export function formWriter(url: string, { idempotent = true, timeoutMs }: FormWriterOptions = {}): FormWriter {
  let attempt: { body: string; key: string } | null = null;
  return {
    async send(body) {
      if (idempotent) attempt = idempotencyKeyFor(attempt, JSON.stringify(body));
      const result = await postJson(url, body, { idempotencyKey: attempt?.key, timeoutMs });
      if (result.outcome === 'sent' || result.status === 422) attempt = null;
      return result;
    },
  };
}

export type WriteProblem = Extract<WriteResult, { outcome: 'failed' | 'rate-limited' }>;

/**
 * What the visitor is told when a write was not stored and sending it again can help: no answer,
 * an answer that is not a success (a 422 included: the next send has a fresh key), or too many
 * requests. Every form says it in these words; a form may add its own next step (a phone number).
 */
export function writeProblemMessage(problem: WriteProblem): string {
  if (problem.outcome === 'rate-limited') {
    const wait = problem.retryAfterSeconds && problem.retryAfterSeconds <= 120 ? `${problem.retryAfterSeconds} seconds` : 'a minute';
    return `We have had a lot of requests from you in a short time. Please wait ${wait}, then try again.`;
  }
  return problem.kind === 'network'
    ? 'We could not reach Copytech, so your request has not been sent. Check your connection and try again. Everything you typed is kept.'
    : 'Something went wrong on our side and your request has not been sent. Please try again. Everything you typed is kept.';
}

/**
 * A form whose rules could not load can neither check nor send anything: it is told to the visitor
 * as a send that found no network, which it almost always is.
 */
export const RULES_UNAVAILABLE: WriteProblem = {
  outcome: 'failed',
  kind: 'network',
  status: null,
  reason: 'the form rules did not load',
  message: null,
};
