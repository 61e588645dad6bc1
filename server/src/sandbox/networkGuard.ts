/**
 * The second lock on a sandboxed process's network (sandbox.ts): every way Node's own modules open
 * a connection, listen, send a datagram or ask the DNS is replaced, before any team code runs, by a
 * function that throws ERR_ACCESS_DENIED. Where the machine allows it, the process also runs in a
 * network namespace of its own with no interface but a loopback that is down (sandbox.ts), so
 * nothing leaves it even past this guard; where it does not, this guard is the lock.
 *
 * Why this closes the JavaScript ways out: Node's permission model (on in every sandboxed process)
 * refuses `process.binding()` and native addons, so the socket, pipe, UDP and DNS bindings can only
 * be reached through `net`, `dgram`, `dns` (and `tls`, `http`, `http2`, `undici`'s `fetch`, which are
 * built on `net`). Their originals are kept only in this module's scope, and the replaced
 * properties cannot be written or redefined.
 */
import dgram from 'node:dgram';
import dns from 'node:dns';
import net from 'node:net';
import tls from 'node:tls';

export class NetworkDenied extends Error {
  readonly code = 'ERR_ACCESS_DENIED';
  constructor(what: string) {
    super(`network access is not allowed where team code runs (${what})`);
    this.name = 'NetworkDenied';
  }
}

function lock(target: object, name: string, what: string): void {
  if (!(name in target)) return;
  const denied = function denied(): never {
    throw new NetworkDenied(what);
  };
  Object.defineProperty(target, name, { value: denied, writable: false, configurable: false, enumerable: false });
}

let closed = false;

/** Closes the process's network for good (idempotent). */
export function closeNetwork(): void {
  if (closed) return;
  closed = true;
  lock(net.Socket.prototype, 'connect', 'net.Socket#connect');
  lock(net.Server.prototype, 'listen', 'net.Server#listen');
  for (const name of ['connect', 'createConnection', 'createServer'] as const) lock(net, name, `net.${name}`);
  lock(tls, 'connect', 'tls.connect');
  lock(tls, 'createServer', 'tls.createServer');
  for (const name of ['bind', 'send', 'connect'] as const) lock(dgram.Socket.prototype, name, `dgram.Socket#${name}`);
  lock(dgram, 'createSocket', 'dgram.createSocket');
  const resolverMethods = [
    'lookup',
    'lookupService',
    'resolve',
    'resolve4',
    'resolve6',
    'resolveAny',
    'resolveCaa',
    'resolveCname',
    'resolveMx',
    'resolveNaptr',
    'resolveNs',
    'resolvePtr',
    'resolveSoa',
    'resolveSrv',
    'resolveTxt',
    'reverse',
  ];
  for (const target of [dns, dns.promises, dns.Resolver.prototype, dns.promises.Resolver.prototype])
    for (const name of resolverMethods) lock(target, name, `dns.${name}`);
  for (const name of ['fetch', 'WebSocket', 'EventSource']) if (name in globalThis) lock(globalThis, name, name);
}
