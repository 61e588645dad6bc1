/**
 * The site's public origin for absolute URLs in a page (canonical link, Open Graph image, schema.org
 * data, the sitemap): PUBLIC_URL when it is set, which a deployment should do; otherwise the origin
 * the request came to, when its Host is a plain host name or address (anything else, e.g. a Host
 * header carrying markup or a path, falls back to localhost rather than being echoed into a page).
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

const PLAIN_HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

export function siteOrigin(config: Pick<Config, 'publicUrl'>, request: Pick<FastifyRequest, 'protocol' | 'host'>): string {
  if (config.publicUrl) return new URL(config.publicUrl).origin;
  const host = request.host ?? '';
  return PLAIN_HOST.test(host) ? `${request.protocol === 'https' ? 'https' : 'http'}://${host}` : 'http://localhost';
}

/**
 * Whether the browser says the post comes from another site's page: Sec-Fetch-Site other than
 * same-origin (or none: the visitor's own action), or an Origin other than the site's (`null`, an
 * opaque origin, included). A client that sends neither is not a browser a page could steer.
 * Every form the server answers without JavaScript is checked with it (the content forms, the
 * instant quote).
 */
export function crossSitePost(request: FastifyRequest, config: Pick<Config, 'publicUrl'>): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  // The site's public origin, or the one the request came to (a second host name of the site).
  const own = `${request.protocol === 'https' ? 'https' : 'http'}://${request.host}`;
  return origin !== siteOrigin(config, request) && origin !== own;
}
