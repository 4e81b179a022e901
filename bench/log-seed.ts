/**
 * Hook logs for the log benchmark, seeded with set-based SQL. Every value is a function of the row's position, so
 * the benchmark knows the ids, the instants and the cursor of any page before (and without) reading the table.
 */
import { entityModels } from '../src/generated/entities.js';
import type { Database } from '../src/server/db/database.js';
import type { EntityModel } from '../src/shared/descriptor.js';
import { DEFAULT_TENANT_ID } from '../src/shared/tenant-ids.js';
import { createSecondTenant, SECOND_TENANT_ID, withIndexesRebuilt } from './seed-indexes.js';

export const hookLogModel = (): EntityModel => {
  const model = entityModels.find((m) => m.name === 'hookLog');
  if (!model) throw new Error('The hookLog entity is missing from the generated model');
  return model;
};

/** The hook whose logs are measured (in the default tenant); the second tenant has a hook of the same id. */
export const BENCH_HOOK_ID = 'bench-hook';
export const SPAN_DAYS = 30;
const DAY_US = 86_400_000_000;
const tenants = [
  { tenantId: DEFAULT_TENANT_ID, idPrefix: 'la' },
  { tenantId: SECOND_TENANT_ID, idPrefix: 'lb' },
];

/**
 * Events by weight, one slot per twentieth: half sign-ins, a fifth registrations, a fifth `User.*` (the prefix
 * scenario's share), the rest split over three more events.
 */
const EVENT_SLOTS = [
  ...Array<string>(10).fill('PostSignIn'),
  ...Array<string>(4).fill('PostRegister'),
  'User.Created',
  'User.Created',
  'User.Data.Updated',
  'User.Deleted',
  'PostResetPassword',
  'Role.Created',
];

/** Where and how densely the rows lie: row `i` (0 = newest) was written `i × stepUs` microseconds before `baseUs`. */
export interface LogLayout {
  count: number;
  baseUs: number;
  stepUs: number;
}

export const logLayout = (count: number, baseMs: number): LogLayout => ({
  count,
  baseUs: baseMs * 1000,
  stepUs: Math.floor((SPAN_DAYS * DAY_US) / count),
});

/** The id of the default tenant's row `i`. */
export const logId = (i: number) => `la${String(i).padStart(19, '0')}`;

/** The instant of row `i`, as the cursor writes it (ISO 8601 to the microsecond, UTC). */
export const logInstant = (layout: LogLayout, i: number) => {
  const us = layout.baseUs - i * layout.stepUs;
  const ms = Math.floor(us / 1000);
  return `${new Date(ms).toISOString().slice(0, 23)}${String(us - ms * 1000).padStart(3, '0')}Z`;
};

/** The instant `days` days before the newest row, in Unix milliseconds (what start_time and end_time take). */
export const daysBefore = (layout: LogLayout, days: number) => Math.floor((layout.baseUs - days * DAY_US) / 1000);

/** The hook of each tenant, so that its logs have a parent (also before any log is seeded). */
export const createHooks = async (db: Database) => {
  await createSecondTenant(db);
  for (const { tenantId } of tenants) {
    await db.query(
      `INSERT INTO hooks (tenant_id, id, name, events, config, signing_key)
       VALUES ($1, $2, 'Bench hook', '["PostSignIn"]', '{"url":"https://example.com/hook"}', 'bench-signing-key')`,
      [tenantId, BENCH_HOOK_ID],
    );
  }
};

/**
 * Inserts `layout.count` hook logs for the default tenant's hook and as many for the second tenant's, one
 * `INSERT … SELECT … FROM generate_series` per tenant in one transaction, then `VACUUM ANALYZE`. The secondary
 * indexes are dropped for the load and built again from their own definitions after it.
 */
export const seedHookLogs = async (db: Database, layout: LogLayout) => {
  const table = hookLogModel().table;
  await db.transaction(async (tx) => {
    await withIndexesRebuilt(tx, table, 'secondary', async () => {
      for (const { tenantId, idPrefix } of tenants) {
        await tx.query(
          `INSERT INTO "${table}" (tenant_id, id, hook_id, key, payload, created_at)
         SELECT $1, $2 || lpad(i::text, 19, '0'), $3, 'TriggerHook.' || e.event,
           jsonb_build_object(
             'result', e.result, 'event', e.event, 'attempts', 1,
             'hookRequest', jsonb_build_object('body', jsonb_build_object(
               'event', e.event, 'userId', 'user-' || (i % 5000), 'createdAt', to_char(at, 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))),
             'response', jsonb_build_object(
               'status', CASE WHEN e.result = 'Error' THEN 500 ELSE 200 END,
               'body', CASE WHEN e.result = 'Error' THEN 'Internal Server Error' ELSE 'ok' END)),
           at
         FROM generate_series(0, $4::int - 1) AS i,
           LATERAL (SELECT timestamptz 'epoch' + ($5::int8 - i * $6::int8) * interval '1 microsecond' AS at) t,
           LATERAL (SELECT ($7::text[])[1 + i % 20] AS event,
             CASE WHEN (i / 20) % 10 = 3 THEN 'Error' ELSE 'Success' END AS result) e`,
          [tenantId, idPrefix, BENCH_HOOK_ID, layout.count, layout.baseUs, layout.stepUs, EVENT_SLOTS],
        );
      }
    });
  });
  await db.exec(`VACUUM ANALYZE "${table}"`);
};
