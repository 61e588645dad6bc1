/**
 * The latest articles from the blog (/api/blog/recent). While they load the space is held; if they
 * cannot be loaded a short note says so and the rest of the page is unaffected.
 */
import { useEffect, useRef, useState } from 'react';
import { usePageData } from '@copytech/shared';
import type { BlogPost } from '@copytech/shared/domain';
import type { BlockProps } from './types';
import layout from './layout.module.css';
import styles from './RecentPosts.module.css';

export const DEFAULT_POST_LIMIT = 3;

type State = { status: 'loading' } | { status: 'ready'; posts: BlogPost[] } | { status: 'failed' };

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '2026-10-14' as '14 October 2026'; an unreadable date gives null (the card shows no date). */
export function formatPostDate(iso: string): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
}

function isBlogPost(value: unknown): value is BlogPost {
  const post = value as Partial<BlogPost> | null;
  return typeof post === 'object' && post !== null && typeof post.slug === 'string' && typeof post.title === 'string';
}

const recentPostsUrl = (limit: number) => `/api/blog/recent?limit=${limit}`;

/** The posts of an answer, or null when it is not a list of posts. */
function postsOf(body: unknown, limit: number): BlogPost[] | null {
  const results = (body as { results?: unknown } | null)?.results;
  return Array.isArray(results) ? results.filter(isBlogPost).slice(0, limit) : null;
}

export async function fetchRecentPosts(limit: number, signal?: AbortSignal): Promise<BlogPost[]> {
  const response = await fetch(recentPostsUrl(limit), { headers: { Accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const posts = postsOf(await response.json(), limit);
  if (!posts) throw new Error('malformed answer');
  return posts;
}

export function RecentPosts({ block }: BlockProps<'recentPosts'>) {
  const limit = Math.min(Math.max(1, Math.floor(block.limit ?? DEFAULT_POST_LIMIT)), 12);
  // Answered by the server when it renders the page; hydration starts from the same posts.
  const first = usePageData<unknown>(recentPostsUrl(limit));
  const [state, setState] = useState<State>(() => {
    const posts = first?.ok ? postsOf(first.value, limit) : null;
    return posts ? { status: 'ready', posts } : { status: 'loading' };
  });
  const answered = useRef(state.status === 'ready');

  useEffect(() => {
    if (answered.current) {
      answered.current = false;
      return undefined;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchRecentPosts(limit, controller.signal).then(
      (posts) => setState({ status: 'ready', posts }),
      (error: Error) => {
        if (controller.signal.aborted) return;
        console.error('[content] recent posts could not be loaded:', error.message);
        setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [limit]);

  const heading = block.heading || 'From the blog';
  return (
    <section className={layout.section} data-block="recentPosts" aria-busy={state.status === 'loading'}>
      <div className={layout.inner}>
        <h2 className={layout.heading}>{heading}</h2>
        {state.status === 'failed' ? (
          <p className={styles.note}>Our latest articles could not be loaded just now. Please try again later.</p>
        ) : state.status === 'ready' && state.posts.length === 0 ? (
          <p className={styles.note}>New articles are on their way.</p>
        ) : (
          <ul className={styles.grid} role="list">
            {state.status === 'loading'
              ? Array.from({ length: limit }, (_, index) => (
                  <li key={index} className={`${styles.card} ${styles.placeholder}`} aria-hidden="true">
                    <span className={styles.bar} />
                    <span className={styles.bar} />
                    <span className={styles.barShort} />
                  </li>
                ))
              : state.posts.map((post) => {
                  const date = formatPostDate(post.publishedAt);
                  return (
                    <li key={post.slug}>
                      <article className={styles.card}>
                        <p className={styles.meta}>
                          {date ? <time dateTime={post.publishedAt}>{date}</time> : null}
                          {date && post.readingMinutes ? ' · ' : null}
                          {post.readingMinutes ? `${post.readingMinutes} min read` : null}
                        </p>
                        <h3 className={styles.title}>{post.title}</h3>
                        <p className={styles.excerpt}>{post.excerpt}</p>
                        {post.author ? <p className={styles.author}>By {post.author}</p> : null}
                      </article>
                    </li>
                  );
                })}
          </ul>
        )}
      </div>
    </section>
  );
}
