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
 * shorter model (nearer to what was typed).
 */
import type { SearchDocument } from './documents';
import { similarity, type NormalisedQuery } from './normalise';

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
  /** sort key of ties: modelId or path */
  key: string;
}

const split = (text: string) => (text ? text.split(' ') : []);

export function prepare(doc: SearchDocument): PreparedDocument {
  return {
    doc,
    model: split(doc.model),
    brand: split(doc.brand),
    brandKey: doc.brand.replace(/ /g, ''),
    words: split(doc.words),
    body: new Set(split(doc.body)),
    key: doc.modelId ?? doc.path,
  };
}

/** A plural or a verb's -s read as the word itself: `copiers` finds `copier`. */
const stem = (term: string) => (term.length > 4 && term.endsWith('s') ? term.slice(0, -1) : term);

const bestSimilarity = (term: string, tokens: string[]) => tokens.reduce((best, token) => Math.max(best, similarity(term, token)), 0);

function modelPoints(term: string, d: PreparedDocument): number {
  if (!d.model.length) return 0;
  if (d.model.includes(term)) return 100;
  if (d.doc.modelKey.startsWith(term) || d.model.some((token) => token.startsWith(term))) return 80;
  if (term.length >= 3 && d.doc.modelKey.includes(term)) return 60;
  if (term.length >= 4) {
    const sim = bestSimilarity(term, d.model);
    if (sim >= TYPO_SIMILARITY) return 20 + Math.floor(sim / 5);
  }
  return 0;
}

function brandPoints(term: string, d: PreparedDocument): number {
  if (!d.brand.length) return 0;
  if (d.brand.includes(term) || (term.length >= 3 && d.brandKey.startsWith(term))) return 70;
  if (term.length >= 4) {
    const sim = Math.max(bestSimilarity(term, d.brand), similarity(term, d.brandKey));
    if (sim >= BRAND_TYPO_SIMILARITY) return 15 + Math.floor(sim / 5);
  }
  return 0;
}

function wordPoints(term: string, d: PreparedDocument): number {
  const stemmed = stem(term);
  if (d.words.includes(term) || d.words.includes(stemmed)) return 50;
  if (term.length >= 3 && d.words.some((token) => token.startsWith(term))) return 40;
  if (term.length >= 5) {
    const sim = bestSimilarity(term, d.words);
    if (sim >= WORD_TYPO_SIMILARITY) return 10 + Math.floor(sim / 10);
  }
  return 0;
}

function bodyPoints(term: string, d: PreparedDocument): number {
  if (d.body.has(term) || d.body.has(stem(term))) return 10;
  if (term.length >= 4) for (const token of d.body) if (token.startsWith(term)) return 8;
  return 0;
}

/** The term's best match in the document: its field and points; null when it is nowhere. */
function termMatch(term: string, d: PreparedDocument): { field: Field; points: number } | null {
  const candidates: Array<[Field, number]> = [
    ['model', modelPoints(term, d)],
    ['brand', brandPoints(term, d)],
    ['words', wordPoints(term, d)],
    ['body', bodyPoints(term, d)],
  ];
  let best: [Field, number] | null = null;
  for (const candidate of candidates) if (candidate[1] > 0 && (!best || candidate[1] > best[1])) best = candidate;
  return best ? { field: best[0], points: best[1] } : null;
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
  // Tier first, then the words' points, then (when the model was typed) the shorter model; whole numbers only.
  const nearer = tier >= TIER.model ? 99 - Math.min(d.doc.modelKey.length, 99) : 0;
  return tier * 1_000_000 + points * 100 + nearer;
}

/** The matching documents, best first, ties by modelId or path. */
export function rankDocuments(query: NormalisedQuery, documents: PreparedDocument[]): PreparedDocument[] {
  const scored: Array<{ d: PreparedDocument; score: number }> = [];
  for (const d of documents) {
    const score = scoreDocument(query, d);
    if (score !== null) scored.push({ d, score });
  }
  scored.sort((a, b) => b.score - a.score || (a.d.key < b.d.key ? -1 : a.d.key > b.d.key ? 1 : 0));
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
