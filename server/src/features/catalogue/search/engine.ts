/**
 * Site search (docs/product-rules.md "Site search: what it finds"): a query is normalised
 * (normalise.ts), the database's index gives the candidates (searchIndex.ts), one ranking scores
 * them (rank.ts), and the answer is a SearchResponse: this page of active machines, up to `limit`
 * lists and content pages, and suggestions when no machine matched.
 *
 * The documents' fields are read from search_documents once and checked again after a minute (or
 * when the catalogue changes), so a query costs one indexed lookup and the scoring of its candidates.
 */
import type { Product, SearchPageHit, SearchResponse } from '@copytech/shared/domain';
import type { Db } from '../../../db/database';
import type { SearchTables } from '../../../db/searchMigration';
import type { CatalogueRepository } from '../repository';
import { normaliseQuery, type NormalisedQuery } from './normalise';
import { nearest, prepare, rankDocuments, type PreparedDocument } from './rank';
import { candidateKeys, documentOf } from './searchIndex';

const DOCUMENTS_TTL_MS = 60_000;
/** The most query words whose candidates are kept (each a set of a few hundred keys at most). */
const KEPT_WORDS_MAX = 5_000;

export interface SearchOptions {
  limit: number;
  page: number;
}

export class SearchEngine {
  private loaded: { at: number; version: number; byKey: Map<string, PreparedDocument>; hashes: Map<string, string> } | null = null;
  private loading: Promise<Map<string, PreparedDocument>> | null = null;

  constructor(
    private readonly db: Db,
    private readonly catalogue: CatalogueRepository,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Every document, prepared for ranking. Checked again after a minute (or when the catalogue
   * changes) by the rows' hashes alone: only documents whose content changed are read and prepared
   * again, so the check is a small query, not a reload that would hold up the searches meanwhile.
   */
  private async documents(): Promise<Map<string, PreparedDocument>> {
    const { loaded } = this;
    if (loaded && loaded.version === this.catalogue.version && this.now() - loaded.at < DOCUMENTS_TTL_MS) return loaded.byKey;
    this.loading ??= (async () => {
      try {
        const version = this.catalogue.version;
        const search = this.db.withTables<SearchTables>();
        const heads = await search.selectFrom('search_documents').select(['doc_key', 'hash']).execute();
        const changed = heads.filter((head) => loaded?.hashes.get(head.doc_key) !== head.hash).map((head) => head.doc_key);
        const fresh = new Map<string, PreparedDocument>();
        for (let i = 0; i < changed.length; i += 200) {
          const rows = await search
            .selectFrom('search_documents')
            .selectAll()
            .where('doc_key', 'in', changed.slice(i, i + 200))
            .execute();
          for (const row of rows) fresh.set(row.doc_key, prepare(documentOf(row)));
        }
        const byKey = new Map<string, PreparedDocument>();
        const hashes = new Map<string, string>();
        const stale = new Set(changed);
        for (const head of heads) {
          const doc = fresh.get(head.doc_key) ?? (stale.has(head.doc_key) ? undefined : loaded?.byKey.get(head.doc_key));
          if (!doc) continue; // removed after the heads were read
          byKey.set(head.doc_key, doc);
          hashes.set(head.doc_key, head.hash);
        }
        this.loaded = { at: this.now(), version, byKey, hashes };
        return byKey;
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }

  /**
   * What the engine keeps between searches, as the lists' answers are kept: a minute at most, and
   * only while the catalogue's version is the same (a product made inactive and changed() is left
   * out at once). `products`: machines as the site shows them (their images are looked up on disk
   * when presented); `words`: the documents the index found for a query word, so a word already
   * searched for costs no lookup.
   */
  private kept = { version: -1, at: 0, products: new Map<string, Product | null>(), words: new Map<string, Set<string>>() };

  private keptNow() {
    const version = this.catalogue.version;
    if (this.kept.version !== version || this.now() - this.kept.at >= DOCUMENTS_TTL_MS)
      this.kept = { version, at: this.now(), products: new Map(), words: new Map() };
    return this.kept;
  }

  /** The active products of these ids as the site shows them, in this order. */
  private async presented(ids: string[]): Promise<Product[]> {
    const { products } = this.keptNow();
    const missing = ids.filter((id) => !products.has(id));
    if (missing.length) {
      const found = await this.catalogue.presentedByModelIds(missing);
      for (const id of missing) products.set(id, found.get(id) ?? null);
    }
    return ids.flatMap((id) => products.get(id) ?? []);
  }

  /** The candidates of the query's words (searchIndex.ts candidateKeys), each word looked up once while kept. */
  private async candidates(terms: string[]): Promise<Set<string>> {
    const { words } = this.keptNow();
    const missing = terms.filter((term) => !words.has(term));
    const found = await Promise.all(missing.map((term) => candidateKeys(this.db, [term])));
    const sets = terms.map((term) => words.get(term) ?? found[missing.indexOf(term)]!);
    missing.forEach((term, i) => {
      if (words.size >= KEPT_WORDS_MAX) words.clear();
      words.set(term, found[i]!);
    });
    const union = new Set<string>();
    for (const set of sets) for (const key of set) union.add(key);
    return union;
  }

  /** The ranked matches of a normalised query: machines and pages, best first. */
  async rank(query: NormalisedQuery): Promise<{ products: PreparedDocument[]; pages: PreparedDocument[] }> {
    if (!query.terms.length) return { products: [], pages: [] };
    const [documents, keys] = await Promise.all([this.documents(), this.candidates(query.terms)]);
    const candidates = [...keys].flatMap((key) => documents.get(key) ?? []);
    const ranked = rankDocuments(query, candidates);
    return { products: ranked.filter((d) => d.doc.kind === 'product'), pages: ranked.filter((d) => d.doc.kind !== 'product') };
  }

  async search(raw: unknown, { limit, page }: SearchOptions): Promise<SearchResponse> {
    const query = normaliseQuery(raw);
    const ranked = await this.rank(query);
    const start = (page - 1) * limit;
    const ids = ranked.products.slice(start, start + limit).map((d) => d.doc.modelId as string);
    const results = await this.presented(ids);
    const pages: SearchPageHit[] = ranked.pages
      .slice(0, limit)
      .map(({ doc }) => ({ kind: doc.kind as SearchPageHit['kind'], title: doc.title, path: doc.path }));
    const suggestions = ranked.products.length || !query.terms.length ? null : await this.suggest(query);
    return { query: query.query, products: { count: ranked.products.length, page, pageSize: limit, results }, pages, suggestions };
  }

  private async suggest(query: NormalisedQuery): Promise<SearchResponse['suggestions']> {
    const documents = await this.documents();
    const active = await this.catalogue.activeModelIds();
    const products = [...documents.values()].filter((d) => d.doc.modelId !== null && active.has(d.doc.modelId));
    const found = nearest(query, products);
    return found.brands.length || found.models.length ? found : null;
  }
}
