/**
 * Site search's ranking, one function for both databases: the database finds the candidates
 * through its index (FTS5 trigram on SQLite, pg_trgm and full text on PostgreSQL); this scores
 * them, so the same query gives the same order on both. Scores are whole numbers and ties go to
 * the stable key (modelId, or a page's path), never to the database's own order.
 *
 * Tiers, best first: the exact model (however typed: `mfc-l8900cdw`, `MFC L8900CDW`), a model
 * prefix (`mfcl8900`), every word in the model or brand (`imagerunner c5840`, `bizub c301` with
 * its typo), every word in the brand or the class and trade words (`canon`, `a3 colour`,
 * `photocopier`), then descriptions. Within a tier, better word matches score more, then the
 * shorter model (nearer to what was typed), then the menus' order of classes.
 */
import type { SearchDocument } from './documents';
import { innerTrigrams, similarity, type NormalisedQuery } from './normalise';

/** How alike a typo must be to a model or brand word (hundredths, as pg_trgm's similarity). */
export const TYPO_SIMILARITY = 40;
/** …to a brand: few and well apart, so a looser likeness still names one (`richo`, `konika`). */
const BRAND_TYPO_SIMILARITY = 30;
/** …and to a class or trade word, which are ordinary words and more alike each other. */
const WORD_TYPO_SIMILARITY = 50;

const TIER = { exact: 5, prefix: 4, model: 3, words: 2, body: 1 } as const;
type Field = 'model' | 'brand' | 'words' | 'body';

/** A document with its fields split into words once, for scoring many queries. */
export interface PreparedDocument {
  doc: SearchDocument;
  model: string[];
  brand: string[];
  brandKey: string;
  words: string[];
  body: Set<string>;
  /** the body's words sorted, to find a word starting with a term */
  bodySorted: string[];
  /** the trigrams inside the model's, brand's and class words: a word sharing none is like none of them */
  grams: { model: Set<string>; brand: Set<string>; words: Set<string> };
  /** among equals, machines in the order the site's menus list them (classOrder) */
  order: number;
  /** sort key of ties: modelId or path */
  key: string;
}

const split = (text: string) => (text ? text.split(' ') : []);

const gramsOf = (tokens: string[]) => new Set(tokens.flatMap(innerTrigrams));

/** Whether a word shares a trigram from inside it with the field's words (else it is like none of them). */
const mayBeLike = (term: string, grams: Set<string>) => innerTrigrams(term).some((gram) => grams.has(gram));

/**
 * Machines that score the same (every Canon for `canon`) come in the order of the site's menus:
 * multifunctionals, print-only printers, production printers, plotters, scanners, finishers;
 * read from the class words the document holds (documents.ts).
 */
function classOrder(words: string[]): number {
  if (words.includes('finisher')) return 5;
  if (words.includes('scanner')) return 4;
  if (words.includes('plotter')) return 3;
  if (words.includes('production')) return 2;
  if (words.includes('multifunctional')) return 0;
  return words.includes('printer') ? 1 : 0;
}

/** A plural or a verb's -s read as the word itself: `copiers` finds `copier`. */
const stem = (term: string) => (term.length > 4 && term.endsWith('s') ? term.slice(0, -1) : term);

/** Lists and pages that score the same: lists first (what the visitor can browse), then services, pages, posts. */
const PAGE_ORDER: Record<Exclude<SearchDocument['kind'], 'product'>, number> = { list: 0, service: 1, page: 2, blog: 3 };

/** A title's plurals also as their singular (`Photocopiers for business` holds `photocopier`). */
const withSingulars = (tokens: string[]) => [...tokens, ...tokens.filter((token) => token !== stem(token)).map(stem)];

export function prepare(doc: SearchDocument): PreparedDocument {
  return {
    doc,
    model: split(doc.model),
    brand: split(doc.brand),
    brandKey: doc.brand.replace(/ /g, ''),
    words: withSingulars(split(doc.words)),
    body: new Set(split(doc.body)),
    bodySorted: [...new Set(split(doc.body))].sort(),
    grams: {
      model: gramsOf(split(doc.model)),
      brand: gramsOf([...split(doc.brand), doc.brand.replace(/ /g, '')]),
      words: gramsOf(split(doc.words)),
    },
    order: doc.kind === 'product' ? classOrder(split(doc.words)) : PAGE_ORDER[doc.kind],
    key: doc.modelId ?? doc.path,
  };
}

const bestSimilarity = (term: string, tokens: string[]) => tokens.reduce((best, token) => Math.max(best, similarity(term, token)), 0);

/** Points of a word found as it is (or as the start of one) in the model, brand and class words: no likeness needed. */
function plainPoints(term: string, d: PreparedDocument): Array<[Field, number]> {
  const stemmed = stem(term);
  let model = 0;
  if (d.model.length) {
    if (d.model.includes(term)) model = 100;
    else if (d.doc.modelKey.startsWith(term) || d.model.some((token) => token.startsWith(term))) model = 80;
    else if (term.length >= 3 && d.doc.modelKey.includes(term)) model = 60;
  }
  // a brand's start counts from two letters (`ca` is Canon as the visitor types), the whole brand most
  const brand = d.brand.includes(term) ? 70 : d.brandKey.startsWith(term) || d.brand.some((token) => token.startsWith(term)) ? 65 : 0;
  let words = 0;
  if (d.words.includes(term) || d.words.includes(stemmed)) words = 50;
  else if (term.length >= 3 && d.words.some((token) => token.startsWith(term))) words = 40;
  return [
    ['model', model],
    ['brand', brand],
    ['words', words],
  ];
}

/** Points of a word that is only like one of the model's, brand's or class words (a typo). */
function likePoints(term: string, d: PreparedDocument): Array<[Field, number]> {
  let model = 0;
  if (term.length >= 4 && d.model.length && mayBeLike(term, d.grams.model)) {
    const sim = bestSimilarity(term, d.model);
    if (sim >= TYPO_SIMILARITY) model = 20 + Math.floor(sim / 5);
  }
  let brand = 0;
  if (term.length >= 4 && d.brand.length && mayBeLike(term, d.grams.brand)) {
    const sim = Math.max(bestSimilarity(term, d.brand), similarity(term, d.brandKey));
    if (sim >= BRAND_TYPO_SIMILARITY) brand = 15 + Math.floor(sim / 5);
  }
  let words = 0;
  if (term.length >= 5 && mayBeLike(term, d.grams.words)) {
    const sim = bestSimilarity(term, d.words);
    if (sim >= WORD_TYPO_SIMILARITY) words = 10 + Math.floor(sim / 10);
  }
  return [
    ['model', model],
    ['brand', brand],
    ['words', words],
  ];
}

/** The first index in sorted `tokens` whose token is not below `term`. */
function lowerBound(tokens: string[], term: string): number {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (tokens[mid]! < term) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function bodyPoints(term: string, d: PreparedDocument): number {
  if (d.body.has(term) || d.body.has(stem(term))) return 10;
  if (term.length >= 4 && d.bodySorted[lowerBound(d.bodySorted, term)]?.startsWith(term)) return 8;
  return 0;
}

function best(candidates: Array<[Field, number]>): [Field, number] | null {
  let found: [Field, number] | null = null;
  for (const candidate of candidates) if (candidate[1] > 0 && (!found || candidate[1] > found[1])) found = candidate;
  return found;
}

/**
 * The term's best match in the document: its field and points; null when it is nowhere. A word
 * found as it is in the model, brand or class words (40 points or more) beats any likeness, so
 * likeness is only worked out when it could change the answer.
 */
function termMatch(term: string, d: PreparedDocument): { field: Field; points: number } | null {
  const plain = best(plainPoints(term, d));
  if (plain && plain[1] >= 40) return { field: plain[0], points: plain[1] };
  const found = best([...(plain ? [plain] : []), ...likePoints(term, d), ['body', bodyPoints(term, d)]]);
  return found ? { field: found[0], points: found[1] } : null;
}

/** Whether the query, run together, is the model (or brand and model), or the start of it. */
function keyTier(query: NormalisedQuery, d: PreparedDocument): number {
  const { key } = query;
  const { modelKey } = d.doc;
  if (!modelKey || key.length < 2) return 0;
  const full = d.brandKey + modelKey;
  if (key === modelKey || key === full || key === d.doc.modelId) return TIER.exact;
  if (key.length >= 3 && (modelKey.startsWith(key) || (key.length > d.brandKey.length && full.startsWith(key)))) return TIER.prefix;
  return 0;
}

/**
 * The document's score for the query, or null when it does not match: every word of the query
 * must match somewhere (a typo within TYPO_SIMILARITY counts), unless the whole query is the
 * model or the start of it.
 */
export function scoreDocument(query: NormalisedQuery, d: PreparedDocument): number | null {
  if (!query.terms.length) return null;
  let points = 0;
  let worst: number = TIER.model;
  let inModel = false;
  let missing = false;
  for (const term of query.terms) {
    const match = termMatch(term, d);
    if (!match) {
      missing = true;
      continue;
    }
    points += match.points;
    if (match.field === 'model') inModel = true;
    const tier = match.field === 'model' || match.field === 'brand' ? TIER.model : match.field === 'words' ? TIER.words : TIER.body;
    worst = Math.min(worst, tier);
  }
  const byKey = keyTier(query, d);
  if (missing && !byKey) return null;
  if (worst === TIER.model && !inModel) worst = TIER.words;
  const tier = Math.max(byKey, worst);
  // Tier first, then the words' points, then the nearer to what was typed: the shorter model (when
  // the model was typed), the shorter title of a list or page (`printer`: "All printers" before
  // "Commercial printers"); whole numbers only.
  const nearer =
    d.doc.kind !== 'product' ? 99 - Math.min(d.doc.title.length, 99) : tier >= TIER.model ? 99 - Math.min(d.doc.modelKey.length, 99) : 0;
  return tier * 1_000_000 + points * 100 + nearer;
}

/** The matching documents, best first, ties by class (classOrder), then modelId or path. */
export function rankDocuments(query: NormalisedQuery, documents: PreparedDocument[]): PreparedDocument[] {
  const scored: Array<{ d: PreparedDocument; score: number }> = [];
  for (const d of documents) {
    const score = scoreDocument(query, d);
    if (score !== null) scored.push({ d, score });
  }
  scored.sort((a, b) => b.score - a.score || a.d.order - b.d.order || (a.d.key < b.d.key ? -1 : a.d.key > b.d.key ? 1 : 0));
  return scored.map(({ d }) => d);
}

/**
 * When nothing matched: the brands and models nearest the query's words (trigram similarity), so
 * the page offers them instead of a dead end.
 */
export function nearest(query: NormalisedQuery, documents: PreparedDocument[]) {
  const terms = [...query.terms.filter((term) => term.length >= 3), ...(query.key.length >= 3 ? [query.key] : [])];
  const brands = new Map<string, number>();
  const models: Array<{ d: PreparedDocument; sim: number }> = [];
  for (const d of documents) {
    if (d.doc.kind !== 'product') continue;
    const brandSim = Math.max(0, ...terms.map((term) => Math.max(bestSimilarity(term, d.brand), similarity(term, d.brandKey))));
    if (brandSim >= 30 && brandSim > (brands.get(d.doc.brandName) ?? 0)) brands.set(d.doc.brandName, brandSim);
    const modelSim = Math.max(0, ...terms.map((term) => Math.max(bestSimilarity(term, d.model), similarity(term, d.doc.modelKey))));
    if (modelSim >= 30) models.push({ d, sim: modelSim });
  }
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return {
    brands: [...brands.entries()]
      .sort((a, b) => b[1] - a[1] || byName(a[0], b[0]))
      .slice(0, 3)
      .map(([brand]) => brand),
    models: models
      .sort((a, b) => b.sim - a.sim || byName(a.d.key, b.d.key))
      .slice(0, 5)
      .map(({ d }) => ({ brand: d.doc.brandName, model: d.doc.modelName, path: d.doc.path })),
  };
}
