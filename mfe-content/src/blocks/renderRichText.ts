/**
 * CMS rich text as React elements, never as HTML: the markup is parsed (by the browser's DOMParser,
 * an inert document where no script runs and nothing loads; on the server by parse5, which follows
 * the same standard: parseHtml.browser.ts and its server twin) and walked, and only an allowlist becomes
 * elements: paragraphs, lists, emphasis, sub-headings, quotes, line breaks and links. Text is
 * text (React escapes it); other elements give up their text, and a few give up everything
 * (scripts, styles, embeds, form controls, SVG and MathML). No attribute survives but a link's
 * href that is http(s), mailto:, tel: or relative; external links get rel="noopener".
 * Nothing is ever serialised back to HTML, so parser round-trip (mXSS) tricks have nothing to act on.
 */
import { createElement, Fragment, type ReactNode } from 'react';
import { parseHtmlBody } from './parseHtml.browser';
import type { RichNode } from './richNode';

const KEEP = new Set(['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'a', 'br', 'blockquote']);

/** Dropped with everything inside them. */
const DROP = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'select',
  'textarea',
  'button',
  'title',
]);

/** http(s), mailto and tel, or a relative reference (no scheme: '/x', './x', '#x', '?x', 'x'). */
const SAFE_HREF = /^(?:(?:https?|mailto|tel):|[/#?.]|[^:/?#]+(?:[/?#]|$))/i;

/**
 * The href as the browser would read it (tabs and newlines removed, outer spaces and controls
 * trimmed), or null if it is not one we allow: no javascript:, data:, vbscript: or other scheme,
 * and no protocol-relative '//host' (nor '/\host', which browsers read the same way).
 */
export function safeHref(raw: string): string | null {
  const href = raw.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (!SAFE_HREF.test(href) || /^[/\\]{2}/.test(href)) return null;
  return href;
}

function children(nodes: RichNode[], shift: number): ReactNode[] {
  return nodes.map((child) => toReact(child, shift));
}

function toReact(node: RichNode, shift: number): ReactNode {
  if (node.kind === 'text') return node.text;
  if (node.kind !== 'element') return null; // comments, processing instructions
  if (!node.html || DROP.has(node.tag)) return null;
  const { tag } = node;
  if (!KEEP.has(tag)) return createElement(Fragment, null, ...children(node.children(), shift));
  if (tag === 'br') return createElement('br');
  let props: { href?: string; rel?: string } | null = null;
  if (tag === 'a') {
    const href = safeHref(node.attribute('href') ?? '');
    if (href !== null) props = /^https?:/i.test(href) ? { href, rel: 'noopener' } : { href };
  }
  const name = /^h[34]$/.test(tag) ? `h${Number(tag[1]) - shift}` : tag;
  return createElement(name, props, ...children(node.children(), shift));
}

/** Whether the markup has an h2 outside what is dropped. */
function hasH2(nodes: RichNode[]): boolean {
  return nodes.some((node) => node.kind === 'element' && node.html && !DROP.has(node.tag) && (node.tag === 'h2' || hasH2(node.children())));
}

/**
 * The rich-text block's HTML as React nodes. The block sits directly under the page's h1, so when
 * its text has no h2 (a common CMS habit: h3 first) h3 and h4 move up a level: the outline never
 * skips one.
 */
export function renderRichText(html: string): ReactNode {
  // The doctype asks for standards mode, so (for instance) a table closes an open paragraph.
  const nodes = parseHtmlBody(html);
  return createElement(Fragment, null, ...children(nodes, hasH2(nodes) ? 0 : 1));
}
