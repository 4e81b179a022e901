import type { ServerOverride } from '../../../server/crud/overrides.js';
import { findEmailSender } from '../../../server/messages/email-sender.js';
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
  /** Sends the invitation email again (204), through the tenant's email connector. */
  'organizationInvitation.send-message': {
    kind: 'action',
    run: async ({ context, id, body, operations, operationsOf, db }) => {
      const invitation = await operations.get(context, id);
      const sender = await findEmailSender(db, context.tenantId, operationsOf('connector').model);
      await sender.send({ to: String(invitation.invitee), template: 'OrganizationInvitation', payload: body });
      return undefined;
    },
  },
} satisfies Record<string, ServerOverride>;
