/**
 * Page titles and meta (SPEC.md section 1): default title 'Trusted Photocopier and Printer
 * Supplier', template '%s - Copytech', default description.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

export const DEFAULT_TITLE = 'Trusted Photocopier and Printer Supplier';
export const TITLE_TEMPLATE = '%s - Copytech';
export const DEFAULT_DESCRIPTION = 'Simple, reliable and affordable print solutions for business.';

export function applyTitleTemplate(title?: string | null): string {
  return TITLE_TEMPLATE.replace('%s', title && title.trim() ? title.trim() : DEFAULT_TITLE);
}

export interface DocumentMeta {
  title?: string | null;
  description?: string | null;
  canonicalPath?: string | null;
  ogType?: string | null;
  image?: string | null;
  card?: string | null;
  robots?: string | null;
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

function setCanonical(path: string | null | undefined): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!path) {
    link?.remove();
    return;
  }
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.appendChild(link);
  }
  link.href = new URL(path, window.location.origin).href;
}

export function applyDocumentMeta(meta: DocumentMeta): void {
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
  setCanonical(meta.canonicalPath);
}

/**
 * Sets the document's title and meta while the calling page is shown. Re-applied on every path
 * change, because the shell resets the defaults when the path changes even if this page stays.
 */
export function useDocumentMeta(meta: DocumentMeta): void {
  const { title, description, canonicalPath, ogType, image, card, robots } = meta;
  const { pathname } = useLocation();
  useEffect(() => {
    applyDocumentMeta({ title, description, canonicalPath, ogType, image, card, robots });
  }, [pathname, title, description, canonicalPath, ogType, image, card, robots]);
}
