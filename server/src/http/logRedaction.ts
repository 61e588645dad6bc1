/**
 * What the logs keep of a search (docs/product-rules.md "Site search: what it finds"): a visitor
 * types anything into a search box, an e-mail address or a name included, so the request log and
 * the render's warnings keep a `q` parameter as its length only, never the words. Every `q` is
 * treated so (site search's /search and /api/search, and the lists' "Search by model"), whatever
 * the path: a rule with no exceptions cannot miss one.
 */

/** A URL (a path with its query, or absolute) with each `q=` value replaced by its length in characters. */
export function redactSearchTerms(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const rest = url.slice(query).replace(/([?&]q=)([^&#]*)/gi, (_match, name: string, value: string) => {
    let length = value.length;
    try {
      length = decodeURIComponent(value.replace(/\+/g, ' ')).length;
    } catch {
      /* not valid percent-encoding: its raw length */
    }
    return `${name}[${length} characters]`;
  });
  return url.slice(0, query) + rest;
}
