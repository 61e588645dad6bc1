/**
 * The one way the server reads a release origin (docs/deploy.md "Releasing a remote"): publish
 * --origin and a promote's second reading (features/releases/publish.ts), the seed from
 * REMOTE_<NAME>_URL (features/releases/seed.ts), and the copy of an origin release's server build
 * to disk (pages/originCopies.ts). A read is refused, before any connection, unless:
 *
 * 1. the URL's origin is listed: RELEASE_ORIGINS, or the origin of a REMOTE_<NAME>_URL (operator
 *    configuration). The comparison is of URL origins, so https is required unless the entry
 *    itself says http://, and an address written as 0x7f000001 or 2130706433 is 127.0.0.1;
 * 2. the host's addresses are public: a host name is resolved (every address) and refused if any
 *    address is not public unicast (loopback, private, link-local and so the cloud metadata
 *    address 169.254.169.254, unique-local, CGNAT, multicast, reserved, IPv4-mapped forms of
 *    these...), classified by ipaddr.js. A host written as an IP address that is listed names its
 *    own address: that is the only way to read a release from a non-public address.
 *
 * The connection then goes to the address that was checked, never to a second lookup's (a DNS
 * answer that changes between the check and the connection changes nothing): node:http(s) with a
 * `lookup` that answers the checked addresses, the host name kept for TLS (SNI and the
 * certificate's check). node:http never follows a redirect: a 3xx is a refusal. The body is read
 * up to a bound and within a time limit, and what a refusal says never quotes what was read.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { RemoteName } from '@copytech/shared/domain';
import { parseReleaseOrigins, remoteManifestsFrom } from '../../originSettings';

export const ORIGIN_TIMEOUT_MS = 5_000;
/** A manifest is a few kilobytes; anything far larger is not one. */
export const MANIFEST_MAX_BYTES = 2 * 1024 * 1024;

export interface ResolvedAddress {
  address: string;
  family: number;
}
/** Every address of a host name (dns.lookup with all: true, in the order the system gives). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, order: 'verbatim' });

/** Where release origins may be read from, and how their host names are resolved. */
export interface OriginPolicy {
  /** URL origins (https://cdn.example.com): RELEASE_ORIGINS and REMOTE_<NAME>_URL's */
  readonly listed: ReadonlySet<string>;
  readonly resolve: Resolver;
}

/** The policy of a configuration: its RELEASE_ORIGINS and the origins of its absolute REMOTE_<NAME>_URL. */
export function originPolicy(
  config: { remoteManifests: Record<RemoteName, string>; releases: { origins: readonly string[] } },
  resolve: Resolver = systemResolver,
): OriginPolicy {
  const seeded = Object.values(config.remoteManifests).flatMap((url) => (/^https?:\/\//i.test(url) ? [new URL(url).origin] : []));
  return { listed: new Set([...config.releases.origins, ...seeded]), resolve };
}

/**
 * The policy of this process's own settings (process.env, as the server read them at start): for
 * code that is not handed the app's policy (pages/originCopies.ts when called without one).
 */
export const processOriginPolicy = (): OriginPolicy =>
  originPolicy({
    remoteManifests: remoteManifestsFrom(process.env),
    releases: { origins: parseReleaseOrigins(process.env.RELEASE_ORIGINS) },
  });

/** Addresses in 2000::/3, the only IPv6 block allocated for global unicast. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Why an address is not a public unicast one ('loopback', 'private', 'linkLocal', ...), or null
 * when it is. An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it holds.
 */
export function notPublic(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range !== 'unicast') return range;
  if (parsed.kind() === 'ipv6' && !(parsed as ipaddr.IPv6).match(GLOBAL_UNICAST_V6)) return 'not in 2000::/3, the global unicast block';
  return null;
}

/** The refusal of a URL whose origin is not listed (null: listed). Said in the team's words. */
export function unlistedReason(url: URL, policy: OriginPolicy): string | null {
  return policy.listed.has(url.origin)
    ? null
    : `${url.origin} is not an origin this site accepts releases from (RELEASE_ORIGINS). Ask the platform team to list it.`;
}

/**
 * The URL's host as an IP address (brackets of IPv6 removed), or null when it is a name. The URL
 * parser has already written any numeric IPv4 form (0x7f000001, 2130706433, 127.1) as 127.0.0.1.
 */
const literalAddress = (url: URL): string | null => {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return net.isIP(host) ? host : null;
};

/** The promise's value, or `late` once `ms` have passed. */
function within<T>(promise: Promise<T>, ms: number, late: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(late), Math.max(0, ms));
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

type Checked = { addresses: ResolvedAddress[] } | { error: string };

/** The addresses to connect to, each checked, or why the URL may not be read. Never connects. */
export async function checkedAddresses(url: URL, policy: OriginPolicy): Promise<Checked> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { error: `${url.protocol} is not http(s)` };
  if (url.username || url.password) return { error: 'a release origin is read without credentials in its URL' };
  const unlisted = unlistedReason(url, policy);
  if (unlisted) return { error: unlisted };
  const literal = literalAddress(url);
  // a listed address names itself: the operator chose it
  if (literal) return { addresses: [{ address: literal, family: literal.includes(':') ? 6 : 4 }] };
  let addresses: ResolvedAddress[];
  try {
    addresses = await policy.resolve(url.hostname);
  } catch (error) {
    return { error: `${url.hostname} could not be resolved (${(error as NodeJS.ErrnoException).code ?? 'no address'})` };
  }
  if (addresses.length === 0) return { error: `${url.hostname} could not be resolved (no address)` };
  for (const { address } of addresses) {
    const range = notPublic(address);
    if (range)
      return {
        error:
          `${url.hostname} resolves to ${address}, which is not a public address (${range}); ` +
          'a release origin must resolve to public addresses only, or be listed in RELEASE_ORIGINS by its IP address',
      };
  }
  return { addresses };
}

/** A lookup that answers the checked addresses, whatever is asked: the connection goes where the check said. */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const family = (options as { family?: number }).family;
    const fitting = addresses.filter((entry) => !family || entry.family === family);
    const answer = fitting.length ? fitting : addresses;
    if ((options as { all?: boolean }).all) (callback as (error: null, all: ResolvedAddress[]) => void)(null, answer);
    else callback(null, answer[0]!.address, answer[0]!.family);
  };
}

export interface ReadOptions {
  timeoutMs?: number;
  maxBytes?: number;
}

/**
 * The body at a release origin's URL, or why it could not be read: a sentence naming the URL,
 * never quoting anything the origin sent. 2xx only; a redirect is refused and not followed.
 */
export async function readOrigin(
  href: string,
  policy: OriginPolicy,
  { timeoutMs = ORIGIN_TIMEOUT_MS, maxBytes = MANIFEST_MAX_BYTES }: ReadOptions = {},
): Promise<Buffer | { error: string }> {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return { error: 'not a URL' };
  }
  const started = Date.now();
  const late = { error: `no answer within ${timeoutMs} ms from ${url.href}` };
  const checked = await within(checkedAddresses(url, policy), timeoutMs, late);
  if ('error' in checked) return checked;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: Buffer | { error: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(answer);
    };
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'GET',
        headers: { accept: '*/*' },
        // a connection of its own, never a pooled one opened for another lookup
        agent: false,
        lookup: pinnedLookup(checked.addresses),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400)
          return finish({ error: `${url.href} answered with a redirect (HTTP ${status}); a release folder is read without redirects` });
        if (status < 200 || status >= 300) return finish({ error: `HTTP ${status} at ${url.href}` });
        const tooLarge = { error: `more than ${maxBytes} bytes at ${url.href}` };
        if (Number(response.headers['content-length'] ?? 0) > maxBytes) return finish(tooLarge);
        const chunks: Buffer[] = [];
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes > maxBytes) finish(tooLarge);
          else chunks.push(chunk);
        });
        response.on('end', () => finish(Buffer.concat(chunks)));
        response.on('error', () => finish({ error: `the answer from ${url.href} was cut off` }));
      },
    );
    const timer = setTimeout(() => finish(late), timeoutMs - (Date.now() - started));
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish({ error: `${url.href} could not be read (${error.code ?? 'connection failed'})` }),
    );
    request.end();
  });
}

/** readOrigin's body as UTF-8 text. */
export async function readOriginText(href: string, policy: OriginPolicy, options?: ReadOptions): Promise<string | { error: string }> {
  const body = await readOrigin(href, policy, options);
  return Buffer.isBuffer(body) ? body.toString('utf8') : body;
}
