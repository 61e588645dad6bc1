/**
 * CMS markup parsed into a tree of RichNodes, in the browser: the browser's own DOMParser (an inert
 * document: no script runs, nothing loads). The server build uses parseHtml.server.ts instead, a
 * parser that follows the same HTML standard, so both sides see the same tree (docs/architecture.md
 * "How a page loads": a module named *.browser has a *.server twin in server builds).
 */
import type { RichNode } from './richNode';

function fromDom(node: Node): RichNode {
  if (node.nodeType === 3) return { kind: 'text', text: node.nodeValue ?? '' };
  if (node.nodeType !== 1) return { kind: 'other' };
  const element = node as Element;
  return {
    kind: 'element',
    tag: element.localName,
    html: element.namespaceURI === 'http://www.w3.org/1999/xhtml',
    attribute: (name) => element.getAttribute(name),
    children: () => Array.from(element.childNodes, fromDom),
  };
}

/** The nodes of the body of `<!doctype html><body>{html}` (the doctype asks for standards mode). */
export function parseHtmlBody(html: string): RichNode[] {
  const body = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html').body;
  return Array.from(body.childNodes, fromDom);
}
