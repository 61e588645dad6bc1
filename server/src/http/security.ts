/**
 * Security headers (helmet) and rate limits, applied to the whole application.
 *
 * CSP, set per response: 'self' plus the origins of the remotes' releases on another origin (every
 * release live now, and every canary: the live snapshot, app.releases) and of the marketing
 * script; a page with a preview adds the previewed releases' origins to its own answer
 * (indexPage.ts). No 'unsafe-inline' or 'unsafe-eval' for scripts; frame-ancestors 'none'. HSTS only when the request came over TLS (directly, or through a
 * trusted proxy's X-Forwarded-Proto: https), so plain-HTTP development is never pinned.
 *
 * Rate limits: writes only (per IP, per minute, configurable); reads are not limited. Counted in
 * memory per instance, or in Redis shared by every instance when REDIS_URL is set
 * (http/rateLimitStore.ts, which also decides what happens while Redis is down).
 */
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { REMOTE_NAMES, type RemoteName } from '@copytech/shared/domain';
import type { Config } from '../config';
import type { SharedRateLimits } from './rateLimitStore';

/** What the policy needs of a release (pages/releases/model.ts Release): where its browser build is. */
export interface PolicyRelease {
  manifestUrl: string;
}
/** What the policy needs of the live pointers (pages/releases/model.ts LiveSnapshot): each remote's live release and canary. */
export interface PolicySnapshot<R extends PolicyRelease = PolicyRelease> {
  remotes: Record<RemoteName, { live: R; canary: { release: R } | null }>;
}

export function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null; // a relative URL: same origin
  }
}

/** The origins of releases' browser builds on another origin (a store or local release adds none). */
export function releaseOrigins(releases: Iterable<PolicyRelease>): string[] {
  return [...new Set([...releases].map((release) => originOf(release.manifestUrl)).filter((origin): origin is string => !!origin))];
}

/** Every release a page may use now: each remote's live release and its canary. */
export function snapshotReleases<R extends PolicyRelease>(snapshot: PolicySnapshot<R>): R[] {
  return REMOTE_NAMES.flatMap((name) => {
    const { live, canary } = snapshot.remotes[name];
    return canary ? [live, canary.release] : [live];
  });
}

/**
 * The outside origins the page may load code, styles, images and data from: those of `remotes`
 * (the releases' origins) or, without, of the remotes as configured (REMOTE_*_URL).
 */
export function allowedOrigins(config: Config, remoteOrigins?: string[]): { remotes: string[]; marketing: string[] } {
  const remotes = remoteOrigins ?? [
    ...new Set(
      Object.values(config.remoteManifests)
        .map(originOf)
        .filter((o): o is string => !!o),
    ),
  ];
  const marketing = [originOf(config.marketingScriptUrl)].filter((o): o is string => !!o);
  return { remotes, marketing };
}

export function contentSecurityPolicy(config: Config, remoteOrigins?: string[]): Record<string, string[]> {
  const { remotes, marketing } = allowedOrigins(config, remoteOrigins);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes, ...marketing],
    // Extracted CSS files only. React's style={{…}} (RemoteSlot's minHeight, the checker's
    // progress bar) is applied through the CSSOM, which CSP does not govern, and the ALTCHA
    // widget's external build brings a stylesheet: no 'unsafe-inline' is needed, for
    // <style> elements or for style="" attributes. (The e2e suite checks every page type for
    // violations.)
    'style-src': ["'self'", ...remotes],
    'img-src': ["'self'", 'data:', 'blob:', ...remotes, ...marketing],
    'font-src': ["'self'", 'data:', ...remotes],
    'connect-src': ["'self'", ...remotes, ...marketing],
    'frame-ancestors': ["'none'"],
    'frame-src': ["'self'", ...marketing],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

/** The Content-Security-Policy header's value. */
export function cspHeader(config: Config, remoteOrigins?: string[]): string {
  return Object.entries(contentSecurityPolicy(config, remoteOrigins))
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join(';');
}

/**
 * The policy for the live snapshot, worked out once per snapshot (a promote or a canary brings a
 * new one); `extra` releases (a page's previews) give a policy of their own.
 */
export function createCspForReleases(config: Config) {
  let last: { snapshot: PolicySnapshot; origins: string[]; header: string } | null = null;
  return function cspFor(snapshot: PolicySnapshot, extra: PolicyRelease[] = []): string {
    if (last?.snapshot !== snapshot) {
      const origins = releaseOrigins(snapshotReleases(snapshot));
      last = { snapshot, origins, header: cspHeader(config, origins) };
    }
    if (extra.length === 0) return last.header;
    return cspHeader(config, [...new Set([...last.origins, ...releaseOrigins(extra)])]);
  };
}

export async function installSecurity(app: FastifyInstance, config: Config, shared: SharedRateLimits | null = null): Promise<void> {
  const cspFor = createCspForReleases(config);
  const fixedCsp = cspHeader(config);
  // Per response: the releases live now (app.releases, decorated after this plugin) may change.
  // Hooks on every request are synchronous (a callback, not async): an async hook costs every
  // request a promise and a turn of the microtask queue (docs/metrics.md "Cost").
  app.addHook('onRequest', (_request, reply, done) => {
    const releases = (app as Partial<Pick<FastifyInstance, 'releases'>>).releases;
    reply.header('Content-Security-Policy', releases ? cspFor(releases.snapshot()) : fixedCsp);
    done();
  });
  await app.register(helmet, {
    contentSecurityPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The same as frame-ancestors 'none', for browsers that predate it.
    xFrameOptions: { action: 'deny' },
    hsts: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    done(null, payload);
  });

  await app.register(rateLimit, {
    global: false,
    // The shared store never fails a count (it falls back to this instance's own): see rateLimitStore.ts.
    ...(shared ? { store: shared.storeClass() } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      error: 'Too Many Requests',
      message: `Too many requests: please try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`,
    }),
  });
}
