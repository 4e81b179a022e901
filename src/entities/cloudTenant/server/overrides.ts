import { type ConsoleCaller, consoleUser } from '../../../server/auth/console-user.js';
import type { ActionOverride, ServerOverride } from '../../../server/crud/overrides.js';
import type { Database } from '../../../server/db/database.js';
import { ApiError } from '../../../server/http/api-error.js';
import { createTenant, deleteTenant, type NewTenant } from '../../../server/tenants/lifecycle.js';
import { ADMIN_TENANT_ID, managementApiIndicator } from '../../../server/tenants/urls.js';
import { lackedScopes } from '../../../shared/management-scopes.js';
import {
  cloudApiScopes,
  type TenantPermission,
  type TenantRole,
  tenantOrganizationId,
  tenantRolePermissions,
} from '../../../shared/tenant-permissions.js';

/**
 * The cloud's tenants API (Logto cloud's `/api/tenants`, spec §7), served by the admin tenant to its console
 * accounts: the tenants a user is a member of, with the user's tenant role; create (the creator is its admin);
 * rename or retag and delete, for those whose role manages the tenant. A tenant the caller is not a member of is not
 * found.
 */

type Run = Parameters<ActionOverride['run']>[0];

interface TenantRow {
  id: string;
  name: string;
  tag: string;
  regionName: string;
  isSuspended: boolean;
  createdAt: number;
}

/** The caller's tenant roles, by tenant id (a member holds one; `admin` wins if both were given). */
const rolesOf = async (
  { db, operationsOf }: Pick<Run, 'db' | 'operationsOf'>,
  userId: string,
  tenantId?: string,
): Promise<Map<string, TenantRole>> => {
  const table = operationsOf('organizationUserRole').model.table;
  const { rows } = await db.read(ADMIN_TENANT_ID, (tx) =>
    tx.query<{ organization_id: string; organization_role_id: string }>(
      `SELECT organization_id, organization_role_id FROM "${table}"
        WHERE tenant_id = $1 AND user_id = $2 AND organization_role_id IN ('admin', 'collaborator')
          AND ($3::text IS NULL OR organization_id = $3)`,
      [ADMIN_TENANT_ID, userId, tenantId === undefined ? null : tenantOrganizationId(tenantId)],
    ),
  );
  const roles = new Map<string, TenantRole>();
  for (const row of rows) {
    const id = row.organization_id.slice(2);
    if (roles.get(id) !== 'admin') roles.set(id, row.organization_role_id as TenantRole);
  }
  return roles;
};

const tenantRows = async (db: Database, ids: string[]): Promise<TenantRow[]> => {
  if (ids.length === 0) return [];
  const { rows } = await db.query<TenantRow & { createdAt: Date }>(
    `SELECT id, name, tag, region_name AS "regionName", is_suspended AS "isSuspended", created_at AS "createdAt"
       FROM tenants WHERE id = ANY($1::text[]) ORDER BY created_at, id`,
    [ids],
  );
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).getTime() }));
};

const view = (row: TenantRow, role: TenantRole) => ({ ...row, indicator: managementApiIndicator(row.id), role });

/** The tenant of the path, if the caller is its member and their role grants `permission`; else 404 or 403. */
const memberTenant = async (input: Run, permission: TenantPermission) => {
  const { db, caller, params } = input;
  const { user } = caller as ConsoleCaller;
  // The path's `{id}`: `tenantId` is the admin tenant's own, which serves this API.
  const tenantId = params.id as string;
  const role = (await rolesOf(input, user.id, tenantId)).get(tenantId);
  const [row] = role ? await tenantRows(db, [tenantId]) : [];
  if (!role || !row) throw new ApiError('entity.not_found');
  if (!tenantRolePermissions[role].includes(permission)) {
    throw new ApiError('auth.forbidden', {}, { missingScopes: [permission] });
  }
  return { row, role };
};

/** The cloud API scope the caller's token must hold, else 403. */
const requireScope = (caller: unknown, scope: string) => {
  const missing = lackedScopes((caller as ConsoleCaller).scopes, [scope]);
  if (missing.length > 0) throw new ApiError('auth.forbidden', {}, { missingScopes: missing });
};

const lifecycleDeps = ({ db, operationsOf, context }: Run) => ({ db, operationsOf, edition: context.edition });

export const cloudTenantOverrides = {
  'cloudTenant.list': {
    kind: 'action',
    authenticate: consoleUser,
    run: async (input) => {
      const { db, caller } = input;
      const roles = await rolesOf(input, (caller as ConsoleCaller).user.id);
      const rows = await tenantRows(db, [...roles.keys()]);
      return rows.map((row) => view(row, roles.get(row.id) as TenantRole));
    },
  },
  'cloudTenant.create': {
    kind: 'action',
    authenticate: consoleUser,
    run: async (input) => {
      requireScope(input.caller, cloudApiScopes.createTenant);
      const { user } = input.caller as ConsoleCaller;
      const body = input.body as Partial<NewTenant> & { name: string };
      const id = await createTenant(
        lifecycleDeps(input),
        { name: body.name, tag: body.tag ?? 'development', regionName: body.regionName ?? 'EU' },
        { kind: 'user', id: user.id },
      );
      const [row] = await tenantRows(input.db, [id]);
      return view(row as TenantRow, 'admin');
    },
  },
  'cloudTenant.update': {
    kind: 'action',
    authenticate: consoleUser,
    run: async (input) => {
      requireScope(input.caller, cloudApiScopes.manageOwnTenant);
      const { row, role } = await memberTenant(input, 'manage:tenant');
      const tenants = input.operationsOf('tenant').repository;
      const changed = await tenants.update(input.db, { tenantId: row.id }, row.id, input.body);
      const [updated] = await tenantRows(input.db, [row.id]);
      return view((updated ?? { ...row, ...changed }) as TenantRow, role);
    },
  },
  'cloudTenant.delete': {
    kind: 'action',
    authenticate: consoleUser,
    run: async (input) => {
      requireScope(input.caller, cloudApiScopes.manageOwnTenant);
      const { row } = await memberTenant(input, 'manage:tenant');
      await deleteTenant(lifecycleDeps(input), row.id, input.context.actor);
      input.request.server.tenantDirectory.forget(row.id);
      input.request.server.identity.keysChanged(row.id);
    },
  },
} satisfies Record<string, ServerOverride>;
