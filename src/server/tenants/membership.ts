import { lackedScopes } from '../../shared/management-scopes.js';
import type { PlanId } from '../../shared/plans.js';
import {
  type TenantPermission,
  type TenantRole,
  tenantOrganizationId,
  tenantRolePermissions,
} from '../../shared/tenant-permissions.js';
import type { ConsoleCaller } from '../auth/console-user.js';
import { type RequestContext, systemContext } from '../crud/context.js';
import type { ActionOverride } from '../crud/overrides.js';
import type { Database } from '../db/database.js';
import { ApiError } from '../http/api-error.js';
import { ADMIN_TENANT_ID, managementApiIndicator } from './urls.js';

/**
 * Cloud tenant membership as the cloud API reads it: a console account's tenant roles (its organization roles in the
 * tenants' organizations of the admin tenant), the tenants' registry rows, and the check of a route below
 * `/api/tenants/{id}` that the caller is a member whose role grants the permission it needs.
 */

type Run = Parameters<ActionOverride['run']>[0];

export interface TenantRow {
  id: string;
  name: string;
  tag: string;
  regionName: string;
  isSuspended: boolean;
  planId: PlanId;
  subscriptionStatus: string;
  billingCustomerId: string | null;
  createdAt: number;
}

/** The caller's tenant roles, by tenant id (a member holds one; `admin` wins if both were given). */
export const rolesOf = async (
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

export const tenantRows = async (db: Database, ids: string[]): Promise<TenantRow[]> => {
  if (ids.length === 0) return [];
  const { rows } = await db.query<TenantRow & { createdAt: Date }>(
    `SELECT id, name, tag, region_name AS "regionName", is_suspended AS "isSuspended", plan_id AS "planId",
            subscription_status AS "subscriptionStatus", billing_customer_id AS "billingCustomerId", created_at AS "createdAt"
       FROM tenants WHERE id = ANY($1::text[]) ORDER BY created_at, id`,
    [ids],
  );
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).getTime() }));
};

export const tenantView = ({ billingCustomerId: _, ...row }: TenantRow, role: TenantRole) => ({
  ...row,
  indicator: managementApiIndicator(row.id),
  role,
});

/** The tenant of the path, if the caller is its member and their role grants `permission`; else 404 or 403. */
export const memberTenant = async (input: Run, permission: TenantPermission) => {
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
export const requireScope = (caller: unknown, scope: string) => {
  const missing = lackedScopes((caller as ConsoleCaller).scopes, [scope]);
  if (missing.length > 0) throw new ApiError('auth.forbidden', {}, { missingScopes: missing });
};

/** The admin tenant's context of a change a console user makes to the cloud's membership data, recorded as theirs. */
export const cloudAdminContext = ({ context }: Pick<Run, 'context'>): RequestContext => ({
  ...systemContext(ADMIN_TENANT_ID, 'cloud', { edition: context.edition }),
  actor: context.actor,
});
