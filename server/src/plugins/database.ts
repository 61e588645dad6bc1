/**
 * The database: opened and migrated, the seed data loaded (idempotently), and the catalogue's
 * repository over it, decorated as `app.db` and `app.catalogue` for every route. Released when the
 * app closes, after the plugins registered later (the outbox) have stopped using it.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CatalogueRepository } from '../features/catalogue/repository';
import type { Config } from '../config';
import { openDatabase, type Db } from '../db/database';
import { describePostgres } from '../db/postgres';
import { seedDatabase } from '../db/seed';
import { rebuildSearchIndex } from '../features/catalogue/search/searchIndex';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    catalogue: CatalogueRepository;
  }
}

export interface DatabaseOptions {
  config: Config;
  /** epoch ms */
  clock: () => number;
}

async function loadSeed(app: FastifyInstance, db: Db, config: Config, now: Date): Promise<void> {
  const summary = await seedDatabase(db, config.dataDir, now, { prune: config.seedPrune });
  app.log.info({ seed: summary }, 'seed data loaded');
  const { products, pages, posts } = summary;
  if (products.retired || pages.removed || posts.removed) {
    app.log.warn(
      { retired: products.retired, pagesRemoved: pages.removed, postsRemoved: posts.removed, dataDir: config.dataDir },
      'seed pruned what DATA_DIR no longer lists (SEED_PRUNE)',
    );
  }
  if (products.stale || pages.stale || posts.stale) {
    app.log.warn(
      { products: products.stale, pages: pages.stale, posts: posts.stale, dataDir: config.dataDir },
      'the database holds products, pages or posts that DATA_DIR no longer lists; they are kept as they are. Start once with SEED_PRUNE=1 to retire or remove them',
    );
  }
}

export const databasePlugin = fp<DatabaseOptions>(
  async (app, { config, clock }) => {
    const db = await openDatabase(config.varDir, config.database, app.log);
    // where the data is, never the URL itself (it may carry the password)
    const where = config.database.url ? `PostgreSQL at ${describePostgres(config.database.url)}` : `SQLite in ${config.varDir}`;
    app.log.info({ database: where }, 'database open and migrated');
    try {
      await loadSeed(app, db, config, new Date(clock()));
      // site search's index follows what the seed left in the tables
      app.log.info({ searchIndex: await rebuildSearchIndex(db) }, 'search index up to date');
    } catch (error) {
      await db.destroy();
      throw error;
    }
    app.decorate('db', db);
    app.decorate('catalogue', new CatalogueRepository(db, clock));
    app.addHook('onClose', async () => db.destroy());
  },
  { name: 'copytech-database' },
);
