import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneAuditLogs } from '../../src/server/audit-log/prune.js';
import { connectDatabase } from '../../src/server/db/connect.js';
import type { Database } from '../../src/server/db/database.js';
import { migratedPgliteTemplate } from '../template-databases.js';

let db: Database;
beforeAll(async () => {
  db = await connectDatabase({ template: migratedPgliteTemplate() });
  await db.query(`INSERT INTO tenants (id, name) VALUES ('default', 'Default') ON CONFLICT DO NOTHING`);
  await db.query(`INSERT INTO tenants (id, name, audit_logs_retention_days) VALUES ('short', 'Short', 3)`);
}, 60_000);
afterAll(() => db.close());

/** `count` entries of a tenant, `ageDays` old. */
const addLogs = (tenantId: string, prefix: string, count: number, ageDays: number) =>
  db.query(
    `INSERT INTO logs (tenant_id, id, key, result, payload, created_at)
     SELECT $1, $2 || g, 'Interaction.SignIn.Submit', 'Success', '{}'::jsonb, now() - $3 * interval '1 day'
     FROM generate_series(1, $4::int) g`,
    [tenantId, prefix, ageDays, count],
  );
const left = async (tenantId: string) => {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM logs WHERE tenant_id = $1 ORDER BY id', [tenantId]);
  return rows.map((row) => row.id);
};

describe('audit log pruning', () => {
  it('deletes, in batches, the entries older than each tenant’s retention days and keeps the rest', async () => {
    await addLogs('default', 'old', 7, 15); // past the default 14 days
    await addLogs('default', 'kept', 2, 13);
    await addLogs('short', 'old', 3, 4); // past this tenant's 3 days
    await addLogs('short', 'kept', 1, 2);

    const deleted = await pruneAuditLogs(db, { batchSize: 2 });

    expect(deleted).toEqual({ default: 7, short: 3 });
    expect(await left('default')).toEqual(['kept1', 'kept2']);
    expect(await left('short')).toEqual(['kept1']);
    expect(await pruneAuditLogs(db)).toEqual({});
  });
});
