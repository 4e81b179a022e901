import { type ConsoleCaller, consoleUser } from '../../../server/auth/console-user.js';
import type { ActionOverride, ServerOverride } from '../../../server/crud/overrides.js';
import type { Entity } from '../../../server/crud/repository.js';
import { ApiError } from '../../../server/http/api-error.js';
import { cloudAdminContext, tenantRows } from '../../../server/tenants/membership.js';
import { tenantOfOrganization } from '../../../shared/tenant-permissions.js';
import { updateInvitationStatus } from '../../organizationInvitation/server/status.js';

/**
 * The invitations a console account received (Logto cloud's `/api/invitations`): those sent to its email, each with
 * the tenant it is to; one sent to another address answers 403 (`tenant_invitation.email_mismatch`), so the console
 * can offer to switch accounts. Accepting one makes the account a member of the tenant with the invited role.
 */

type Run = Parameters<ActionOverride['run']>[0];

/** The invitations as the invitee reads them: only those to tenants, each with the tenant's name and tag. */
const withTenants = async (input: Run, invitations: Entity[]) => {
  const toTenants = invitations.filter((invitation) => tenantOfOrganization(String(invitation.organizationId)));
  const tenants = await tenantRows(
    input.db,
    toTenants.map((invitation) => tenantOfOrganization(String(invitation.organizationId)) as string),
  );
  return toTenants.flatMap((invitation) => {
    const tenantId = tenantOfOrganization(String(invitation.organizationId)) as string;
    const tenant = tenants.find((row) => row.id === tenantId);
    if (!tenant) return [];
    const { id, invitee, status, expiresAt, organizationRoles } = invitation;
    return [
      { id, invitee, status, expiresAt, organizationRoles, tenantId, tenantName: tenant.name, tenantTag: tenant.tag },
    ];
  });
};

const emailOf = (input: Run) => (input.caller as ConsoleCaller).user.primaryEmail?.toLowerCase();

/** The invitation of the path, if it is to a tenant (else 404) and to the caller's email (else 403). */
const ownInvitation = async (input: Run) => {
  const invitations = input.operationsOf('organizationInvitation');
  const context = cloudAdminContext(input);
  const found = await invitations.get(context, input.params.id as string).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  });
  const [invitation] = found ? await withTenants(input, [found]) : [];
  if (!invitation) throw new ApiError('entity.not_found');
  if (String(invitation.invitee).toLowerCase() !== emailOf(input)) {
    throw new ApiError('tenant_invitation.email_mismatch');
  }
  return invitation;
};

export const cloudInvitationOverrides = {
  'cloudInvitation.list': {
    kind: 'action',
    authenticate: consoleUser,
    run: async (input) => {
      const email = emailOf(input);
      if (!email) return [];
      const { items } = await input
        .operationsOf('organizationInvitation')
        .list(cloudAdminContext(input), { filters: { invitee: [email] } });
      return withTenants(input, items);
    },
  },
  'cloudInvitation.get': { kind: 'action', authenticate: consoleUser, run: ownInvitation },
  'cloudInvitation.accept': {
    kind: 'action',
    authenticate: consoleUser,
    run: async (input) => {
      const invitation = await ownInvitation(input);
      const operations = input.operationsOf('organizationInvitation');
      await updateInvitationStatus({
        ...input,
        context: cloudAdminContext(input),
        id: String(invitation.id),
        body: { status: 'Accepted', acceptedUserId: (input.caller as ConsoleCaller).user.id },
        operations,
      });
      return { ...invitation, status: 'Accepted' };
    },
  },
} satisfies Record<string, ServerOverride>;
