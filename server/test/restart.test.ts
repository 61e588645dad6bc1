/** Restarts: quotes and queued mail survive; the seed is idempotent; removed products go inactive only when pruning is asked for. */
import fs from 'node:fs';
import path from 'node:path';
import { migrationProvider } from '../src/db/migrations';
import { SEED_PARTS } from '../src/app';
import { seedDatabase } from '../src/db/seed';
import { C5840I, C5850I, fixtureDataCopy, quoteBody, tempDir, testApp, testConfig } from './helpers';

describe('restart on the same VAR_DIR', () => {
  it('keeps quotes and queued mail, and re-seeding changes nothing', async () => {
    const varDir = tempDir('ct-restart-');
    const dataDir = fixtureDataCopy();
    const config = testConfig({ varDir, dataDir });

    const first = await testApp(config);
    const { reference } = (await first.inject({ method: 'POST', url: '/api/quote', payload: quoteBody([C5840I]) })).json();
    const productsBefore = await first.db
      .selectFrom('products')
      .select(['model_id', 'updated_at', 'source_hash'])
      .orderBy('model_id')
      .execute();
    await first.close();

    const second = await testApp(config);
    try {
      const quote = await second.db.selectFrom('quotes').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
      expect(JSON.parse(quote.products).products[0].modelId).toBe(C5840I);
      expect(
        await second.db.selectFrom('products').select(['model_id', 'updated_at', 'source_hash']).orderBy('model_id').execute(),
      ).toEqual(productsBefore);
      expect(await seedDatabase(second.db, dataDir, SEED_PARTS)).toEqual({
        products: { inserted: 0, updated: 0, retired: 0, unchanged: productsBefore.length, stale: 0 },
        pages: { inserted: 0, updated: 0, removed: 0, unchanged: 2, stale: 0 },
        posts: { inserted: 0, updated: 0, removed: 0, unchanged: 3, stale: 0 },
      });
      // Each migration ran once, on the first start.
      const applied = (await second.db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute()) as Array<{ name: string }>;
      expect(applied.map((m) => m.name).sort()).toEqual(Object.keys(await migrationProvider.getMigrations()).sort());

      // The mail queued before the restart is still there and goes out now.
      expect(await second.outbox.runDue()).toMatchObject({ sent: 2 });
      expect(fs.readdirSync(path.join(varDir, 'outbox')).filter((f) => f.includes(reference))).toHaveLength(2);
    } finally {
      await second.close();
    }
  });

  it('with SEED_PRUNE, marks a product removed from the files inactive (not deleted), updates a changed one, and brings one back', async () => {
    const dataDir = fixtureDataCopy();
    const config = testConfig({ dataDir, seedPrune: true });
    const file = path.join(dataDir, 'catalogue', 'printers.json');
    const original = fs.readFileSync(file, 'utf8');

    const app1 = await testApp(config);
    const { reference } = (await app1.inject({ method: 'POST', url: '/api/quote', payload: quoteBody([C5850I]) })).json();
    await app1.close();

    const products = JSON.parse(original) as Array<{ model: string; price: { startingFrom: number } }>;
    const edited = products.filter((p) => p.model !== 'imageRUNNER ADVANCE DX C5850i');
    edited.find((p) => p.model === 'imageRUNNER ADVANCE DX C5840i')!.price.startingFrom = 680000;
    fs.writeFileSync(file, JSON.stringify(edited));

    const app2 = await testApp(config);
    try {
      const removed = (await app2.inject({ method: 'GET', url: `/api/v3/products/${C5850I}` })).json();
      expect(removed).toMatchObject({ modelId: C5850I, isActive: 0 });
      const list = (await app2.inject({ method: 'GET', url: '/api/printers/multifunctionals' })).json();
      expect(list.results.map((p: { modelId: string }) => p.modelId)).not.toContain(C5850I);
      expect((await app2.inject({ method: 'GET', url: `/api/v3/products/${C5840I}` })).json().price.startingFrom).toBe(680000);
      expect(await app2.db.selectFrom('quotes').select('reference').where('reference', '=', reference).executeTakeFirst()).toBeDefined();
      expect((await app2.inject({ method: 'POST', url: '/api/quote', payload: quoteBody([C5850I]) })).statusCode).toBe(400);
    } finally {
      await app2.close();
    }

    fs.writeFileSync(file, original);
    const app3 = await testApp(config);
    try {
      expect((await app3.inject({ method: 'GET', url: `/api/v3/products/${C5850I}` })).json().isActive).toBe(1);
    } finally {
      await app3.close();
    }
  });

  it('refuses to start on a broken seed file and leaves the database as it was', async () => {
    const dataDir = fixtureDataCopy();
    const config = testConfig({ dataDir });
    const app1 = await testApp(config);
    await app1.close();
    fs.writeFileSync(
      path.join(dataDir, 'catalogue', 'broken.json'),
      JSON.stringify([{ brand: 'Acme', model: 'X1', productCategory: 'printer', isActive: 1, price: { startingFrom: 12.5 } }]),
    );
    await expect(testApp(config)).rejects.toThrow(/whole pence/);
    fs.writeFileSync(
      path.join(dataDir, 'catalogue', 'broken.json'),
      JSON.stringify([{ brand: 'Canon', model: 'imageRUNNER ADVANCE DX C5840i', productCategory: 'printer', isActive: 1 }]),
    );
    await expect(testApp(config)).rejects.toThrow(/also in/);
    fs.unlinkSync(path.join(dataDir, 'catalogue', 'broken.json'));
    const app2 = await testApp(config);
    expect((await app2.inject({ method: 'GET', url: '/api/printers/all' })).json().count).toBe(9);
    await app2.close();
  });
});
