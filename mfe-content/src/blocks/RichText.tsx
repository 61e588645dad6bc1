/**
 * CMS prose, rendered as React elements from an allowlist (see renderRichText.ts: no HTML is
 * ever injected); on a service page, with a way to talk to us beside it. A click on a link inside the site is
 * handed to the router, and hovering or focusing a link to another content page warms its cache.
 */
import { useMemo, type MouseEvent, type SyntheticEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { isInternalHref } from '../links/contentRoutes';
import { prefetchContentPath } from '../links/ContentLink';
import { usePageInfo } from '../pages/PageContext';
import { ExpertAside } from './ExpertAside';
import { renderRichText } from './renderRichText';
import type { BlockProps } from './types';
import layout from './layout.module.css';
import styles from './RichText.module.css';

function anchorOf(event: SyntheticEvent): HTMLAnchorElement | null {
  const target = event.target as Element | null;
  return target?.closest ? target.closest('a') : null;
}

export function RichText({ block }: BlockProps<'richText'>) {
  const content = useMemo(() => renderRichText(block.html), [block.html]);
  const navigate = useNavigate();
  const page = usePageInfo();

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = anchorOf(event);
    const href = anchor?.getAttribute('href');
    if (!href || !isInternalHref(href)) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  const warm = (event: SyntheticEvent) => {
    const href = anchorOf(event)?.getAttribute('href');
    if (href) prefetchContentPath(href);
  };

  const prose = (
    <div className={styles.prose} onClick={onClick} onMouseOver={warm} onFocus={warm}>
      {content}
    </div>
  );
  return (
    <section className={layout.section} data-block="richText">
      {page?.kind === 'service' ? (
        <div className={`${layout.inner} ${styles.withAside}`}>
          {prose}
          <ExpertAside />
        </div>
      ) : (
        <div className={layout.narrow}>{prose}</div>
      )}
    </section>
  );
}
