import type { Database, Queryable } from '../db/database.js';

/** Every table with a `tenant_id` column, and which of them each one's foreign keys point to. */
const tenantTables = async (tx: Queryable) => {
  const { rows: tables } = await tx.query<{ name: string }>(
    `SELECT c.table_name AS name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND c.column_name = 'tenant_id' AND t.table_type = 'BASE TABLE'`,
  );
  const { rows: references } = await tx.query<{ child: string; parent: string }>(
    `SELECT con.conrelid::regclass::text AS child, con.confrelid::regclass::text AS parent
       FROM pg_constraint con
       JOIN pg_namespace n ON n.oid = con.connamespace
      WHERE con.contype = 'f' AND n.nspname = current_schema() AND con.conrelid <> con.confrelid`,
  );
  return { names: tables.map((table) => table.name), references };
};

/** The tables ordered so that each comes before every table it references (children before parents). */
const childrenFirst = (names: string[], references: { child: string; parent: string }[]): string[] => {
  const unquote = (name: string) => name.replace(/^"|"$/g, '');
  const parentsOf = new Map(names.map((name) => [name, new Set<string>()]));
  const childrenOf = new Map(names.map((name) => [name, new Set<string>()]));
  for (const { child, parent } of references) {
    const [c, p] = [unquote(child), unquote(parent)];
    if (parentsOf.has(c) && childrenOf.has(p)) {
      parentsOf.get(c)?.add(p);
      childrenOf.get(p)?.add(c);
    }
  }
  const ordered: string[] = [];
  const remaining = new Set(names.sort());
  while (remaining.size > 0) {
    // A table none of the remaining tables references goes next.
    const next = [...remaining].find((name) => ![...(childrenOf.get(name) ?? [])].some((c) => remaining.has(c)));
    const pick = next ?? [...remaining][0];
    if (pick === undefined) break;
    ordered.push(pick);
    remaining.delete(pick);
  }
  return ordered;
};

/**
 * Deletes every row a tenant owns and its registry row, in one transaction as the database owner (the tenant role
 * cannot write the registry): the tables are found from the catalog, so a new entity's table is included.
 */
export const deleteTenantData = async (db: Database, tenantId: string) => {
  await db.transaction(async (tx) => {
    const { names, references } = await tenantTables(tx);
    for (const table of childrenFirst(names, references)) {
      await tx.query(`DELETE FROM "${table}" WHERE tenant_id = $1`, [tenantId]);
    }
    await tx.query('DELETE FROM tenants WHERE id = $1', [tenantId]);
  });
};
