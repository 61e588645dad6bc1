/** A blog post as a card: its date and reading time, its title as the link to it, its excerpt and author. */
import { Link } from 'react-router-dom';
import { blogPostPath, type BlogPost } from '@copytech/shared/domain';
import styles from '../blocks/RecentPosts.module.css';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '2026-10-14' as '14 October 2026'; an unreadable date gives null (the card shows no date). */
export function formatPostDate(iso: string): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
}

export function isBlogPost(value: unknown): value is BlogPost {
  const post = value as Partial<BlogPost> | null;
  return typeof post === 'object' && post !== null && typeof post.slug === 'string' && typeof post.title === 'string';
}

export function PostMeta({ post }: { post: BlogPost }) {
  const date = formatPostDate(post.publishedAt);
  return (
    <p className={styles.meta}>
      {date ? <time dateTime={post.publishedAt}>{date}</time> : null}
      {date && post.readingMinutes ? ' · ' : null}
      {post.readingMinutes ? `${post.readingMinutes} min read` : null}
    </p>
  );
}

export function PostCard({ post, headingLevel = 3 }: { post: BlogPost; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={styles.card}>
      <PostMeta post={post} />
      <Heading className={styles.title}>
        <Link to={blogPostPath(post.slug)} className={styles.link}>
          {post.title}
        </Link>
      </Heading>
      <p className={styles.excerpt}>{post.excerpt}</p>
      {post.author ? <p className={styles.author}>By {post.author}</p> : null}
    </article>
  );
}
