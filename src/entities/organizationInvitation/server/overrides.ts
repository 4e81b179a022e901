import type { ServerOverride } from '../../../server/crud/overrides.js';
import { findEmailSender } from '../../../server/messages/email-sender.js';
import { invitationMessageContext } from './message-context.js';
import { prepareInvitation } from './prepare.js';
import { presentInvitations } from './present.js';
import { updateInvitationStatus } from './status.js';

export const organizationInvitationOverrides = {
  'organizationInvitation.prepare': { kind: 'beforeWrite', run: prepareInvitation },
  'organizationInvitation.present': {
    kind: 'afterRead',
    run: (items, { db, tenantId }) => presentInvitations(db, tenantId, items),
  },
  'organizationInvitation.update-status': { kind: 'action', run: updateInvitationStatus },
  /** Sends the invitation email again (204) with its organization and inviter, through the email connector. */
  'organizationInvitation.send-message': {
    kind: 'action',
    run: async ({ context, id, body, operations, operationsOf, db }) => {
      const invitation = await operations.get(context, id);
      const about = await db.read(context.tenantId, (tx) =>
        invitationMessageContext(tx, context.tenantId, invitation.organizationId, invitation.inviterId),
      );
      const sender = await findEmailSender(db, context.tenantId, operationsOf('connector').model);
      await sender.send({
        to: String(invitation.invitee),
        template: 'OrganizationInvitation',
        payload: { ...about, ...body },
      });
      return undefined;
    },
  },
} satisfies Record<string, ServerOverride>;
