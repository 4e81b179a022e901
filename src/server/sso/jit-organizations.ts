import type { EntityModel } from '../../shared/descriptor.js';
import { Repository } from '../crud/repository.js';
import type { Queryable } from '../db/database.js';

/**
 * Just-in-time membership (Logto's): a new user joins, with each organization's default roles, every organization
 * that provisions the users of the SSO connector they came through or of their verified email's domain. It runs in
 * the new account's creating transaction, so the account and its memberships exist together or not at all.
 */
export const provisionOrganizations = async (
  tx: Queryable,
  modelOf: (entity: string) => EntityModel,
  tenantId: string,
  userId: string,
  from: { ssoConnectorId?: string | undefined; verifiedEmail?: string | undefined },
) => {
  const domain = from.verifiedEmail?.split('@').pop()?.toLowerCase() ?? null;
  const { rows } = await tx.query<{ organization_id: string }>(
    `SELECT organization_id FROM organization_jit_sso_connectors WHERE tenant_id = $1 AND sso_connector_id = $2
     UNION
     SELECT organization_id FROM organization_jit_email_domains WHERE tenant_id = $1 AND lower(email_domain) = $3`,
    [tenantId, from.ssoConnectorId ?? null, domain],
  );
  const organizations = rows.map((row) => row.organization_id).sort();
  if (organizations.length === 0) return [];
  const { rows: roles } = await tx.query<{ organization_id: string; organization_role_id: string }>(
    `SELECT organization_id, organization_role_id FROM organization_jit_roles
     WHERE tenant_id = $1 AND organization_id = ANY($2::text[]) ORDER BY organization_id, organization_role_id`,
    [tenantId, organizations],
  );
  const members = new Repository(modelOf('organizationUser'));
  const memberRoles = new Repository(modelOf('organizationUserRole'));
  for (const organizationId of organizations) await members.insert(tx, tenantId, { organizationId, userId });
  for (const role of roles) {
    await memberRoles.insert(tx, tenantId, {
      organizationId: role.organization_id,
      userId,
      organizationRoleId: role.organization_role_id,
    });
  }
  return organizations;
};
