/**
 * CMS rich text is sanitised with DOMPurify before it reaches the page: only paragraphs, lists,
 * emphasis, sub-headings, line breaks and links survive, and a link keeps only an href that is
 * http(s), mailto:, tel: or relative. External links get rel="noopener".
 */
import DOMPurify from 'dompurify';

export const RICH_TEXT_TAGS = ['p', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'h2', 'h3', 'br'];

/** http(s), mailto and tel, or a relative reference (no scheme: '/x', './x', '#x', '?x', 'x'). */
const SAFE_HREF = /^(?:(?:https?|mailto|tel):|[/#?.]|[^:/?#]+(?:[/?#]|$))/i;

let purifier: ReturnType<typeof DOMPurify> | null = null;

function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = node.getAttribute('href');
    if (href === null) return;
    const value = href.trim();
    if (!SAFE_HREF.test(value) || value.startsWith('//')) {
      node.removeAttribute('href');
      return;
    }
    if (/^https?:/i.test(value)) node.setAttribute('rel', 'noopener');
  });
  purifier = instance;
  return instance;
}

/**
 * Sanitised HTML for a rich-text block. The block sits directly under the page's h1, so when its
 * text uses h3 without any h2 (a common CMS habit) those become h2: the outline never skips a level.
 */
export function sanitizeRichText(html: string): string {
  const fragment = getPurifier().sanitize(html, {
    RETURN_DOM_FRAGMENT: true,
    ALLOWED_TAGS: RICH_TEXT_TAGS,
    ALLOWED_ATTR: ['href'],
    ALLOWED_URI_REGEXP: SAFE_HREF,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    KEEP_CONTENT: true,
  });
  if (!fragment.querySelector('h2')) {
    fragment.querySelectorAll('h3').forEach((h3) => {
      const h2 = h3.ownerDocument.createElement('h2');
      h2.append(...Array.from(h3.childNodes));
      h3.replaceWith(h2);
    });
  }
  const container = document.createElement('div');
  container.append(fragment);
  return container.innerHTML;
}
