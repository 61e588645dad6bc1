/**
 * What a page says when something is wrong with it (docs/product-rules.md "When something is
 * wrong"): the shell's error pages (the Not Found page, the trouble page of a 503) show the request's
 * reference, read from the page's data as PAGE_PROBLEM_KEY (@copytech/shared/ssr), which the render
 * reads through the page's own reader. It is known once the page's status is (pageHead.ts), so the
 * reader answers it then; a 503 also gets Retry-After and no-store here (http/dependencies.ts), and
 * is counted.
 *
 * Such a page carries its request's own reference: it is never kept in the page cache (indexPage.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_PROBLEM_KEY, type PageDataAnswer, type PageProblem } from '@copytech/shared/ssr';
import { markDependencyAway } from '../http/dependencies';
import type { ApiReader } from './inProcessApi';
import type { createPageResolver } from './pageHead';

const channels = new WeakMap<ApiReader, (status: number | null, path: string) => void>();

/** The request's reader, answering PAGE_PROBLEM_KEY once the page's status is settled (settlePageProblem). */
export function withPageProblem(read: ApiReader, request: FastifyRequest, reply: FastifyReply): ApiReader {
  let settle: (answer: PageDataAnswer) => void = () => undefined;
  const problem = new Promise<PageDataAnswer>((resolve) => (settle = resolve));
  let pathname = '';
  const reader: ApiReader = async (url) => {
    if (!url.startsWith(PAGE_PROBLEM_KEY)) return read(url);
    const answer = await problem;
    return url === PAGE_PROBLEM_KEY + pathname ? answer : { ok: false, status: 404 };
  };
  channels.set(reader, (status, path) => {
    if (status === 503) markDependencyAway(request, reply, 'database');
    pathname = path.split('?')[0]!;
    if (status === null || status === 200) settle({ ok: false, status: 404 });
    else settle({ ok: true, value: { status, reference: request.id, path } satisfies PageProblem });
  });
  return reader;
}

/** The page's status is known (null: it could not be worked out); a reader without a problem channel is left alone. */
export function settlePageProblem(read: ApiReader, status: number | null, path: string): void {
  channels.get(read)?.(status, path);
}

/** A page resolver that settles the page's problem (settlePageProblem) once the page's status is known, or known not to be. */
export function settlingProblems(resolveHead: ReturnType<typeof createPageResolver>): ReturnType<typeof createPageResolver> {
  return async (pathname, search, origin, read) => {
    try {
      const page = await resolveHead(pathname, search, origin, read);
      settlePageProblem(read, page.status, pathname + (search.size > 0 ? `?${search.toString()}` : ''));
      return page;
    } catch (error) {
      settlePageProblem(read, null, pathname);
      throw error;
    }
  };
}
