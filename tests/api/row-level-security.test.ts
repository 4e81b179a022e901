import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { entityModels } from '../../src/generated/entities.js';
import type { Database, Queryable } from '../../src/server/db/database.js';
import { databases } from './harness.js';

/**
 * Tenant isolation is enforced twice: every repository query filters by tenant_id, and PostgreSQL row-level security
 * limits the tenant database role to its transaction's tenant. These tests run SQL with no tenant filter at all.
 */
describe.each(databases())('row-level security on $name', (target) => {
  let db: Database;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ db, dispose } = await target.open());
  });
  afterAll(() => dispose());

  beforeEach(async () => {
    // As the owner (not the tenant role), set up rows of two tenants.
    await db.exec('DELETE FROM roles');
    await db.exec(`INSERT INTO roles (tenant_id, id, name, description) VALUES
      ('default', 'd1', 'Admin', 'Default tenant'), ('default', 'd2', 'Viewer', 'Default tenant'),
      ('acme', 'a1', 'Admin', 'Acme tenant')`);
  });

  it('protects every tenant-owned table', () => {
    const tenantTables = entityModels.filter((m) => m.tenantScoped).map((m) => m.table);
    expect(entityModels.filter((m) => m.tenantScoped && !m.rls)).toEqual([]);
    expect(tenantTables).toContain('roles');
  });

  it('shows a tenant only its own rows, even to a query without a tenant filter', async () => {
    const rows = await db.withTenant('default', (tx) => tx.query<{ id: string }>('SELECT id FROM roles ORDER BY id'));
    expect(rows.rows.map((r) => r.id)).toEqual(['d1', 'd2']);
    const acme = await db.withTenant('acme', (tx) => tx.query<{ id: string }>('SELECT id FROM roles'));
    expect(acme.rows.map((r) => r.id)).toEqual(['a1']);
  });

  it('reads as the tenant, refuses a write in a read, and serves the next read after a failed one', async () => {
    const ids = (tx: Queryable) => tx.query<{ id: string }>('SELECT id FROM roles ORDER BY id');
    expect((await db.read('default', ids)).rows.map((r) => r.id)).toEqual(['d1', 'd2']);
    expect((await db.read('acme', ids)).rows.map((r) => r.id)).toEqual(['a1']);
    // Two statements of one read both run as its tenant.
    const both = await db.read('acme', async (tx) => [await ids(tx), await ids(tx)]);
    expect(both.map((result) => result.rows.map((r) => r.id))).toEqual([['a1'], ['a1']]);
    await expect(db.read('default', (tx) => tx.query('DELETE FROM roles'))).rejects.toMatchObject({ code: '25006' });
    await expect(db.read('default', (tx) => tx.query('SELECT 1 / 0'))).rejects.toMatchObject({ code: '22012' });
    // Every connection of the pool is back idle, outside any transaction and as the owner: nothing was deleted.
    const counts = await Promise.all(
      Array.from({ length: 12 }, () => db.query<{ n: number }>('SELECT count(*)::int AS n FROM roles')),
    );
    expect(counts.map((result) => result.rows[0]?.n)).toEqual(Array.from({ length: 12 }, () => 3));
  });

  it('runs none of a transaction’s statements when its prelude fails, and reports the prelude’s error', async () => {
    // The tenant settings are sent ahead of the first statement; a failing one must not let it run without them.
    await expect(
      db.transaction((tx) => tx.query('DELETE FROM roles'), 'SET LOCAL ROLE gatehouse_no_such_role;'),
    ).rejects.toThrow(/gatehouse_no_such_role/);
    const { rows } = await db.query<{ id: string }>('SELECT id FROM roles ORDER BY id');
    expect(rows.map((r) => r.id)).toEqual(['a1', 'd1', 'd2']);
  });

  it('lets unfiltered updates and deletes touch only the tenant’s rows', async () => {
    await db.withTenant('default', async (tx) => {
      await tx.query(`UPDATE roles SET description = 'changed'`);
      await tx.query('DELETE FROM roles');
    });
    const { rows } = await db.query<{ id: string; description: string }>('SELECT id, description FROM roles');
    expect(rows).toEqual([{ id: 'a1', description: 'Acme tenant' }]);
  });

  it('refuses to write a row into another tenant, and the transaction changes nothing', async () => {
    await expect(
      db.withTenant('default', async (tx) => {
        await tx.query(`INSERT INTO roles (tenant_id, id, name, description) VALUES ('default', 'd3', 'Ok', 'x')`);
        await tx.query(`INSERT INTO roles (tenant_id, id, name, description) VALUES ('acme', 'a2', 'Sneaky', 'x')`);
      }),
    ).rejects.toMatchObject({ code: '42501' });
    const { rows } = await db.query<{ id: string }>('SELECT id FROM roles ORDER BY id');
    expect(rows.map((r) => r.id)).toEqual(['a1', 'd1', 'd2']);
  });

  it('refuses to move a row to another tenant', async () => {
    await expect(
      db.withTenant('default', (tx) => tx.query(`UPDATE roles SET tenant_id = 'acme' WHERE id = 'd1'`)),
    ).rejects.toMatchObject({ code: '42501' });
  });

  it('searches through the trigram indexes without leaving the tenant', async () => {
    const search = (tx: Queryable) => tx.query<{ id: string }>(`SELECT id FROM roles__search('%admin%')`);
    const found = await db.withTenant('default', search);
    expect(found.rows.map((r) => r.id)).toEqual(['d1']);
    const acme = await db.withTenant('acme', search);
    expect(acme.rows.map((r) => r.id)).toEqual(['a1']);
    // Outside a tenant transaction nothing matches.
    expect((await search(db)).rows).toEqual([]);
  });

  it('searches chosen fields through the trigram indexes without leaving the tenant', async () => {
    const search = (patterns: string[], columns: string[], operator: string) => (tx: Queryable) =>
      tx.query<{ id: string }>('SELECT roles__search_fields($1, $2, $3) AS id ORDER BY 1', [
        patterns,
        columns,
        operator,
      ]);
    const admin = search(['%admin%'], ['name'], '~~*');
    expect((await db.withTenant('default', admin)).rows.map((r) => r.id)).toEqual(['d1']);
    expect((await db.withTenant('acme', admin)).rows.map((r) => r.id)).toEqual(['a1']);
    expect((await admin(db)).rows).toEqual([]);
    const tenant = search(['%tenant'], ['description'], '~~');
    expect((await db.withTenant('default', tenant)).rows.map((r) => r.id)).toEqual(['d1', 'd2']);
    const regex = search(['^(admin|viewer)$'], ['name', 'description'], '~*');
    expect((await db.withTenant('default', regex)).rows.map((r) => r.id)).toEqual(['d1', 'd2']);
    const page = (tx: Queryable) =>
      tx.query<{ id: string; total: string }>(
        `SELECT id, total::text FROM roles__search_fields_page('{%tenant%}', '{description}', '~~*', 10, 0, NULL)
         ORDER BY id`,
      );
    expect((await db.withTenant('default', page)).rows).toEqual([
      { id: 'd1', total: '2' },
      { id: 'd2', total: '2' },
    ]);
    expect((await db.withTenant('acme', page)).rows).toEqual([{ id: 'a1', total: '1' }]);
    expect((await page(db)).rows).toEqual([]);
    // The planner's estimates come from a function only the search functions (as the table owner) may call.
    await expect(
      db.withTenant('default', (tx) =>
        tx.query(
          `SELECT gatehouse_plan_rows('SELECT 1 FROM roles WHERE tenant_id = $1 AND name = $2', 'acme', 'x'::text)`,
        ),
      ),
    ).rejects.toMatchObject({ code: '42501' });
    // Only the searched columns and the four operators; anything else is refused before any SQL is built.
    for (const [columns, operator] of [
      [['tenant_id'], '~~'],
      [['name; DROP TABLE roles'], '~~'],
      [[], '~~'],
      [['name'], '= ANY($2) OR true OR name ~~'],
    ] as const) {
      await expect(
        db.withTenant('default', (tx) =>
          tx.query('SELECT roles__search_fields($1, $2, $3)', [['%'], columns, operator]),
        ),
      ).rejects.toMatchObject({ code: '22023' });
    }
  });

  it('shows a tenant only its own row counters and lets it write none', async () => {
    const counted = (tx: Queryable) =>
      tx.query<{ tenant_id: string; n: number }>(
        `SELECT tenant_id, sum(n)::int8 AS n FROM gatehouse_row_counts WHERE table_name = 'roles' GROUP BY tenant_id`,
      );
    expect((await db.withTenant('default', counted)).rows).toEqual([{ tenant_id: 'default', n: 2 }]);
    expect((await db.withTenant('acme', counted)).rows).toEqual([{ tenant_id: 'acme', n: 1 }]);
    for (const sql of [
      `INSERT INTO gatehouse_row_counts (table_name, tenant_id, slot, n) VALUES ('roles', 'default', 99, 5)`,
      `UPDATE gatehouse_row_counts SET n = n + 1`,
      `DELETE FROM gatehouse_row_counts`,
    ]) {
      await expect(db.withTenant('default', (tx) => tx.query(sql))).rejects.toMatchObject({ code: '42501' });
    }
    expect((await db.withTenant('default', counted)).rows).toEqual([{ tenant_id: 'default', n: 2 }]);
  });

  it('rejects a malformed tenant id before any SQL runs', async () => {
    await expect(db.withTenant("x'; DROP TABLE roles; --", (tx) => tx.query('SELECT 1'))).rejects.toThrow(
      /Invalid tenant id/,
    );
  });
});
