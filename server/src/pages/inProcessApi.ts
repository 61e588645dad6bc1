/**
 * How a server render reads the API: in process, through the server's own routes (Fastify's
 * inject, no socket and no network round trip), so a page is rendered with exactly what the
 * browser would be answered, with the same validation and the same answer cache.
 */
import type { FastifyInstance } from 'fastify';
import type { PageDataAnswer } from '@copytech/shared/ssr';

export function inProcessReader(app: FastifyInstance) {
  return async function read(url: string): Promise<PageDataAnswer> {
    // Only the site's own API, as a path: a component cannot make the server fetch elsewhere.
    if (!url.startsWith('/api/') || url.includes('//')) return { ok: false, status: 400 };
    const response = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    if (response.statusCode !== 200) return { ok: false, status: response.statusCode };
    try {
      return { ok: true, value: response.json() as unknown };
    } catch {
      return { ok: false, status: 0 };
    }
  };
}
