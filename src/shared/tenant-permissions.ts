/**
 * The cloud edition's tenant membership (spec §6, §9), as Logto names it: each customer tenant `{id}` is the admin
 * tenant's organization `t-{id}`; its members hold the tenant role `admin` or `collaborator`, organization roles
 * whose permissions are the tenant permissions below. The console's token for a tenant is that organization's token.
 */

/** The tenant permissions (organization permissions of the admin tenant's template). */
export const tenantPermissions = {
  readData: 'read:data',
  writeData: 'write:data',
  deleteData: 'delete:data',
  readMember: 'read:member',
  inviteMember: 'invite:member',
  removeMember: 'remove:member',
  updateMemberRole: 'update:member:role',
  manageTenant: 'manage:tenant',
} as const;

export type TenantPermission = (typeof tenantPermissions)[keyof typeof tenantPermissions];

export const tenantRoles = ['admin', 'collaborator'] as const;
export type TenantRole = (typeof tenantRoles)[number];

/** What each tenant role may do: an admin everything, a collaborator the data and the member list. */
export const tenantRolePermissions: Readonly<Record<TenantRole, readonly TenantPermission[]>> = {
  admin: Object.values(tenantPermissions),
  collaborator: ['read:data', 'write:data', 'delete:data', 'read:member'],
};

/** The admin tenant's organization that stands for a customer tenant. */
export const tenantOrganizationId = (tenantId: string): string => `t-${tenantId}`;

/** The customer tenant an organization of the admin tenant stands for, if it is one. */
export const tenantOfOrganization = (organizationId: string): string | undefined =>
  /^t-([a-z0-9][a-z0-9-]{0,20})$/.exec(organizationId)?.[1];

/**
 * The cloud's own API (the tenants, their members and plans), a resource of the admin tenant: console accounts hold
 * its `create:tenant` and `manage:tenant:self` through the admin tenant's User role `user`.
 */
export const CLOUD_API_INDICATOR = 'https://cloud.gatehouse.internal/api';
export const cloudApiScopes = {
  createTenant: 'create:tenant',
  manageOwnTenant: 'manage:tenant:self',
} as const;
export const CLOUD_USER_ROLE = 'user';

/** Where a tenant's data lives (spec §9), Europe by default. */
export const tenantRegions = ['EU', 'US', 'AU', 'JP'] as const;
export type TenantRegion = (typeof tenantRegions)[number];
