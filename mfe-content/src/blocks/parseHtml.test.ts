/**
 * The server's parser (parse5) gives the tree the browser's DOMParser gives, for the markup the CMS
 * writes and for malformed or hostile markup: what the server renders is what the browser hydrates.
 */
import { parseHtmlBody as parseInBrowser } from './parseHtml.browser';
import { parseHtmlBody as parseOnServer } from './parseHtml.server';
import type { RichNode } from './richNode';

type Plain = string | null | { tag: string; html: boolean; href: string | null; children: Plain[] };

function plain(node: RichNode): Plain {
  if (node.kind === 'text') return node.text;
  if (node.kind === 'other') return null;
  return { tag: node.tag, html: node.html, href: node.attribute('href'), children: node.children().map(plain) };
}

const SAMPLES = [
  '<p>Plain <strong>bold</strong> and <a href="/contact-us">a link</a>.</p><ul><li>One<li>Two</ul>',
  '<h3>First</h3><p>Unclosed <em>emphasis<p>Next paragraph',
  '<p>Text<table><tr><td>cell</td></tr></table>after</p>',
  '</script><script>alert(1)</script><img src=x onerror=alert(2)><svg><a href="javascript:x">y</a></svg>',
  '<p>A &amp; B &lt;tag&gt; <!-- a comment --> &nbsp;end</p><br>',
  '<b><i>mis</b>nested</i><blockquote>q<p>p</blockquote><math><mi>x</mi></math>',
];

describe('parseHtmlBody', () => {
  it.each(SAMPLES)('parses %j on the server as the browser does', (html) => {
    expect(parseOnServer(html).map(plain)).toEqual(parseInBrowser(html).map(plain));
  });
});
