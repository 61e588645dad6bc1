/**
 * Site search's text rules (docs/product-rules.md "Site search: what it finds"), pure so that the
 * index, the query and both databases agree on them.
 *
 * Text and queries are folded the same way: Unicode compatibility forms, accents dropped, lower
 * case, and everything but letters and digits made a space. What reaches the database is therefore
 * only letters, digits and spaces: FTS5's or tsquery's syntax (`"`, `*`, `NEAR(`, `:`, `OR` as an
 * operator) cannot survive it, and every term is quoted again where it is used.
 */
import { SEARCH_TERMS_MAX, readSearchQuery } from '@copytech/shared/domain';

/** Words that say nothing about a machine; dropped from a query (a query of nothing else finds nothing). */
const STOP_WORDS = new Set(['a', 'an', 'and', 'the', 'for', 'with', 'of', 'in', 'to', 'on', 'by', 'or', 'my', 'our', 'i', 'me', 'some']);

/** Spellings read as the site's words (US spellings, trade shorthand). */
const SPELLINGS: Record<string, string> = {
  color: 'colour',
  colors: 'colour',
  colours: 'colour',
  monochrome: 'mono',
  bw: 'mono',
  photocopiers: 'photocopier',
  copiers: 'copier',
  printers: 'printer',
  scanners: 'scanner',
  plotters: 'plotter',
  finishers: 'finisher',
  multifunctionals: 'multifunctional',
  mfd: 'mfp',
  mfds: 'mfp',
  mfps: 'mfp',
};

/** Letters and digits only, lower case, accents dropped; every other run of characters is one space. */
export function foldText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** A model number with its punctuation and spaces taken out: `MFC-L8900CDW` → `mfcl8900cdw`. */
export function foldKey(value: string): string {
  return foldText(value).replace(/ /g, '');
}

export function tokensOf(value: string): string[] {
  const folded = foldText(value);
  return folded ? folded.split(' ') : [];
}

export interface NormalisedQuery {
  /** The query as read (readSearchQuery): what the answer says was searched for. */
  query: string;
  /** The words searched for, folded, spellings mapped, stop words dropped, at most SEARCH_TERMS_MAX. */
  terms: string[];
  /** Every word of the query run together (stop words kept): a model number however it was typed. */
  key: string;
}

/** One word of a query as the index reads it: a known spelling mapped, else as typed. */
export function termOf(word: string): string {
  return Object.hasOwn(SPELLINGS, word) ? (SPELLINGS[word] as string) : word;
}

export function normaliseQuery(raw: unknown): NormalisedQuery {
  const query = readSearchQuery(raw);
  const words = tokensOf(query);
  const terms: string[] = [];
  for (const word of words) {
    if (STOP_WORDS.has(word)) continue;
    const term = termOf(word);
    if (!terms.includes(term)) terms.push(term);
    if (terms.length === SEARCH_TERMS_MAX) break;
  }
  return { query, terms, key: words.slice(0, SEARCH_TERMS_MAX * 2).join('') };
}

/**
 * The trigrams of one word as pg_trgm makes them: the word padded with two spaces before and one
 * after, every run of three characters, each once. Kept per word (the index's vocabulary is a few
 * thousand words; a query's words are bounded), so likeness is a lookup, not a computation.
 */
const trigramCache = new Map<string, Set<string>>();
const TRIGRAM_CACHE_MAX = 50_000;

export function paddedTrigrams(word: string): Set<string> {
  let grams = trigramCache.get(word);
  if (grams) return grams;
  const padded = `  ${word} `;
  grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  if (trigramCache.size >= TRIGRAM_CACHE_MAX) trigramCache.clear();
  trigramCache.set(word, grams);
  return grams;
}

const innerCache = new Map<string, string[]>();

/** The trigrams inside a word (no padding): what a trigram index can look up. Kept per word, as above. */
export function innerTrigrams(word: string): string[] {
  let grams = innerCache.get(word);
  if (grams) return grams;
  const found = new Set<string>();
  for (let i = 0; i + 3 <= word.length; i++) found.add(word.slice(i, i + 3));
  grams = [...found];
  if (innerCache.size >= TRIGRAM_CACHE_MAX) innerCache.clear();
  innerCache.set(word, grams);
  return grams;
}

/**
 * How alike two words are, as pg_trgm's similarity(): shared trigrams over all trigrams, in whole
 * hundredths so that a comparison never depends on floating point. 0 unless they share a trigram
 * from inside the words (padding alone is no likeness), which is also what the indexes look up.
 */
export function similarity(a: string, b: string): number {
  if (a === b) return a ? 100 : 0;
  const ga = paddedTrigrams(a);
  const gb = paddedTrigrams(b);
  let shared = 0;
  let inner = false;
  for (const gram of ga) {
    if (!gb.has(gram)) continue;
    shared++;
    if (!gram.includes(' ')) inner = true;
  }
  if (!inner) return 0;
  return Math.floor((100 * shared) / (ga.size + gb.size - shared));
}
