/**
 * What the console benchmark's lists show: users, roles, applications and audit log entries of the default tenant,
 * loaded with set-based SQL through the other benchmarks' seeds, then analyzed.
 */
import type { Database } from '../src/server/db/database.js';
import { DEFAULT_TENANT_ID } from '../src/shared/tenant-ids.js';
import { seconds } from './run.js';
import { seedRoles } from './seed.js';
import { withIndexesRebuilt } from './seed-indexes.js';
import { seedUsersAndLogs, userSeeds } from './user-seed.js';

// biome-ignore format: one list per line reads better than one name per line
const PRODUCTS = [
  'Billing portal', 'Support desk', 'Mobile app', 'Partner API', 'Reporting', 'Storefront', 'Warehouse sync',
  'Payroll', 'Analytics', 'Intranet', 'Field service', 'Checkout',
];
const TYPES = ['Traditional', 'SPA', 'Native', 'MachineToMachine'];

/**
 * Application `i` (0 = oldest): id `bench-app-<i>`, name `<product> <i>`, one of the four types in turn, a
 * description for four in five, created one minute apart up to now. The other columns take their defaults.
 */
const applicationsInsertSql = `INSERT INTO applications (tenant_id, id, name, secret, description, type, created_at)
  SELECT $1, 'bench-app-' || lpad(i::text, 7, '0'), p || ' ' || i, md5('bench-secret' || i),
    CASE WHEN i % 5 <> 4 THEN 'The ' || lower(p) || ' of the ' || (ARRAY['north', 'south', 'east', 'west'])[1 + i % 4]
      || ' region, team ' || (i % 97) END,
    ($3::text[])[1 + i % cardinality($3::text[])],
    now() - ($2::int - i) * interval '1 minute'
  FROM generate_series(0, $2::int - 1) AS i,
    LATERAL (SELECT ($4::text[])[1 + (i / 7) % cardinality($4::text[])] AS p) n`;

/** Inserts `count` applications for the default tenant in one statement, the trigram indexes built after it. */
export const seedApplications = (db: Database, count: number) =>
  db.transaction((tx) =>
    withIndexesRebuilt(tx, 'applications', 'trigram', () =>
      tx.query(applicationsInsertSql, [DEFAULT_TENANT_ID, count, TYPES, PRODUCTS]),
    ),
  );

/**
 * Seeds `rows` users, roles, applications and audit log entries into the default tenant (the audit log's entries
 * spread over the last 13 days, by the seeded users), then refreshes the planner's statistics: `VACUUM ANALYZE` on
 * Postgres, as autovacuum would; `ANALYZE` on PGlite, which the server also does by itself as tables grow.
 */
export const seedConsole = async (db: Database, rows: number, progress: (message: string) => void) => {
  let started = Date.now();
  await seedUsersAndLogs(db, userSeeds(rows, rows, 0), progress);
  progress(`users and audit log seeded in ${seconds(Date.now() - started)}`);
  started = Date.now();
  await seedRoles(db, rows, 1000, [DEFAULT_TENANT_ID]);
  progress(`roles seeded in ${seconds(Date.now() - started)}`);
  started = Date.now();
  await seedApplications(db, rows);
  progress(`applications seeded in ${seconds(Date.now() - started)}`);
  started = Date.now();
  await db.exec(db.kind === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE');
  progress(`${db.kind === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE'} in ${seconds(Date.now() - started)}`);
};
