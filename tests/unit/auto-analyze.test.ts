import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { analyzeStaleTables } from '../../src/server/db/auto-analyze.js';
import { connectDatabase } from '../../src/server/db/connect.js';
import type { Database } from '../../src/server/db/database.js';
import { copyMigratedDataDir } from '../template-databases.js';

const estimatedRows = async (db: Database, table: string) => {
  const { rows } = await db.query<{ reltuples: number }>(
    'SELECT reltuples::int8 AS reltuples FROM pg_class WHERE relname = $1',
    [table],
  );
  return Number(rows[0]?.reltuples);
};

const addRoles = (db: Database, from: number, to: number) =>
  db.query(
    `INSERT INTO roles (tenant_id, id, name, description)
     SELECT 'default', 'r' || g, 'role ' || g, 'd' FROM generate_series($1::int, $2::int) g`,
    [from, to],
  );

let db: Database | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

describe('planner statistics on PGlite (no autovacuum)', () => {
  it('are gathered at open and once a table grew past autovacuum’s threshold, not below it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-analyze-'));
    try {
      copyMigratedDataDir(dataDir);
      db = await connectDatabase({ dataDir });
      await addRoles(db, 1, 2000);
      expect(await estimatedRows(db, 'roles')).toBeLessThan(2000);
      await db.close();
      // Opening the database analyzes what grew since the last analyze.
      db = await connectDatabase({ dataDir });
      expect(await estimatedRows(db, 'roles')).toBeGreaterThanOrEqual(2000);

      // 10 rows on 2,000 is below 50 + 10%: the statistics stay as they are.
      await addRoles(db, 2001, 2010);
      expect(await analyzeStaleTables(db)).not.toContain('roles');

      await addRoles(db, 2011, 5000);
      expect(await analyzeStaleTables(db)).toContain('roles');
      expect(await estimatedRows(db, 'roles')).toBeGreaterThanOrEqual(5000);
    } finally {
      await db?.close();
      db = undefined;
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
