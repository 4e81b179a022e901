import type { HookContext } from '../../../server/crud/overrides.js';
import { type Entity, Repository } from '../../../server/crud/repository.js';
import { ApiError } from '../../../server/http/api-error.js';
import { findEmailSender } from '../../../server/messages/email-sender.js';
import { invitationMessageContext } from './message-context.js';

const invalid = (details: string, status?: number) =>
  new ApiError('request.invalid_input', { details }, undefined, status);

/**
 * A new invitation, before it is stored (Logto's rules): it expires in the future, names an organization (and an
 * inviter) of the tenant, invites someone who is not a member yet, and is the only pending invitation of that
 * person to that organization. Pending invitations past their expiry are marked Expired first. When a message is
 * asked for, the email is sent in the same transaction: no email connector means no invitation.
 */
export const prepareInvitation = async (
  values: Entity,
  { db, tenantId, model, modelOf }: HookContext,
): Promise<Entity> => {
  const { messagePayload, ...invitation } = values;
  if (typeof invitation.expiresAt !== 'number' || invitation.expiresAt <= Date.now()) {
    throw invalid('The value of `expiresAt` must be in the future.');
  }
  // Locking the organization serializes the invitations to it, so two pending ones for one person cannot race.
  const organization = await db.query('SELECT 1 FROM organizations WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [
    tenantId,
    invitation.organizationId,
  ]);
  const context = await invitationMessageContext(db, tenantId, invitation.organizationId, invitation.inviterId);
  if (!organization.rows[0] || (typeof invitation.inviterId === 'string' && !context.inviter)) {
    throw new ApiError('entity.relation_foreign_key_not_found');
  }
  const member = await db.query(
    `SELECT 1 FROM organization_user_relations m JOIN users u ON u.tenant_id = m.tenant_id AND u.id = m.user_id
      WHERE m.tenant_id = $1 AND m.organization_id = $2 AND lower(u.primary_email) = lower($3)`,
    [tenantId, invitation.organizationId, invitation.invitee],
  );
  if (member.rows.length > 0) throw invalid('The invitee is already a member of the organization.', 422);
  const expired = await db.query<{ id: string }>(
    `SELECT id FROM organization_invitations
      WHERE tenant_id = $1 AND organization_id = $2 AND lower(invitee) = lower($3)
        AND status = 'Pending' AND expires_at < now()`,
    [tenantId, invitation.organizationId, invitation.invitee],
  );
  const invitations = new Repository(model);
  for (const { id } of expired.rows) await invitations.update(db, { tenantId }, id, { status: 'Expired' });
  const pending = await db.query(
    `SELECT 1 FROM organization_invitations
      WHERE tenant_id = $1 AND organization_id = $2 AND lower(invitee) = lower($3) AND status = 'Pending'`,
    [tenantId, invitation.organizationId, invitation.invitee],
  );
  if (pending.rows.length > 0) throw new ApiError('entity.unique_integrity_violation');
  if (messagePayload && typeof messagePayload === 'object') {
    const sender = await findEmailSender(db, tenantId, modelOf('connector'));
    await sender.send({
      to: String(invitation.invitee),
      template: 'OrganizationInvitation',
      payload: { ...context, ...messagePayload },
    });
  }
  return { ...invitation, status: 'Pending' };
};
