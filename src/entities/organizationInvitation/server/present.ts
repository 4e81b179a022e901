import type { Entity } from '../../../server/crud/repository.js';
import type { Queryable } from '../../../server/db/database.js';

/** A pending invitation past its expiry reads as Expired; what is stored stays Pending until written again. */
export const statusNow = (invitation: Entity, now = Date.now()) =>
  invitation.status === 'Pending' && typeof invitation.expiresAt === 'number' && invitation.expiresAt < now
    ? 'Expired'
    : invitation.status;

/**
 * Invitations as callers read them (Logto's): the status as it is now, and the organization roles the invitee
 * receives on accepting (`organizationRoles`, each `{id, name}`, by name).
 */
export const presentInvitations = async (db: Queryable, tenantId: string, items: Entity[]): Promise<Entity[]> => {
  const { rows } = await db.query<{ invitation_id: string; id: string; name: string }>(
    `SELECT r.organization_invitation_id AS invitation_id, o.id, o.name
       FROM organization_invitation_role_relations r
       JOIN organization_roles o ON o.tenant_id = r.tenant_id AND o.id = r.organization_role_id
      WHERE r.tenant_id = $1 AND r.organization_invitation_id = ANY($2::varchar[])
      ORDER BY o.name, o.id`,
    [tenantId, items.map((item) => item.id)],
  );
  const now = Date.now();
  return items.map((item) => ({
    ...item,
    status: statusNow(item, now),
    organizationRoles: rows.filter((row) => row.invitation_id === item.id).map(({ id, name }) => ({ id, name })),
  }));
};
