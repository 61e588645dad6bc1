/**
 * '@copytech/shared/terms': the commercial terms in a browser room (docs/product-rules.md
 * "Commercial terms"), read from GET /api/terms one way on both sides. The server answers the read
 * while it renders the page (the shell reads it on every page, so the page's data block always
 * holds it and later pages of the visit have it at once); a page rendered in the browser alone
 * (a remote's standalone page, the dev servers) fetches it once per app. Null until it is in: a
 * room then shows what needs no terms (a purchase price, no lease) and fills in the rest after.
 * Bundled by each app that uses it.
 */
import { useEffect, useState } from 'react';
import { usePageData } from '@copytech/shared';
import { loadOnce, TERMS_URL, type CommercialTerms } from '@copytech/shared/domain';

/** The server checked the file on start; this only makes sure an answer is the terms' shape. */
function readTerms(value: unknown): CommercialTerms | null {
  const terms = value as Partial<CommercialTerms> | null;
  return terms && typeof terms === 'object' && terms.lease && terms.service && terms.engineerResponse && terms.urgencies
    ? (terms as CommercialTerms)
    : null;
}

const fetchTerms = loadOnce(async () => {
  const response = await fetch(TERMS_URL, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const terms = readTerms(await response.json());
  if (!terms) throw new Error('an answer that is not the terms');
  return terms;
});

export function useTerms(): CommercialTerms | null {
  const answer = usePageData<unknown>(TERMS_URL);
  const fromPage = answer?.ok ? readTerms(answer.value) : null;
  const [fetched, setFetched] = useState<CommercialTerms | null>(null);
  useEffect(() => {
    if (fromPage) return undefined;
    let live = true;
    fetchTerms().then(
      (terms) => live && setFetched(terms),
      (error: unknown) => console.error('The commercial terms could not be loaded:', (error as Error).message),
    );
    return () => {
      live = false;
    };
  }, [fromPage]);
  return fromPage ?? fetched;
}
