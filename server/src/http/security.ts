/**
 * Security headers (helmet) and rate limits, applied to the whole application.
 *
 * CSP: 'self' plus the origins of any remote configured with an absolute URL
 * (REMOTE_*_URL) and of the marketing script; no 'unsafe-inline' or 'unsafe-eval' for scripts;
 * frame-ancestors 'none'. HSTS only when the request came over TLS (directly, or through a
 * trusted proxy's X-Forwarded-Proto: https), so plain-HTTP development is never pinned.
 *
 * Rate limits: writes only (per IP, per minute, configurable); reads are not limited. Counted in
 * memory per instance, or in Redis shared by every instance when REDIS_URL is set
 * (http/rateLimitStore.ts, which also decides what happens while Redis is down).
 */
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { SharedRateLimits } from './rateLimitStore';

function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null; // a relative URL: same origin
  }
}

/** The outside origins the page may load code, styles, images and data from. */
export function allowedOrigins(config: Config): { remotes: string[]; marketing: string[] } {
  const remotes = [
    ...new Set(
      Object.values(config.remoteManifests)
        .map(originOf)
        .filter((o): o is string => !!o),
    ),
  ];
  const marketing = [originOf(config.marketingScriptUrl)].filter((o): o is string => !!o);
  return { remotes, marketing };
}

export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const { remotes, marketing } = allowedOrigins(config);
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

export async function installSecurity(app: FastifyInstance, config: Config, shared: SharedRateLimits | null = null): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The same as frame-ancestors 'none', for browsers that predate it.
    xFrameOptions: { action: 'deny' },
    hsts: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
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
