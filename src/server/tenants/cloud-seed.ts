import {
  CLOUD_API_INDICATOR,
  CLOUD_USER_ROLE,
  cloudApiScopes,
  type TenantPermission,
  tenantRolePermissions,
  tenantRoles,
} from '../../shared/tenant-permissions.js';
import type { RequestContext } from '../crud/context.js';
import type { EntityOperations } from '../crud/contracts.js';
import { ensureItem } from '../crud/ensure.js';
import { tenantPermissionDescriptions, tenantRoleDescriptions } from './tenant-role-texts.js';

/**
 * What the cloud edition's admin tenant holds beyond the open-source one (spec §6, §9), written idempotently as the
 * rest of the seed: the organization template of tenant membership (the tenant permissions, the roles `admin` and
 * `collaborator` with Logto's ids) and the cloud API with the role `user` every console account gets.
 */
export const seedCloudAdminTenant = async (
  deps: { operationsOf: (entity: string) => EntityOperations },
  context: RequestContext,
) => {
  const permissionIds = new Map<TenantPermission, string>();
  for (const [name, description] of Object.entries(tenantPermissionDescriptions)) {
    const { item } = await ensureItem(
      deps.operationsOf('organizationScope'),
      context,
      { name, description },
      {
        by: ['name'],
      },
    );
    permissionIds.set(name as TenantPermission, item.id as string);
  }
  for (const role of tenantRoles) {
    const organizationScopeIds = tenantRolePermissions[role].map((name) => permissionIds.get(name) as string);
    await ensureItem(
      deps.operationsOf('organizationRole'),
      context,
      { name: role, description: tenantRoleDescriptions[role], organizationScopeIds },
      { by: ['name'], serverValues: { id: role } },
    );
  }

  const resource = (
    await ensureItem(
      deps.operationsOf('resource'),
      context,
      { name: 'Cloud API', indicator: CLOUD_API_INDICATOR },
      {
        by: ['indicator'],
      },
    )
  ).item;
  const scopeIds: string[] = [];
  for (const name of Object.values(cloudApiScopes)) {
    const { item } = await ensureItem(
      deps.operationsOf('scope'),
      context,
      { name, description: name === cloudApiScopes.createTenant ? 'Create tenants.' : 'Manage the tenants one owns.' },
      { by: ['resourceId', 'name'], parentId: resource.id as string },
    );
    scopeIds.push(item.id as string);
  }
  await ensureItem(
    deps.operationsOf('role'),
    context,
    { name: CLOUD_USER_ROLE, description: 'A console account of the cloud', type: 'User', scopeIds },
    { by: ['name'] },
  );
};
