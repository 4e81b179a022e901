import { linkAnnouncements } from '../../../server/crud/link-announcements.js';
import type { ActionOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import { statusNow } from './present.js';

type ActionInput = Parameters<ActionOverride['run']>[0];

const invalid = (details: string) => new ApiError('request.invalid_input', { details }, undefined, 422);

/**
 * `PUT /api/organization-invitations/{id}/status`: a pending invitation is revoked, or accepted by the user it was
 * sent to, who becomes a member of the organization with the invited roles, in one transaction. An invitation
 * accepted, revoked or expired stays as it is (Logto's 422 `request.invalid_input`). Accepting announces
 * `Organization.Membership.Updated` with the user added (none when the user was a member already).
 */
export const updateInvitationStatus = async ({
  context,
  id,
  body,
  operations,
  operationsOf,
  announce,
}: ActionInput) => {
  const status = body.status as 'Accepted' | 'Revoked';
  const acceptedUserId = typeof body.acceptedUserId === 'string' ? body.acceptedUserId : undefined;
  const scope = { tenantId: context.tenantId };
  return operations.tx(context, async (tx) => {
    const stored = await operations.repository.find(tx, scope, id, true);
    if (!stored) throw operations.notFound(id, undefined, 'get');
    if (statusNow(stored) !== 'Pending') throw invalid('The status of the invitation cannot be changed anymore.');
    if (status === 'Accepted') {
      if (!acceptedUserId) throw invalid('The `acceptedUserId` is required when accepting an invitation.');
      const users = operationsOf('user');
      const user = await users.repository.find(tx, scope, acceptedUserId);
      if (!user) throw users.notFound(acceptedUserId);
      const email = typeof user.primaryEmail === 'string' ? user.primaryEmail.toLowerCase() : undefined;
      if (email !== String(stored.invitee).toLowerCase()) {
        throw invalid('The accepted user must have the same email as the invitee.');
      }
      const organizationId = String(stored.organizationId);
      const organizations = operationsOf('organization');
      const organization = await organizations.repository.find(tx, scope, organizationId);
      if (!organization) throw new ApiError('entity.relation_foreign_key_not_found');
      const members = organizations.links.relation('users').relation;
      const { added } = await organizations.links.linkIn(
        tx,
        context,
        { ...members, existing: 'skip' },
        organization,
        [organizationId],
        [acceptedUserId],
      );
      const [withRoles] = await operations.present(tx, context, [stored]);
      const roleIds = ((withRoles?.organizationRoles ?? []) as { id: string }[]).map((role) => role.id);
      if (roleIds.length > 0) {
        const memberships = operationsOf(members.through);
        const roles = memberships.links.relation('roles').relation;
        const key = [organizationId, acceptedUserId];
        const membership = { organizationId, userId: acceptedUserId };
        await memberships.links.linkIn(tx, context, { ...roles, existing: 'skip' }, membership, key, roleIds);
      }
      for (const announcement of linkAnnouncements(members, [organizationId], added, [])) announce(announcement);
    }
    const updated = await operations.repository.update(tx, scope, id, {
      status,
      ...(status === 'Accepted' ? { acceptedUserId } : {}),
      updatedAt: Date.now(),
    });
    return operations.present(tx, context, [updated ?? stored]).then(([answer]) => answer);
  });
};
