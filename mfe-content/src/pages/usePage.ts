/** The page for a slug: shown at once from the cache, otherwise loaded (once) and then shown. */
import { useEffect, useState } from 'react';
import type { PageContent } from '@copytech/shared/domain';
import { cachedPage, loadPage } from './pageCache';

export type PageState = { status: 'loading' } | { status: 'ready'; page: PageContent } | { status: 'missing'; reason: string };

export function usePage(slug: string): PageState {
  const [state, setState] = useState<{ slug: string; value: PageState }>(() => initial(slug));

  useEffect(() => {
    let live = true;
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
  }, [slug]);

  // The slug changed and the effect has not run yet: never show the previous page under the new slug.
  return state.slug === slug ? state.value : initial(slug).value;
}

function initial(slug: string): { slug: string; value: PageState } {
  const cached = cachedPage(slug);
  return { slug, value: cached ? { status: 'ready', page: cached } : { status: 'loading' } };
}
