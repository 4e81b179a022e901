/** What the set-based seeds share: the second tenant, and indexes dropped for a bulk load and built again after it. */
import type { Queryable } from '../src/server/db/database.js';

/** A second tenant whose rows share the seeded tables and their indexes with the measured one. */
export const SECOND_TENANT_ID = 'bench-second';

export const createSecondTenant = (tx: Queryable) =>
  tx.query('INSERT INTO tenants (id, name) VALUES ($1, $1) ON CONFLICT (id) DO NOTHING', [SECOND_TENANT_ID]);

/**
 * Drops the table's indexes that back no constraint (all of them, or only the trigram ones), runs `load`, then builds
 * them again from their own definitions: one build is several times faster than updating them row by row, and
 * leaves the same indexes. Unique indexes are checked by their build.
 */
export const withIndexesRebuilt = async <T>(
  tx: Queryable,
  table: string,
  which: 'secondary' | 'trigram',
  load: () => Promise<T>,
): Promise<T> => {
  const { rows: indexes } = await tx.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
     WHERE i.tablename = $1 AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
       AND ($2 = 'secondary' OR i.indexdef ILIKE '%gin_trgm_ops%')`,
    [table, which],
  );
  for (const index of indexes) await tx.query(`DROP INDEX "${index.name}"`);
  const result = await load();
  for (const index of indexes) await tx.query(index.definition);
  return result;
};
