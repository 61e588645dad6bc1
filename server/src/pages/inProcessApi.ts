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
import { PAGE_PROBLEM_KEY, POSTED_FORM_KEY, type PageDataAnswer } from '@copytech/shared/ssr';

/** Reads an API URL (a path of the site's own API) as the browser would, answered in process. */
export type ApiReader = (url: string) => Promise<PageDataAnswer>;

/** The app's reader; `requestId`: the page's, which the reads' log lines keep. */
export function inProcessReader(app: FastifyInstance): (url: string, requestId?: string) => Promise<PageDataAnswer> {
  return async function read(url: string, requestId?: string): Promise<PageDataAnswer> {
    // Nothing wrong with the page, unless its request's reader says so (pageProblem.ts).
    if (url.startsWith(PAGE_PROBLEM_KEY)) return { ok: false, status: 404 };
    // Nor a form posted to it, unless the page answers that post (pages/formPosts.ts).
    if (url.startsWith(POSTED_FORM_KEY)) return { ok: false, status: 404 };
    // Only the site's own API, as a path: a component cannot make the server fetch elsewhere.
    if (!url.startsWith('/api/') || url.includes('//')) return { ok: false, status: 400 };
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { accept: 'application/json', ...app.inProcess.headers, ...(requestId ? { 'x-request-id': requestId } : {}) },
    });
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
