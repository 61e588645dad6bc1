/**
 * A link written in the CMS. Paths inside the site go through the router (no page reload) and,
 * when they lead to another content page, warm that page's cache as soon as the visitor hovers,
 * focuses or touches the link, so the page is usually there before the route is entered.
 * Everything else is a plain link; external ones get rel="noopener".
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { prefetchPage } from '../pages/pageCache';
import { contentRouteOf, isInternalHref } from './contentRoutes';

export interface ContentLinkProps {
  href: string;
  className?: string;
  children: ReactNode;
  'aria-describedby'?: string;
}

export function prefetchContentPath(href: string): void {
  const route = isInternalHref(href) ? contentRouteOf(href) : null;
  if (route) prefetchPage(route.slug);
}

export function ContentLink({ href, className, children, ...rest }: ContentLinkProps) {
  if (isInternalHref(href)) {
    const warm = () => prefetchContentPath(href);
    return (
      <Link to={href} className={className} onMouseEnter={warm} onFocus={warm} onTouchStart={warm} {...rest}>
        {children}
      </Link>
    );
  }
  const external = /^https?:\/\//i.test(href);
  return (
    <a href={href} className={className} rel={external ? 'noopener' : undefined} {...rest}>
      {children}
    </a>
  );
}
