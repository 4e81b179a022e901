import { createHash } from 'node:crypto';
import { migrations as generatedMigrations } from '../../generated/migrations/index.js';
import type { Database } from './database.js';

export interface Migration {
  name: string;
  sql: string;
}

const checksum = (sql: string) => createHash('sha256').update(sql).digest('hex');

/**
 * Applies, in order and each in its own transaction, the migrations this database has not seen. A migration whose
 * text changed after it was applied stops the start: migrations are append-only.
 */
export const migrate = async (db: Database, migrations: Migration[] = generatedMigrations): Promise<string[]> => {
  await db.query(
    `CREATE TABLE IF NOT EXISTS gatehouse_migrations (
      name text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`,
  );
  const { rows } = await db.query<{ name: string; checksum: string }>(
    'SELECT name, checksum FROM gatehouse_migrations',
  );
  const applied = new Map(rows.map((row) => [row.name, row.checksum]));
  const ran: string[] = [];
  for (const migration of migrations) {
    const known = applied.get(migration.name);
    if (known) {
      if (known !== checksum(migration.sql))
        throw new Error(`Migration ${migration.name} changed after it was applied`);
      continue;
    }
    await db.transaction(async (tx) => {
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO gatehouse_migrations (name, checksum) VALUES ($1, $2)', [
        migration.name,
        checksum(migration.sql),
      ]);
    });
    ran.push(migration.name);
  }
  return ran;
};
