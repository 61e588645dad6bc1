/**
 * A request the server makes to itself (a page's API reads, pages/inProcessApi.ts) carries this
 * app's own token, so what counts answers to clients (a 503 for a dependency away) can leave it
 * out: the page that made the read is the answer a client gets, and is counted once as that. Its
 * reads keep the page's request id (http/requestId.ts), so their log lines are the page's.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export const IN_PROCESS_HEADER = 'x-copytech-in-process';

/** A token per app (a client cannot guess it, so cannot pass for the server itself). */
export function createInProcessMark() {
  const token = randomBytes(16).toString('base64url');
  return {
    headers: { [IN_PROCESS_HEADER]: token } as Record<string, string>,
    is: (request: Pick<FastifyRequest, 'headers'>) => request.headers[IN_PROCESS_HEADER] === token,
  };
}

export type InProcessMark = ReturnType<typeof createInProcessMark>;

declare module 'fastify' {
  interface FastifyInstance {
    /** how the server's requests to itself are told apart (http/inProcess.ts) */
    inProcess: InProcessMark;
  }
}
