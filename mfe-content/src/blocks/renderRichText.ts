/**
 * CMS rich text as React elements, never as HTML: the markup is parsed by the browser's DOMParser
 * (an inert document: no script runs, nothing loads) and walked, and only an allowlist becomes
 * elements: paragraphs, lists, emphasis, sub-headings, quotes, line breaks and links. Text is
 * text (React escapes it); other elements give up their text, and a few give up everything
 * (scripts, styles, embeds, form controls, SVG and MathML). No attribute survives but a link's
 * href that is http(s), mailto:, tel: or relative; external links get rel="noopener".
 * Nothing is ever serialised back to HTML, so parser round-trip (mXSS) tricks have nothing to act on.
 */
import { createElement, Fragment, type ReactNode } from 'react';

const KEEP = new Set(['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'a', 'br', 'blockquote']);

/** Dropped with everything inside them. */
const DROP = 'script,style,template,noscript,iframe,object,embed,svg,math,select,textarea,button,title';

const HTML_NS = 'http://www.w3.org/1999/xhtml';

/** http(s), mailto and tel, or a relative reference (no scheme: '/x', './x', '#x', '?x', 'x'). */
const SAFE_HREF = /^(?:(?:https?|mailto|tel):|[/#?.]|[^:/?#]+(?:[/?#]|$))/i;

/**
 * The href as the browser would read it (tabs and newlines removed, outer spaces and controls
 * trimmed), or null if it is not one we allow: no javascript:, data:, vbscript: or other scheme,
 * and no protocol-relative '//host' (nor '/\host', which browsers read the same way).
 */
export function safeHref(raw: string): string | null {
  // eslint-disable-next-line no-control-regex -- exactly what the URL parser strips
  const href = raw.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (!SAFE_HREF.test(href) || /^[/\\]{2}/.test(href)) return null;
  return href;
}

function children(node: Node, shift: number): ReactNode[] {
  return Array.from(node.childNodes, (child) => toReact(child, shift));
}

function toReact(node: Node, shift: number): ReactNode {
  if (node.nodeType === 3) return node.nodeValue; // text
  if (node.nodeType !== 1) return null; // comments, processing instructions
  const element = node as Element;
  if (element.namespaceURI !== HTML_NS || element.matches(DROP)) return null;
  const tag = element.localName;
  if (!KEEP.has(tag)) return createElement(Fragment, null, ...children(element, shift));
  if (tag === 'br') return createElement('br');
  let props: { href?: string; rel?: string } | null = null;
  if (tag === 'a') {
    const href = safeHref(element.getAttribute('href') ?? '');
    if (href !== null) props = /^https?:/i.test(href) ? { href, rel: 'noopener' } : { href };
  }
  const name = /^h[34]$/.test(tag) ? `h${Number(tag[1]) - shift}` : tag;
  return createElement(name, props, ...children(element, shift));
}

/**
 * The rich-text block's HTML as React nodes. The block sits directly under the page's h1, so when
 * its text has no h2 (a common CMS habit: h3 first) h3 and h4 move up a level: the outline never
 * skips one.
 */
export function renderRichText(html: string): ReactNode {
  // The doctype asks for standards mode, so (for instance) a table closes an open paragraph.
  const body = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html').body;
  const hasH2 = Array.from(body.querySelectorAll('h2')).some((h2) => !h2.closest(DROP));
  return createElement(Fragment, null, ...children(body, hasH2 ? 0 : 1));
}
