import { describe, expect, it } from 'vitest';
import { type LogQuery, LogRepository } from '../../src/server/crud/log-repository.js';
import type { Queryable } from '../../src/server/db/database.js';
import { databases } from './harness.js';
import { useShapesApi } from './shapes-app.js';

type PlanNode = Record<string, unknown>;

/** Heap rows a plan fetched from `table`: those it kept and those it threw away after fetching them. */
const rowsFetched = (plan: PlanNode, table: string): number => {
  const loops = Number(plan['Actual Loops'] ?? 1);
  const own =
    plan['Relation Name'] === table
      ? ['Actual Rows', 'Rows Removed by Filter'].reduce((sum, key) => sum + Number(plan[key] ?? 0) * loops, 0)
      : 0;
  const children = (plan.Plans as PlanNode[] | undefined) ?? [];
  return own + children.reduce((sum, child) => sum + rowsFetched(child, table), 0);
};
const nodeTypes = (plan: PlanNode): string[] => [
  String(plan['Node Type']),
  ...((plan.Plans as PlanNode[] | undefined) ?? []).flatMap(nodeTypes),
];

/** A transaction that explains (and runs) each statement instead of answering it, keeping the plans. */
const explaining = (tx: Queryable, plans: PlanNode[]): Queryable => ({
  exec: (sql) => tx.exec(sql),
  query: async <Row>(sql: string, params?: unknown[]) => {
    const { rows } = await tx.query<Record<string, unknown>>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
    const json = Object.values(rows[0] ?? {})[0];
    plans.push((typeof json === 'string' ? JSON.parse(json) : json)[0].Plan as PlanNode);
    return { rows: [] as Row[] };
  },
});

describe.each(databases())('log pages on $name', (target) => {
  const { api, model } = useShapesApi(target);

  it('read their own rows through the generated indexes, however deep the page, with no sort', async () => {
    await api.db.exec('DELETE FROM audit_events;');
    // 30,000 entries of one tenant and 10,000 of another; a third of them errors.
    await api.db.exec(`INSERT INTO audit_events (tenant_id, id, key, result, payload, created_at)
      SELECT CASE WHEN g % 4 = 0 THEN 'acme' ELSE 'default' END, 'e' || g, 'Interaction.SignIn',
        CASE WHEN g % 3 = 0 THEN 'Error' ELSE 'Success' END, '{}'::jsonb,
        timestamptz '2026-01-01' + (g / 3) * interval '1 second'
      FROM generate_series(1, 40000) g;
      ANALYZE audit_events;`);
    const logs = new LogRepository(model('auditEvent'), (row) => row);
    const deep = { at: '2026-01-01T01:00:00.000000Z', id: 'e10800' };
    const queries: [string, LogQuery][] = [
      ['newest page', { ranges: [], prefixes: [], values: [] }],
      ['errors only', { ranges: [], prefixes: [], values: [{ field: 'result', values: ['Error'] }] }],
    ];
    for (const [name, query] of queries) {
      for (const cursor of [undefined, deep]) {
        const plans: PlanNode[] = [];
        await api.db.withTenant('default', (tx) => logs.keyset(explaining(tx, plans), 'default', query, cursor, 20));
        const [plan] = plans;
        if (!plan) throw new Error('nothing explained');
        const where = `${name}${cursor ? ' after a cursor' : ''}`;
        expect(
          nodeTypes(plan).some((type) => type.startsWith('Index')),
          where,
        ).toBe(true);
        expect(nodeTypes(plan), where).not.toContain('Sort');
        expect(nodeTypes(plan), where).not.toContain('Seq Scan');
        expect(rowsFetched(plan, 'audit_events'), where).toBeLessThanOrEqual(21);
      }
    }
  });
  it('read the names of a page by primary key with the page, keeping its plan (the audit log, deep or filtered)', async () => {
    await api.db.exec(`DELETE FROM logs; DELETE FROM users WHERE id LIKE 'plan-u%'; DELETE FROM applications WHERE id LIKE 'plan-a%';
      INSERT INTO users (tenant_id, id, username) SELECT 'default', 'plan-u' || g, 'user' || g FROM generate_series(1, 5000) g;
      INSERT INTO applications (tenant_id, id, name, secret, type)
        SELECT 'default', 'plan-a' || g, 'App ' || g, 's', 'MachineToMachine' FROM generate_series(1, 2000) g;
      INSERT INTO logs (tenant_id, id, key, result, user_id, application_id, payload, created_at)
        SELECT 'default', 'l' || g, 'Interaction.SignIn.Submit', 'Success',
          CASE WHEN g % 10 = 0 THEN 'gone-u' || g ELSE 'plan-u' || (g % 5000 + 1) END, 'plan-a' || (g % 2400),
          '{}'::jsonb, timestamptz '2026-01-01' + g * interval '1 second'
        FROM generate_series(1, 30000) g;
      ANALYZE logs; ANALYZE users; ANALYZE applications;`);
    const logs = new LogRepository(model('log'), (row) => row);
    const deep = { at: '2026-01-01T02:00:00.000000Z', id: 'l7200' };
    const queries: [string, LogQuery][] = [
      ['newest page', { ranges: [], prefixes: [], values: [] }],
      ['one user', { ranges: [], prefixes: [], values: [{ field: 'userId', values: ['plan-u7'] }] }],
    ];
    for (const [name, query] of queries) {
      for (const cursor of [undefined, deep]) {
        const plans: PlanNode[] = [];
        const page = await api.db.withTenant('default', async (tx) => {
          await logs.keyset(explaining(tx, plans), 'default', query, cursor, 20);
          return logs.keyset(tx, 'default', query, cursor, 20);
        });
        const where = `${name}${cursor ? ' after a cursor' : ''}`;
        // A user that does not exist (deleted) names nobody.
        const expected = page.items.map((item) =>
          String(item.user_id).startsWith('plan-u') ? `user${String(item.user_id).slice('plan-u'.length)}` : undefined,
        );
        expect(expected.filter(Boolean).length, where).toBeGreaterThan(0);
        expect(
          page.items.map((item) => item.userName),
          where,
        ).toEqual(expected);
        const [plan] = plans;
        if (!plan) throw new Error('nothing explained');
        expect(nodeTypes(plan), where).not.toContain('Sort');
        expect(nodeTypes(plan), where).not.toContain('Seq Scan');
        expect(rowsFetched(plan, 'logs'), where).toBeLessThanOrEqual(21);
        // Each row of the page looks its user and its application up once, by primary key.
        expect(rowsFetched(plan, 'users'), where).toBeLessThanOrEqual(21);
        expect(rowsFetched(plan, 'applications'), where).toBeLessThanOrEqual(21);
      }
    }
    // Logto's page numbers: the entries skipped before a deep page are not named.
    const plans: PlanNode[] = [];
    const newest: LogQuery = { ranges: [], prefixes: [], values: [] };
    await api.db.withTenant('default', (tx) =>
      logs.page(explaining(tx, plans), 'default', newest, { page: 50, pageSize: 20 }, true),
    );
    const [plan] = plans;
    if (!plan) throw new Error('nothing explained');
    expect(rowsFetched(plan, 'users')).toBeLessThanOrEqual(20);
    expect(rowsFetched(plan, 'applications')).toBeLessThanOrEqual(20);
  });
  it('reads a prefix no entry has through the prefix index, not by walking every entry (row-level security on)', async () => {
    await api.db.exec('DELETE FROM audit_events;');
    await api.db.exec(`INSERT INTO audit_events (tenant_id, id, key, result, payload, created_at)
      SELECT 'default', 'e' || g, CASE WHEN g % 10 = 0 THEN 'Token.Exchange' ELSE 'Interaction.SignIn' END, 'Success',
        '{}'::jsonb, timestamptz '2026-01-01' + g * interval '1 second'
      FROM generate_series(1, 30000) g;
      ANALYZE audit_events;`);
    const logs = new LogRepository(model('auditEvent'), (row) => row);
    // Each prefix, what it finds, and the most rows a page may fetch: its own 21 and the others it passes by
    // walking newest first (one in ten matches Token., nine in ten Interaction.).
    for (const [prefix, found, fetched] of [
      ['Organization.', 0, 21],
      ['Token.', 20, 250],
      ['Interaction.', 20, 30],
    ] as const) {
      const plans: PlanNode[] = [];
      const query: LogQuery = { ranges: [], prefixes: [{ field: 'key', value: prefix }], values: [] };
      const page = await api.db.withTenant('default', async (tx) => {
        const result = await logs.keyset(tx, 'default', query, undefined, 20);
        await logs.keyset(explaining(tx, plans), 'default', query, undefined, 20);
        return result;
      });
      expect(page.items, prefix).toHaveLength(found);
      const [plan] = plans;
      if (!plan) throw new Error('nothing explained');
      // The planner knows from the column's statistics how many entries a prefix matches, so it never walks
      // the 30,000 entries looking for some that are not there (LIKE, not leakproof, hid them from it).
      expect(nodeTypes(plan), prefix).not.toContain('Seq Scan');
      expect(rowsFetched(plan, 'audit_events'), prefix).toBeLessThanOrEqual(fetched);
    }
  });
});
