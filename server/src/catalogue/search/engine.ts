/**
 * Site search (docs/product-rules.md "Site search: what it finds"): a query is normalised
 * (normalise.ts), the database's index gives the candidates (searchIndex.ts), one ranking scores
 * them (rank.ts), and the answer is a SearchResponse: this page of active machines, up to `limit`
 * lists and content pages, and suggestions when no machine matched.
 *
 * The documents' fields are read from search_documents once and kept for a minute (or until the
 * catalogue changes), so a query costs one indexed lookup and the scoring of its candidates.
 */
import type { Product, SearchPageHit, SearchResponse } from '@copytech/shared/domain';
import type { Db } from '../../db/database';
import type { SearchTables } from '../../db/searchMigration';
import type { CatalogueRepository } from '../repository';
import { normaliseQuery, type NormalisedQuery } from './normalise';
import { nearest, prepare, rankDocuments, type PreparedDocument } from './rank';
import { candidateKeys, documentOf } from './searchIndex';

const DOCUMENTS_TTL_MS = 60_000;

export interface SearchOptions {
  limit: number;
  page: number;
}

export class SearchEngine {
  private loaded: { at: number; version: number; byKey: Map<string, PreparedDocument> } | null = null;
  private loading: Promise<Map<string, PreparedDocument>> | null = null;

  constructor(
    private readonly db: Db,
    private readonly catalogue: CatalogueRepository,
    private readonly now: () => number = Date.now,
  ) {}

  private async documents(): Promise<Map<string, PreparedDocument>> {
    const { loaded } = this;
    if (loaded && loaded.version === this.catalogue.version && this.now() - loaded.at < DOCUMENTS_TTL_MS) return loaded.byKey;
    this.loading ??= (async () => {
      try {
        const version = this.catalogue.version;
        const rows = await this.db.withTables<SearchTables>().selectFrom('search_documents').selectAll().execute();
        const byKey = new Map(rows.map((row) => [row.doc_key, prepare(documentOf(row))]));
        this.loaded = { at: this.now(), version, byKey };
        return byKey;
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }

  /** The ranked matches of a normalised query: machines and pages, best first. */
  async rank(query: NormalisedQuery): Promise<{ products: PreparedDocument[]; pages: PreparedDocument[] }> {
    if (!query.terms.length) return { products: [], pages: [] };
    const [documents, keys] = await Promise.all([this.documents(), candidateKeys(this.db, query.terms)]);
    const candidates = [...keys].flatMap((key) => documents.get(key) ?? []);
    const ranked = rankDocuments(query, candidates);
    return { products: ranked.filter((d) => d.doc.kind === 'product'), pages: ranked.filter((d) => d.doc.kind !== 'product') };
  }

  async search(raw: unknown, { limit, page }: SearchOptions): Promise<SearchResponse> {
    const query = normaliseQuery(raw);
    const ranked = await this.rank(query);
    const start = (page - 1) * limit;
    const ids = ranked.products.slice(start, start + limit).map((d) => d.doc.modelId as string);
    const found = await this.catalogue.presentedByModelIds(ids);
    const results = ids.flatMap((id) => found.get(id) ?? []) as Product[];
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
