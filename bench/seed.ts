import { entityModels } from '../src/generated/entities.js';
import { generateId } from '../src/server/crud/ids.js';
import type { Database } from '../src/server/db/database.js';
import type { EntityModel } from '../src/shared/descriptor.js';
import { DEFAULT_TENANT_ID } from '../src/shared/tenant-ids.js';
import { createSecondTenant, SECOND_TENANT_ID, withIndexesRebuilt } from './seed-indexes.js';

export { SECOND_TENANT_ID };

export const roleModel = (): EntityModel => {
  const model = entityModels.find((m) => m.name === 'role');
  if (!model) throw new Error('The role entity is missing from the generated model');
  return model;
};

const areas = ['billing', 'support', 'content', 'analytics', 'security', 'payments', 'inventory', 'reports', 'users'];
const levels = ['viewer', 'editor', 'admin', 'auditor', 'operator', 'owner', 'reviewer', 'manager'];
const verbs = ['Reads', 'Manages', 'Approves', 'Exports', 'Audits', 'Configures', 'Monitors', 'Publishes'];
const teams = ['platform', 'growth', 'finance', 'customer success', 'infrastructure', 'marketing', 'legal', 'sales'];

const pick = <T>(list: T[], i: number): T => list[i % list.length] as T;

/**
 * Role `i` (0-based). Names are unique and all contain `role-<i>`, so `%role-12%` matches role-12, role-120…129,
 * role-1200…1299 and so on; descriptions are free text of varying length that never contain `role-`.
 */
export const roleRow = (i: number, total: number, now: number) => {
  const name = `role-${i}-${pick(areas, i * 7)}-${pick(levels, i * 3)}`;
  const words = [pick(verbs, i), pick(areas, i * 5), 'for the', pick(teams, i * 11), 'team'];
  if (i % 3 === 0) words.push(`and ${pick(areas, i * 13)} escalations`);
  if (i % 5 === 0) words.push(`(${pick(levels, i)} access, reviewed quarterly)`);
  return {
    id: generateId(),
    name,
    description: words.join(' '),
    type: i % 10 === 9 ? 'MachineToMachine' : 'User',
    isDefault: i % 1000 === 0,
    // One second apart, the newest last: `ORDER BY created_at DESC` puts the highest i first.
    createdAt: new Date(now - (total - i) * 1000).toISOString(),
  };
};

/**
 * Inserts `count` roles for the default tenant and as many for a second tenant (unless `tenantIds` names others),
 * `batchSize` rows per statement, all in one transaction, then refreshes the planner statistics and the visibility
 * map as autovacuum would on a live table. Returns the ids of the default tenant's roles.
 *
 * The trigram indexes are dropped for the load and built again from their own definitions after it: one build is
 * several times faster than updating them row by row, and leaves the same indexes.
 */
export const seedRoles = async (
  db: Database,
  count: number,
  batchSize = 1000,
  tenantIds: readonly string[] = [DEFAULT_TENANT_ID, SECOND_TENANT_ID],
): Promise<string[]> => {
  const table = roleModel().table;
  const now = Date.now();
  const ids: string[] = [];
  await db.transaction(async (tx) => {
    if (tenantIds.includes(SECOND_TENANT_ID)) await createSecondTenant(tx);
    await withIndexesRebuilt(tx, table, 'trigram', async () => {
      for (const tenantId of tenantIds) {
        for (let start = 0; start < count; start += batchSize) {
          const rows = Array.from({ length: Math.min(batchSize, count - start) }, (_, k) =>
            roleRow(start + k, count, now),
          );
          await tx.query(
            `INSERT INTO "${table}" (tenant_id, id, name, description, type, is_default, created_at)
             SELECT $1, * FROM unnest($2::varchar[], $3::varchar[], $4::varchar[], $5::text[], $6::boolean[], $7::timestamptz[])`,
            [
              tenantId,
              rows.map((r) => r.id),
              rows.map((r) => r.name),
              rows.map((r) => r.description),
              rows.map((r) => r.type),
              rows.map((r) => r.isDefault),
              rows.map((r) => r.createdAt),
            ],
          );
          if (tenantId === DEFAULT_TENANT_ID) for (const row of rows) ids.push(row.id);
        }
      }
    });
  });
  await db.exec(`VACUUM ANALYZE "${table}"`);
  return ids;
};
