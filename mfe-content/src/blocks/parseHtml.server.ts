/**
 * CMS markup parsed into a tree of RichNodes, on the server (the server build's twin of
 * parseHtml.browser.ts): parse5, which implements the HTML standard's parsing algorithm as the
 * browser's DOMParser does, so the server renders the same tree the browser hydrates.
 */
import { parse } from 'parse5';
import type { RichNode } from './richNode';

interface Parse5Node {
  nodeName: string;
  tagName?: string;
  namespaceURI?: string;
  value?: string;
  attrs?: Array<{ name: string; value: string }>;
  childNodes?: Parse5Node[];
  content?: Parse5Node;
}

function fromParse5(node: Parse5Node): RichNode {
  if (node.nodeName === '#text') return { kind: 'text', text: node.value ?? '' };
  if (!node.tagName) return { kind: 'other' };
  return {
    kind: 'element',
    tag: node.tagName,
    html: node.namespaceURI === 'http://www.w3.org/1999/xhtml',
    attribute: (name) => node.attrs?.find((attr) => attr.name === name)?.value ?? null,
    children: () => (node.childNodes ?? []).map(fromParse5),
  };
}

/** The nodes of the body of `<!doctype html><body>{html}`. */
export function parseHtmlBody(html: string): RichNode[] {
  const document = parse(`<!doctype html><body>${html}`) as unknown as Parse5Node;
  const htmlElement = document.childNodes?.find((node) => node.tagName === 'html');
  const body = htmlElement?.childNodes?.find((node) => node.tagName === 'body');
  return (body?.childNodes ?? []).map(fromParse5);
}
