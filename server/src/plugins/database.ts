/**
 * The database: opened and migrated, the seed data loaded (idempotently) from the features' seed
 * parts, then whatever must follow the seeded tables (`afterSeed`: site search's index), and
 * decorated as `app.db` for every route. Released when the app closes, after the plugins
 * registered later (the outbox) have stopped using it.
 */
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { openDatabase, type Db } from '../db/database';
import { describePostgres } from '../db/postgres';
import { seedDatabase, type SeedPart } from '../db/seed';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export interface DatabaseOptions {
  config: Config;
  /** epoch ms */
  clock: () => number;
  /** the features' shares of the seed, in the order they are read and written */
  seedParts: readonly SeedPart[];
  /** run once the seed is loaded, before the app answers (a failure stops the start) */
  afterSeed?: (db: Db, log: FastifyBaseLogger) => Promise<void>;
}

async function loadSeed(log: FastifyBaseLogger, db: Db, { config, clock, seedParts }: DatabaseOptions): Promise<void> {
  const summary = await seedDatabase(db, config.dataDir, seedParts, new Date(clock()), { prune: config.seedPrune });
  log.info({ seed: summary }, 'seed data loaded');
  // Each part's pruned count under its log name (retired, pagesRemoved…), its stale count under its own name.
  const pruned = Object.fromEntries(seedParts.map((part) => [part.prunedLogKey, summary[part.name]![part.prunedAs] ?? 0]));
  const stale = Object.fromEntries(seedParts.map((part) => [part.name, summary[part.name]!.stale]));
  if (Object.values(pruned).some(Boolean)) {
    log.warn({ ...pruned, dataDir: config.dataDir }, 'seed pruned what DATA_DIR no longer lists (SEED_PRUNE)');
  }
  if (Object.values(stale).some(Boolean)) {
    log.warn(
      { ...stale, dataDir: config.dataDir },
      'the database holds products, pages or posts that DATA_DIR no longer lists; they are kept as they are. Start once with SEED_PRUNE=1 to retire or remove them',
    );
  }
}

export const databasePlugin = fp<DatabaseOptions>(
  async (app, options) => {
    const { config, afterSeed } = options;
    const db = await openDatabase(config.varDir, config.database, app.log);
    // where the data is, never the URL itself (it may carry the password)
    const where = config.database.url ? `PostgreSQL at ${describePostgres(config.database.url)}` : `SQLite in ${config.varDir}`;
    app.log.info({ database: where }, 'database open and migrated');
    try {
      await loadSeed(app.log, db, options);
      await afterSeed?.(db, app.log);
    } catch (error) {
      await db.destroy();
      throw error;
    }
    app.decorate('db', db);
    app.addHook('onClose', async () => db.destroy());
  },
  { name: 'copytech-database' },
);
