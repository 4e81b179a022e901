import type { TenantPermission, TenantRole } from '../../shared/tenant-permissions.js';

/** How the admin tenant's organization template describes the tenant permissions and roles (Logto's texts). */
export const tenantPermissionDescriptions: Readonly<Record<TenantPermission, string>> = {
  'read:data': 'Read the tenant data.',
  'write:data': 'Write the tenant data, including creating and updating the tenant.',
  'delete:data': 'Delete data of the tenant.',
  'read:member': 'Read members of the tenant.',
  'invite:member': 'Invite members to the tenant.',
  'remove:member': 'Remove members from the tenant.',
  'update:member:role': 'Update the role of a member in the tenant.',
  'manage:tenant': 'Manage the tenant settings, including name, billing, etc.',
};

export const tenantRoleDescriptions: Readonly<Record<TenantRole, string>> = {
  admin: 'Admin of the tenant, who has all permissions.',
  collaborator:
    'Collaborator of the tenant, who has permissions to operate the tenant data, but not the tenant settings.',
};
