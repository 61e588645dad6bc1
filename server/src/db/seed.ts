/**
 * The seed runner: an idempotent seed from the readable data files in server/data (or DATA_DIR),
 * one part per feature that owns data there (app.ts passes them in; the catalogue's products,
 * the content's pages and posts). Each part reads and checks its files, then writes its rows; a
 * row is written only when what the file says changed, so a second run changes nothing.
 *
 * What the files no longer list is left alone unless pruning is asked for (SEED_PRUNE=1): a
 * wrong DATA_DIR must never empty a live site. Each part counts it (`stale`), and the caller
 * warns; with pruning, the part retires or removes it (its own rule: a product is marked
 * inactive, a page is removed).
 *
 * A data folder that does not exist is refused, and every part reads and checks all its files
 * (refusing a folder that holds none) before anything is written. The writes happen in one
 * transaction: a bad file leaves the database as it was.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Transaction } from 'kysely';
import { takeSeedTurn, type Db } from './database';
import type { Database } from './schema';

/** A data file that cannot be seeded: one line naming the file (or DATA_DIR) and what is wrong. */
export class SeedDataError extends Error {}

/** What a part did: rows inserted, updated, unchanged, left stale (not listed, not pruned), and pruned (its `prunedAs` key). */
export type SeedCounts = Record<'inserted' | 'updated' | 'unchanged' | 'stale', number> & Record<string, number>;

/** The summary of a seed, by part name. */
export type SeedSummary = Record<string, SeedCounts>;

export interface SeedOptions {
  /** Retire or remove what the files no longer list. */
  prune?: boolean;
}

/** A feature's share of the seed. */
export interface SeedPart<Files = unknown> {
  /** its key in the summary ('products') */
  name: string;
  /** the key of its counts that says how many rows pruning retired or removed ('retired') */
  prunedAs: string;
  /** that count's name in the start's log line ('pagesRemoved') */
  prunedLogKey: string;
  /** reads and checks its files in the data folder; throws SeedDataError */
  read(dataDir: string, prune: boolean): Files;
  /** writes what it read, in the seed's transaction; its counts */
  write(trx: Transaction<Database>, files: Files, stamp: string, prune: boolean): Promise<SeedCounts>;
}

/** A data folder that cannot be the seed: said in one line naming DATA_DIR and the path. */
function checkDataDir(dataDir: string): void {
  let isDir = false;
  try {
    isDir = fs.statSync(dataDir).isDirectory();
  } catch {
    /* missing */
  }
  if (!isDir)
    throw new SeedDataError(
      `DATA_DIR ${dataDir} does not exist or is not a folder (it must hold catalogue/*.json and content/pages/*.json)`,
    );
}

/** A data file's JSON; SeedDataError naming the file when it cannot be read. */
export function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new SeedDataError(`${file}: ${(error as Error).message}`);
  }
}

/** The hash a row keeps of what its file said, so an unchanged file writes nothing. */
export function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/** The *.json files of a folder, sorted by name; none when the folder is missing. */
export function jsonFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => path.join(dir, name));
}

export async function seedDatabase(
  db: Db,
  dataDir: string,
  parts: readonly SeedPart[],
  now: Date = new Date(),
  options: SeedOptions = {},
): Promise<SeedSummary> {
  const stamp = now.toISOString();
  const prune = options.prune === true;
  checkDataDir(dataDir);

  // Read and check everything before touching the database.
  const files = parts.map((part) => part.read(dataDir, prune));

  const summary: SeedSummary = {};
  await db.transaction().execute(async (trx) => {
    await takeSeedTurn(trx);
    for (const [i, part] of parts.entries()) summary[part.name] = await part.write(trx, files[i], stamp, prune);
  });
  return summary;
}
