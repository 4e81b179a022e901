import { type ConsoleCaller, consoleUser } from '../../../server/auth/console-user.js';
import { link, unlink, unlinkMany } from '../../../server/crud/link-repository.js';
import type { ActionOverride, ServerOverride } from '../../../server/crud/overrides.js';
import type { Queryable } from '../../../server/db/database.js';
import { ApiError } from '../../../server/http/api-error.js';
import { memberTenant, rolesOf } from '../../../server/tenants/membership.js';
import { ADMIN_TENANT_ID } from '../../../server/tenants/urls.js';
import {
  type TenantRole,
  tenantOrganizationId,
  tenantRolePermissions,
  tenantRoles,
} from '../../../shared/tenant-permissions.js';

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
const membersIn = async (tx: Queryable, { operationsOf }: Run, tenantId: string): Promise<MemberRow[]> => {
  const members = operationsOf('organizationUser').model.table;
  const roles = operationsOf('organizationUserRole').model.table;
  const { rows } = await tx.query<MemberRow>(
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
  );
  return rows;
};

const membersOf = (input: Run, tenantId: string) =>
  input.db.read(ADMIN_TENANT_ID, (tx) => membersIn(tx, input, tenantId));

const withOrganizationRoles = (members: MemberRow[]) =>
  members.map((member) => ({ ...member, organizationRoles: [{ id: member.role, name: member.role }] }));

/**
 * Changes the membership of the member the path names (else 404) in one transaction of the admin tenant, under the
 * lock of the tenant's organization row: changes of one tenant's members run one after the other, so two admins
 * demoting each other at once cannot leave the tenant without one. A change that would is refused.
 */
const changeMember = async (
  input: Run,
  tenantId: string,
  leavesAdminRole: boolean,
  change: (tx: Queryable, target: MemberRow) => Promise<void>,
) => {
  const organizations = input.operationsOf('organization');
  const organizationId = tenantOrganizationId(tenantId);
  await input.db.withTenant(ADMIN_TENANT_ID, async (tx) => {
    await organizations.repository.find(tx, { tenantId: ADMIN_TENANT_ID }, organizationId, true);
    const members = await membersIn(tx, input, tenantId);
    const target = members.find((member) => member.id === input.params.userId);
    if (!target) throw new ApiError('entity.not_found');
    const admins = members.filter((member) => member.role === 'admin');
    if (leavesAdminRole && target.role === 'admin' && admins.length <= 1) {
      throw new ApiError('tenant_member.last_admin');
    }
    await change(tx, target);
  });
};

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
      const { relation } = input.operationsOf('organizationUser').links.relation('roles');
      await changeMember(input, row.id, role !== 'admin', async (tx, target) => {
        const key = [tenantOrganizationId(row.id), target.id];
        await unlinkMany(tx, relation, ADMIN_TENANT_ID, key, [...tenantRoles]);
        await link(tx, relation, ADMIN_TENANT_ID, key, [role]);
      });
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
      const { relation } = input.operationsOf('organization').links.relation('users');
      // The member's roles there go with the membership (the relation's cascade).
      await changeMember(input, row.id, true, async (tx, target) => {
        await unlink(tx, relation, ADMIN_TENANT_ID, [tenantOrganizationId(row.id)], target.id);
      });
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
