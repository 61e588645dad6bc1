/**
 * What a careful reader would mark in a page's copy (docs/product-rules.md "Content and service
 * pages"): a sentence that starts in lower case, and a title that says a word twice
 * ("Ricoh Booklet Finisher SR3270 Finisher"). Used by e2e/tests/copy.spec.ts over every page.
 */

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;|&#xa0;/g, ' ')
    .replace(/&amp;/g, '&');
}

/** A page's `<title>`, without the company's suffix. */
export function pageTitle(html: string): string {
  return decodeEntities(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '')
    .replace(/\s+-\s+Copytech$/, '')
    .trim();
}

/**
 * The prose of a page as a reader meets it, one block of text per element that starts a new line
 * (a paragraph, a heading, a list item, a cell), without the head, scripts, the page's data, form
 * controls' options and the text of elements that are not prose (code, the screen-reader-only
 * labels of controls are kept: they are read).
 */
export function proseBlocks(html: string): string[] {
  const body = html
    .replace(/<head>[\s\S]*?<\/head>/, ' ')
    .replace(/<(script|style|template|select|svg|code|pre)\b[^>]*>[\s\S]*?<\/\1>/g, '\n')
    .replace(
      /<\/?(?:br|p|li|h[1-6]|div|td|th|tr|dt|dd|section|article|footer|header|nav|main|aside|ul|ol|dl|table|figcaption|blockquote|label|legend|button|summary|details|form|fieldset|output)\b[^>]*>/g,
      '\n',
    )
    .replace(/<[^>]+>/g, ' ');
  return decodeEntities(body)
    .split('\n')
    .map((block) => block.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/**
 * Words a sentence may start with in lower case: product names written so by their makers
 * (bizhub, imageRUNNER, iR-ADV, imagePRESS, ecosys...: a word with a capital or a digit after its
 * first letter is a name), and units or marks that are not words.
 */
const LOWER_CASE_NAMES = new Set(['bizhub', 'e.g.', 'i.e.', 'ppm', 'x', 'p', 'vs', 'etc.']);

/** Abbreviations a sentence goes on after. */
const ABBREVIATION = /\b(?:e\.g|i\.e|etc|vs|approx|incl)\.$/i;

/** The sentences of a block: split after . ! ? followed by a space and a letter or digit (not after an abbreviation). */
function sentencesOf(block: string): string[] {
  const sentences: string[] = [];
  for (const piece of block.split(/(?<=[.!?])\s+(?=["'“‘(]?[\p{L}\d])/u)) {
    const last = sentences.length - 1;
    if (last >= 0 && ABBREVIATION.test(sentences[last]!)) sentences[last] += ` ${piece}`;
    else sentences.push(piece);
  }
  return sentences;
}

/** Each sentence of the blocks whose first word starts with a lower-case letter (the sentence, quoted). */
export function lowerCaseStarts(blocks: string[]): string[] {
  const found: string[] = [];
  for (const block of blocks) {
    for (const sentence of sentencesOf(block)) {
      const first = /^["'“‘(]?([\p{L}][\p{L}\p{N}.'’-]*)/u.exec(sentence)?.[1];
      if (!first || !/^\p{Ll}/u.test(first)) continue;
      if (LOWER_CASE_NAMES.has(first.toLowerCase())) continue;
      // A maker's name written with a capital or a digit inside (imageRUNNER, iR-ADV, e-STUDIO2020AC).
      if (/[\p{Lu}\p{N}]/u.test(first.slice(1))) continue;
      found.push(sentence.slice(0, 120));
    }
  }
  return found;
}

/** The words a title says more than once (letters only, three or more, any case): `["finisher"]`. */
export function repeatedTitleWords(title: string): string[] {
  const counts = new Map<string, number>();
  for (const word of title.toLowerCase().match(/\p{L}{3,}/gu) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
  return [...counts].filter(([, count]) => count > 1).map(([word]) => word);
}
