import { sanitizeRichText } from './sanitizeHtml';

function parse(html: string): HTMLDivElement {
  const div = document.createElement('div');
  div.innerHTML = sanitizeRichText(html);
  return div;
}

describe('sanitizeRichText', () => {
  it('keeps the prose the CMS may use: paragraphs, lists, emphasis, sub-headings, breaks and links', () => {
    const html =
      '<h2>Included</h2><p>Line one<br>line <strong>two</strong> and <em>three</em></p><ul><li>A</li></ul><ol><li>B</li></ol><h3>More</h3><p><a href="/contact-us">Contact</a></p>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('removes scripts and their content', () => {
    const div = parse('<p>Safe</p><script>window.hacked = true</script>');
    expect(div.querySelector('script')).toBeNull();
    expect(div.textContent).toBe('Safe');
  });

  it('removes event-handler attributes and images used to run them', () => {
    const div = parse('<p onclick="alert(1)" onmouseover="alert(2)">Click</p><img src="x" onerror="alert(3)">');
    expect(div.querySelector('img')).toBeNull();
    expect(div.innerHTML).not.toMatch(/onerror|onclick|onmouseover|alert/);
    expect(div.textContent).toBe('Click');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example/phish',
  ])('drops the href %j but keeps the link text', (href) => {
    const div = parse(`<p><a href="${href}">Read more</a></p>`);
    const anchor = div.querySelector('a');
    expect(anchor?.getAttribute('href') ?? null).toBeNull();
    expect(div.textContent).toBe('Read more');
  });

  it('removes iframes, embeds, forms, style elements and style attributes', () => {
    const div = parse(
      '<iframe src="https://evil.example"></iframe><object data="x"></object><form action="/x"><input name="a"></form><style>body{display:none}</style><p style="position:fixed;inset:0">Text</p>',
    );
    expect(div.querySelector('iframe, object, form, input, style')).toBeNull();
    expect(div.querySelector('[style]')).toBeNull();
    expect(div.innerHTML).toBe('<p>Text</p>');
  });

  it('drops every attribute but href (class, id, target, data-*, aria-*)', () => {
    const div = parse('<p class="x" id="y" data-a="1" aria-hidden="true"><a href="/x" target="_top" class="z">x</a></p>');
    expect(div.innerHTML).toBe('<p><a href="/x">x</a></p>');
  });

  it('keeps http(s), mailto:, tel: and relative links, and marks external ones rel="noopener"', () => {
    const div = parse(
      '<a href="https://www.papercut.com/">A</a><a href="http://example.com">B</a><a href="mailto:sales@copytech.co.uk">C</a><a href="tel:+443300580590">D</a><a href="/services/papercut">E</a><a href="#faq">F</a>',
    );
    const links = Array.from(div.querySelectorAll('a')).map((a) => [a.getAttribute('href'), a.getAttribute('rel')]);
    expect(links).toEqual([
      ['https://www.papercut.com/', 'noopener'],
      ['http://example.com', 'noopener'],
      ['mailto:sales@copytech.co.uk', null],
      ['tel:+443300580590', null],
      ['/services/papercut', null],
      ['#faq', null],
    ]);
  });

  it('turns h3 into h2 when the text has no h2, so the outline under the h1 does not skip a level', () => {
    expect(sanitizeRichText('<p>Intro</p><h3>What you get</h3><ul><li>A report</li></ul>')).toBe('<p>Intro</p><h2>What you get</h2><ul><li>A report</li></ul>');
  });

  it('removes headings other than h2 and h3 but keeps their words', () => {
    expect(sanitizeRichText('<h1>Big</h1><h4>Small</h4>')).toBe('BigSmall');
  });
});
