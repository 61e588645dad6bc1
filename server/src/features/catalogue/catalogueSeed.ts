/**
 * The catalogue's part of the seed (db/seed.ts runs it): the products of catalogue/*.json,
 * upserted by modelId. A row is written only when what the file says (and what the shared rules
 * derive from it) changed. With pruning, a product the files no longer list is not deleted (quotes
 * and old links may refer to it) but marked inactive (in_source = 0), so its page is Not Found and
 * lists leave it out; putting it back in a file brings it back.
 */
import path from 'node:path';
import type { Transaction } from 'kysely';
import { SeedDataError, jsonFiles, readJson, type SeedCounts, type SeedPart } from '../../db/seed';
import type { Database } from '../../db/schema';
import { checkSeedProduct, productRowOf } from './productRecord';

type ProductRow = ReturnType<typeof productRowOf>;

/** The products of catalogue/*.json by model id, each model id and URL slug pair once. */
function readProducts(dataDir: string): Map<string, ProductRow & { file: string }> {
  const productRows = new Map<string, ProductRow & { file: string }>();
  for (const file of jsonFiles(path.join(dataDir, 'catalogue'))) {
    const entries = readJson(file);
    if (!Array.isArray(entries)) throw new SeedDataError(`${file}: must be a list of products`);
    entries.forEach((entry, i) => {
      const row = productRowOf(checkSeedProduct(entry, `${path.basename(file)}[${i}]`));
      const clash = productRows.get(row.model_id);
      if (clash) throw new SeedDataError(`${path.basename(file)}[${i}]: modelId ${row.model_id} is also in ${path.basename(clash.file)}`);
      productRows.set(row.model_id, { ...row, file });
    });
  }
  const slugPairs = new Set<string>();
  for (const row of productRows.values()) {
    const pair = `${row.brand_slug}/${row.model_slug}`;
    if (slugPairs.has(pair)) throw new SeedDataError(`two products have the URL slug ${pair}`);
    slugPairs.add(pair);
  }
  if (productRows.size === 0)
    throw new SeedDataError(
      `DATA_DIR ${dataDir} holds no products: ${path.join(dataDir, 'catalogue')} has no *.json file with any product`,
    );
  return productRows;
}

/** Inserts and updates the products; retires (with pruning) or counts as stale those no longer listed. */
async function seedProducts(
  trx: Transaction<Database>,
  productRows: Map<string, ProductRow & { file: string }>,
  stamp: string,
  prune: boolean,
): Promise<SeedCounts> {
  const counts = { inserted: 0, updated: 0, retired: 0, unchanged: 0, stale: 0 };
  const existing = new Map(
    (await trx.selectFrom('products').select(['model_id', 'source_hash', 'in_source', 'is_active']).execute()).map((r) => [r.model_id, r]),
  );
  for (const { file: _file, ...row } of productRows.values()) {
    const current = existing.get(row.model_id);
    if (!current) {
      await trx
        .insertInto('products')
        .values({ ...row, updated_at: stamp })
        .execute();
      counts.inserted++;
    } else if (current.source_hash !== row.source_hash || current.in_source !== 1) {
      await trx
        .updateTable('products')
        .set({ ...row, updated_at: stamp })
        .where('model_id', '=', row.model_id)
        .execute();
      counts.updated++;
    } else {
      counts.unchanged++;
    }
  }
  for (const current of existing.values()) {
    if (!productRows.has(current.model_id) && (current.in_source === 1 || current.is_active === 1)) {
      if (!prune) {
        counts.stale++;
        continue;
      }
      await trx
        .updateTable('products')
        .set({ in_source: 0, is_active: 0, updated_at: stamp })
        .where('model_id', '=', current.model_id)
        .execute();
      counts.retired++;
    }
  }
  return counts;
}

export const catalogueSeedPart: SeedPart<Map<string, ProductRow & { file: string }>> = {
  name: 'products',
  prunedAs: 'retired',
  prunedLogKey: 'retired',
  read: (dataDir) => readProducts(dataDir),
  write: (trx, productRows, stamp, prune) => seedProducts(trx, productRows, stamp, prune),
};
