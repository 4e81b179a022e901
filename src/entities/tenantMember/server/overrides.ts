import { type ConsoleCaller, consoleUser } from '../../../server/auth/console-user.js';
import { type RequestContext, systemContext } from '../../../server/crud/context.js';
import type { ActionOverride, ServerOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import { memberTenant, rolesOf } from '../../../server/tenants/membership.js';
import { ADMIN_TENANT_ID } from '../../../server/tenants/urls.js';
import { type TenantRole, tenantOrganizationId, tenantRolePermissions } from '../../../shared/tenant-permissions.js';

/**
 * A cloud tenant's members (Logto cloud's `/api/tenants/{id}/members`): the console accounts of the tenant's
 * organization with their tenant role; a new role or a removal by those whose role allows it. A tenant keeps an
 * admin: the last one can neither be demoted nor removed (422 `tenant_member.last_admin`).
 */

type Run = Parameters<ActionOverride['run']>[0];

interface MemberRow {
  id: string;
  username: string | null;
  name: string | null;
  primaryEmail: string | null;
  avatar: string | null;
  role: TenantRole;
}

/** The members of the tenant's organization, each with its tenant role (admin wins if both). */
const membersOf = async ({ db, operationsOf }: Run, tenantId: string): Promise<MemberRow[]> => {
  const members = operationsOf('organizationUser').model.table;
  const roles = operationsOf('organizationUserRole').model.table;
  const { rows } = await db.read(ADMIN_TENANT_ID, (tx) =>
    tx.query<MemberRow>(
      `SELECT u.id, u.username, u.name, u.primary_email AS "primaryEmail", u.avatar,
              CASE WHEN bool_or(r.organization_role_id = 'admin') THEN 'admin' ELSE 'collaborator' END AS role
         FROM "${members}" m
         JOIN users u ON u.tenant_id = m.tenant_id AND u.id = m.user_id
         LEFT JOIN "${roles}" r ON r.tenant_id = m.tenant_id AND r.organization_id = m.organization_id
                               AND r.user_id = m.user_id
        WHERE m.tenant_id = $1 AND m.organization_id = $2
        GROUP BY u.id, u.username, u.name, u.primary_email, u.avatar, u.created_at
        ORDER BY u.created_at, u.id`,
      [ADMIN_TENANT_ID, tenantOrganizationId(tenantId)],
    ),
  );
  return rows;
};

const withOrganizationRoles = (members: MemberRow[]) =>
  members.map((member) => ({ ...member, organizationRoles: [{ id: member.role, name: member.role }] }));

/** The member the path names, else 404; refuses a change that would leave the tenant without an admin. */
const targetMember = async (input: Run, tenantId: string, leavesAdminRole: boolean) => {
  const members = await membersOf(input, tenantId);
  const target = members.find((member) => member.id === input.params.userId);
  if (!target) throw new ApiError('entity.not_found');
  const admins = members.filter((member) => member.role === 'admin');
  if (leavesAdminRole && target.role === 'admin' && admins.length <= 1) {
    throw new ApiError('tenant_member.last_admin');
  }
  return target;
};

/** The admin tenant's context of a change the caller makes to a membership organization. */
const adminContext = ({ context }: Run): RequestContext => ({
  ...systemContext(ADMIN_TENANT_ID, 'cloud', { edition: context.edition }),
  actor: context.actor,
});

export const tenantMemberOverrides = {
  'tenantMember.list': {
    kind: 'action',
    authenticate: consoleUser,
    run: async (input) => {
      const { row } = await memberTenant(input, 'read:member');
      return withOrganizationRoles(await membersOf(input, row.id));
    },
  },
  'tenantMember.set-role': {
    kind: 'action',
    authenticate: consoleUser,
    run: async (input) => {
      const { row } = await memberTenant(input, 'update:member:role');
      const role = input.body.roleName as TenantRole;
      const target = await targetMember(input, row.id, role !== 'admin');
      if (target.role !== role) {
        const key = [tenantOrganizationId(row.id), target.id];
        await input
          .operationsOf('organizationUser')
          .links.replace(adminContext(input), 'roles', key, { organizationRoleIds: [role] });
      }
      return withOrganizationRoles(await membersOf(input, row.id));
    },
  },
  'tenantMember.remove': {
    kind: 'action',
    authenticate: consoleUser,
    run: async (input) => {
      const { user } = input.caller as ConsoleCaller;
      // A member may leave; removing another takes remove:member.
      const leaving = input.params.userId === user.id;
      const { row } = await memberTenant(input, leaving ? 'read:data' : 'remove:member');
      const target = await targetMember(input, row.id, true);
      const organizationId = tenantOrganizationId(row.id);
      await input.operationsOf('organization').links.unlink(adminContext(input), 'users', [organizationId], target.id);
    },
  },
  'tenantMember.scopes': {
    kind: 'action',
    authenticate: consoleUser,
    run: async (input) => {
      const { user } = input.caller as ConsoleCaller;
      const own = input.params.userId === user.id;
      const { row } = await memberTenant(input, own ? 'read:data' : 'read:member');
      const role = (await rolesOf(input, input.params.userId as string, row.id)).get(row.id);
      if (!role) throw new ApiError('entity.not_found');
      return tenantRolePermissions[role].map((name) => ({ name }));
    },
  },
} satisfies Record<string, ServerOverride>;
