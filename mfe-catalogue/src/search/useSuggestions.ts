/**
 * The typeahead's answers (docs/product-rules.md "Site search"): nothing is asked for a query of
 * fewer than SUGGEST_MIN_LENGTH characters; a query is asked for once the visitor has paused for
 * SUGGEST_DEBOUNCE_MS; a newer query aborts the request of an older one, and an answer is shown
 * only for the query it answers, so a slow, stale answer never replaces a newer one. Answers are
 * kept in memory by query (at most CACHE_SIZE), so going back over what was typed asks nothing.
 */
import { useEffect, useState } from 'react';
import { SEARCH_SUGGEST_LIMIT, readSearchQuery, searchApiPath, type SearchResponse } from '@copytech/shared/domain';
import { toSearchResponse } from './searchAnswer';

export const SUGGEST_MIN_LENGTH = 2;
export const SUGGEST_DEBOUNCE_MS = 150;
const CACHE_SIZE = 50;

const answers = new Map<string, SearchResponse>();
const keyOf = (query: string) => query.toLowerCase();

function remember(query: string, answer: SearchResponse): void {
  answers.delete(keyOf(query));
  answers.set(keyOf(query), answer);
  if (answers.size > CACHE_SIZE) answers.delete(answers.keys().next().value!);
}

/** For tests: forget every answer. */
export function forgetSuggestions(): void {
  answers.clear();
}

export interface Suggestions {
  /** the query as read (readSearchQuery): what is searched for */
  query: string;
  /** the answer to `query`, or the last answer shown while `query`'s is on its way (`pending`) */
  answer: SearchResponse | null;
  /** true while `query`'s answer is on its way */
  pending: boolean;
  /** `query`'s answer could not be had */
  failed: boolean;
  /** `answer` answers `query` itself */
  current: boolean;
}

interface Held {
  query: string;
  answer: SearchResponse | null;
  failed: boolean;
}

export function useSuggestions(text: string): Suggestions {
  const query = readSearchQuery(text);
  const asked = query.length >= SUGGEST_MIN_LENGTH;
  const [held, setHeld] = useState<Held>({ query: '', answer: null, failed: false });

  useEffect(() => {
    if (!asked) return undefined;
    const known = answers.get(keyOf(query));
    if (known) {
      setHeld({ query, answer: known, failed: false });
      return undefined;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(searchApiPath(query, { limit: SEARCH_SUGGEST_LIMIT }), { headers: { Accept: 'application/json' }, signal: controller.signal })
        .then(async (response) => {
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          const answer = toSearchResponse(await response.json());
          if (!answer) throw new Error('an answer that could not be read');
          remember(query, answer);
          if (!controller.signal.aborted) setHeld({ query, answer, failed: false });
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          console.error('[catalogue] search suggestions could not be loaded:', (error as Error).message);
          setHeld((last) => ({ query, answer: last.answer, failed: true }));
        });
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, asked]);

  const current = asked && held.query === query;
  return {
    query,
    answer: asked ? held.answer : null,
    pending: asked && !current,
    failed: current && held.failed,
    current: current && held.answer !== null && !held.failed,
  };
}
