/**
 * The route table of SPEC.md section 2, as patterns, so the server can answer 404 for a path
 * the site does not have (the shell still renders its Not Found page from the same index).
 * Whether a product exists is decided by the catalogue in the browser.
 */
import type { RemoteName } from '@copytech/shared/domain';

const SEGMENT = '[a-z0-9][a-z0-9+_().-]*';
const PATTERNS: RegExp[] = [
  /^\/$/,
  /^\/(contact-us|customer-support|discover-print-savings|photocopiers|commercial-printers|office-printers)\/?$/,
  new RegExp(`^/services/${SEGMENT}/?$`),
  new RegExp(`^/printers(/(multifunctionals|print-only|production|plotters)(/${SEGMENT}){0,2})?/?$`),
  new RegExp(`^/scanners(/${SEGMENT}){0,3}/?$`),
  new RegExp(`^/finishers(/${SEGMENT}){0,2}/?$`),
];

function normalised(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname).toLowerCase();
  } catch {
    return null;
  }
}

export function isSiteRoute(pathname: string): boolean {
  const decoded = normalised(pathname);
  return decoded !== null && PATTERNS.some((pattern) => pattern.test(decoded));
}

/**
 * The remote that renders a route (the shell's routes.tsx maps the same paths), so the index page
 * can preload its entry. Only a hint: a wrong answer costs a wasted download, never a page.
 */
const OWNERS: Array<[RegExp, RemoteName]> = [
  [/^\/(contact-us|customer-support|services\/[^/]+)?\/?$/, 'content'],
  [/^\/discover-print-savings\/?$/, 'checker'],
  [/^\/(printers|scanners|finishers|photocopiers|commercial-printers|office-printers)(\/|$)/, 'catalogue'],
];

export function remoteForRoute(pathname: string): RemoteName | null {
  if (!isSiteRoute(pathname)) return null;
  const decoded = normalised(pathname)!;
  return OWNERS.find(([pattern]) => pattern.test(decoded))?.[1] ?? null;
}
