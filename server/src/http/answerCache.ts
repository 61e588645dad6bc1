/**
 * The catalogue's read answers, serialized once and kept with their compressed forms (br, gzip),
 * keyed by the catalogue's version and a normalised description of the request. A list is a
 * dozen database queries, a JSON.stringify of up to 48 products and a compression per request
 * without this; with it, a repeated request is a map lookup and a write of ready bytes.
 *
 * Bounded: an LRU of at most MAX_ENTRIES answers and MAX_BYTES bytes (serialized and compressed
 * forms counted together), so queries with ever new limits, offsets or words cannot grow it; an
 * answer lives at most TTL_MS (the answers' own max-age), so instances sharing one database see
 * each other's seeds within a minute. A change of version (a seed, a test writing products)
 * empties it at once. Concurrent misses for one key share one computation.
 *
 * Each answer has a strong ETag per encoding ("<hash>", "<hash>-br", "<hash>-gz", from a hash of
 * the JSON); If-None-Match with any of them (or W/ forms, or *) gets a 304.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { BROTLI_OPTIONS, COMPRESSION, GZIP_OPTIONS, preferredEncoding, type ContentEncoding } from './compression';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export const ANSWER_CACHE_LIMITS = { maxEntries: 2000, maxBytes: 32 * 1024 * 1024, ttlMs: 60_000 } as const;

interface Answer {
  /** the serialized answer (JSON, or a page's HTML), UTF-8 */
  body: Buffer;
  /** the HTTP status it is sent with */
  status: number;
  /** the hash part of the ETags, quoted in the header */
  hash: string;
  /** AnswerFormat.headers */
  headers?: Record<string, string>;
  /** compressed on first demand, once (concurrent requests share the promise) */
  br?: Promise<Buffer>;
  gzip?: Promise<Buffer>;
}

const ETAG_SUFFIX: Record<ContentEncoding, string> = { identity: '', br: '-br', gzip: '-gz' };

/** Whether an If-None-Match header names this answer in any encoding (weak comparison, as RFC 9110 asks for it). */
export function matchesIfNoneMatch(header: string | undefined, hash: string): boolean {
  if (!header) return false;
  return header.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '');
    if (tag === '*') return true;
    if (!tag.startsWith('"') || !tag.endsWith('"')) return false;
    const value = tag.slice(1, -1);
    return value === hash || value === `${hash}-br` || value === `${hash}-gz`;
  });
}

/**
 * How a cache's values are sent: JSON by default (the catalogue's answers); the site's pages use
 * one of their own (HTML with its status, and pages with a part left to the browser not kept).
 */
export interface AnswerFormat {
  contentType: string;
  serialize(value: unknown): Buffer;
  status?(value: unknown): number;
  /** false: sent, but not kept (computed again next time) */
  keep?(value: unknown): boolean;
  /** headers of its own, sent with the answer every time (a page's Server-Timing) */
  headers?(value: unknown): Record<string, string>;
}

export const JSON_ANSWERS: AnswerFormat = {
  contentType: 'application/json; charset=utf-8',
  serialize: (value) => Buffer.from(JSON.stringify(value)),
};

export class AnswerCache {
  private readonly answers: LRUCache<string, Answer>;
  private readonly pending = new Map<string, Promise<Answer | null>>();
  private version: number | null = null;
  hits = 0;
  misses = 0;

  constructor(
    limits: { maxEntries: number; maxBytes: number; ttlMs: number } = ANSWER_CACHE_LIMITS,
    private readonly format: AnswerFormat = JSON_ANSWERS,
  ) {
    this.answers = new LRUCache<string, Answer>({
      max: limits.maxEntries,
      maxSize: limits.maxBytes,
      // The compressed forms come later; JSON compresses to well under a fifth, so they are counted ahead.
      sizeCalculation: (answer) => Math.max(1, Math.ceil(answer.body.length * 1.4)),
      ttl: limits.ttlMs,
    });
  }

  get size(): number {
    return this.answers.size;
  }

  /** The answer for `key` at `version`, computed by `produce` (null: nothing to answer, not cached). */
  private async answer(key: string, version: number, produce: () => Promise<unknown>): Promise<Answer | null> {
    if (version !== this.version) {
      this.answers.clear();
      this.pending.clear();
      this.version = version;
    }
    const cached = this.answers.get(key);
    if (cached) {
      this.hits++;
      return cached;
    }
    let pending = this.pending.get(key);
    if (!pending) {
      this.misses++;
      pending = (async () => {
        const value = await produce();
        if (value === null || value === undefined) return null;
        const body = this.format.serialize(value);
        const answer: Answer = {
          body,
          status: this.format.status?.(value) ?? 200,
          hash: createHash('sha256').update(body).digest('base64url').slice(0, 27),
          headers: this.format.headers?.(value),
        };
        // Only if the version did not change meanwhile.
        if (this.version === version && (this.format.keep?.(value) ?? true)) this.answers.set(key, answer);
        return answer;
      })().finally(() => {
        if (this.pending.get(key) === pending) this.pending.delete(key);
      });
      this.pending.set(key, pending);
    }
    return pending;
  }

  /** Whether `key` at `version` is kept, or being computed (a request for it would wait for that). */
  has(key: string, version: number): boolean {
    return version === this.version && (this.answers.has(key) || this.pending.has(key));
  }

  /**
   * Computes `key` with `produce` unless it is kept or being computed, and keeps it as send()
   * would: for an answer the caller sends itself (a page streamed as it is rendered), so that the
   * requests that come meanwhile wait for it, and those after it are answered from it.
   */
  adopt(key: string, version: number, produce: () => Promise<unknown>): void {
    this.answer(key, version, produce).catch(() => undefined);
  }

  private encoded(answer: Answer, encoding: ContentEncoding): Buffer | Promise<Buffer> {
    if (encoding === 'br') return (answer.br ??= brotli(answer.body, BROTLI_OPTIONS));
    if (encoding === 'gzip') return (answer.gzip ??= gzip(answer.body, GZIP_OPTIONS));
    return answer.body;
  }

  /**
   * Sends the cached answer (computing it on a miss) in the encoding the request prefers, or a
   * 304 (the handler then returns the reply); returns false without sending when `produce` gave null (the caller answers, e.g. 404).
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    version: number,
    produce: () => Promise<unknown>,
  ): Promise<boolean> {
    const answer = await this.answer(key, version, produce);
    if (!answer) return false;
    const wanted =
      request.headers['x-no-compression'] === undefined && answer.body.length >= COMPRESSION.threshold
        ? preferredEncoding(request.headers['accept-encoding'])
        : 'identity';
    if (answer.headers) reply.headers(answer.headers);
    reply.header('Vary', 'Accept-Encoding').header('ETag', `"${answer.hash}${ETAG_SUFFIX[wanted]}"`);
    if (matchesIfNoneMatch(request.headers['if-none-match'], answer.hash)) {
      reply.code(304).send();
      return true;
    }
    const body = await this.encoded(answer, wanted);
    reply.code(answer.status).type(this.format.contentType);
    if (wanted !== 'identity') reply.header('Content-Encoding', wanted);
    reply.send(body);
    return true;
  }
}
