/** The page for a slug: shown at once from the cache, otherwise loaded (once) and then shown. */
import { useEffect, useState } from 'react';
import { usePageData, type PageDataAnswer } from '@copytech/shared';
import type { PageContent } from '@copytech/shared/domain';
import { cachedPage, isPageContent, loadPage, pageUrl, rememberPage } from './pageCache';

export type PageState = { status: 'loading' } | { status: 'ready'; page: PageContent } | { status: 'missing'; reason: string };

/**
 * The page the server rendered with (its answer is in the page's data), so hydration shows the same
 * page without fetching it; null when the server did not answer this slug.
 */
function fromServer(slug: string, answer: PageDataAnswer<unknown> | undefined): PageState | null {
  if (!answer) return null;
  if (answer.ok && isPageContent(answer.value)) return { status: 'ready', page: answer.value };
  return { status: 'missing', reason: answer.ok ? 'the answer is not a page' : `HTTP ${answer.status}` };
}

export function usePage(slug: string): PageState {
  const answer = usePageData<unknown>(pageUrl(slug));
  const [state, setState] = useState<{ slug: string; value: PageState }>(() => {
    const served = fromServer(slug, answer);
    if (served?.status === 'ready') rememberPage(served.page);
    return served ? { slug, value: served } : initial(slug);
  });

  useEffect(() => {
    let live = true;
    if (state.slug === slug && state.value.status === 'missing') return undefined; // the server's answer: Not Found
    const cached = cachedPage(slug);
    if (cached) {
      setState({ slug, value: { status: 'ready', page: cached } });
      return undefined;
    }
    setState({ slug, value: { status: 'loading' } });
    loadPage(slug).then(
      (page) => live && setState({ slug, value: { status: 'ready', page } }),
      (error: Error) => live && setState({ slug, value: { status: 'missing', reason: error.message } }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new slug loads again
  }, [slug]);

  // The slug changed and the effect has not run yet: never show the previous page under the new slug.
  return state.slug === slug ? state.value : initial(slug).value;
}

function initial(slug: string): { slug: string; value: PageState } {
  const cached = cachedPage(slug);
  return { slug, value: cached ? { status: 'ready', page: cached } : { status: 'loading' } };
}
