/**
 * The request id (docs/deploy.md "Request ids and logs"): every request has one, every answer says it in
 * `X-Request-Id` (pages, API, static files, Not Found, errors), and every log line of the request
 * carries it as `reqId` (Fastify binds it to the request's logger). The pages a visitor can see when
 * something is wrong show it as the reference to quote on the phone, so an on-call engineer finds
 * that request's lines.
 *
 * An `X-Request-Id` sent with the request is kept only when the request came through a proxy the
 * server trusts (TRUST_PROXY, the rule the client address follows) and it is a short token
 * (8-64 letters, digits, '.', '_', '-'): a proxy or load balancer that names its requests ties its
 * own logs to ours. From anyone else, or anything longer or stranger, it is ignored: a client
 * cannot choose the reference another visitor's page shows, nor write into the logs.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import type { InProcessMark } from './inProcess';

export const REQUEST_ID_HEADER = 'x-request-id';
const TOKEN = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Random bytes drawn 4 KiB at a time and encoded at once: a call to the system's random source per
 * request cost about 5% of the CPU of an API answer from the answer cache, and encoding 12 bytes per
 * request about 1% more (profiles of the list API under load). 12 bytes are exactly 16 base64url
 * characters, so each id is a slice of the encoded pool, never sharing a character with another.
 */
const ID_BYTES = 12;
const ID_CHARS = 16;
const POOL_IDS = 341; // 4,092 bytes
let pool = '';
let offset = 0;

/** A fresh id: 16 characters of base64url (96 random bits). */
export function freshRequestId(): string {
  if (offset === pool.length) {
    pool = randomBytes(ID_BYTES * POOL_IDS).toString('base64url');
    offset = 0;
  }
  offset += ID_CHARS;
  return pool.slice(offset - ID_CHARS, offset);
}

/** Whether the socket's peer is a proxy TRUST_PROXY believes (the nearest hop). */
function trustsPeer(trustProxy: boolean | string | number): (address: string) => boolean {
  if (trustProxy === true) return () => true;
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'number') return () => trustProxy >= 1;
  const trust = proxyAddr.compile(
    trustProxy
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  );
  return (address) => trust(address, 0);
}

/**
 * Fastify's genReqId: the trusted proxy's id when it is a short token, else a fresh one. A read the
 * server makes to itself for a page (`inProcess`) keeps the page's id.
 */
export function requestIdGenerator(
  trustProxy: boolean | string | number,
  inProcess: (request: Pick<IncomingMessage, 'headers'>) => boolean,
): (request: IncomingMessage) => string {
  const trusted = trustsPeer(trustProxy);
  return (request) => {
    const incoming = request.headers[REQUEST_ID_HEADER];
    if (typeof incoming === 'string' && TOKEN.test(incoming)) {
      const peer = request.socket?.remoteAddress;
      if (inProcess(request) || (peer !== undefined && trusted(peer))) return incoming;
    }
    return freshRequestId();
  };
}

/** Fastify's options for our ids: no header of Fastify's own, our generator. */
export function requestIdOptions(trustProxy: boolean | string | number, inProcess: InProcessMark) {
  return { requestIdHeader: false as const, genReqId: requestIdGenerator(trustProxy, inProcess.is) };
}

/**
 * Every answer says its request's id, whatever answers it (a route, static files, Not Found, an
 * error); and the app knows its own requests (http/inProcess.ts).
 */
export function installRequestIds(app: FastifyInstance, inProcess: InProcessMark): void {
  app.decorate('inProcess', inProcess);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
}
