import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/server/db/database.js';
import { databases, useApi } from './harness.js';

type PlanNode = Record<string, unknown>;

/** Heap rows a plan fetched from `table`: those it kept and those it threw away after fetching them. */
const rowsFetched = (plan: PlanNode, table: string): number => {
  const loops = Number(plan['Actual Loops'] ?? 1);
  const own =
    plan['Relation Name'] === table && plan['Node Type'] !== 'Bitmap Index Scan'
      ? ['Actual Rows', 'Rows Removed by Filter', 'Rows Removed by Index Recheck'].reduce(
          (sum, key) => sum + Number(plan[key] ?? 0) * loops,
          0,
        )
      : 0;
  const children = (plan.Plans as PlanNode[] | undefined) ?? [];
  return own + children.reduce((sum, child) => sum + rowsFetched(child, table), 0);
};

const nodeTypes = (plan: PlanNode): string[] => [
  `${plan['Node Type']}${plan['Index Name'] ? ` ${plan['Index Name']}` : ''}`,
  ...((plan.Plans as PlanNode[] | undefined) ?? []).flatMap(nodeTypes),
];

/**
 * The query a generated search function runs, read from the function as stored in the database, explained as the
 * table owner with the function's parameters (the tenant, then the pattern), as the function plans it on each call.
 */
const explainSearchFunction = async (db: Queryable, fn: string, tenantId: string, pattern: string) => {
  const { rows } = await db.query<{ source: string }>(`SELECT prosrc AS source FROM pg_proc WHERE proname = $1`, [fn]);
  const sql = /EXECUTE '((?:[^']|'')*)'/.exec(rows[0]?.source ?? '')?.[1]?.replaceAll("''", "'");
  if (!sql) throw new Error(`${fn} runs no EXECUTE`);
  const explained = await db.query<Record<string, unknown>>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, [
    tenantId,
    pattern,
  ]);
  const json = Object.values(explained.rows[0] ?? {})[0];
  return (typeof json === 'string' ? JSON.parse(json) : json)[0].Plan as PlanNode;
};

/**
 * A search costs its own tenant's matches: the trigram indexes hold the tenant, so the rows of another tenant that
 * match the same pattern are never fetched nor rechecked.
 */
// Seeding 40,000 rows takes a while on the embedded database of a busy machine.
describe.each(databases())('search plans on $name', (target) => {
  const api = useApi(target);

  it('a search in one tenant fetches only that tenant’s matching rows, however many another tenant has', async () => {
    for (const tenant of ['acme', 'default']) {
      await api.db.query(
        `INSERT INTO roles (tenant_id, id, name, description)
         SELECT $1::varchar, $1 || g, 'role-' || g, 'Made for ' || $1 FROM generate_series(1, 20000) g`,
        [tenant],
      );
    }
    await api.db.exec('ANALYZE roles');
    // role-12, role-120…129 and role-1200…1299 in each tenant.
    const matches = 1111;
    const reply = await api.get('/api/roles?search=%25role-12%25&page=1&page_size=20');
    expect(reply.status).toBe(200);
    expect(reply.headers['total-number']).toBe(String(matches));

    const plan = await explainSearchFunction(api.db, 'roles__search', 'default', '%role-12%');
    expect(plan['Actual Rows']).toBe(matches);
    expect(nodeTypes(plan)).toContain('Bitmap Index Scan roles__name__trgm');
    expect(rowsFetched(plan, 'roles')).toBe(matches);
  }, 120_000);
});
