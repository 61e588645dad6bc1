/** The head every page starts from (docs/product-rules.md "Page head and search engines"; the specification's default meta). */
import { applyTitleTemplate, DEFAULT_DESCRIPTION, DEFAULT_TITLE, jsonLdText, NOT_FOUND_TITLE, TITLE_TEMPLATE } from './documentHead';
import { TROUBLE_TITLE } from './troublePage';

describe('titles', () => {
  it("puts a page's title in the template, with the company name after it", () => {
    expect(TITLE_TEMPLATE).toBe('%s - Copytech');
    expect(applyTitleTemplate('Print audit')).toBe('Print audit - Copytech');
    expect(applyTitleTemplate('  Blog \n')).toBe('Blog - Copytech');
  });

  it("gives a page without a title the default one, the specification's", () => {
    expect(DEFAULT_TITLE).toBe('Trusted Photocopier and Printer Supplier');
    for (const missing of [undefined, null, '', '   ']) {
      expect(applyTitleTemplate(missing)).toBe('Trusted Photocopier and Printer Supplier - Copytech');
    }
  });

  it('has the default description, and the titles of the pages that are never indexed', () => {
    expect(DEFAULT_DESCRIPTION).toBe('Simple, reliable and affordable print solutions for business.');
    expect(NOT_FOUND_TITLE).toBe('Page not found');
    expect(TROUBLE_TITLE).toBe('We are having trouble showing this page');
    expect(applyTitleTemplate(NOT_FOUND_TITLE)).toBe('Page not found - Copytech');
  });
});

describe('JSON-LD in a script element', () => {
  it('escapes every "<", so no text in the data can close the element', () => {
    const data = { name: '</script><script>alert(1)</script>', nested: ['a<b'] };
    const text = jsonLdText(data);
    expect(text).toBe('{"name":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>","nested":["a\\u003cb"]}');
    expect(text).not.toContain('<');
    // what a search engine reads back is the data unchanged
    expect(JSON.parse(text)).toEqual(data);
  });
});
