/**
 * The JSON body parser: Fastify's own (same body limit, same refusal of `__proto__` and
 * `constructor.prototype` keys), then a refusal of any object that names a key twice, at any
 * depth. JSON.parse keeps the last of duplicate keys silently, so `{"email":"a@x","email":"b@y"}`
 * would be validated and stored as one thing while a proxy, a log reader or a WAF in front saw the
 * other; an ambiguous body is a 400 instead.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/**
 * The first key that an object of this (already valid) JSON text names twice, or null. One pass
 * over the text with a stack of the keys seen in each open object; keys are compared after
 * unescaping, so "a" and "\u0061" are the same key. No recursion, so depth cannot overflow.
 */
export function firstDuplicateKey(json: string): string | null {
  const stack: Array<Set<string> | null> = [];
  let expectKey = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const start = i;
      let escaped = false;
      for (i++; i < json.length; i++) {
        const d = json.charCodeAt(i);
        if (escaped) escaped = false;
        else if (d === 0x5c /* \ */) escaped = true;
        else if (d === 0x22) break;
      }
      const keys = stack[stack.length - 1];
      if (expectKey && keys) {
        const raw = json.slice(start, i + 1);
        const key = raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
        if (keys.has(key)) return key;
        keys.add(key);
        expectKey = false;
      }
    } else if (c === 0x7b /* { */) {
      stack.push(new Set());
      expectKey = true;
    } else if (c === 0x5b /* [ */) {
      stack.push(null);
      expectKey = false;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
      expectKey = false;
    } else if (c === 0x2c /* , */) {
      expectKey = stack[stack.length - 1] instanceof Set;
    }
  }
  return null;
}

const DUPLICATE_MESSAGE = 'The request body names the same field more than once.';

/** Replaces the application/json parser of `app` (and so of every plugin registered after it). */
export function installJsonBodyParser(app: FastifyInstance): void {
  // The defaults Fastify uses for its own parser: an error on either kind of prototype poisoning.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // Fastify's own parser answers through the callback; its typed return value is not a result.
    void parseJson(request, body as string, (error, value) => {
      if (error) return done(error, undefined);
      const duplicate = firstDuplicateKey(body as string);
      if (duplicate !== null) {
        const field = duplicate.length > 40 ? `${duplicate.slice(0, 40)}…` : duplicate;
        return done(badRequest({ _: `${DUPLICATE_MESSAGE} ("${field}")` }, `${DUPLICATE_MESSAGE} ("${field}")`), undefined);
      }
      done(null, value);
    });
  });
}
