import { dataScopes } from '../../shared/management-scopes.js';
import { type RequestContext, type ServerEdition, systemContext } from '../crud/context.js';
import type { EntityOperations } from '../crud/contracts.js';
import { ensureItem } from '../crud/ensure.js';
import { insertIfAbsent } from '../crud/repository-sets.js';
import type { Database } from '../db/database.js';
import { seedCloudAdminTenant } from './cloud-seed.js';
import { ensureConsoleApp } from './console-app.js';
import {
  ADMIN_TENANT_ID,
  builtInTenants,
  DEFAULT_TENANT_ID,
  defaultTenantAdminRole,
  MANAGEMENT_API_SCOPE,
  managementApiIndicator,
  QA_SCOPE,
} from './urls.js';

/**
 * First-start data, written idempotently through the write path (`ensureItem`: found by its natural key, else
 * created by the entity's operations): running it again (another start, another process) adds what is missing and
 * leaves what an administrator changed alone.
 */

const MANAGEMENT_API_NAME = 'Management API';
const MANAGEMENT_SCOPE_DESCRIPTION = 'Full access to the management API';
const QA_SCOPE_DESCRIPTION = 'Read the generated forms and their QA fixtures';
export const MANAGEMENT_ROLE_NAME = 'Management API access';

/** What seeding writes through: the operations of the entities, as the API's routes use them. */
export interface SeedDeps {
  db: Database;
  operationsOf: (entity: string) => EntityOperations;
  edition?: ServerEdition | undefined;
}

/** Seeding is work the server starts itself: all scopes, attributed to `system:seed`. */
const seedContext = (deps: SeedDeps, tenantId: string) => systemContext(tenantId, 'seed', { edition: deps.edition });

/**
 * Logto's ids of a tenant's own management API and its `all` scope, which Logto clients may name: given to them when
 * they are created (a tenant seeded by an earlier release keeps the ids it has).
 */
export const MANAGEMENT_API_ID = 'management-api';
export const MANAGEMENT_API_ALL_SCOPE_ID = 'management-api-all';

/** A resource by indicator, created if missing (with the id given, if any). */
const ensureResource = async (deps: SeedDeps, context: RequestContext, name: string, indicator: string, id?: string) =>
  (
    await ensureItem(
      deps.operationsOf('resource'),
      context,
      { name, indicator },
      { by: ['indicator'], serverValues: id ? { id } : undefined },
    )
  ).item;

/** A scope of the resource by name, created if missing. */
const ensureScope = async (
  deps: SeedDeps,
  context: RequestContext,
  resourceId: string,
  name: string,
  description: string,
  id?: string,
): Promise<string> => {
  const scope = deps.operationsOf('scope');
  const { item } = await ensureItem(
    scope,
    context,
    { name, description },
    { by: ['resourceId', 'name'], parentId: resourceId, serverValues: id ? { id } : undefined },
  );
  return item.id as string;
};

/** The scopes that split full access (`read:data`, `write:data`), for callers that may do less. */
const ensureDataScopes = async (deps: SeedDeps, context: RequestContext, resourceId: string) => {
  for (const scope of Object.values(dataScopes)) {
    await ensureScope(deps, context, resourceId, scope.name, scope.description);
  }
};

/**
 * A role by name, created with the scope (the role's create links it in the same transaction); a role that exists
 * is left as it is (an administrator may have changed its scopes).
 */
const ensureRole = async (
  deps: SeedDeps,
  context: RequestContext,
  role: { name: string; description: string; type: 'User' | 'MachineToMachine' },
  scopeId: string,
) => {
  await ensureItem(deps.operationsOf('role'), context, { ...role, scopeIds: [scopeId] }, { by: ['name'] });
};

/**
 * The tenant's own management API: resource, its `all` scope and a machine-to-machine role granting it, and the QA
 * service's scope, granted by no role.
 */
const seedManagementApi = async (deps: SeedDeps, context: RequestContext) => {
  const { tenantId } = context;
  const resource = await ensureResource(
    deps,
    context,
    MANAGEMENT_API_NAME,
    managementApiIndicator(tenantId),
    MANAGEMENT_API_ID,
  );
  const resourceId = resource.id as string;
  const scopeId = await ensureScope(
    deps,
    context,
    resourceId,
    MANAGEMENT_API_SCOPE,
    MANAGEMENT_SCOPE_DESCRIPTION,
    MANAGEMENT_API_ALL_SCOPE_ID,
  );
  await ensureDataScopes(deps, context, resourceId);
  await ensureScope(deps, context, resourceId, QA_SCOPE, QA_SCOPE_DESCRIPTION);
  const role = {
    name: MANAGEMENT_ROLE_NAME,
    description: 'Machine-to-machine access to the management API',
    type: 'MachineToMachine' as const,
  };
  await ensureRole(deps, context, role, scopeId);
};

/**
 * The admin tenant also holds what console users need: the `default` tenant's management API as a resource, the
 * User role `default:admin` granting it, and the console's own single page application.
 */
const seedAdminTenant = async (deps: SeedDeps, context: RequestContext, origin: string) => {
  const resource = await ensureResource(
    deps,
    context,
    `${MANAGEMENT_API_NAME} of the ${DEFAULT_TENANT_ID} tenant`,
    managementApiIndicator(DEFAULT_TENANT_ID),
  );
  const resourceId = resource.id as string;
  const scopeId = await ensureScope(deps, context, resourceId, MANAGEMENT_API_SCOPE, MANAGEMENT_SCOPE_DESCRIPTION);
  await ensureDataScopes(deps, context, resourceId);
  // Granted to no one here: GATEHOUSE_BOOTSTRAP_QA gives it to the console's administrators.
  await ensureScope(deps, context, resourceId, QA_SCOPE, QA_SCOPE_DESCRIPTION);
  const role = {
    name: defaultTenantAdminRole,
    description: `Administrator of the ${DEFAULT_TENANT_ID} tenant`,
    type: 'User' as const,
  };
  await ensureRole(deps, context, role, scopeId);
  await ensureConsoleApp(deps.operationsOf('application'), context, origin);
};

/**
 * Seeds one tenant's own data (its management API) through the entities' operations, as the `system:seed` actor;
 * the cloud edition calls this when it creates a tenant.
 */
export const seedTenant = async (deps: SeedDeps, tenantId: string, origin: string): Promise<void> => {
  const context = seedContext(deps, tenantId);
  await seedManagementApi(deps, context);
  if (tenantId !== ADMIN_TENANT_ID) return;
  await seedAdminTenant(deps, context, origin);
  if (deps.edition === 'cloud') await seedCloudAdminTenant(deps, context);
};

/**
 * Makes sure the built-in tenants exist, then seeds every registered tenant. The tenant rows themselves are the
 * registry, not data of a tenant: the operations write as the tenant's database role, which may not write
 * `tenants`, so they are inserted here through the tenant entity's repository, outside a tenant's transaction (by
 * id, once).
 */
export const seedTenants = async (deps: SeedDeps, origin: string): Promise<void> => {
  const { db } = deps;
  const tenants = deps.operationsOf('tenant').repository;
  for (const { id, name, tag } of builtInTenants) await insertIfAbsent(tenants, db, id, { id, name, tag });
  const { rows } = await db.query<{ id: string }>('SELECT id FROM tenants ORDER BY created_at, id');
  for (const { id } of rows) await seedTenant(deps, id, origin);
};
