/**
 * CMS prose, sanitised (see sanitizeHtml.ts; DOMPurify loads on demand, see richTextSupport.ts);
 * on a service page, with a way to talk to us beside it. A click on a link inside the site is
 * handed to the router, and hovering or focusing a link to another content page warms its cache.
 */
import { useEffect, useMemo, useState, type MouseEvent, type SyntheticEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { isInternalHref } from '../links/contentRoutes';
import { prefetchContentPath } from '../links/ContentLink';
import { usePageInfo } from '../pages/PageContext';
import { ExpertAside } from './ExpertAside';
import { loadRichTextSupport, loadedSanitizer } from './richTextSupport';
import type { BlockProps } from './types';
import layout from './layout.module.css';
import styles from './RichText.module.css';

function anchorOf(event: SyntheticEvent): HTMLAnchorElement | null {
  const target = event.target as Element | null;
  return target?.closest ? target.closest('a') : null;
}

export function RichText({ block }: BlockProps<'richText'>) {
  // Normally already loaded with the page (see pageCache); otherwise the space is held until it is.
  const [sanitize, setSanitize] = useState(() => loadedSanitizer());
  useEffect(() => {
    if (sanitize) return undefined;
    let live = true;
    loadRichTextSupport().then(
      (loaded) => live && setSanitize(() => loaded),
      (error: Error) => console.error('[content] rich text could not be shown:', error.message),
    );
    return () => {
      live = false;
    };
  }, [sanitize]);
  const html = useMemo(() => (sanitize ? sanitize(block.html) : null), [sanitize, block.html]);
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

  if (html === null) return <section className={`${layout.section} ${styles.loading}`} aria-busy="true" data-block="richText" />;
  const prose = (
    // eslint-disable-next-line react/no-danger -- sanitised by DOMPurify just above
    <div className={styles.prose} onClick={onClick} onMouseOver={warm} onFocus={warm} dangerouslySetInnerHTML={{ __html: html }} />
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
