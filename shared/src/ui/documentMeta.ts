/**
 * Page titles and meta in the browser, from the defaults in domain/documentHead.ts (default title,
 * the '%s - Copytech' template, default description), which the server's first answer uses too.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { DEFAULT_DESCRIPTION, applyTitleTemplate } from '../domain/documentHead';

export { DEFAULT_DESCRIPTION, DEFAULT_TITLE, NOT_FOUND_TITLE, TITLE_TEMPLATE, applyTitleTemplate } from '../domain/documentHead';

export interface DocumentMeta {
  title?: string | null;
  description?: string | null;
  canonicalPath?: string | null;
  ogType?: string | null;
  image?: string | null;
  card?: string | null;
  robots?: string | null;
  /** a paged list's neighbours (link rel="prev" and rel="next") */
  prevPath?: string | null;
  nextPath?: string | null;
}

function setMeta(attribute: 'name' | 'property', key: string, value: string | null | undefined): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!value) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = value;
}

function setLink(rel: 'canonical' | 'prev' | 'next', path: string | null | undefined): void {
  let link = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!path) {
    link?.remove();
    return;
  }
  if (!link) {
    link = document.createElement('link');
    link.rel = rel;
    document.head.appendChild(link);
  }
  link.href = new URL(path, window.location.origin).href;
}

export function applyDocumentMeta(meta: DocumentMeta): void {
  // The server's first answer carries the page's structured data in the head; once a page sets its
  // own meta it renders its own (a product page's JSON-LD), so the server's copy goes.
  document.head.querySelectorAll('script[type="application/ld+json"][data-server-head]').forEach((element) => element.remove());
  const title = applyTitleTemplate(meta.title);
  const description = meta.description || DEFAULT_DESCRIPTION;
  document.title = title;
  setMeta('name', 'description', description);
  setMeta('property', 'og:title', title);
  setMeta('property', 'og:description', description);
  setMeta('property', 'og:type', meta.ogType || 'website');
  setMeta('property', 'og:image', meta.image ? new URL(meta.image, window.location.origin).href : null);
  setMeta('name', 'twitter:card', meta.card || 'summary');
  setMeta('name', 'robots', meta.robots ?? null);
  setLink('canonical', meta.canonicalPath);
  setLink('prev', meta.prevPath);
  setLink('next', meta.nextPath);
}

/**
 * Sets the document's title and meta while the calling page is shown. Re-applied on every path
 * change, because the shell resets the defaults when the path changes even if this page stays.
 */
export function useDocumentMeta(meta: DocumentMeta): void {
  const { title, description, canonicalPath, ogType, image, card, robots, prevPath, nextPath } = meta;
  const { pathname } = useLocation();
  useEffect(() => {
    applyDocumentMeta({ title, description, canonicalPath, ogType, image, card, robots, prevPath, nextPath });
  }, [pathname, title, description, canonicalPath, ogType, image, card, robots, prevPath, nextPath]);
}
