import { describe, expect, it } from 'vitest';
import { entityModels } from '../../src/generated/entities.js';
import { Repository } from '../../src/server/crud/repository.js';
import type { Queryable } from '../../src/server/db/database.js';
import { databases, useApi } from './harness.js';

/**
 * `Total-Number` stays exact while a list's cost stays that of its page: an unfiltered list, or one filtered on a
 * column with a few known values, reads its total from row counters that triggers keep in the writing transaction,
 * and a search counts the matches it collects anyway.
 */
describe.each(databases())('list totals on $name', (target) => {
  const api = useApi(target);

  const total = async (url: string) => {
    const reply = await api.get(url);
    expect(reply.status).toBe(200);
    return Number(reply.headers['total-number']);
  };

  /** Rows of another tenant, written straight into the table as its owner. */
  const otherTenantRoles = (count: number) =>
    api.db.query(
      `INSERT INTO roles (tenant_id, id, name, description)
       SELECT 'acme', 'acme' || g, 'role-' || g, 'Acme' FROM generate_series(1, $1::int) g`,
      [count],
    );

  it('counts creates and deletes, not failed creates, nor another tenant’s rows', async () => {
    await otherTenantRoles(25);
    const created = [];
    for (let i = 0; i < 5; i++) created.push(await api.create('/api/roles', { name: `r${i}`, description: 'd' }));
    expect(await total('/api/roles?page=1&page_size=2')).toBe(5);
    // A duplicate name fails and its transaction, counter included, rolls back.
    expect((await api.post('/api/roles', { name: 'r0', description: 'd' })).status).toBe(422);
    expect((await api.delete(`/api/roles/${created[0].id}`)).status).toBe(204);
    expect(await total('/api/roles?page=1&page_size=2')).toBe(4);
    expect(await total('/api/roles?page=9&page_size=2')).toBe(4);
    expect(await total('/api/roles?page=1&page_size=2&search=%25r%25')).toBe(4);
  });

  it('stays exact under concurrent creates and deletes', async () => {
    const created = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        api.create('/api/resources', { name: `Service ${i}`, indicator: `https://s${i}.example.com` }),
      ),
    );
    await Promise.all(created.slice(0, 8).map((resource) => api.delete(`/api/resources/${resource.id}`)));
    const page = await api.get('/api/resources?page=1&page_size=100');
    expect(page.body).toHaveLength(16);
    expect(page.headers['total-number']).toBe('16');
  });

  /** Rows the statement read from `table`, over every plan node that scans it. */
  const rowsRead = (plan: Record<string, unknown>, table: string): number => {
    const own = plan['Relation Name'] === table ? Number(plan['Actual Rows']) * Number(plan['Actual Loops']) : 0;
    const children = (plan.Plans as Record<string, unknown>[] | undefined) ?? [];
    return own + children.reduce((sum, child) => sum + rowsRead(child, table), 0);
  };

  /** The list's statements, as `Repository.list` sends them in the tenant's transaction, explained and run. */
  const explainList = async (query: Parameters<Repository['list']>[2]) => {
    const model = entityModels.find((m) => m.name === 'role');
    if (!model) throw new Error('no role model');
    return api.db.withTenant('default', async (tx) => {
      const statements: { sql: string; params: unknown[] }[] = [];
      const recorder: Queryable = {
        query: (sql, params = []) => {
          statements.push({ sql, params });
          return tx.query(sql, params);
        },
        exec: (sql) => tx.exec(sql),
      };
      const result = await new Repository(model).list(recorder, { tenantId: 'default' }, query);
      const plans = [];
      for (const { sql, params } of statements) {
        const { rows } = await tx.query<Record<string, unknown>>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
        const json = Object.values(rows[0] ?? {})[0];
        plans.push((typeof json === 'string' ? JSON.parse(json) : json)[0].Plan);
      }
      return { result, read: plans.reduce((sum, plan) => sum + rowsRead(plan, 'roles'), 0) };
    });
  };

  it('reads a page of rows for the first page of a large table, total included', async () => {
    await otherTenantRoles(3000);
    await api.db.query(
      `INSERT INTO roles (tenant_id, id, name, description)
       SELECT 'default', 'd' || g, 'role-' || g, 'Default' FROM generate_series(1, 3000) g`,
    );
    await api.db.exec('ANALYZE roles');
    const explained = await explainList({ page: { page: 1, pageSize: 20 } });
    expect(explained.result.total).toBe(3000);
    expect(explained.result.items).toHaveLength(20);
    expect(explained.read).toBeLessThanOrEqual(21);
  });

  it('reads the total of a list filtered on a counted column from the counters', async () => {
    await otherTenantRoles(3000);
    // Every other role is for machines, so a page of 20 of them is found among the 40 newest roles.
    await api.db.query(
      `INSERT INTO roles (tenant_id, id, name, description, type)
       SELECT 'default', 'd' || g, 'role-' || g, 'Default', CASE WHEN g % 2 = 0 THEN 'MachineToMachine' ELSE 'User' END
       FROM generate_series(1, 3000) g`,
    );
    await api.db.exec('ANALYZE roles');
    const explained = await explainList({ page: { page: 1, pageSize: 20 }, filters: { type: ['MachineToMachine'] } });
    expect(explained.result.total).toBe(1500);
    expect(explained.result.items).toHaveLength(20);
    expect(explained.read).toBeLessThanOrEqual(41);
  });

  it('keeps filtered totals exact through creates, deletes and changes of a counted column', async () => {
    await otherTenantRoles(7);
    const robot = await api.create('/api/roles', { name: 'robot', description: 'd', type: 'MachineToMachine' });
    for (const name of ['a', 'b', 'c']) await api.create('/api/roles', { name, description: 'd' });
    const totals = async () => ({
      user: await total('/api/roles?page=1&page_size=1&type=User'),
      machine: await total('/api/roles?page=1&page_size=1&type=MachineToMachine'),
      all: await total('/api/roles?page=1&page_size=1'),
    });
    expect(await totals()).toEqual({ user: 3, machine: 1, all: 4 });
    // The API keeps a role's type; a change made in the database moves the role between the counts all the same.
    await api.db.query(`UPDATE roles SET type = 'MachineToMachine' WHERE tenant_id = 'default' AND name = 'a'`);
    expect(await totals()).toEqual({ user: 2, machine: 2, all: 4 });
    expect((await api.delete(`/api/roles/${robot.id}`)).status).toBe(204);
    expect(await totals()).toEqual({ user: 2, machine: 1, all: 3 });

    for (const [type, isThirdParty] of [
      ['SPA', false],
      ['SPA', true],
      ['Native', false],
      ['MachineToMachine', false],
    ] as const) {
      await api.create('/api/applications', { name: `${type} ${isThirdParty}`, type, isThirdParty });
    }
    const apps = (query: string, page = 1) => total(`/api/applications?page=${page}&page_size=1&${query}`);
    expect(await apps('types=SPA&types=Native')).toBe(3);
    expect(await apps('types=SPA&isThirdParty=false')).toBe(1);
    expect(await apps('isThirdParty=true')).toBe(1);
    expect(await apps('types=Traditional')).toBe(0);
    expect(await apps('types=SPA', 9)).toBe(2);
  });
});
