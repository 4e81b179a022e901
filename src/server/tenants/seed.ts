import { randomBytes } from 'node:crypto';
import { dataScopes } from '../../shared/management-scopes.js';
import { generateId } from '../crud/ids.js';
import type { Database, Queryable } from '../db/database.js';
import {
  ADMIN_CONSOLE_APP_ID,
  ADMIN_TENANT_ID,
  builtInTenants,
  DEFAULT_TENANT_ID,
  defaultTenantAdminRole,
  MANAGEMENT_API_SCOPE,
  managementApiIndicator,
  QA_SCOPE,
} from './urls.js';

/**
 * First-start data, written idempotently: running it again (another start, another process) adds what is missing
 * and leaves what an administrator changed alone.
 */

const MANAGEMENT_API_NAME = 'Management API';
const MANAGEMENT_SCOPE_DESCRIPTION = 'Full access to the management API';
const QA_SCOPE_DESCRIPTION = 'Read the generated forms and their QA fixtures';
export const MANAGEMENT_ROLE_NAME = 'Management API access';

/** A resource by indicator, created if missing; `created` tells whether this call made it. */
const ensureResource = async (tx: Queryable, tenantId: string, name: string, indicator: string) => {
  const inserted = await tx.query<{ id: string }>(
    `INSERT INTO resources (tenant_id, id, name, indicator, is_default, access_token_ttl)
     VALUES ($1, $2, $3, $4, false, 3600) ON CONFLICT DO NOTHING RETURNING id`,
    [tenantId, generateId(), name, indicator],
  );
  if (inserted.rows[0]) return { id: inserted.rows[0].id, created: true };
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM resources WHERE tenant_id = $1 AND indicator = $2', [
    tenantId,
    indicator,
  ]);
  if (!rows[0]) throw new Error(`Could not seed the resource ${indicator} of tenant ${tenantId}`);
  return { id: rows[0].id, created: false };
};

const ensureScope = async (tx: Queryable, tenantId: string, resourceId: string, name: string, description: string) => {
  await tx.query(
    `INSERT INTO scopes (tenant_id, id, resource_id, name, description) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT DO NOTHING`,
    [tenantId, generateId(), resourceId, name, description],
  );
  const { rows } = await tx.query<{ id: string }>(
    'SELECT id FROM scopes WHERE tenant_id = $1 AND resource_id = $2 AND name = $3',
    [tenantId, resourceId, name],
  );
  if (!rows[0]) throw new Error(`Could not seed the scope ${name} of tenant ${tenantId}`);
  return rows[0].id;
};

/** The scopes that split full access (`read:data`, `write:data`), for callers that may do less. */
const ensureDataScopes = async (tx: Queryable, tenantId: string, resourceId: string) => {
  for (const scope of Object.values(dataScopes)) {
    await ensureScope(tx, tenantId, resourceId, scope.name, scope.description);
  }
};

/** A role by name; only a role this call creates gets the scope (an administrator may have changed an older one). */
const ensureRole = async (
  tx: Queryable,
  tenantId: string,
  role: { name: string; description: string; type: 'User' | 'MachineToMachine' },
  scopeId: string,
) => {
  const inserted = await tx.query<{ id: string }>(
    `INSERT INTO roles (tenant_id, id, name, description, type, is_default) VALUES ($1, $2, $3, $4, $5, false)
     ON CONFLICT DO NOTHING RETURNING id`,
    [tenantId, generateId(), role.name, role.description, role.type],
  );
  const roleId = inserted.rows[0]?.id;
  if (roleId) {
    await tx.query(
      'INSERT INTO roles_scopes (tenant_id, role_id, scope_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
      [tenantId, roleId, scopeId],
    );
  }
};

/**
 * The tenant's own management API: resource, its `all` scope and a machine-to-machine role granting it, and the QA
 * service's scope, granted by no role.
 */
const seedManagementApi = async (tx: Queryable, tenantId: string) => {
  const resource = await ensureResource(tx, tenantId, MANAGEMENT_API_NAME, managementApiIndicator(tenantId));
  const scopeId = await ensureScope(tx, tenantId, resource.id, MANAGEMENT_API_SCOPE, MANAGEMENT_SCOPE_DESCRIPTION);
  await ensureDataScopes(tx, tenantId, resource.id);
  await ensureScope(tx, tenantId, resource.id, QA_SCOPE, QA_SCOPE_DESCRIPTION);
  await ensureRole(
    tx,
    tenantId,
    {
      name: MANAGEMENT_ROLE_NAME,
      description: 'Machine-to-machine access to the management API',
      type: 'MachineToMachine',
    },
    scopeId,
  );
};

/**
 * The admin tenant also holds what console users need: the `default` tenant's management API as a resource, the
 * User role `default:admin` granting it, and the console's own single page application.
 */
const seedAdminTenant = async (tx: Queryable, origin: string) => {
  const resource = await ensureResource(
    tx,
    ADMIN_TENANT_ID,
    `${MANAGEMENT_API_NAME} of the ${DEFAULT_TENANT_ID} tenant`,
    managementApiIndicator(DEFAULT_TENANT_ID),
  );
  const scopeId = await ensureScope(
    tx,
    ADMIN_TENANT_ID,
    resource.id,
    MANAGEMENT_API_SCOPE,
    MANAGEMENT_SCOPE_DESCRIPTION,
  );
  await ensureDataScopes(tx, ADMIN_TENANT_ID, resource.id);
  // Granted to no one here: GATEHOUSE_BOOTSTRAP_QA gives it to the console's administrators.
  await ensureScope(tx, ADMIN_TENANT_ID, resource.id, QA_SCOPE, QA_SCOPE_DESCRIPTION);
  await ensureRole(
    tx,
    ADMIN_TENANT_ID,
    { name: defaultTenantAdminRole, description: `Administrator of the ${DEFAULT_TENANT_ID} tenant`, type: 'User' },
    scopeId,
  );
  await ensureConsoleApp(tx, origin);
};

interface ClientMetadataRow {
  redirectUris: string[];
  postLogoutRedirectUris: string[];
}

/** The console's client; an existing one gains the current origin's URIs (the operator may have moved it). */
const ensureConsoleApp = async (tx: Queryable, origin: string) => {
  const redirectUri = `${origin}/console/callback`;
  const postLogoutRedirectUri = `${origin}/console`;
  const inserted = await tx.query(
    `INSERT INTO applications (tenant_id, id, name, secret, description, type, oidc_client_metadata, custom_client_metadata, custom_data, is_third_party)
     VALUES ($1, $2, 'Admin console', $3, null, 'SPA', $4::jsonb, DEFAULT, '{}'::jsonb, false)
     ON CONFLICT DO NOTHING RETURNING id`,
    [
      ADMIN_TENANT_ID,
      ADMIN_CONSOLE_APP_ID,
      randomBytes(24).toString('base64url'),
      JSON.stringify({ redirectUris: [redirectUri], postLogoutRedirectUris: [postLogoutRedirectUri] }),
    ],
  );
  if (inserted.rows.length > 0) return;
  const { rows } = await tx.query<{ meta: ClientMetadataRow }>(
    'SELECT oidc_client_metadata AS meta FROM applications WHERE tenant_id = $1 AND id = $2 FOR UPDATE',
    [ADMIN_TENANT_ID, ADMIN_CONSOLE_APP_ID],
  );
  const meta = rows[0]?.meta;
  if (!meta) return;
  const redirectUris = meta.redirectUris ?? [];
  const postLogoutRedirectUris = meta.postLogoutRedirectUris ?? [];
  if (redirectUris.includes(redirectUri) && postLogoutRedirectUris.includes(postLogoutRedirectUri)) return;
  const next = {
    ...meta,
    redirectUris: redirectUris.includes(redirectUri) ? redirectUris : [...redirectUris, redirectUri],
    postLogoutRedirectUris: postLogoutRedirectUris.includes(postLogoutRedirectUri)
      ? postLogoutRedirectUris
      : [...postLogoutRedirectUris, postLogoutRedirectUri],
  };
  await tx.query('UPDATE applications SET oidc_client_metadata = $3::jsonb WHERE tenant_id = $1 AND id = $2', [
    ADMIN_TENANT_ID,
    ADMIN_CONSOLE_APP_ID,
    JSON.stringify(next),
  ]);
};

/** Seeds one tenant's own data (its management API); the cloud edition calls this when it creates a tenant. */
export const seedTenant = async (db: Database, tenantId: string, origin: string): Promise<void> => {
  await db.withTenant(tenantId, async (tx) => {
    await seedManagementApi(tx, tenantId);
    if (tenantId === ADMIN_TENANT_ID) await seedAdminTenant(tx, origin);
  });
};

/** Makes sure the built-in tenants exist, then seeds every registered tenant. */
export const seedTenants = async (db: Database, origin: string): Promise<void> => {
  for (const tenant of builtInTenants) {
    await db.query('INSERT INTO tenants (id, name, tag) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING', [
      tenant.id,
      tenant.name,
      tenant.tag,
    ]);
  }
  const { rows } = await db.query<{ id: string }>('SELECT id FROM tenants ORDER BY created_at, id');
  for (const { id } of rows) await seedTenant(db, id, origin);
};
