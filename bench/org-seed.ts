/**
 * One organization with many members and one user in many organizations, seeded with set-based SQL
 * (`INSERT … SELECT … FROM generate_series`) in the default tenant, over the users `user-seed.ts` writes. Ids are
 * functions of positions, so the benchmark knows them without reading the tables.
 */
import type { Database } from '../src/server/db/database.js';
import { DEFAULT_TENANT_ID } from '../src/shared/tenant-ids.js';
import { seedUsersAndLogs, userId, userSeeds } from './user-seed.js';

/** The organization with every seeded user as a member. */
export const LARGE_ORGANIZATION = 'org-large';
/** The user (seeded user 0) who, besides the large organization, belongs to every small one. */
export const BUSY_USER = userId('a', 0);
/** Small organization `i`, `i` from 0. */
export const smallOrganization = (i: number) => `org-${i.toString().padStart(6, '0')}`;
const ROLES = ['admin', 'member', 'viewer', 'billing', 'auditor'];
const SCOPES = ['read:member', 'write:member', 'invite:member', 'delete:org', 'read:billing', 'write:billing'];

const statements = [
  // The template: five roles, six permissions, each role granting two of them.
  `INSERT INTO organization_roles (tenant_id, id, name)
   SELECT $1, 'orgrole-' || r, ($2::text[])[r + 1] FROM generate_series(0, cardinality($2::text[]) - 1) AS r`,
  `INSERT INTO organization_scopes (tenant_id, id, name)
   SELECT $1, 'orgscope-' || s, ($3::text[])[s + 1] FROM generate_series(0, cardinality($3::text[]) - 1) AS s`,
  `INSERT INTO organization_role_scope_relations (tenant_id, organization_role_id, organization_scope_id)
   SELECT $1, 'orgrole-' || r, 'orgscope-' || ((r + k) % cardinality($3::text[]))
   FROM generate_series(0, cardinality($2::text[]) - 1) AS r, generate_series(0, 1) AS k`,
  // The large organization and the small ones, created a minute apart.
  `INSERT INTO organizations (tenant_id, id, name, created_at)
   SELECT $1, '${LARGE_ORGANIZATION}', 'Large organization', now() - interval '1 year'
   UNION ALL
   SELECT $1, 'org-' || lpad(i::text, 6, '0'), 'Organization ' || i, now() - ($5::int - i) * interval '1 minute'
   FROM generate_series(0, $5::int - 1) AS i`,
  // Every user a member of the large one, joined a second apart (user 0 first); the busy user of each small one.
  `INSERT INTO organization_user_relations (tenant_id, organization_id, user_id, created_at)
   SELECT $1, '${LARGE_ORGANIZATION}', substr(md5('a' || i), 1, 6) || lpad(to_hex(i), 6, '0'),
     now() - ($4::int - i) * interval '1 second'
   FROM generate_series(0, $4::int - 1) AS i
   UNION ALL
   SELECT $1, 'org-' || lpad(i::text, 6, '0'), $6, now() - ($5::int - i) * interval '1 second'
   FROM generate_series(0, $5::int - 1) AS i`,
  // One or two roles per member of the large one (a second for every other member); one role in each small one.
  `INSERT INTO organization_role_user_relations (tenant_id, organization_id, user_id, organization_role_id)
   SELECT $1, '${LARGE_ORGANIZATION}', substr(md5('a' || i), 1, 6) || lpad(to_hex(i), 6, '0'),
     'orgrole-' || ((i + k * 2) % cardinality($2::text[]))
   FROM generate_series(0, $4::int - 1) AS i, generate_series(0, 1) AS k WHERE k = 0 OR i % 2 = 0
   UNION ALL
   SELECT $1, 'org-' || lpad(i::text, 6, '0'), $6, 'orgrole-' || (i % cardinality($2::text[]))
   FROM generate_series(0, $5::int - 1) AS i`,
];

const TABLES = [
  'organizations',
  'organization_user_relations',
  'organization_role_user_relations',
  'organization_roles',
  'organization_scopes',
  'organization_role_scope_relations',
  'gatehouse_row_counts',
];

/** Seeds `members` users (all in the large organization) and `organizations` small ones, then `VACUUM ANALYZE`. */
export const seedOrganizations = async (
  db: Database,
  members: number,
  organizations: number,
  progress: (message: string) => void,
) => {
  await seedUsersAndLogs(db, userSeeds(members, 0, 0), progress);
  const started = Date.now();
  await db.transaction(async (tx) => {
    const params = [DEFAULT_TENANT_ID, ROLES, SCOPES, members, organizations, BUSY_USER];
    // A statement gets only the parameters it names (Postgres cannot type one it never uses), renumbered.
    for (const sql of statements) {
      const used = [...new Set([...sql.matchAll(/\$(\d)/g)].map((m) => Number(m[1])))].sort();
      const renumbered = sql.replace(/\$(\d)/g, (_, n: string) => `$${used.indexOf(Number(n)) + 1}`);
      await tx.query(
        renumbered,
        used.map((n) => params[n - 1]),
      );
    }
  });
  progress(`organizations and memberships inserted in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  for (const table of TABLES) await db.exec(`VACUUM ANALYZE "${table}"`);
};
