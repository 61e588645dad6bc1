/**
 * The route table of SPEC.md section 2, as patterns, so the server can answer 404 for a path
 * the site does not have (the shell still renders its Not Found page from the same index).
 * Whether a product exists is decided by the catalogue in the browser.
 */
const SEGMENT = '[a-z0-9][a-z0-9+_().-]*';
const PATTERNS: RegExp[] = [
  /^\/$/,
  /^\/(contact-us|customer-support|discover-print-savings|photocopiers|commercial-printers|office-printers)\/?$/,
  new RegExp(`^/services/${SEGMENT}/?$`),
  new RegExp(`^/printers(/(multifunctionals|print-only|production|plotters)(/${SEGMENT}){0,2})?/?$`),
  new RegExp(`^/scanners(/${SEGMENT}){0,3}/?$`),
  new RegExp(`^/finishers(/${SEGMENT}){0,2}/?$`),
];

export function isSiteRoute(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname).toLowerCase();
  } catch {
    return false;
  }
  return PATTERNS.some((pattern) => pattern.test(decoded));
}
