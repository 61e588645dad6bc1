/**
 * Site search's index follows the seed: built at start from the seeded tables, rebuilt only where
 * something changed (a second start writes nothing), a change in the data files found after the
 * next start, the engine reading it again after a minute or when the catalogue changes, and
 * instances starting together on one PostgreSQL database rebuild in turns.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { SearchResponse } from '@copytech/shared/domain';
import { SearchEngine } from './search/engine';
import { rebuildSearchIndex } from './search/searchIndex';
import type { SearchTables } from '../../db/searchMigration';
import { configOn, fixtureDataCopy, manualClock, testApp, testConfig, FIXTURE_DATA } from '../../../test/helpers';
import { databases, postgresDatabase, postgresSkipped } from '../../../test/postgres';

const search = async (app: FastifyInstance, q: string): Promise<SearchResponse> =>
  (await app.inject({ url: `/api/search?q=${encodeURIComponent(q)}` })).json();

describe.each(databases())('the search index on %s', (database) => {
  it('is rebuilt only where the data changed, and a changed data file is found after the next start', async () => {
    const dataDir = fixtureDataCopy();
    const config = configOn(database, { dataDir });
    let app = await testApp(config);
    try {
      const documents = await app.db.withTables<SearchTables>().selectFrom('search_documents').select('doc_key').execute();
      const products = await app.db.selectFrom('products').select('model_id').execute();
      expect(documents.filter((d) => d.doc_key.startsWith('product:'))).toHaveLength(products.length);
      expect(documents.some((d) => d.doc_key.startsWith('list:'))).toBe(true);
      expect(await rebuildSearchIndex(app.db)).toEqual({ documents: documents.length, written: 0, removed: 0 });
      expect((await search(app, 'Quasar 9000')).products.count).toBe(0);
    } finally {
      await app.close();
    }

    // a product renamed in its data file: the next start's seed updates the row, and the index follows
    const file = fs.readdirSync(path.join(dataDir, 'catalogue')).find((name) => name.endsWith('.json'))!;
    const full = path.join(dataDir, 'catalogue', file);
    const entries = JSON.parse(fs.readFileSync(full, 'utf8')) as Array<{
      isActive: number;
      description?: string;
      brand: string;
      model: string;
    }>;
    const target = entries.find((entry) => entry.isActive === 1)!;
    target.description = 'Now with the Quasar 9000 booklet engine.';
    fs.writeFileSync(full, JSON.stringify(entries));
    app = await testApp({ ...config, varDir: config.varDir });
    try {
      const found = await search(app, 'quasar 9000');
      expect(found.products.results.map((p) => `${p.brand} ${p.model}`)).toEqual([`${target.brand} ${target.model}`]);
      expect(await rebuildSearchIndex(app.db)).toMatchObject({ written: 0, removed: 0 });
    } finally {
      await app.close();
    }
  }, 60_000);
});

describe.each(databases())('the search engine on %s', (database) => {
  it('takes a rebuilt index within a minute, reading again only the documents that changed', async () => {
    const clock = manualClock();
    const app = await testApp(configOn(database, { dataDir: fixtureDataCopy() }));
    try {
      const engine = new SearchEngine(app.db, app.catalogue, clock);
      const names = async (q: string) => (await engine.search(q, { limit: 12, page: 1 })).products.results.map((p) => p.modelId);
      const before = await names('canon');
      expect(before.length).toBeGreaterThan(0);
      const kept = () => (engine as unknown as { loaded: { byKey: Map<string, unknown> } }).loaded.byKey;
      const [list, product] = [kept().get('list:/printers'), kept().get(`product:${before[0]}`)];
      expect(list).toBeDefined();
      expect(await names('quasar')).toEqual([]);
      // another instance's seed changes a product's description and rebuilds the index
      const row = await app.db.selectFrom('products').selectAll().where('model_id', '=', before[0]!).executeTakeFirstOrThrow();
      const data = { ...JSON.parse(row.data), description: 'The Quasar edition.' };
      await app.db
        .updateTable('products')
        .set({ data: JSON.stringify(data) })
        .where('model_id', '=', row.model_id)
        .execute();
      expect(await rebuildSearchIndex(app.db)).toMatchObject({ written: 1, removed: 0 });
      clock.advance(30_000);
      expect(await names('quasar')).toEqual([]);
      clock.advance(31_000);
      expect(await names('quasar')).toEqual([row.model_id]);
      expect(await names('canon')).toEqual(before);
      // the list's document is the one prepared before; the product's was read and prepared again
      expect(kept().get('list:/printers')).toBe(list);
      expect(kept().get(`product:${before[0]}`)).not.toBe(product);
    } finally {
      await app.close();
    }
  }, 60_000);
});

describe.each(databases())('what the search engine keeps on %s', (database) => {
  it('for a minute at most, to the millisecond; a change the catalogue announces is searched at once', async () => {
    const clock = manualClock();
    const app = await testApp(configOn(database, { dataDir: fixtureDataCopy() }));
    try {
      const engine = new SearchEngine(app.db, app.catalogue, clock);
      const names = async (q: string) => (await engine.search(q, { limit: 12, page: 1 })).products.results.map((p) => p.modelId);
      const [first, second] = await names('canon');
      expect(await names('quasar')).toEqual([]);
      expect(await names('nebula')).toEqual([]);
      const setDescription = async (modelId: string, description: string) => {
        const row = await app.db.selectFrom('products').selectAll().where('model_id', '=', modelId).executeTakeFirstOrThrow();
        await app.db
          .updateTable('products')
          .set({ data: JSON.stringify({ ...JSON.parse(row.data), description }) })
          .where('model_id', '=', modelId)
          .execute();
        await rebuildSearchIndex(app.db);
      };
      // rebuilt by another instance's seed: seen when a minute has passed since the engine read it, not before
      await setDescription(first!, 'The Quasar edition.');
      clock.advance(59_999);
      expect(await names('quasar')).toEqual([]);
      clock.advance(1);
      expect(await names('quasar')).toEqual([first]);
      // changed here, and said so: seen at once
      await setDescription(second!, 'The Nebula edition.');
      app.catalogue.changed();
      expect(await names('nebula')).toEqual([second]);
    } finally {
      await app.close();
    }
  }, 60_000);
});

(postgresSkipped() ? describe.skip : describe)('instances starting together on one PostgreSQL database', () => {
  it('build the index once between them, each finding the same', async () => {
    const database = postgresDatabase();
    const apps = await Promise.all([1, 2, 3].map(() => testApp(testConfig({ database, dataDir: FIXTURE_DATA }))));
    try {
      const rows = await apps[0]!.db.withTables<SearchTables>().selectFrom('search_documents').select('doc_key').execute();
      expect(new Set(rows.map((row) => row.doc_key)).size).toBe(rows.length);
      const answers = await Promise.all(apps.map((app) => search(app, 'canon')));
      expect(answers[0]!.products.count).toBeGreaterThan(0);
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  }, 60_000);
});
