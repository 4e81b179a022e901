import { type ConsoleCaller, consoleUser } from '../../../server/auth/console-user.js';
import type { ActionOverride, ServerOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import { findEmailSender } from '../../../server/messages/email-sender.js';
import { cloudAdminContext, memberTenant } from '../../../server/tenants/membership.js';
import { ADMIN_TENANT_ID } from '../../../server/tenants/urls.js';
import { tenantOrganizationId } from '../../../shared/tenant-permissions.js';
import { invitationMessageContext } from '../../organizationInvitation/server/message-context.js';

/**
 * A cloud tenant's invitations (Logto cloud's `/api/tenants/{id}/invitations`): organization invitations of the admin
 * tenant to the tenant's organization, with the tenant role the invitee gets on accepting. Each is emailed, with a
 * link to `/console/accept/{id}`, when the admin tenant has an email connector; without one the invitee finds it in
 * the console's invitation list.
 */

type Run = Parameters<ActionOverride['run']>[0];

/** Invitations last a week unless the inviter says otherwise (Logto cloud's default). */
const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const invitationsOf = async (input: Run, tenantId: string) => {
  const invitations = input.operationsOf('organizationInvitation');
  const { items } = await invitations.list(cloudAdminContext(input), {
    filters: { organizationId: [tenantOrganizationId(tenantId)] },
  });
  return items;
};

/** Emails the invitation when the admin tenant can send email; an invitation without email is still valid. */
const sendInvitation = async (input: Run, invitation: Record<string, unknown>) => {
  let sender: Awaited<ReturnType<typeof findEmailSender>>;
  try {
    sender = await findEmailSender(input.db, ADMIN_TENANT_ID, input.operationsOf('connector').model);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'connector.not_found') return;
    throw error;
  }
  const origin = new URL(input.request.server.identity.issuerOf(ADMIN_TENANT_ID)).origin;
  const about = await input.db.read(ADMIN_TENANT_ID, (tx) =>
    invitationMessageContext(tx, ADMIN_TENANT_ID, invitation.organizationId, invitation.inviterId),
  );
  await sender.send({
    to: String(invitation.invitee),
    template: 'OrganizationInvitation',
    payload: { ...about, link: `${origin}/console/accept/${String(invitation.id)}`, locale: input.context.locale },
  });
};

export const tenantInvitationOverrides = {
  'tenantInvitation.list': {
    kind: 'action',
    authenticate: consoleUser,
    run: async (input) => {
      const { row } = await memberTenant(input, 'read:member');
      return invitationsOf(input, row.id);
    },
  },
  'tenantInvitation.create': {
    kind: 'action',
    authenticate: consoleUser,
    run: async (input) => {
      const { row } = await memberTenant(input, 'invite:member');
      const { user } = input.caller as ConsoleCaller;
      const body = input.body as { invitee: string[]; roleName: string; expiresAt?: number };
      const invitees = [...new Set(body.invitee.map((email) => email.trim().toLowerCase()))];
      const invitations = input.operationsOf('organizationInvitation');
      const created: Record<string, unknown>[] = [];
      for (const invitee of invitees) {
        const invitation = await invitations.create(cloudAdminContext(input), {
          invitee,
          organizationId: tenantOrganizationId(row.id),
          inviterId: user.id,
          expiresAt: body.expiresAt ?? Date.now() + INVITATION_TTL_MS,
          organizationRoleIds: [body.roleName],
        });
        await sendInvitation(input, invitation);
        created.push(invitation);
      }
      return created;
    },
  },
  'tenantInvitation.delete': {
    kind: 'action',
    authenticate: consoleUser,
    run: async (input) => {
      const { row } = await memberTenant(input, 'invite:member');
      const invitationId = input.params.invitationId as string;
      const found = (await invitationsOf(input, row.id)).find((invitation) => invitation.id === invitationId);
      if (!found) throw new ApiError('entity.not_found');
      await input.operationsOf('organizationInvitation').delete(cloudAdminContext(input), invitationId);
    },
  },
} satisfies Record<string, ServerOverride>;
