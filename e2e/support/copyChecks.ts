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
 * controls' options and what is not prose: code, and tables (their cells are values, such as
 * `local storage` in the storage table; the screen-reader-only labels of controls are kept: they
 * are read).
 */
export function proseBlocks(html: string): string[] {
  const body = html
    .replace(/<head>[\s\S]*?<\/head>/, ' ')
    .replace(/<(script|style|template|select|svg|code|pre|table)\b[^>]*>[\s\S]*?<\/\1>/g, '\n')
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

/** A block that goes on from the element before it: a price's `or rent from £50.00 per month`. */
const CONTINUES = /^(?:or|and|per)\b/;

/**
 * Each sentence of the blocks whose first word starts with a lower-case letter (the sentence,
 * quoted). A block after one that ends in a colon or a semicolon goes on with that sentence (a
 * list of rights: "You have the right to:", "see the personal data we hold;"), and so does one
 * that starts with `or`, `and` or `per`; the sentences after its first are checked all the same.
 */
export function lowerCaseStarts(blocks: string[]): string[] {
  const found: string[] = [];
  let previous = '';
  for (const block of blocks) {
    const goesOn = /[:;]$/.test(previous) || CONTINUES.test(block);
    previous = block;
    for (const [index, sentence] of sentencesOf(block).entries()) {
      if (index === 0 && goesOn) continue;
      const first = /^["'“‘(]?([\p{L}][\p{L}\p{N}.'’@-]*)/u.exec(sentence)?.[1];
      if (!first || !/^\p{Ll}/u.test(first)) continue;
      if (first.includes('@')) continue; // an e-mail address
      if (LOWER_CASE_NAMES.has(first.toLowerCase())) continue;
      // A maker's name written with a capital or a digit inside (imageRUNNER, iR-ADV, e-STUDIO2020AC).
      if (/[\p{Lu}\p{N}]/u.test(first.slice(1))) continue;
      found.push(sentence.slice(0, 120));
    }
  }
  return found;
}

/** Words a title may well say twice ("What happens when your copier breaks down: what to do"). */
const FUNCTION_WORDS = new Set([
  'the',
  'and',
  'for',
  'with',
  'your',
  'you',
  'what',
  'when',
  'how',
  'our',
  'are',
  'from',
  'that',
  'this',
  'not',
]);

/** The words a title says more than once (letters only, three or more, any case, not a function word): `["finisher"]`. */
export function repeatedTitleWords(title: string): string[] {
  const counts = new Map<string, number>();
  for (const word of title.toLowerCase().match(/\p{L}{3,}/gu) ?? []) {
    if (!FUNCTION_WORDS.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts].filter(([, count]) => count > 1).map(([word]) => word);
}
