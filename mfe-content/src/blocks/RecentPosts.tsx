/**
 * The latest articles from the blog (/api/blog/recent), each card a link to its post, and a link
 * to the whole blog. While they load the space is held; if they cannot be loaded a short note says
 * so and the rest of the page is unaffected.
 */
import { Link } from 'react-router-dom';
import { usePageResource } from '@copytech/shared/pageResource';
import { BLOG_PATH, type BlogPost } from '@copytech/shared/domain';
import { PostCard, isBlogPost } from '../blog/PostCard';
import type { BlockProps } from './types';
import layout from './layout.module.css';
import styles from './RecentPosts.module.css';

export const DEFAULT_POST_LIMIT = 3;

export { formatPostDate } from '../blog/PostCard';

const recentPostsUrl = (limit: number) => `/api/blog/recent?limit=${limit}`;

/** The posts of an answer, or null when it is not a list of posts. */
function postsOf(body: unknown, limit: number): BlogPost[] | null {
  const results = (body as { results?: unknown } | null)?.results;
  return Array.isArray(results) ? results.filter(isBlogPost).slice(0, limit) : null;
}

export function RecentPosts({ block }: BlockProps<'recentPosts'>) {
  const limit = Math.min(Math.max(1, Math.floor(block.limit ?? DEFAULT_POST_LIMIT)), 12);
  // Answered by the server when it renders the page; hydration starts from the same posts.
  const [state] = usePageResource(recentPostsUrl(limit), (answer) => postsOf(answer, limit), '[content] recent posts');

  const heading = block.heading || 'From the blog';
  return (
    <section className={layout.section} data-block="recentPosts" aria-busy={state.status === 'loading'}>
      <div className={layout.inner}>
        <h2 className={layout.heading}>{heading}</h2>
        {state.status === 'failed' ? (
          <p className={styles.note}>Our latest articles could not be loaded just now. Please try again later.</p>
        ) : state.status === 'ready' && state.value.length === 0 ? (
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
              : state.value.map((post) => (
                  <li key={post.slug}>
                    <PostCard post={post} />
                  </li>
                ))}
          </ul>
        )}
        <p className={styles.all}>
          <Link to={BLOG_PATH}>
            All articles on the blog<span aria-hidden="true"> →</span>
          </Link>
        </p>
      </div>
    </section>
  );
}
