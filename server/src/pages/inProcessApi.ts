/**
 * How a page reads the API: in process, through the server's own routes (Fastify's inject, no
 * socket and no network round trip), so a page is rendered with exactly what the browser would be
 * answered, with the same validation and the same answer cache.
 *
 * A page's status and head (pageHead.ts) and its body (renderPage.ts) read through one reader per
 * request (`readOnce`): a URL is read once for the page however many parts of it need the answer,
 * so the head and the body always say the same thing.
 */
import type { FastifyInstance } from 'fastify';
import type { PageDataAnswer } from '@copytech/shared/ssr';
import { IN_PROCESS_HEADER, IN_PROCESS_TOKEN } from '../metrics/httpMetrics';

/** Reads an API URL (a path of the site's own API) as the browser would, answered in process. */
export type ApiReader = (url: string) => Promise<PageDataAnswer>;

/** JSON, and the mark of a page's own read: counted with the page, not as a request of its own (metrics/httpMetrics.ts). */
const READ_HEADERS = { accept: 'application/json', [IN_PROCESS_HEADER]: IN_PROCESS_TOKEN };

export function inProcessReader(app: FastifyInstance): ApiReader {
  return async function read(url: string): Promise<PageDataAnswer> {
    // Only the site's own API, as a path: a component cannot make the server fetch elsewhere.
    if (!url.startsWith('/api/') || url.includes('//')) return { ok: false, status: 400 };
    const response = await app.inject({ method: 'GET', url, headers: READ_HEADERS });
    if (response.statusCode !== 200) return { ok: false, status: response.statusCode };
    try {
      return { ok: true, value: response.json() as unknown };
    } catch {
      return { ok: false, status: 0 };
    }
  };
}

/** One request's reader: each URL is read once through `read`, and every later read of it shares that answer. */
export function readOnce(read: ApiReader): ApiReader {
  const answers = new Map<string, Promise<PageDataAnswer>>();
  return (url) => {
    let answer = answers.get(url);
    if (!answer) {
      answer = read(url);
      answers.set(url, answer);
    }
    return answer;
  };
}
