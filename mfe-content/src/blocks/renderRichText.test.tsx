import { render } from '@testing-library/react';
import { renderRichText, safeHref } from './renderRichText';

/** The DOM React builds from the CMS HTML. */
function parse(html: string): HTMLDivElement {
  return render(<div>{renderRichText(html)}</div>).container.firstElementChild as HTMLDivElement;
}

/** No element, attribute or URL that could run code or change the page survives. */
function expectInert(div: HTMLElement) {
  expect(
    div.querySelector(
      'script, style, iframe, object, embed, form, input, button, textarea, select, svg, math, img, template, noscript, link, meta, base',
    ),
  ).toBeNull();
  for (const element of Array.from(div.querySelectorAll('*'))) {
    for (const { name } of Array.from(element.attributes)) expect(['href', 'rel']).toContain(name);
  }
  for (const anchor of Array.from(div.querySelectorAll('a[href]'))) {
    expect(anchor.getAttribute('href')).toMatch(/^(https?:|mailto:|tel:|[/#?.]|[a-z0-9-]+(?:[/?#]|$))/i);
  }
}

describe('renderRichText', () => {
  it('keeps the prose the CMS may use: paragraphs, lists, emphasis, sub-headings, quotes, breaks and links', () => {
    const html =
      '<h2>Included</h2><p>Line one<br>line <strong>two</strong> and <em>three</em>, <b>four</b>, <i>five</i></p><ul><li>A</li></ul><ol><li>B</li></ol><h3>More</h3><h4>Less</h4><blockquote><p>Quote</p></blockquote><p><a href="/contact-us">Contact</a></p>';
    expect(parse(html).innerHTML).toBe(html);
  });

  it('renders text as text: markup-looking text is never parsed twice', () => {
    const div = parse('<p>1 &lt; 2 &amp;&amp; &lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(div.querySelector('script')).toBeNull();
    expect(div.textContent).toBe('1 < 2 && <script>alert(1)</script>');
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
    '\u0001\u0010 javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java&#x09;script:alert(1)',
    '&#106;avascript:alert(1)',
    '&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)',
    'javascript&colon;alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example/phish',
    ' //evil.example/phish',
    '/\\evil.example/phish',
    '\\\\evil.example/phish',
  ])('drops the href %j but keeps the link text', (href) => {
    const div = parse(`<p><a href="${href}">Read more</a></p>`);
    const anchor = div.querySelector('a');
    expect(anchor).not.toBeNull();
    expect(anchor?.getAttribute('href') ?? null).toBeNull();
    expect(div.textContent).toBe('Read more');
    expectInert(div);
  });

  it('removes iframes, embeds, forms, style elements and style attributes', () => {
    const div = parse(
      '<iframe src="https://evil.example"></iframe><object data="x"></object><embed src="x"><form action="/x"><input name="a"></form><style>body{display:none}</style><p style="position:fixed;inset:0">Text</p>',
    );
    expect(div.querySelector('[style]')).toBeNull();
    expect(div.innerHTML).toBe('<p>Text</p>');
    expectInert(div);
  });

  it('drops every attribute but href (class, id, target, data-*, aria-*)', () => {
    const div = parse('<p class="x" id="y" data-a="1" aria-hidden="true"><a href="/x" target="_top" class="z">x</a></p>');
    expect(div.innerHTML).toBe('<p><a href="/x">x</a></p>');
  });

  it('keeps http(s), mailto:, tel: and relative links, and marks external ones rel="noopener"', () => {
    const div = parse(
      '<a href="https://www.papercut.com/">A</a><a href="http://example.com">B</a><a href="mailto:sales@copytech.co.uk">C</a><a href="tel:+443300580590">D</a><a href="/services/papercut">E</a><a href="#faq">F</a><a href=" /contact-us ">G</a>',
    );
    const links = Array.from(div.querySelectorAll('a')).map((a) => [a.getAttribute('href'), a.getAttribute('rel')]);
    expect(links).toEqual([
      ['https://www.papercut.com/', 'noopener'],
      ['http://example.com', 'noopener'],
      ['mailto:sales@copytech.co.uk', null],
      ['tel:+443300580590', null],
      ['/services/papercut', null],
      ['#faq', null],
      ['/contact-us', null],
    ]);
  });

  it('turns h3 into h2 (and h4 into h3) when the text has no h2, so the outline under the h1 does not skip a level', () => {
    expect(parse('<p>Intro</p><h3>What you get</h3><h4>In detail</h4><ul><li>A report</li></ul>').innerHTML).toBe(
      '<p>Intro</p><h2>What you get</h2><h3>In detail</h3><ul><li>A report</li></ul>',
    );
  });

  it('removes h1, h5 and h6 but keeps their words; unknown elements give up their text, not their markup', () => {
    expect(parse('<h1>Big</h1><h2>Mid</h2><h5>Small</h5><h6>Tiny</h6>').innerHTML).toBe('Big<h2>Mid</h2>SmallTiny');
    expect(parse('<div><p>In a <span class="x">span</span> and <u>u</u></p></div>').innerHTML).toBe('<p>In a span and u</p>');
  });

  it('drops SVG and MathML with everything in them, however their elements are disguised', () => {
    const div = parse(
      '<svg><a href="javascript:alert(1)"><text>svg link</text></a><script>alert(2)</script><foreignObject><p>fo</p></foreignObject><animate attributeName="href" to="javascript:alert(3)"/></svg>' +
        '<math><mtext><table><mglyph><style><img src=x onerror=alert(4)></style></mglyph></table></mtext><mi><a href="javascript:alert(5)">m</a></mi></math>' +
        '<p>After</p>',
    );
    expect(div.innerHTML).toBe('<p>After</p>');
    expectInert(div);
  });

  it.each([
    // The MathML swallows the rest of the text, and is dropped with it: nothing is shown, nothing runs.
    ['nested forms with MathML', '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>', ''],
    ['noscript', '<noscript><p title="</noscript><img src=x onerror=alert(2)>"></p></noscript>', 'After'],
    ['template', '<template><script>alert(3)</script></template>', 'After'],
    ['a comment', '<!-- <img src=x onerror=alert(4)> -->', 'After'],
    ['an attribute', '<p title="<script>alert(5)</script>">Kept</p>', 'KeptAfter'],
    ['a stray end tag', '</p><p>Kept</p></body><script>alert(6)</script>', 'KeptAfter'],
  ])('is not fooled by markup hidden in %s', (_, html, text) => {
    const div = parse(`${html}<p>After</p>`);
    expect(div.querySelector('img, p[title]')).toBeNull();
    expect(div.innerHTML).not.toMatch(/alert|onerror/);
    expect(div.textContent).toBe(text);
    expectInert(div);
  });

  it('never nests a link in a link, nor a paragraph in a paragraph', () => {
    const div = parse('<a href="/a">one<a href="/b">two</a></a><p>x<table><tr><td><p>y</p></td></tr></table></p>');
    expect(div.querySelector('a a, p p')).toBeNull();
  });
});

describe('safeHref', () => {
  it('reads the href as the browser would: tabs and newlines gone, outer spaces trimmed', () => {
    expect(safeHref('\n /services/papercut\t')).toBe('/services/papercut');
    expect(safeHref('ht\ttps://example.com')).toBe('https://example.com');
    expect(safeHref('jav\nascript:alert(1)')).toBeNull();
    expect(safeHref('')).toBeNull();
  });
});
